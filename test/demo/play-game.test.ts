// The play page's logic without the page: turns, take-backs and SGF of a
// game against the engine, checked on random games against a replay of
// the record (an independent Position), and the search progress as the
// page's heat map.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { Color } from '../../src/game/color.js';
import { GameKind } from '../../src/game/geometry.js';
import { Position, SWAP } from '../../src/game/position.js';
import { type MoveStat } from '../../src/search/mcts.js';
import { type GameSetup, PlayGame, replay } from '../../demo/play/game.js';
import { thinkingReport, visitHeat } from '../../demo/play/search-protocol.js';
import { readSgf, replaySgfMoves } from '../helpers/sgf.js';

const setups = fc.record({
  game: fc.constantFrom(GameKind.Hex, GameKind.Y),
  size: fc.integer({ min: 5, max: 7 }),
  swap: fc.boolean(),
  humanFirst: fc.boolean(),
});

/** A game played to its end by picking the `picks`-th legal move (mod the count) each turn. */
function playOut(setup: GameSetup, picks: readonly number[]): PlayGame {
  const game = new PlayGame(setup);
  for (let i = 0; game.turn() !== 'over'; i++) {
    const legal = game.positionNow().legalMoves();
    game.play(legal[(picks[i % picks.length] ?? 0) % legal.length] as number);
  }
  return game;
}

/** The record's position, rebuilt by the library's Position alone. */
function positionOf(setup: GameSetup, moves: readonly number[]): Position {
  const p = Position.empty(setup.game, setup.size, { swap: setup.swap });
  for (const m of moves) p.play(m);
  return p;
}

describe('PlayGame', () => {
  test('whose turn it is follows the human colour and the side to move, to the end', () => {
    fc.assert(
      fc.property(setups, fc.array(fc.nat(), { minLength: 1, maxLength: 8 }), (setup, picks) => {
        const game = playOut(setup, picks);
        const human = setup.humanFirst ? Color.Black : Color.White;
        expect(game.human).toBe(human);
        const moves = game.moves.map((m) => m.move);
        for (let k = 0; k <= moves.length; k++) {
          const p = positionOf(setup, moves.slice(0, k));
          const expected = p.isOver() ? 'over' : p.toMove === human ? 'human' : 'engine';
          expect(replay(setup, moves.slice(0, k)).turn()).toBe(expected);
        }
        expect(game.winner()).not.toBe(Color.Empty);
      }),
      { numRuns: 60 },
    );
  });

  test('take back returns to the position before the human last moved, with the human to move', () => {
    fc.assert(
      fc.property(
        setups,
        fc.array(fc.nat(), { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 1, max: 30 }),
        (setup, picks, cut) => {
          const full = playOut(setup, picks).moves;
          const game = replay(
            setup,
            full.slice(0, Math.min(cut, full.length)).map((m) => m.move),
          );
          const lastHuman = game.moves.map((m) => m.player).lastIndexOf(game.human);
          expect(game.canTakeBack()).toBe(lastHuman >= 0);
          if (lastHuman < 0) {
            expect(() => game.takeBack()).toThrow();
            return;
          }
          const before = game.moves.slice(0, lastHuman).map((m) => m.move);
          game.takeBack();
          expect(game.moves.map((m) => m.move)).toEqual(before);
          expect(game.turn()).toBe('human');
          const oracle = positionOf(setup, before);
          for (let i = 0; i < game.geometry.cellCount; i++) expect(game.at(i)).toBe(oracle.at(i));
        },
      ),
      { numRuns: 100 },
    );
  });

  test("a game through a swap: its SGF is in HexGui's view (RE the swapper's win as black) and replays to the game", () => {
    for (const humanFirst of [true, false]) {
      const setup = { game: GameKind.Hex, size: 5, swap: true, humanFirst };
      // On 5×5 after one stone, the 25th legal move is the swap.
      const game = playOut(setup, [3, 24, 0, 7]);
      expect(game.moves[1]?.move).toBe(SWAP);
      const { root, moves } = readSgf(game.sgf(new Date('2026-11-25T10:00:00Z')));
      expect(moves[1]).toEqual(['W', 'swap-pieces']);
      expect(moves[2]?.[0]).toBe('W');
      expect(root.get('RE')).toBe(game.winner() === Color.White ? 'B+' : 'W+');
      const replayed = Position.empty(setup.game, setup.size, { swap: true });
      replaySgfMoves(replayed, moves);
      expect(replayed.winner()).toBe(game.winner());
      for (let i = 0; i < game.geometry.cellCount; i++) expect(replayed.at(i)).toBe(game.at(i));
    }
  });

  test('the SGF names the players and the winner, and its moves replay to the game', () => {
    fc.assert(
      fc.property(setups, fc.array(fc.nat(), { minLength: 1, maxLength: 8 }), (setup, picks) => {
        const game = playOut(setup, picks);
        const { root, moves } = readSgf(game.sgf(new Date('2026-11-23T10:00:00Z')));
        expect(root.get('SZ')).toBe(String(setup.size));
        expect(root.get('DT')).toBe('2026-11-23');
        expect(root.get(setup.humanFirst ? 'PB' : 'PW')).toBe('Human');
        expect(root.get(setup.humanFirst ? 'PW' : 'PB')).toBe('hexbatch');
        // RE is in HexGui's view: after a swap the swapper plays on as black.
        const swapped = game.moves[1]?.move === SWAP;
        const shownWinner = swapped ? (game.winner() === Color.Black ? Color.White : Color.Black) : game.winner();
        expect(root.get('RE')).toBe(`${shownWinner === Color.Black ? 'B' : 'W'}+`);
        const replayed = Position.empty(setup.game, setup.size, { swap: setup.swap });
        replaySgfMoves(replayed, moves);
        expect(replayed.winner()).toBe(game.winner());
        for (let i = 0; i < game.geometry.cellCount; i++) expect(replayed.at(i)).toBe(game.at(i));
      }),
      { numRuns: 40 },
    );
  });

  test('the human is offered the swap only as second player in Hex with the rule on', () => {
    for (const game of [GameKind.Hex, GameKind.Y]) {
      for (const swap of [true, false]) {
        for (const humanFirst of [true, false]) {
          const g = new PlayGame({ game, size: 5, swap, humanFirst });
          g.play(12);
          expect(g.humanCanSwap()).toBe(game === GameKind.Hex && swap && !humanFirst);
          expect(g.isLegal(SWAP)).toBe(game === GameKind.Hex && swap);
        }
      }
    }
  });

  test('the last stone marked is the last mover’s stone, the swapped one after a swap', () => {
    fc.assert(
      fc.property(
        setups,
        fc.array(fc.nat(), { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 0, max: 30 }),
        (setup, picks, cut) => {
          const full = playOut(setup, picks).moves;
          const game = replay(
            setup,
            full.slice(0, Math.min(cut, full.length)).map((m) => m.move),
          );
          const last = game.moves.at(-1);
          const cell = game.lastStoneCell();
          if (!last) expect(cell).toBeNull();
          else expect(game.at(cell as number)).toBe(last.player);
        },
      ),
      { numRuns: 100 },
    );
    const g = new PlayGame({ game: GameKind.Hex, size: 5, swap: true, humanFirst: false });
    g.play(1); // b1
    g.play(SWAP);
    expect(g.lastStoneCell()).toBe(5); // a2
  });

  test('the last move is given to the search only when it is the opponent’s cell', () => {
    const g = new PlayGame({ game: GameKind.Hex, size: 5, swap: true, humanFirst: true });
    expect(g.lastOpponentCell()).toBeNull();
    g.play(7);
    expect(g.lastOpponentCell()).toBe(7);
    g.play(SWAP);
    expect(g.lastOpponentCell()).toBeNull();
  });

  test('sizes outside 5 to 19, and illegal moves, are refused', () => {
    for (const size of [4, 20, 6.5])
      expect(() => new PlayGame({ game: GameKind.Hex, size, swap: true, humanFirst: true })).toThrow(/5 to 19/);
    const g = new PlayGame({ game: GameKind.Y, size: 5, swap: true, humanFirst: true });
    g.play(0);
    expect(() => g.play(0)).toThrow(/not legal/);
    expect(() => g.play(SWAP)).toThrow(/not legal/);
    expect(() => g.play(15)).toThrow(/not legal/);
  });
});

describe('the search progress as the page shows it', () => {
  const stats = (cellCount: number) =>
    fc.uniqueArray(fc.integer({ min: -1, max: cellCount - 1 }), { minLength: 1, maxLength: cellCount }).chain((moves) =>
      fc.tuple(
        fc.constant(moves),
        fc.array(fc.nat({ max: 10_000 }), { minLength: moves.length, maxLength: moves.length }),
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: moves.length, maxLength: moves.length }),
        fc.array(fc.constantFrom(undefined, 'won' as const, 'lost' as const), {
          minLength: moves.length,
          maxLength: moves.length,
        }),
      ),
    );

  test('visits land on their cells, the swap apart, the heat is visits over the most visited move, and a proof outweighs the win rate', () => {
    fc.assert(
      fc.property(stats(25), ([moves, visits, rates, proofs]) => {
        const stat: MoveStat[] = moves.map((move, i) => {
          const proven = proofs[i];
          return {
            move,
            visits: visits[i] as number,
            winRate: rates[i] as number,
            ...(proven === undefined ? {} : { proven }),
          };
        });
        const report = thinkingReport(stat, 25, 1234, 56);
        expect(report).not.toBeNull();
        if (!report) return;
        expect(report.best).toBe(moves[0]);
        expect(report.winRate).toBe(proofs[0] === 'won' ? 1 : proofs[0] === 'lost' ? 0 : rates[0]);
        expect(report.playouts).toBe(1234);
        expect(report.visits).toHaveLength(25);
        for (let cell = 0; cell < 25; cell++) {
          const i = moves.indexOf(cell);
          expect(report.visits[cell]).toBe(i < 0 ? 0 : visits[i]);
        }
        expect(report.swapVisits).toBe(moves.includes(SWAP) ? visits[moves.indexOf(SWAP)] : 0);
        const heat = visitHeat(report);
        const most = Math.max(...visits);
        heat.forEach((h, cell) => expect(h).toBeCloseTo(most > 0 ? (report.visits[cell] as number) / most : 0, 12));
        if (most > 0 && most !== report.swapVisits) expect(Math.max(...heat)).toBe(1);
      }),
      { numRuns: 200 },
    );
  });

  test('no root moves, no report', () => {
    expect(thinkingReport([], 25, 0, 0)).toBeNull();
  });
});
