// Known-answer pins for the search: with a fixed seed and playout limit the
// search is deterministic, so the move it chooses and the visits of its most
// visited root moves are pinned here. A change that alters play shows up as a
// changed pin, to be accepted on purpose, as the WGSL snapshots do for the
// kernels: `npx vitest run test/search/pins.test.ts --update` (not `-u FILE`,
// which takes FILE as -u's value and updates every file's snapshots).
import { describe, expect, test } from 'vitest';
import { GameKind } from '../../src/game/geometry.js';
import { Position, SWAP } from '../../src/game/position.js';
import { cellName } from '../../src/game/notation.js';
import { Color } from '../../src/game/color.js';
import { createCpuEvaluator } from '../../src/eval/index.js';
import { Mcts, type SearchSettings, defaultSettings } from '../../src/search/mcts.js';
import { Selection } from '../../src/search/selection.js';

const cpu = await createCpuEvaluator(undefined, { workers: 0 });

interface Pin {
  readonly name: string;
  readonly position: () => Position;
  readonly playouts: number;
  readonly settings?: Partial<SearchSettings>;
}

function fromBoard(game: GameKind, size: number, text: string, toMove: Color.Black | Color.White): () => Position {
  return () => Position.fromText(game, size, text, toMove);
}

const PINS: readonly Pin[] = [
  {
    name: 'Hex 5, empty, no swap, no tactics or solver',
    position: () => Position.empty(GameKind.Hex, 5, { swap: false }),
    playouts: 16_384,
    settings: { solver: false, tactics: false },
  },
  {
    name: 'Hex 5, empty, swap (the opening rule)',
    position: () => Position.empty(GameKind.Hex, 5, { swap: true }),
    playouts: 16_384,
  },
  {
    name: 'Hex 6, mid-game, white to move',
    position: fromBoard(GameKind.Hex, 6, '......' + '..b...' + '...w..' + '..b...' + '......' + '......', Color.White),
    playouts: 24_576,
  },
  {
    name: 'Hex 7, a few stones, black to move',
    position: fromBoard(
      GameKind.Hex,
      7,
      '.......' + '.b.....' + '.....w.' + '...b...' + '.w.....' + '.....b.' + '..w....',
      Color.Black,
    ),
    playouts: 32_768,
  },
  {
    name: 'Hex 7, empty, plain UCT, no tactics',
    position: () => Position.empty(GameKind.Hex, 7, { swap: false }),
    playouts: 65_536,
    settings: { selection: Selection.Uct, tactics: false },
  },
  {
    name: 'Y 5, empty, no solver',
    position: () => Position.empty(GameKind.Y, 5, { swap: false }),
    playouts: 16_384,
    settings: { solver: false },
  },
  {
    name: 'Y 7, mid-game, black to move',
    position: fromBoard(GameKind.Y, 7, '.' + '..' + '.w.' + '..b.' + '.w...' + '..b...' + '.......', Color.Black),
    playouts: 24_576,
  },
];

describe('search pins', () => {
  test.each(PINS)('$name', async ({ position, playouts, settings }) => {
    const p = position();
    const search = new Mcts(cpu, { ...defaultSettings('cpu', 7), ...settings });
    const result = await search.search(p, { playouts });
    const name = (m: number) => (m === SWAP ? 'swap' : cellName(p.geometry, m));
    expect({
      move: name(result.move),
      playouts: result.playouts,
      top: result.moves.slice(0, 4).map((m) => `${name(m.move)} ${m.visits}`),
    }).toMatchSnapshot();
  });
});
