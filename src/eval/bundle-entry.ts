/**
 * Where a built entry (a worker script) sits: beside the bundle's entry,
 * which the calling module sits in or one folder below (dist/chunks/).
 * Node only; the CPU pool and the benchmarks' isolation both start workers
 * from such files.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The path of `file` built beside the module at `moduleUrl`, or null when there is none. */
export function builtEntryBeside(moduleUrl: string, file: string): string | null {
  const here = dirname(fileURLToPath(moduleUrl));
  return [here, dirname(here)].map((dir) => join(dir, file)).find((path) => existsSync(path)) ?? null;
}
