/**
 * A game of the play page, without the page: who is the human and who the
 * engine, whose turn it is, take-backs that return the turn to the human,
 * and the game as SGF. The moves are the record; the worker replays them.
 */
import {
  Color,
  type GameKind,
  type Geometry,
  type Move,
  type PlayedMove,
  type Player,
  Position,
  SWAP,
  type Winner,
  mirrorCell,
  opponent,
  toSgf,
} from '../../src/index.js';

/** The play page's board sizes. */
export const PLAY_SIZES = { min: 5, max: 19 } as const;

export interface GameSetup {
  readonly game: GameKind;
  readonly size: number;
  /** The swap (pie) rule; Hex only, ignored for Y. */
  readonly swap: boolean;
  /** Black, who moves first, is the human; else the engine. */
  readonly humanFirst: boolean;
}

export type Turn = 'human' | 'engine' | 'over';

/** The players' names in the SGF. */
const ENGINE_NAME = 'hexbatch';
const HUMAN_NAME = 'Human';

export class PlayGame {
  readonly setup: GameSetup;
  readonly human: Player;
  private readonly position: Position;
  private readonly record: PlayedMove[] = [];

  constructor(setup: GameSetup) {
    if (!Number.isInteger(setup.size) || setup.size < PLAY_SIZES.min || setup.size > PLAY_SIZES.max) {
      throw new Error(
        `the board size must be a whole number from ${PLAY_SIZES.min} to ${PLAY_SIZES.max}, not ${setup.size}`,
      );
    }
    this.setup = setup;
    this.human = setup.humanFirst ? Color.Black : Color.White;
    this.position = Position.empty(setup.game, setup.size, { swap: setup.swap });
  }

  get geometry(): Geometry {
    return this.position.geometry;
  }

  get engine(): Player {
    return opponent(this.human);
  }

  get moves(): readonly PlayedMove[] {
    return this.record;
  }

  /** What is on `cell` now (a swap moves the first stone). */
  at(cell: number): Color {
    return this.position.at(cell);
  }

  winner(): Winner {
    return this.position.winner();
  }

  turn(): Turn {
    if (this.position.isOver()) return 'over';
    return this.position.toMove === this.human ? 'human' : 'engine';
  }

  /** The human may swap now: their second-player turn, right after the engine's first stone. */
  humanCanSwap(): boolean {
    return this.turn() === 'human' && this.position.canSwap();
  }

  isLegal(move: Move): boolean {
    return this.position.legalMoves().includes(move);
  }

  /** Plays the side to move's `move`; throws when it is not legal. */
  play(move: Move): void {
    if (!this.isLegal(move)) throw new Error(`move ${move} is not legal here`);
    const player = this.position.toMove;
    this.position.play(move);
    this.record.push({ player, move });
  }

  canTakeBack(): boolean {
    return this.record.some((m) => m.player === this.human);
  }

  /**
   * Undoes the engine's replies and the human's last move before them, so
   * the human is to move again where they last moved.
   */
  takeBack(): void {
    if (!this.canTakeBack()) throw new Error('there is no move of yours to take back');
    for (;;) {
      const last = this.record.pop() as PlayedMove;
      this.position.undo();
      if (last.player === this.human) return;
    }
  }

  /** Where the last move put a stone (for a swap, the moved stone), or null before the first. */
  lastStoneCell(): number | null {
    const last = this.record.at(-1);
    if (!last) return null;
    if (last.move !== SWAP) return last.move;
    // The swap mirrors black's stone in the long diagonal, as Position plays it.
    return mirrorCell(this.geometry, this.record[0]?.move as number);
  }

  /** The cell of the last move when the engine must answer it (the search's tactics look there). */
  lastOpponentCell(): number | null {
    const last = this.record.at(-1);
    return last && last.move !== SWAP && last.player !== this.position.toMove ? last.move : null;
  }

  /** A copy of the position, for the search. */
  positionNow(): Position {
    return this.position.clone();
  }

  /** The game as SGF, with the players' names and the result when it is over. */
  sgf(date: Date = new Date()): string {
    const winner = this.winner();
    return toSgf({
      geometry: this.geometry,
      moves: this.record,
      blackName: this.human === Color.Black ? HUMAN_NAME : ENGINE_NAME,
      whiteName: this.human === Color.White ? HUMAN_NAME : ENGINE_NAME,
      winner: winner === Color.Empty ? null : (winner as Player),
      date: date.toISOString().slice(0, 10),
    });
  }
}

/** A game replayed from its setup and moves (how the worker gets the page's game). */
export function replay(setup: GameSetup, moves: readonly Move[]): PlayGame {
  const game = new PlayGame(setup);
  for (const move of moves) game.play(move);
  return game;
}
