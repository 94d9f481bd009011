/**
 * The moves HTP has been told, by colour. HTP's `play` takes any colour in
 * any order (to set up positions), which Position's alternating play cannot
 * express, so the record is the truth and the Position is rebuilt from it:
 * by playing the moves when they alternate from black (the swap rule then
 * applies), else from the stones with the side to move given.
 *
 * The record keeps HTP's view of a swap, HexGui's and benzene's: black's
 * stone stays and white moves again. A game played in turn through a swap
 * is handed to the search in Position's view (swap-view.ts), and the view
 * says so (`flipped`), so that moves can be converted on the way in and out.
 */
import { Color, type Player, colorName, opponent } from '../game/color.js';
import { type GameKind, type Geometry, geometryOf } from '../game/geometry.js';
import { type Move, Position, SWAP } from '../game/position.js';
import { formatBoardText } from '../game/board-text.js';
import { hasSwap, mirrorMove, otherView } from '../game/swap-view.js';

export interface RecordedMove {
  readonly player: Player;
  readonly move: Move;
}

/** The record as a Position. */
export interface RecordView {
  readonly position: Position;
  /** The position is the record seen across its swap: each cell mirrored, each colour the other. */
  readonly flipped: boolean;
}

export class GameRecord {
  private readonly moves: RecordedMove[] = [];
  /** Set by genmove for a colour that is not the one to move. */
  private toMoveOverride: Player | null = null;
  /** The colour that resigned (HexGui's `play <colour> resign`): the game is over, won by the other. */
  private resignedBy: Player | null = null;

  readonly geometry: Geometry;

  constructor(
    readonly game: GameKind,
    readonly size: number,
    readonly swap: boolean,
  ) {
    this.geometry = geometryOf(game, size);
  }

  get length(): number {
    return this.moves.length;
  }

  get lastMove(): RecordedMove | null {
    return this.moves[this.moves.length - 1] ?? null;
  }

  /** The position the record describes, with `player` (HTP's colour) to move when given. */
  view(player?: Player): RecordView {
    const g = this.geometry;
    const seen = otherView(g, this.moves);
    const inTurn = seen.every((m, i) => m.player === (i % 2 === 0 ? Color.Black : Color.White));
    const flipped = inTurn && hasSwap(seen);
    const asked = player ?? this.toMoveOverride;
    const want = asked !== null && flipped ? opponent(asked) : asked;
    const natural = seen.length % 2 === 0 ? Color.Black : Color.White;
    if (inTurn && (want === null || want === natural)) {
      const p = Position.empty(this.game, this.size, { swap: this.swap });
      for (const m of seen) p.play(m.move);
      return { position: p, flipped };
    }
    return { position: this.stones(asked ?? this.naturalToMove()), flipped: false };
  }

  /** The position in HTP's view, with `player` to move when given (the board a GUI shows). */
  position(player?: Player): Position {
    const { position, flipped } = this.view(player);
    return flipped ? this.stones(opponent(position.toMove)) : position;
  }

  /** A cell of the record's view in HTP's, or back: the same mirror both ways. */
  convert(view: RecordView, move: Move): Move {
    return view.flipped ? mirrorMove(this.geometry, move) : move;
  }

  /** The record's stones as HTP names them (a swap leaves them be), with `toMove` to move. */
  private stones(toMove: Player): Position {
    const g = this.geometry;
    const cells = new Uint8Array(g.cellCount);
    for (const m of this.moves) {
      if (m.move === SWAP) continue;
      if (cells[m.move] !== Color.Empty) throw new Error('the record places two stones on one cell');
      cells[m.move] = m.player;
    }
    return Position.fromText(this.game, this.size, formatBoardText(g, cells), toMove);
  }

  /** Who moves after the last move: the other colour, or after a swap the same (HexGui's view). */
  private naturalToMove(): Player {
    const last = this.lastMove;
    if (last === null) return Color.Black;
    return last.move === SWAP ? last.player : opponent(last.player);
  }

  /** The colour that resigned, or null. */
  get resigned(): Player | null {
    return this.resignedBy;
  }

  /** `player` resigns: no move may follow until `undo` takes the resignation back. */
  resign(player: Player): void {
    this.refuseAfterResignation();
    this.resignedBy = player;
  }

  private refuseAfterResignation(): void {
    if (this.resignedBy !== null) throw new Error(`the game is over: ${colorName(this.resignedBy)} resigned`);
  }

  /** Adds a move after checking it is legal where it is played; throws otherwise. */
  play(player: Player, move: Move): void {
    this.refuseAfterResignation();
    this.moves.push({ player, move });
    this.toMoveOverride = null;
    try {
      const before = this.viewBefore(player);
      before.position.play(this.convert(before, move));
    } catch (error) {
      this.moves.pop();
      throw error;
    }
  }

  /** The position just before the last move, with its player to move. */
  private viewBefore(player: Player): RecordView {
    const last = this.moves.pop() as RecordedMove;
    try {
      return this.view(player);
    } finally {
      this.moves.push(last);
    }
  }

  /** The next genmove is for `player`, whatever the record says. */
  setToMove(player: Player): void {
    this.toMoveOverride = player;
  }

  /** Takes back the resignation if there is one, else the last move. */
  undo(): void {
    if (this.resignedBy !== null) this.resignedBy = null;
    else if (this.moves.pop() === undefined) throw new Error('there is no move to undo');
    this.toMoveOverride = null;
  }
}
