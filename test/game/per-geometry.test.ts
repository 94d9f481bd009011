// A value kept per geometry: built once for each game and size, never shared
// between two of them; the CPU backend's slice layout relies on it.
import { expect, test } from 'vitest';
import { GameKind, geometryOf } from '../../src/game/geometry.js';
import { perGeometry } from '../../src/game/per-geometry.js';
import { sliceLayoutOf } from '../../src/wintest/bitsliced.js';

test('builds once per geometry, and a different value for each geometry', () => {
  const built: string[] = [];
  const describe = perGeometry((g) => {
    built.push(`${g.game}${g.size}`);
    return { of: `${g.game}${g.size}` };
  });
  const hex5 = describe(geometryOf(GameKind.Hex, 5));
  expect(describe(geometryOf(GameKind.Hex, 5))).toBe(hex5);
  expect(describe(geometryOf(GameKind.Y, 5)).of).toBe('y5');
  expect(describe(geometryOf(GameKind.Hex, 6)).of).toBe('hex6');
  expect(built).toEqual(['hex5', 'y5', 'hex6']);
});

test('the slice layout is made once per geometry and fits it', () => {
  for (const [game, size] of [
    [GameKind.Hex, 11],
    [GameKind.Y, 9],
  ] as const) {
    const g = geometryOf(game, size);
    const layout = sliceLayoutOf(g);
    expect(sliceLayoutOf(g)).toBe(layout);
    expect([layout.game, layout.size, layout.slotOfCell.length]).toEqual([game, size, g.cellCount]);
  }
});
