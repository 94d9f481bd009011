// The swap over HTP as HexGui and benzene see it (HexGui.java: a
// swap-pieces move leaves the board alone and does not pass the turn): the
// engine is checked against a board of its own here, the stones as named,
// which knows nothing of Position's mirrored view.
import { describe, expect, test } from 'vitest';
import { Color, type Player, opponent } from '../../src/game/color.js';
import { GameKind, geometryOf } from '../../src/game/geometry.js';
import { parseCell } from '../../src/game/notation.js';
import { formatBoardText } from '../../src/game/board-text.js';
import { Position } from '../../src/game/position.js';
import { createCpuEvaluator } from '../../src/eval/cpu/backend.js';
import { HtpEngine } from '../../src/htp/engine.js';
import { DEFAULT_TACTICS, parseTactics } from '../../src/search/knowledge/tactics.js';

function engine(playouts: number, tactics = DEFAULT_TACTICS): HtpEngine {
  return new HtpEngine(async () => createCpuEvaluator(undefined, { workers: 0 }), 'test', {
    playouts,
    seed: 5,
    tactics,
  });
}

/** The reply's text, without `= ` and the blank line; fails on a `?`. */
async function ok(e: HtpEngine, line: string): Promise<string> {
  const reply = (await e.reply(line)) ?? '';
  expect(reply, line).toMatch(/^=/);
  return reply.slice(1).trim();
}

async function refused(e: HtpEngine, line: string): Promise<string> {
  const reply = (await e.reply(line)) ?? '';
  expect(reply, line).toMatch(/^\? \S/);
  return reply;
}

/** The board HexGui shows: each stone where it was named, in its colour. */
class NamedStones {
  readonly cells: Uint8Array;
  constructor(readonly size: number) {
    this.cells = new Uint8Array(size * size);
  }
  put(player: Player, name: string): void {
    const cell = parseCell(geometryOf(GameKind.Hex, this.size), name);
    expect(this.cells[cell], `${name} is empty`).toBe(Color.Empty);
    this.cells[cell] = player;
  }
  winner(): Color {
    return Position.fromText(
      GameKind.Hex,
      this.size,
      formatBoardText(geometryOf(GameKind.Hex, this.size), this.cells),
      Color.Black,
    ).winner();
  }
}

describe("swap-pieces over HTP, in HexGui's view", () => {
  test("a game through a swap, the engine playing both sides: every move lands on a cell HexGui sees empty, and final_score is the named stones' winner", async () => {
    for (const opening of ['b1', 'e2', 'a4', 'c3']) {
      const e = engine(200);
      await ok(e, 'boardsize 5');
      const board = new NamedStones(5);
      await ok(e, `play b ${opening}`);
      board.put(Color.Black, opening);
      await ok(e, 'play w swap-pieces');
      // White moves again after the swap, then the colours alternate.
      let player: Player = Color.White;
      while (board.winner() === Color.Empty) {
        const move = await ok(e, `genmove ${player === Color.Black ? 'b' : 'w'}`);
        expect(move).toMatch(/^[a-e][1-5]$/);
        board.put(player, move);
        player = opponent(player);
      }
      expect(await ok(e, 'final_score')).toBe(board.winner() === Color.Black ? 'B+' : 'W+');
      expect(await ok(e, `genmove ${player === Color.Black ? 'b' : 'w'}`)).toBe('resign');
      e.close();
    }
  });

  test('after a swap the engine finds the win in one on the cell HexGui names, not on its mirror', async () => {
    // HexGui's board: black a1 c1 a3, white a2 b2, white to move. White joins
    // columns a and c only through c2; its mirror b3 wins nothing.
    const e = engine(100);
    for (const line of [
      'boardsize 3',
      'play b a1',
      'play w swap-pieces',
      'play w a2',
      'play b c1',
      'play w b2',
      'play b a3',
    ])
      await ok(e, line);
    expect(await ok(e, 'genmove w')).toBe('c2');
    expect(await ok(e, 'final_score')).toBe('W+');
    e.close();
  });

  test('after a swap the intrusion the engine answers is the one HexGui names', async () => {
    // HexGui's board: black c2 and b4 (a bridge over b3 and c3), white a1, and
    // white's intrusion at b3; the bridge tactic alone must answer c3.
    const e = engine(16, parseTactics('bridge'));
    for (const line of ['boardsize 5', 'play b c2', 'play w swap-pieces', 'play w a1', 'play b b4', 'play w b3'])
      await ok(e, line);
    expect(await ok(e, 'genmove b')).toBe('c3');
    e.close();
  });

  test('what HexGui may send around a swap: the first stone stays taken, its mirror is free, undo takes the swap back', async () => {
    const e = engine(100);
    await ok(e, 'boardsize 6');
    await refused(e, 'play w swap-pieces');
    await ok(e, 'play b b4');
    await refused(e, 'play b swap-pieces');
    await ok(e, 'play w swap-pieces');
    await refused(e, 'play w swap-pieces');
    await refused(e, 'play w b4');
    expect((await ok(e, 'all_legal_moves')).split(' ')).toHaveLength(35);
    await ok(e, 'play w d2');
    const shown = await ok(e, 'showboard');
    expect(shown).toContain('black to move');
    const rows = shown.split('\n').filter((l) => /^\s*\d/.test(l));
    expect(rows[1]?.trim()).toBe('2  . . . O . .');
    expect(rows[3]?.trim()).toBe('4  . X . . . .');
    await ok(e, 'undo');
    await ok(e, 'undo');
    expect(await ok(e, 'showboard')).toContain('white to move');
    expect((await ok(e, 'all_legal_moves')).split(' ')).toContain('swap-pieces');
    // Out of turn after a swap: the stones as named, whoever is asked to move.
    await ok(e, 'play w swap-pieces');
    await ok(e, 'play b c3');
    const move = await ok(e, 'genmove b');
    expect(['b4', 'c3']).not.toContain(move);
    expect(await ok(e, 'showboard')).toMatch(/X[\s\S]*X[\s\S]*X/);
    e.close();
  });
});
