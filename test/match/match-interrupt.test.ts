// A match stopped by a signal: no new game starts, the games under way end
// normally (no forfeit, an SGF each), and the report covers what was played.
// The CLI runs as its own process group, as a terminal's foreground job does,
// so that a signal sent to the group reaches the engines too unless they are
// kept out of it.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { ROOT, ensureBuilt } from '../helpers/build.js';

const FAKE = fileURLToPath(new URL('./fake-htp-engine.mjs', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'hexbatch-match-stop-'));
const GAMES = 200;

beforeAll(ensureBuilt, 180_000);
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

interface Finished {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs a long match of slow scripted engines and sends `signal` to its whole group once two games have ended. */
function interruptedMatch(out: string, signal: NodeJS.Signals): Promise<Finished> {
  const engine = `${process.execPath} ${FAKE} --think-ms 15`;
  const args = ['--engine-a', engine, '--engine-b', engine, '--size', '5', '--games', String(GAMES)];
  const child = spawn(
    process.execPath,
    [join(ROOT, 'dist', 'cli.js'), 'match', ...args, '--parallel', '2', '--out', out],
    {
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stdout = '';
  let stderr = '';
  let sent = false;
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => {
    stderr += d.toString();
    if (!sent && new RegExp(`^2/${GAMES}`, 'm').test(stderr)) {
      sent = true;
      process.kill(-(child.pid as number), signal);
    }
  });
  return new Promise((resolve) => child.on('close', (status) => resolve({ status, stdout, stderr })));
}

test.each(['SIGINT', 'SIGTERM'] as const)(
  'after %s the games under way finish without a forfeit and the report covers them',
  async (signal) => {
    const out = join(scratch, signal);
    const result = await interruptedMatch(out, signal);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stderr).toMatch(/stopping: no new game starts/);
    const stopped = new RegExp(`^Hex 5×5: ${GAMES} games \\(stopped by a signal after (\\d+)\\)`, 'm').exec(
      result.stdout,
    );
    expect(stopped, result.stdout).not.toBeNull();
    const played = Number(stopped?.[1]);
    expect(played).toBeGreaterThanOrEqual(2);
    expect(played).toBeLessThan(GAMES);
    expect(readdirSync(out)).toHaveLength(played);
    expect(result.stdout).toMatch(new RegExp(`A scored \\d+ of ${played},`));
    expect(result.stdout).toMatch(/forfeits: A 0 \(.*\); B 0 \(/);
  },
  60_000,
);
