/** A node of the search tree, its slots (the moves expanded from it) and their statistics. */
import type { Player } from '../../game/color.js';
import type { Move } from '../../game/position.js';
import type { MoveStat } from './result.js';
import { arenaF32, arenaU32 } from '../arena.js';

/** Shared and never written: a node's first slot gives it arrays of its own. */
const NO_MOVES: Move[] = [];
const NO_KIDS: (Node | null)[] = [];
const NO_SLOTS: number[] = [];

/**
 * A node's AMAF counts, per cell c of the board: at 2c the playouts below
 * the node in which the side to move there owned c at the end, at 2c + 1
 * those of them it won. By cell, not by slot, and the two side by side, so
 * that backing a leaf up is one plain sum over the board at every node of
 * its path, with no look-up of each slot's cell. Whole playouts, so
 * unsigned integers, which take half the memory of doubles.
 */
export type AmafCounts = Uint32Array;

/** A slot's AMAF visits (playouts in which its mover owned its cell) in `amaf`; 0 for the swap, which has no cell. */
export function amafVisitsOf(amaf: AmafCounts | null, move: Move): number {
  return amaf === null || move < 0 ? 0 : (amaf[2 * move] as number);
}

/** Those of a slot's AMAF visits that its mover won. */
export function amafWinsOf(amaf: AmafCounts | null, move: Move): number {
  return amaf === null || move < 0 ? 0 : (amaf[2 * move + 1] as number);
}

/** Node.bestUntried before it is looked for. */
export const UNKNOWN = -2;

export class Node {
  /**
   * The moves expanded from this node, its slots, in the order they were.
   * Plain UCT makes a slot's node as it expands the move; with AMAF every
   * move gets its slot (and counts) at once, and its node only when it is
   * first chosen: most never are, and a node for every move was most of the
   * objects the tree made.
   */
  moves: Move[] = NO_MOVES;
  /** Each slot's node, or null before its move is first chosen (no visits, no proof). */
  kids: (Node | null)[] = NO_KIDS;
  /**
   * The slots that have their node, in the order they got it. PUCT looks at
   * these one by one; of the others, which all score by their prior alone,
   * it needs only the best (`bestUntried`), so a descent does not weigh
   * every move of the board at every level.
   */
  tried: number[] = NO_SLOTS;
  /**
   * PUCT-AMAF: the slot without a node whose prior is highest (the first
   * such slot on a tie), −1 when every slot has its node, or UNKNOWN until
   * looked for; looked for again whenever the priors are made again.
   */
  bestUntried = UNKNOWN;
  /** AMAF (AMAF rules only), per cell, once the node keeps them (startAmaf); a slot's are its cell's (amafVisitsOf, amafWinsOf). */
  amaf: AmafCounts | null = null;
  /** With the learned prior, per slot: the weight it gives the slot's PUCT prior (prior-weights.ts). */
  priorWeights: Float32Array | null = null;
  /** With the learned prior, per cell: the base strength of a move there (priorBase), kept for the grandchildren's. */
  priorBase: Float64Array | null = null;
  /** Playouts through this node, virtual losses included while a round runs. */
  visits = 0;
  /** Wins of the player who made `move`. */
  wins = 0;
  /** Moves not expanded yet, in the order they will be. */
  untried: Move[] | null = null;
  /** Set when the position is decided: the winner, who wins every playout. */
  proven: Player | null = null;
  /** The visits at which this node's moves are pruned next (the knowledge, then the H-search threshold); infinite when no pruning is left. */
  pruneAt = Number.POSITIVE_INFINITY;
  /**
   * PUCT-AMAF: the slots' prior weights and their total, kept while no
   * slot's AMAF counts or proof change (every descent through a node would
   * otherwise take an exponential per slot); null when they must be made again.
   */
  priors: Float64Array | null = null;
  priorTotal = 0;
  /** The visits the node had when its priors were last made (PUCT-AMAF). */
  priorsMadeAt = 0;
  /** The array the priors were last made in, made again in place (so that GC has less to do). */
  priorBuffer: Float64Array | null = null;
  /** Whether H-search has looked at this node (SearchSettings.hSearchRecheck). */
  hSearched = false;
  /** With reduced-board playouts: this node's board with its dead cells and captured pairs filled, made when a leaf below it first needs it. */
  reduced: Uint8Array | null = null;
  /** With `reduced`, every cell's ring code on it (dead-cells.ts), from which the children's reduced boards are made. */
  reducedCodes: Uint16Array | null = null;

  constructor(
    /** The move into this node; at a new root, the opponent's last move if known, else SWAP. */
    readonly move: Move,
    /** The player who made `move`. */
    readonly mover: Player,
  ) {}

  /** A slot for a move expanded with its node (plain UCT). */
  addKid(kid: Node): void {
    if (this.moves === NO_MOVES) {
      this.moves = [];
      this.kids = [];
    }
    this.moves.push(kid.move);
    this.kids.push(kid);
    this.noteTried(this.kids.length - 1);
    this.priors = null;
  }

  /** The node of slot `slot`, made (for `mover`) when the slot is first chosen. */
  kidAt(slot: number, mover: Player): Node {
    const existing = this.kids[slot] as Node | null;
    if (existing !== null) return existing;
    const kid = new Node(this.moves[slot] as Move, mover);
    this.kids[slot] = kid;
    this.noteTried(slot);
    if (slot === this.bestUntried) this.bestUntried = UNKNOWN;
    return kid;
  }

  private noteTried(slot: number): void {
    if (this.tried === NO_SLOTS) this.tried = [];
    this.tried.push(slot);
  }

  /**
   * Slots for `moves`, with no nodes yet (the AMAF rules), and their prior
   * weights if any (both arrays the node may keep); with AMAF counts once
   * the node keeps them (startAmaf).
   */
  addAmafSlots(moves: Move[], weights: Float32Array | null = null): void {
    if (moves.length === 0) return;
    // A node's first slots keep the weights array they came with (the caller's to give).
    if (this.moves.length === 0 && weights !== null) this.priorWeights = weights;
    else if (weights !== null || this.priorWeights !== null) {
      const joined = arenaF32(this.moves.length + moves.length).fill(1);
      if (this.priorWeights !== null) joined.set(this.priorWeights);
      if (weights !== null) joined.set(weights, this.moves.length);
      this.priorWeights = joined;
    }
    const length = this.moves.length + moves.length;
    // A node gets its slots once, as the search first goes below it: most
    // nodes are made and slotted once, so no copies of their arrays.
    const first = this.moves === NO_MOVES;
    this.moves = first ? moves : [...this.moves, ...moves];
    this.kids = first ? new Array<Node | null>(length).fill(null) : [...this.kids, ...moves.map(() => null)];
    // A slot's counts start with the slot: its cell's counted on while it had none.
    const amaf = this.amaf;
    if (amaf !== null)
      for (const move of moves) {
        if (move < 0) continue;
        amaf[2 * move] = 0;
        amaf[2 * move + 1] = 0;
      }
    this.priors = null;
  }

  /** Whether the node keeps AMAF counts for its slots. */
  get keepsAmaf(): boolean {
    return this.amaf !== null;
  }

  /** Starts the AMAF counts of a board of `cellCount` cells, at zero; the priors, made without them, are made again. */
  startAmaf(cellCount: number): void {
    this.amaf = arenaU32(2 * cellCount);
    this.priors = null;
  }

  /** Keeps the slots `keep` says yes to, in order. */
  keepSlots(keep: (kid: Node | null, move: Move) => boolean): void {
    const { moves, kids, priorWeights } = this;
    let kept = 0;
    const tried: number[] = [];
    for (let j = 0; j < moves.length; j++) {
      const kid = kids[j] as Node | null;
      if (!keep(kid, moves[j] as Move)) continue;
      // In place: slot j moves down to `kept`, never up, so nothing unread is overwritten.
      if (kid !== null) tried.push(kept);
      moves[kept] = moves[j] as Move;
      kids[kept] = kid;
      if (priorWeights !== null) priorWeights[kept] = priorWeights[j] as number;
      kept++;
    }
    if (kept < moves.length) {
      moves.length = kept;
      kids.length = kept;
      this.priorWeights = priorWeights?.slice(0, kept) ?? null;
    }
    this.tried = tried;
    this.priors = null;
  }

  /** The node of the slot that plays `move`, if it has one. */
  kidFor(move: Move): Node | null {
    const j = this.moves.indexOf(move);
    return j < 0 ? null : (this.kids[j] as Node | null);
  }
}

/** The root's moves tried so far, most visited first. */
export function rootMoves(root: Node, amaf: boolean): MoveStat[] {
  const stats: MoveStat[] = [];
  root.kids.forEach((kid) => {
    if (kid === null || !(kid.visits > 0)) return;
    const amafVisits = amafVisitsOf(root.amaf, kid.move);
    const amafWins = amafWinsOf(root.amaf, kid.move);
    const proven =
      kid.proven === null ? {} : { proven: kid.proven === kid.mover ? ('won' as const) : ('lost' as const) };
    stats.push({
      move: kid.move,
      visits: kid.visits,
      winRate: kid.wins / kid.visits,
      ...(amaf ? { amafVisits, amafWinRate: amafVisits > 0 ? amafWins / amafVisits : 0 } : {}),
      ...proven,
    });
  });
  return stats.sort((a, b) => b.visits - a.visits || b.winRate - a.winRate);
}
