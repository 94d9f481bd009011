/**
 * The native reference program (bench/native/playout.c): found in the
 * checkout, compiled with the system's C compiler into a temporary folder,
 * and run in its two modes, `count` (black's wins, the tests' oracle) and
 * `time` (one line a run).
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { GameKind } from '../game/geometry.js';
import type { FillKind } from '../fill/fill.js';

const run = promisify(execFile);

const SOURCE = join('bench', 'native', 'playout.c');

/** The flags of every build: the reference is the fastest code this machine's compiler makes of it. */
export const NATIVE_FLAGS: readonly string[] = ['-O3', '-march=native'];

/** Thrown when there is no C compiler to build the reference with: the CLI says so in one line. */
export class NoCompilerError extends Error {
  constructor(readonly compiler: string) {
    super(
      `no C compiler "${compiler}" on this machine: bench:native builds bench/native/playout.c with it (Debian: apt-get install gcc)`,
    );
    this.name = 'NoCompilerError';
  }
}

/** bench/native/playout.c, found upward from this file, which runs as source (src/bench/) or bundled (dist/). */
export function nativeSource(from: string = fileURLToPath(import.meta.url)): string {
  for (let dir = dirname(from); ; dir = dirname(dir)) {
    if (existsSync(join(dir, SOURCE))) return join(dir, SOURCE);
    if (dirname(dir) === dir)
      throw new Error(`${SOURCE} was not found above ${from}: run this from a hexbatch checkout`);
  }
}

export interface NativeTiming {
  readonly wallNs: number;
  /** The process's CPU time: the wall time less the time it waited for a core. */
  readonly cpuNs: number;
  readonly blackWins: number;
}

export interface NativeProgram {
  /** "gcc (Debian 12.2.0-14) 12.2.0": the compiler's first line of --version. */
  readonly compilerVersion: string;
  readonly command: string;
  /** Black's wins among playouts 0 … playouts − 1 of the empty board, position 0. */
  count(game: GameKind, size: number, fill: FillKind, playouts: number, seed: number): Promise<number>;
  /** `runs` timed runs of `playouts` playouts after `warmups` untimed ones; run k plays seed + k. */
  time(
    game: GameKind,
    size: number,
    fill: FillKind,
    playouts: number,
    runs: number,
    warmups: number,
    seed: number,
  ): Promise<NativeTiming[]>;
  /** Removes the build. */
  dispose(): Promise<void>;
}

function isMissing(error: unknown): boolean {
  return (error as { code?: unknown }).code === 'ENOENT';
}

async function compilerVersion(compiler: string): Promise<string> {
  try {
    const { stdout } = await run(compiler, ['--version']);
    return stdout.split('\n')[0]?.trim() ?? compiler;
  } catch (error) {
    if (isMissing(error)) throw new NoCompilerError(compiler);
    throw error;
  }
}

/** Builds the reference with `compiler` (default cc); throws NoCompilerError when there is none. */
export async function buildNativeProgram(compiler = 'cc'): Promise<NativeProgram> {
  const version = await compilerVersion(compiler);
  const dir = await mkdtemp(join(tmpdir(), 'hexbatch-native-'));
  const binary = join(dir, 'playout');
  const args = [...NATIVE_FLAGS, '-o', binary, nativeSource()];
  try {
    await run(compiler, args);
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    const stderr = (error as { stderr?: string }).stderr ?? String(error);
    throw new Error(`${compiler} could not build ${SOURCE}: ${stderr.trim().split('\n')[0] ?? ''}`);
  }
  const call = async (args: readonly string[]) => (await run(binary, args.map(String), { maxBuffer: 1 << 20 })).stdout;
  return {
    compilerVersion: version,
    command: `${compiler} ${args.slice(0, NATIVE_FLAGS.length).join(' ')} ${SOURCE}`,
    async count(game, size, fill, playouts, seed) {
      const out = await call(['count', game, String(size), fill, String(playouts), String(seed)]);
      return Number(out.trim());
    },
    async time(game, size, fill, playouts, runs, warmups, seed) {
      const out = await call([
        'time',
        game,
        String(size),
        fill,
        String(playouts),
        String(runs),
        String(warmups),
        String(seed),
      ]);
      return out
        .trim()
        .split('\n')
        .map((line) => line.split(' '))
        .filter((fields) => fields[0] === 'run')
        .map(([, wall, cpu, wins]) => ({ wallNs: Number(wall), cpuNs: Number(cpu), blackWins: Number(wins) }));
    },
    dispose: () => rm(dir, { recursive: true, force: true }),
  };
}
