/**
 * One game between two HTP engines, refereed: the true game is kept here in
 * a Position, and every move an engine names is checked against it before
 * it is played or passed on. An illegal move, a `?` reply, a crash or a
 * missing reply forfeits the game for the engine at fault.
 *
 * The referee keeps the game in Position's view and speaks HTP's to the
 * engines: after a swap, each move goes out and comes in as the other
 * colour on the mirrored cell (swap-view.ts), as HexGui and benzene expect.
 */
import { Color, type Player, opponent } from '../game/color.js';
import { GameKind, mirrorCell } from '../game/geometry.js';
import { parseCell } from '../game/notation.js';
import { type Move, Position, SWAP } from '../game/position.js';
import { SWAP_MOVE_NAME, moveName } from '../game/sgf.js';
import { type PlayedMove, acrossSwap, hasSwap } from '../game/swap-view.js';
import { EngineError, type EngineFault } from './htp-process.js';

/** The part of an HTP engine the referee needs (HtpProcess, or a stand-in in tests). */
export interface HtpEngineLink {
  send(command: string, timeoutMs: number): Promise<string>;
}

export interface RefereedEngine {
  readonly link: HtpEngineLink;
  /** Ours, or an engine that knows `hexbatch-seed`: told the game's seed (and, for Y, the game) by `hexbatch-` commands. */
  readonly ours: boolean;
}

export interface GameSetup {
  readonly game: GameKind;
  readonly size: number;
  readonly swap: boolean;
  /** Black's first move, played by the referee; null lets black's engine choose. */
  readonly opening: Move | null;
  /** The seed each of our engines searches this game with. */
  readonly seeds: Readonly<Record<Player, number>>;
  /** The longest wait for one reply. */
  readonly timeoutMs: number;
}

export type ForfeitKind = EngineFault | 'illegal';

export interface Forfeit {
  readonly player: Player;
  readonly kind: ForfeitKind;
  readonly detail: string;
}

export interface PlayedGame {
  /** In play order, the opening included. */
  readonly moves: readonly { readonly player: Player; readonly move: Move }[];
  readonly winner: Player;
  /** Set when the game ended by a forfeit. */
  readonly forfeit: Forfeit | null;
  /** Set when the loser resigned. */
  readonly resigned: boolean;
  /** Per player, the genmove replies it gave and the wall time they took, in ms; absent where not timed (a queued game's). */
  readonly thinking?: Readonly<Record<Player, { readonly moves: number; readonly ms: number }>>;
}

const colorWord = (p: Player) => (p === Color.Black ? 'b' : 'w');

/** A move as HTP names it, colour and cell, after the moves `played` (after a swap: the other colour, the mirrored cell). */
function protocolMove(position: Position, played: readonly PlayedMove[], m: PlayedMove): string {
  const seen = hasSwap(played) ? acrossSwap(position.geometry, m) : m;
  return `${colorWord(seen.player)} ${moveName(position.geometry, seen.move)}`;
}

/** The colour HTP gives `player` after the moves `played`. */
function protocolColour(played: readonly PlayedMove[], player: Player): string {
  return colorWord(hasSwap(played) ? opponent(player) : player);
}

/** The move `text` (HTP's view) names if it is legal in `position`, else the reason it is not. */
function legalMove(position: Position, played: readonly PlayedMove[], text: string): Move | string {
  const word = text.trim().toLowerCase();
  if (word === SWAP_MOVE_NAME) return position.canSwap() ? SWAP : 'swap-pieces is not legal here';
  let cell: number;
  try {
    cell = parseCell(position.geometry, word);
  } catch (error) {
    return (error as Error).message;
  }
  if (hasSwap(played)) cell = mirrorCell(position.geometry, cell);
  return position.at(cell) === Color.Empty ? cell : `${word} is already taken`;
}

class ForfeitSignal extends Error {
  constructor(readonly forfeit: Forfeit) {
    super(forfeit.detail);
  }
}

/** Sends a command to `player`'s engine; any failure is that player's forfeit. */
async function ask(
  engines: Record<Player, RefereedEngine>,
  player: Player,
  command: string,
  timeoutMs: number,
): Promise<string> {
  try {
    return await engines[player].link.send(command, timeoutMs);
  } catch (error) {
    if (error instanceof EngineError)
      throw new ForfeitSignal({ player, kind: error.fault, detail: `${command}: ${error.message}` });
    throw error;
  }
}

export async function playGame(black: RefereedEngine, white: RefereedEngine, setup: GameSetup): Promise<PlayedGame> {
  const engines: Record<Player, RefereedEngine> = { [Color.Black]: black, [Color.White]: white };
  const position = Position.empty(setup.game, setup.size, { swap: setup.swap });
  const moves: { player: Player; move: Move }[] = [];
  const t = setup.timeoutMs;
  const thinking = { [Color.Black]: { moves: 0, ms: 0 }, [Color.White]: { moves: 0, ms: 0 } };
  try {
    for (const player of [Color.Black, Color.White] as const) {
      const engine = engines[player];
      if (engine.ours) await ask(engines, player, `hexbatch-seed ${setup.seeds[player]}`, t);
      if (setup.game === GameKind.Y) await ask(engines, player, `hexbatch-game y ${setup.size}`, t);
      else await ask(engines, player, `boardsize ${setup.size}`, t);
      await ask(engines, player, 'clear_board', t);
    }
    const tell = async (player: Player, move: Move) => {
      const named = protocolMove(position, moves, { player, move });
      position.play(move);
      moves.push({ player, move });
      await ask(engines, opponent(player), `play ${named}`, t);
    };
    if (setup.opening !== null) {
      await ask(
        engines,
        Color.Black,
        `play ${protocolMove(position, moves, { player: Color.Black, move: setup.opening })}`,
        t,
      );
      await tell(Color.Black, setup.opening);
    }
    while (!position.isOver()) {
      const player = position.toMove;
      const genmove = `genmove ${protocolColour(moves, player)}`;
      const asked = performance.now();
      const reply = (await ask(engines, player, genmove, t)).trim();
      thinking[player].moves++;
      thinking[player].ms += performance.now() - asked;
      if (reply.toLowerCase() === 'resign')
        return { moves, winner: opponent(player), forfeit: null, resigned: true, thinking };
      const move = legalMove(position, moves, reply);
      if (typeof move === 'string')
        throw new ForfeitSignal({
          player,
          kind: 'illegal',
          detail: `${genmove} gave "${reply.slice(0, 40)}": ${move}`,
        });
      await tell(player, move);
    }
    return { moves, winner: position.winner() as Player, forfeit: null, resigned: false, thinking };
  } catch (error) {
    if (!(error instanceof ForfeitSignal)) throw error;
    return { moves, winner: opponent(error.forfeit.player), forfeit: error.forfeit, resigned: false, thinking };
  }
}
