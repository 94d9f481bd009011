// The referee against a scripted engine (fake-htp-engine.mjs): it keeps the
// true game itself, so an illegal move, a `?`, a crash or silence forfeits
// the game for the engine at fault, and a legal game ends as Position says.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, test } from 'vitest';
import { Color, type Player } from '../../src/game/color.js';
import { GameKind, geometryOf } from '../../src/game/geometry.js';
import { cellName, parseCell } from '../../src/game/notation.js';
import { Position, SWAP } from '../../src/game/position.js';
import { HtpProcess } from '../../src/match/htp-process.js';
import { type GameSetup, type PlayedGame, playGame } from '../../src/match/referee.js';

const FAKE = fileURLToPath(new URL('./fake-htp-engine.mjs', import.meta.url));
const started: HtpProcess[] = [];

function fake(...options: string[]): HtpProcess {
  const engine = new HtpProcess(process.execPath, [FAKE, ...options]);
  started.push(engine);
  return engine;
}

afterEach(() => {
  for (const engine of started.splice(0)) engine.kill();
});

const seeds: Record<Player, number> = { [Color.Black]: 1, [Color.White]: 2 };
const hex = (size: number, opening: string | null, swap = true): GameSetup => ({
  game: GameKind.Hex,
  size,
  swap,
  opening: opening === null ? null : parseCell(geometryOf(GameKind.Hex, size), opening),
  seeds,
  timeoutMs: 20_000,
});

async function game(black: HtpProcess, white: HtpProcess, setup: GameSetup): Promise<PlayedGame> {
  return playGame({ link: black, ours: false }, { link: white, ours: false }, setup);
}

/** Replays the moves on a fresh Position: the referee's record must be a legal game. */
function replay(played: PlayedGame, setup: GameSetup): Position {
  const p = Position.empty(setup.game, setup.size, { swap: setup.swap });
  played.moves.forEach((m, i) => {
    expect(m.player).toBe(p.toMove);
    expect(m.player).toBe(i % 2 === 0 ? Color.Black : Color.White);
    p.play(m.move);
  });
  return p;
}

describe('the referee', () => {
  test('a legal game ends with the winner Position gives, the forced opening first', async () => {
    const setup = hex(4, 'b2');
    const played = await game(fake(), fake(), setup);
    const p = replay(played, setup);
    expect(played.forfeit).toBeNull();
    expect(played.resigned).toBe(false);
    expect(p.isOver()).toBe(true);
    expect(played.winner).toBe(p.winner());
    expect(cellName(p.geometry, played.moves[0]?.move as number)).toBe('b2');
  });

  test("no forced opening: black's engine plays the first move", async () => {
    const setup = hex(3, null, false);
    const played = await game(fake(), fake(), setup);
    // The fake plays the first empty cell: a1 first.
    expect(played.moves[0]).toEqual({ player: Color.Black, move: 0 });
    expect(played.winner).toBe(replay(played, setup).winner());
  });

  test.each([
    ['an occupied cell', '--illegal-at', 'illegal'],
    ['a name off the board', '--garbage-at', 'illegal'],
    ['a ? reply', '--refuse-at', 'refused'],
    ['a crash', '--crash-at', 'crash'],
  ] as const)('%s forfeits the game for the engine at fault', async (_, option, kind) => {
    const setup = hex(5, 'c3');
    // White's second genmove is the game's fourth move.
    const played = await game(fake(), fake(option, '2'), setup);
    expect(played.forfeit).toMatchObject({ player: Color.White, kind });
    expect(played.winner).toBe(Color.Black);
    expect(played.moves).toHaveLength(3);
    replay(played, setup);
  });

  test('silence past the time limit forfeits, and the engine is stopped', async () => {
    const black = fake();
    const white = fake('--hang-at', '1');
    // Started first, so that a slow start on a busy machine is not taken for the silence.
    await Promise.all([black.send('name', 30_000), white.send('name', 30_000)]);
    const played = await game(black, white, { ...hex(3, 'a1'), timeoutMs: 1500 });
    expect(played.forfeit).toMatchObject({ player: Color.White, kind: 'timeout' });
    await expect.poll(() => white.alive).toBe(false);
  });

  test('black forfeits too, and a resignation ends the game for the other side', async () => {
    const forfeited = await game(fake('--refuse-at', '1'), fake(), hex(3, null));
    expect(forfeited.forfeit).toMatchObject({ player: Color.Black, kind: 'refused' });
    expect(forfeited.winner).toBe(Color.White);
    const resigned = await game(fake(), fake('--resign-at', '2'), hex(4, 'a1'));
    expect(resigned).toMatchObject({ winner: Color.Black, resigned: true, forfeit: null });
  });

  test('swap-pieces is played when the rule is on, and illegal when it is off', async () => {
    const on = hex(3, 'b2');
    const swapped = await game(fake(), fake('--swap-at', '1'), on);
    expect(swapped.moves[1]).toEqual({ player: Color.White, move: SWAP });
    expect(swapped.forfeit).toBeNull();
    expect(swapped.winner).toBe(replay(swapped, on).winner());
    const off = await game(fake(), fake('--swap-at', '1'), hex(3, 'b2', false));
    expect(off.forfeit).toMatchObject({ player: Color.White, kind: 'illegal' });
  });

  test("after a swap the engines hear HexGui's view: black's stone stays, the colours change hands, the cells are as they named them", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'referee-swap-'));
    const [blackLog, whiteLog] = [join(dir, 'black.log'), join(dir, 'white.log')];
    const setup = hex(4, 'c1');
    const played = await game(fake('--log', blackLog), fake('--swap-at', '1', '--log', whiteLog), setup);
    expect(played.forfeit).toBeNull();
    expect(played.moves[1]).toEqual({ player: Color.White, move: SWAP });
    expect(played.winner).toBe(replay(played, setup).winner());
    const commands = (file: string) => readFileSync(file, 'utf8').trim().split('\n').slice(2);
    const [black, white] = [commands(blackLog), commands(whiteLog)];
    // The engine that opened now plays white, and white moves again at once; the swapper plays black.
    expect(black.slice(0, 3)).toEqual(['play b c1', 'play w swap-pieces', 'genmove w']);
    expect(white[0]).toBe('play b c1');
    expect(
      white
        .filter((c) => c.startsWith('genmove'))
        .slice(1)
        .every((c) => c === 'genmove b'),
    ).toBe(true);
    expect(black.filter((c) => c.startsWith('genmove')).every((c) => c === 'genmove w')).toBe(true);
    // Each engine plays the first cell it sees empty, so no cell is named twice and c1 never again.
    const named = [...black, ...white].filter((c) => /^play [bw] [a-d]\d$/.test(c)).map((c) => c.slice(7));
    expect(named.filter((c) => c === 'c1')).toHaveLength(2);
    const others = named.filter((c) => c !== 'c1');
    expect(new Set(others).size).toBe(others.length);
    rmSync(dir, { recursive: true, force: true });
  });

  test('an engine that is not there forfeits at the first command', async () => {
    const missing = new HtpProcess('/nonexistent/engine', []);
    started.push(missing);
    const played = await game(missing, fake(), hex(3, null));
    expect(played.forfeit).toMatchObject({ player: Color.Black, kind: 'crash' });
  });
});
