// The calling thread's help beside the workers (src/eval/cpu/caller-help.ts):
// which requests it plays chunks of while it waits for its own, and how many
// it leaves to the workers.
import { describe, expect, test } from 'vitest';
import { type OpenRequest, WORKER_RESERVE, helpNewer } from '../../src/eval/cpu/caller-help.js';
import { type Chunk, ChunkClaims, type ChunkResult } from '../../src/eval/cpu/playouts.js';

/** A request of `chunks` chunks whose player records what it played. */
function request(
  chunks: number,
  signal = new AbortController().signal,
): OpenRequest & { played: Chunk[]; failures: unknown[] } {
  const played: Chunk[] = [];
  const failures: unknown[] = [];
  const claims = new ChunkClaims({ positions: chunks, playouts: 32, size: 32 });
  const result = (chunk: Chunk): ChunkResult => ({
    ...chunk,
    blackWins: 0,
    whiteWins: 32,
    ownership: null,
    blackOwned: null,
    winners: null,
  });
  return {
    claims,
    play: () => result,
    add: (r) => played.push(r),
    fail: (e) => failures.push(e),
    signal,
    played,
    failures,
  };
}

/** `own` with every chunk claimed already (this thread has nothing more of it to play). */
function claimedWhole(chunks = 2) {
  const own = request(chunks);
  while (own.claims.claim() !== null);
  return own;
}

describe('helpNewer', () => {
  test("plays the newer requests, oldest first, down to the workers' reserve, and never an older one", async () => {
    const older = request(4);
    const own = claimedWhole();
    const a = request(3);
    const b = request(4);
    await helpNewer(own, [older, own, a, b], () => false, Promise.resolve());
    expect(older.played).toHaveLength(0);
    expect(a.played.map((c) => c.position)).toEqual([0, 1, 2]);
    expect(b.played).toHaveLength(4 - WORKER_RESERVE);
    expect(a.claims.left() + b.claims.left()).toBe(WORKER_RESERVE);
  });

  test('stops as soon as its own request is in, or aborted', async () => {
    const own = claimedWhole();
    const a = request(10);
    let turns = 0;
    await helpNewer(own, [own, a], () => ++turns > 3, Promise.resolve());
    expect(a.played).toHaveLength(3);
    const stopped = new AbortController();
    const mine = { ...claimedWhole(), signal: stopped.signal };
    stopped.abort();
    const c = request(10);
    await helpNewer(mine, [mine, c], () => false, Promise.resolve());
    expect(c.played).toHaveLength(0);
  });

  test('skips an aborted newer request, and a chunk that fails fails its own request, not the helper', async () => {
    const own = claimedWhole();
    const cancelled = new AbortController();
    cancelled.abort();
    const gone = request(5, cancelled.signal);
    const failing = request(5);
    const broken: OpenRequest = {
      ...failing,
      play: () => () => {
        throw new Error('no player');
      },
    };
    await helpNewer(own, [own, gone, broken], () => false, Promise.resolve());
    expect(gone.claims.left()).toBe(5);
    expect(failing.failures).toHaveLength(5 - WORKER_RESERVE);
    expect(String(failing.failures[0])).toContain('no player');
  });

  test('with nothing newer beyond the reserve it waits for its own request', async () => {
    const own = claimedWhole();
    const a = request(WORKER_RESERVE);
    let settled = false;
    let finish = () => {};
    const everyChunk = new Promise<void>((resolve) => (finish = resolve));
    const help = helpNewer(own, [own, a], () => false, everyChunk).then(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled).toBe(false);
    expect(a.played).toHaveLength(0);
    finish();
    await help;
    expect(settled).toBe(true);
  });
});
