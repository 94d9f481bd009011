/**
 * The moves HTP has been told, by colour. HTP's `play` takes any colour in
 * any order (to set up positions), which Position's alternating play cannot
 * express, so the record is the truth and the Position is rebuilt from it:
 * by playing the moves when they alternate from black (the swap rule then
 * applies), else from the stones with the side to move given.
 */
import { Color, type Player, opponent } from '../game/color.js';
import { type GameKind, geometryOf } from '../game/geometry.js';
import { type Move, Position, SWAP } from '../game/position.js';
import { formatBoardText } from '../game/board-text.js';

export interface RecordedMove {
  readonly player: Player;
  readonly move: Move;
}

export class GameRecord {
  private readonly moves: RecordedMove[] = [];
  /** Set by genmove for a colour that is not the one to move. */
  private toMoveOverride: Player | null = null;

  constructor(
    readonly game: GameKind,
    readonly size: number,
    readonly swap: boolean,
  ) {
    geometryOf(game, size);
  }

  get length(): number {
    return this.moves.length;
  }

  get lastMove(): RecordedMove | null {
    return this.moves[this.moves.length - 1] ?? null;
  }

  /** The position the record describes, with `player` to move when given. */
  position(player?: Player): Position {
    const alternating = this.moves.every((m, i) => m.player === (i % 2 === 0 ? Color.Black : Color.White));
    const want = player ?? this.toMoveOverride;
    const natural = this.moves.length % 2 === 0 ? Color.Black : Color.White;
    if (alternating && (want === null || want === natural)) {
      const p = Position.empty(this.game, this.size, { swap: this.swap });
      for (const m of this.moves) p.play(m.move);
      return p;
    }
    const g = geometryOf(this.game, this.size);
    const cells = new Uint8Array(g.cellCount);
    for (const m of this.moves) {
      if (m.move === SWAP) throw new Error('swap-pieces is only a move of a game played in turn');
      if (cells[m.move] !== Color.Empty) throw new Error('the record places two stones on one cell');
      cells[m.move] = m.player;
    }
    const last = this.lastMove;
    return Position.fromText(this.game, this.size, formatBoardText(g, cells), want ?? (last ? opponent(last.player) : Color.Black));
  }

  /** Adds a move after checking it is legal where it is played; throws otherwise. */
  play(player: Player, move: Move): void {
    this.moves.push({ player, move });
    this.toMoveOverride = null;
    try {
      const before = this.positionBefore(player);
      before.play(move);
    } catch (error) {
      this.moves.pop();
      throw error;
    }
  }

  /** The position just before the last move, with its player to move. */
  private positionBefore(player: Player): Position {
    const last = this.moves.pop() as RecordedMove;
    try {
      return this.position(player);
    } finally {
      this.moves.push(last);
    }
  }

  /** The next genmove is for `player`, whatever the record says. */
  setToMove(player: Player): void {
    this.toMoveOverride = player;
  }

  undo(): void {
    if (this.moves.pop() === undefined) throw new Error('there is no move to undo');
    this.toMoveOverride = null;
  }
}
