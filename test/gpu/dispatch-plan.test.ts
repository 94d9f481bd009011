// planDispatches alone (no GPU): every (position, playout) lands in exactly
// one dispatch, and no dispatch exceeds a limit.
import { describe, expect, test } from 'vitest';
import { type DispatchLimits, type PlanRequest, planDispatches } from '../../src/gpu/dispatch-plan.js';

const ROOMY: DispatchLimits = {
  maxWorkgroupsPerDimension: 65535,
  maxBufferBytes: 1 << 27,
  maxItemsPerDispatch: 1 << 22,
};

function request(overrides: Partial<PlanRequest>): PlanRequest {
  return {
    positions: 1,
    playouts: 1000,
    decide: false,
    itemsPerWorkgroup: 64,
    recordBytes: 40,
    cellCount: 121,
    ownership: false,
    winners: false,
    ...overrides,
  };
}

function expectCoversOnce(r: PlanRequest, limits: DispatchLimits): number {
  const plan = planDispatches(r, limits);
  const playouts = r.decide ? 1 : r.playouts;
  const seen = new Map<string, number>();
  for (const d of plan) {
    expect(d.groupsX).toBeLessThanOrEqual(limits.maxWorkgroupsPerDimension);
    expect(d.groupsY).toBeLessThanOrEqual(limits.maxWorkgroupsPerDimension);
    if (r.packsPositions && !r.decide) {
      // Chunks of 32 playouts, itemsPerWorkgroup / 32 of them a workgroup.
      expect(d.chunksPerPosition * 32).toBeGreaterThanOrEqual(d.playoutCount);
      expect(d.groupsX * d.groupsY * (r.itemsPerWorkgroup / 32)).toBeGreaterThanOrEqual(
        d.positionCount * d.chunksPerPosition,
      );
    } else {
      expect(d.groupsX * d.groupsY * r.itemsPerWorkgroup).toBeGreaterThanOrEqual(
        d.positionCount * (r.decide ? 1 : d.chunksPerPosition * r.itemsPerWorkgroup),
      );
    }
    expect(d.positionCount * d.playoutCount).toBeLessThanOrEqual(Math.max(limits.maxItemsPerDispatch, d.playoutCount));
    expect(d.positionCount * r.recordBytes).toBeLessThanOrEqual(limits.maxBufferBytes);
    // Two u32 counts per cell and position: owner won, black owned.
    if (r.ownership) expect(d.positionCount * 2 * r.cellCount * 4).toBeLessThanOrEqual(limits.maxBufferBytes);
    if (r.winners)
      expect(Math.ceil((d.positionCount * d.playoutCount) / 16) * 4).toBeLessThanOrEqual(limits.maxBufferBytes);
    for (let p = d.positionStart; p < d.positionStart + d.positionCount; p++) {
      const key = `${p}:${d.playoutStart}`;
      seen.set(key, (seen.get(key) ?? 0) + d.playoutCount);
    }
  }
  let total = 0;
  for (const count of seen.values()) total += count;
  expect(total).toBe(r.positions * playouts);
  return plan.length;
}

describe('planDispatches', () => {
  test('a small request is one dispatch', () => {
    expect(planDispatches(request({ positions: 10 }), ROOMY)).toEqual([
      {
        positionStart: 0,
        positionCount: 10,
        playoutStart: 0,
        playoutCount: 1000,
        chunksPerPosition: 16,
        groupsX: 160,
        groupsY: 1,
      },
    ]);
  });

  test('no positions, no dispatches', () => {
    expect(planDispatches(request({ positions: 0 }), ROOMY)).toEqual([]);
  });

  test('one position with more playouts than a dispatch takes is split in whole workgroups', () => {
    const limits = { ...ROOMY, maxItemsPerDispatch: 1000 };
    const plan = planDispatches(request({ playouts: 2500 }), limits);
    expect(plan.map((d) => [d.playoutStart, d.playoutCount])).toEqual([
      [0, 960],
      [960, 960],
      [1920, 580],
    ]);
    expectCoversOnce(request({ playouts: 2500 }), limits);
  });

  test('workgroups beyond one dimension go into y', () => {
    const limits = { ...ROOMY, maxWorkgroupsPerDimension: 7 };
    const plan = planDispatches(request({ positions: 5, playouts: 640 }), limits);
    // 10 chunks a position: 4 positions fill 40 of the 49 workgroups 7 × 7 allows.
    expect(plan[0]).toMatchObject({ positionCount: 4, groupsX: 7, groupsY: 6 });
    expectCoversOnce(request({ positions: 5, playouts: 640 }), limits);
  });

  test.each([
    ['items', { maxItemsPerDispatch: 3000 }],
    ['buffer bytes', { maxBufferBytes: 4096 }],
    ['workgroups', { maxWorkgroupsPerDimension: 5 }],
    ['everything at once', { maxItemsPerDispatch: 700, maxBufferBytes: 2048, maxWorkgroupsPerDimension: 3 }],
  ])('limited by %s, every playout is planned once', (_, tight) => {
    const limits = { ...ROOMY, ...tight };
    for (const r of [
      request({ positions: 37, playouts: 333, ownership: true, winners: true }),
      request({ positions: 3, playouts: 10_000, winners: true }),
      request({ positions: 5000, playouts: 1, decide: true, winners: true }),
      request({ positions: 200, playouts: 50, itemsPerWorkgroup: 2048 }),
    ]) {
      expect(expectCoversOnce(r, limits)).toBeGreaterThan(1);
    }
    // Packing needs fewer workgroups, so these may fit one dispatch.
    expectCoversOnce(
      request({ positions: 2000, playouts: 50, itemsPerWorkgroup: 2048, packsPositions: true, ownership: true }),
      limits,
    );
    expectCoversOnce(
      request({ positions: 3, playouts: 10_000, itemsPerWorkgroup: 2048, packsPositions: true, winners: true }),
      limits,
    );
  });

  test('a kernel that packs positions cuts playouts into chunks of 32, several positions a workgroup', () => {
    // 4,096 positions × 64 playouts: 2 chunks a position, 64 chunks a workgroup of 2,048 items, so 128 workgroups, not 4,096.
    expect(
      planDispatches(request({ positions: 4096, playouts: 64, itemsPerWorkgroup: 2048, packsPositions: true }), ROOMY),
    ).toEqual([
      {
        positionStart: 0,
        positionCount: 4096,
        playoutStart: 0,
        playoutCount: 64,
        chunksPerPosition: 2,
        groupsX: 128,
        groupsY: 1,
      },
    ]);
    expect(
      planDispatches(request({ positions: 5, playouts: 33, itemsPerWorkgroup: 2048, packsPositions: true }), ROOMY)[0],
    ).toMatchObject({ chunksPerPosition: 2, groupsX: 1 });
  });
});
