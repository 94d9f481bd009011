// The shipped move-prior table is what docs/prior.md's one command rebuilds
// from the teacher games committed in bench/prior/games/train, byte for byte:
// a table edited by hand, or fitted on other games, fails here.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { runCliInProcess } from '../helpers/cli-runner.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const scratch = mkdtempSync(join(tmpdir(), 'hexbatch-shipped-prior-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

test('train-prior on bench/prior/games/train rebuilds src/search/prior/hex-prior.json exactly', async () => {
  const out = join(scratch, 'hex-prior.json');
  const run = await runCliInProcess(['train-prior', '--games', join(ROOT, 'bench/prior/games/train'), '--out', out]);
  expect(run.code, run.err).toBe(0);
  expect(readFileSync(out, 'utf8')).toBe(readFileSync(join(ROOT, 'src/search/prior/hex-prior.json'), 'utf8'));
}, 600_000);
