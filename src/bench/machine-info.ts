/** What a benchmark ran on, stored with its figures so they can be compared. */
import { arch, cpus, platform, release, totalmem } from 'node:os';

export interface MachineInfo {
  readonly cpu: string;
  readonly logicalCores: number;
  readonly memoryGiB: number;
  readonly os: string;
  readonly node: string;
  readonly v8: string;
  readonly date: string;
}

export function machineInfo(): MachineInfo {
  const cores = cpus();
  return {
    cpu: cores[0]?.model.trim() ?? 'unknown',
    logicalCores: cores.length,
    memoryGiB: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    os: `${platform()} ${release()} ${arch()}`,
    node: process.version,
    v8: process.versions.v8,
    date: new Date().toISOString(),
  };
}
