/**
 * Batched Monte Carlo tree search on the evaluator API alone (no Node-only
 * API, so it runs in a browser Worker too). Each round descends B times,
 * counting every descent's K playouts as lost along its path at once
 * (virtual loss) so that later descents of the round pick other leaves; the
 * leaves are then evaluated in ONE `evaluate` call of K playouts each, and
 * the real wins are added on the way back up, while the next round's
 * leaves are already being chosen. Statistics are UCT, or (the AMAF rules
 * of `selection`) every child also keeps AMAF statistics (the playouts below
 * its parent in which its mover owned its cell at the end, and those the
 * mover won): UCT-RAVE blends them into the value by Gelly and Silver's
 * hand-chosen schedule β = √(k / (3n + k)), k the equivalence parameter;
 * PUCT-AMAF makes them the prior of PUCT's exploration term.
 */
import { Color, type Player, opponent } from '../game/color.js';
import { type CellIndex, sameCells } from '../game/geometry.js';
import { type Move, Position, SWAP } from '../game/position.js';
import { AmafView } from '../eval/amaf.js';
import type { EvalPosition, Evaluator, PositionResult } from '../eval/types.js';
import type { FillKind } from '../fill/fill.js';
import { type TacticKind, type TacticSet, connectingMoves, hasWinningCell, mustPlay, tacticSet, tacticalChoice } from './tactics.js';
import { solveWithin } from './solver.js';
import { hasGameConnection } from './h-search.js';
import { deadCells } from './dead-cells.js';
import { virtualWinner } from './virtual-connection.js';
import { splitBridges } from './leaf-bridges.js';
import { type NearCells, nearCells } from './proximity.js';
import { Selection, keepsAmaf } from './selection.js';
import { type OpeningStat, type ReplySearch, chooseSwapOpening, opensUnderSwap, swapFromReplies } from './swap-rule.js';

/** A search's settings, fixed for its tree; `defaultSettings(backend, seed)` gives the engine's. */
export interface SearchSettings {
  /** Leaves per round (B): one `evaluate` call evaluates them all. */
  readonly leavesPerRound: number;
  /** Playouts per leaf (K). */
  readonly playoutsPerLeaf: number;
  /** UCT's exploration constant. */
  readonly exploration: number;
  /** Names the search's random choices and the evaluator's streams. */
  readonly seed: number;
  /**
   * The exact tactics switched on (src/search/tactics.ts): `win`, `block`
   * and `bridge` at the root, `mustplay` at the root and every node,
   * `h-search` at the root, `dead` at the root and every node, `leaf-win`,
   * `leaf-vc` and `leaf-bridge` (opt in) at the leaves; true for the
   * default set (DEFAULT_TACTICS), false for none.
   */
  readonly tactics: boolean | TacticSet;
  /**
   * How a child is chosen on the way down: UCT, UCT-RAVE or PUCT with an
   * AMAF prior (the last two ask the evaluator for ownership).
   */
  readonly selection: Selection;
  /**
   * RAVE's equivalence parameter k, in playouts: β = √(k / (3n + k)) is ½
   * at n = k, where a child's own value and its AMAF value weigh the same.
   * Used by uct-rave only.
   */
  readonly raveEquivalence: number;
  /** PUCT's exploration constant c, on win rates from 0 to 1. Used by puct-amaf only. */
  readonly puctExploration: number;
  /**
   * The AMAF prior's temperature τ, in win rate: a child whose AMAF value
   * is τ above a sibling's gets e times its prior. Used by puct-amaf only.
   */
  readonly priorTemperature: number;
  /**
   * PUCT-AMAF's proximity prior, in win rate: a move that touches the
   * opponent's last move or is a bridge away from it (proximity.ts) enters
   * the prior as if its AMAF value were this much higher; 0 for none
   * (default PROXIMITY_PRIOR: none). Used by puct-amaf only.
   */
  readonly proximityPrior?: number;
  readonly fill?: FillKind;
  /**
   * Solve late positions exactly at the root (src/search/solver.ts): with at
   * most SOLVER_MAX_EMPTY empty cells, within a budget of positions tied to
   * the move's limits; a proven winning move is played at once.
   */
  readonly solver?: boolean;
  /**
   * Evaluate calls that may run at once (default: defaultRoundsInFlight,
   * from the evaluator's `concurrency`). With one call in flight every core
   * would wait while the tree chooses the next round; with more, the CPU
   * backend's workers play newer rounds meanwhile.
   */
  readonly roundsInFlight?: number;
  /**
   * With `mustplay`: the leaves a node's subtree must have had before its
   * moves are pruned to the must-play region (MoHex's knowledge threshold);
   * before then it searches every legal move. 1 prunes a node the first time
   * the search goes below it. A node seen once or twice costs the analysis
   * more than its few leaves gain from it (default KNOWLEDGE_THRESHOLD).
   */
  readonly knowledgeThreshold?: number;
  /**
   * With `h-search` (and `mustplay`): the leaves a node's subtree must have
   * had before H-search looks at it, proving it won when the side to move
   * has a semi-connection of the game, lost when the opponent has a full
   * one, and else pruning its moves by the opponent's semi-connections. It
   * costs milliseconds a node, thousands of times a leaf's tree work, so
   * only nodes the search keeps coming back to can pay for it (default
   * H_SEARCH_THRESHOLD; never below the knowledge threshold).
   */
  readonly hSearchThreshold?: number;
}

/**
 * SearchSettings.proximityPrior unless told: none, since at equal time the
 * prior did not play better than the search without it (0.05 = 2.5 τ, where
 * a near move starts with e^2.5 ≈ 12 times the prior of a far one, was tried).
 */
export const PROXIMITY_PRIOR = 0;

/** The leaves below a node before `mustplay` prunes its moves (SearchSettings.knowledgeThreshold). */
export const KNOWLEDGE_THRESHOLD = 4;

/** The leaves below a node before H-search looks at it (SearchSettings.hSearchThreshold). */
export const H_SEARCH_THRESHOLD = 64;

/**
 * Rounds the search keeps in flight unless told (SearchSettings.roundsInFlight):
 * one a thread that plays, and where more than one plays (the CPU backend's
 * workers, and the search's own thread), one more, so that a worker finds a
 * round to start while the search's thread backs up the oldest and sends the
 * next (with one a thread, a worker sat idle about a third of the time).
 */
export function defaultRoundsInFlight(evaluator: Pick<Evaluator, 'concurrency'>): number {
  return evaluator.concurrency > 1 ? evaluator.concurrency + 1 : Math.max(1, evaluator.concurrency);
}

/** Empty cells up to which the root solver is tried. */
export const SOLVER_MAX_EMPTY = 20;

/**
 * The root solver's budget in table entries: at most 200,000 (about half a
 * second here), no more than the move's playouts, and about 50 a millisecond
 * of its time (a quarter of the time at ~200 entries/ms), so a quick move
 * stays quick and a proof that does not come soon costs little.
 */
export function solverBudget(limits: SearchLimits): number {
  return Math.min(200_000, limits.playouts ?? Number.POSITIVE_INFINITY, limits.timeMs === undefined ? Number.POSITIVE_INFINITY : 50 * limits.timeMs);
}

/** The playouts of a search given neither limit. */
const PLAYOUTS_WITHOUT_LIMITS = 1000;

/** One search's limits and hooks; with neither limit it stops after 1,000 playouts. */
export interface SearchLimits {
  /** Stop once this many playouts are counted (deterministic for a seed). */
  readonly playouts?: number;
  /** Stop after the round that passes this many milliseconds. */
  readonly timeMs?: number;
  /** Called after every round, for a display of the search as it goes. */
  readonly onProgress?: (progress: SearchProgress) => void;
  /**
   * Stops the search between two rounds (so the tree stays whole, for reuse):
   * the search rejects with the signal's reason.
   */
  readonly signal?: AbortSignal;
  /**
   * Search past a move that a tactic forces (a lone block, a bridge's
   * answer), so that the result carries its value; by default such a move
   * is played at once, with no value. A win at once is played at once either way.
   */
  readonly searchForced?: boolean;
}

/** The search so far, told after every round. */
export interface SearchProgress {
  /** Playouts counted so far in this search. */
  readonly playouts: number;
  readonly rounds: number;
  readonly elapsedMs: number;
  /** Root moves, most visited first. */
  readonly moves: readonly MoveStat[];
}

/** A root move's statistics. */
export interface MoveStat {
  readonly move: Move;
  readonly visits: number;
  /** The mover's share of wins below this move. */
  readonly winRate: number;
  /** With AMAF statistics: playouts below the root in which the mover owned this move's cell at the end. */
  readonly amafVisits?: number;
  /** With AMAF statistics: the mover's share of wins in them (0 without any). */
  readonly amafWinRate?: number;
  /** Set when the tree has decided the move: won or lost for its mover, whatever follows. */
  readonly proven?: 'won' | 'lost';
}

/** What a root move is worth to its mover: its proof where the tree has one (1 or 0), otherwise its win rate. */
export function moveValue(stat: MoveStat): number {
  return stat.proven === 'won' ? 1 : stat.proven === 'lost' ? 0 : stat.winRate;
}

/** The move a search chose, with what the search knows of it and of the other root moves. */
export interface SearchResult {
  readonly move: Move;
  /**
   * The side to move's estimated chance to win with `move`; null when a
   * tactic forced the move and the search did not look past it (see
   * `SearchLimits.searchForced`).
   */
  readonly winRate: number | null;
  /** Playouts counted this search (evaluated, or proven leaves counted as K). */
  readonly playouts: number;
  /** Rounds; for the first move under the swap rule, the searches of the openings (swap-rule.ts). */
  readonly rounds: number;
  /** Playouts the root already had from earlier searches (subtree reuse). */
  readonly reusedPlayouts: number;
  /** The most visited answer to `move` in the tree, if any. */
  readonly expectedReply: Move | null;
  /** The tactic that decided or restricted the root, or the solver that proved the move, if any. */
  readonly tactic: TacticKind | 'solver' | null;
  /**
   * Root moves, most visited first. For the first move under the swap rule,
   * the openings searched, the last stage's first, each with the playouts of
   * its last search and its value with the swap to come.
   */
  readonly moves: readonly MoveStat[];
}

/**
 * The selection rule and its constants, the same on every backend: PUCT-AMAF
 * is the strongest rule measured, ahead of UCT-RAVE at equal playouts and at
 * equal time; k, c and τ were tuned on CPU B and K only.
 */
const STATISTICS = { selection: Selection.PuctAmaf, exploration: 0.7, raveEquivalence: 1000, puctExploration: 4, priorTemperature: 0.02 } as const;

/**
 * B and K for a backend. On the CPU backend the tree pays per leaf and each
 * round pays per call (its post, its back-up, the threads' hand-over), so a
 * larger K or B keeps more of the evaluator's bare rate; but at equal time a
 * larger K played worse than K = 256, while B = 16 kept the rate without
 * losing strength. The GPU pays per call, so it takes many leaves at once.
 */
export function defaultSettings(backend: 'cpu' | 'webgpu', seed = 0): SearchSettings {
  const rest = { ...STATISTICS, seed, tactics: true, solver: true, knowledgeThreshold: KNOWLEDGE_THRESHOLD };
  return backend === 'cpu' ? { leavesPerRound: 16, playoutsPerLeaf: 256, ...rest } : { leavesPerRound: 256, playoutsPerLeaf: 64, ...rest };
}

/** Shared and never written: a node's first slot gives it arrays of its own. */
const NO_MOVES: Move[] = [];
const NO_KIDS: (Node | null)[] = [];
const NO_SLOTS: number[] = [];

/** Node.bestUntried before it is looked for. */
const UNKNOWN = -2;

/** A copy of `counts` (or zeros) `length` long. */
function grown(counts: Float64Array | null, length: number): Float64Array {
  const bigger = new Float64Array(length);
  if (counts) bigger.set(counts);
  return bigger;
}

class Node {
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
  /** AMAF, per slot (AMAF rules only): playouts below this node in which the slot's mover owned its cell at the end. */
  amafVisits: Float64Array | null = null;
  /** AMAF, per slot: those of them the slot's mover won. */
  amafWins: Float64Array | null = null;
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
  /** The array the priors were last made in, made again in place (so that GC has less to do). */
  priorBuffer: Float64Array | null = null;

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

  /** Slots for `moves` (an array the node may keep), with AMAF counts and no nodes yet (the AMAF rules). */
  addAmafSlots(moves: Move[]): void {
    if (moves.length === 0) return;
    const length = this.moves.length + moves.length;
    // A node gets its slots once, as the search first goes below it: most
    // nodes are made and slotted once, so no copies of their arrays.
    const first = this.moves === NO_MOVES;
    this.moves = first ? moves : [...this.moves, ...moves];
    this.kids = first ? new Array<Node | null>(length).fill(null) : [...this.kids, ...moves.map(() => null)];
    this.amafVisits = grown(this.amafVisits, length);
    this.amafWins = grown(this.amafWins, length);
    this.priors = null;
  }

  /** Keeps the slots `keep` says yes to, in order. */
  keepSlots(keep: (kid: Node | null, move: Move) => boolean): void {
    const kept = this.moves.flatMap((move, j) => (keep(this.kids[j] as Node | null, move) ? [j] : []));
    const pick = (counts: Float64Array | null) => (counts ? Float64Array.from(kept, (j) => counts[j] as number) : null);
    this.amafVisits = pick(this.amafVisits);
    this.amafWins = pick(this.amafWins);
    this.moves = kept.map((j) => this.moves[j] as Move);
    this.kids = kept.map((j) => this.kids[j] as Node | null);
    this.tried = this.kids.flatMap((kid, j) => (kid === null ? [] : [j]));
    this.priors = null;
  }

  /** The node of the slot that plays `move`, if it has one. */
  kidFor(move: Move): Node | null {
    const j = this.moves.indexOf(move);
    return j < 0 ? null : (this.kids[j] as Node | null);
  }
}

/** A small seeded generator (xorshift32) for the expansion order. */
function randomStream(seed: number): () => number {
  let x = (seed ^ 0x9e3779b9) >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x;
  };
}

function shuffled<T>(items: T[], next: () => number): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = next() % (i + 1);
    [items[i], items[j]] = [items[j] as T, items[i] as T];
  }
  return items;
}

interface Leaf {
  readonly path: Node[];
  /** The leaf's position, as the evaluator takes it. */
  readonly request: EvalPosition;
  /** Whether a swap may come at the leaf (then its bridges stay whole: the swap would hand them over). */
  readonly swapMayCome: boolean;
}

/** A round whose leaves are being evaluated: their virtual losses stay in the tree until it is backed up. */
interface RoundInFlight {
  readonly pending: readonly Leaf[];
  readonly results: Promise<readonly PositionResult[]>;
}

function sameBoard(a: Position, b: Position): boolean {
  if (a.toMove !== b.toMove || a.geometry !== b.geometry || a.canSwap() !== b.canSwap()) return false;
  return sameCells(a.peekCells(), b.peekCells());
}

/** Whether restricting `node` to `moves` leaves it a move: one of them, or a child it has proven won (restrict keeps those). */
function leavesAMove(node: Node, moves: readonly Move[]): boolean {
  const allowed = new Set(moves);
  const wonBy = (kid: Node | null | undefined) => kid != null && kid.proven === kid.mover;
  return (node.untried ?? []).some((m) => allowed.has(m)) || node.moves.some((m, j) => allowed.has(m) || wonBy(node.kids[j]));
}

/** The root's moves tried so far, most visited first. */
function rootMoves(root: Node, amaf: boolean): MoveStat[] {
  const stats: MoveStat[] = [];
  root.kids.forEach((kid, j) => {
    if (kid === null || !(kid.visits > 0)) return;
    const amafVisits = root.amafVisits?.[j] ?? 0;
    const amafWins = root.amafWins?.[j] ?? 0;
    const proven = kid.proven === null ? {} : { proven: kid.proven === kid.mover ? ('won' as const) : ('lost' as const) };
    stats.push({ move: kid.move, visits: kid.visits, winRate: kid.wins / kid.visits, ...(amaf ? { amafVisits, amafWinRate: amafVisits > 0 ? amafWins / amafVisits : 0 } : {}), ...proven });
  });
  return stats.sort((a, b) => b.visits - a.visits || b.winRate - a.winRate);
}

/** The batched Monte Carlo tree search: each round picks B leaves, evaluates them in one call of K playouts each, and backs the wins up; the tree is kept between moves. */
export class Mcts {
  private root: Node | null = null;
  /** The Position every descent walks on, reset to the root each time. */
  private walker: Position | null = null;
  private rootPosition: Position | null = null;
  private readonly next: () => number;
  /** With `leaf-bridge`: the draws that split the leaves' bridges (a stream of their own, so the expansion order is the same without them). */
  private readonly bridgeDraws: (() => number) | null;
  private round = 0;
  /** With a proximity prior: the geometry's near cells, and a mark per cell for the move whose priors are being made. */
  private near: NearMarks | null = null;
  private readonly proximity: number;
  /** Whether the selection rule keeps AMAF statistics. */
  private readonly amaf: boolean;
  /** The visits (playouts, virtual ones too) at which a node is pruned to its must-play region. */
  private readonly knowledgeVisits: number;
  /** The visits at which H-search looks at a node. */
  private readonly hSearchVisits: number;

  constructor(
    private readonly evaluator: Evaluator,
    private readonly settings: SearchSettings,
  ) {
    this.next = randomStream(settings.seed);
    this.bridgeDraws = tacticSet(settings.tactics).has('leaf-bridge') ? randomStream(settings.seed ^ 0x2545f491) : null;
    this.amaf = keepsAmaf(settings.selection);
    this.proximity = settings.proximityPrior ?? PROXIMITY_PRIOR;
    this.knowledgeVisits = (settings.knowledgeThreshold ?? KNOWLEDGE_THRESHOLD) * settings.playoutsPerLeaf;
    this.hSearchVisits = Math.max(this.knowledgeVisits, (settings.hSearchThreshold ?? H_SEARCH_THRESHOLD) * settings.playoutsPerLeaf);
  }

  /** Forget the tree (a new game). */
  clear(): void {
    this.root = null;
    this.rootPosition = null;
  }

  /** Searches `position` (not changed) and names the move to play. */
  async search(position: Position, limits: SearchLimits, lastMove: CellIndex | null = null): Promise<SearchResult> {
    if (position.isOver()) throw new Error('the game is over');
    const start = performance.now();
    if (opensUnderSwap(position)) return this.openUnderSwap(position, limits);
    const root = this.rootFor(position, lastMove);
    if (this.proximity !== 0) {
      const table = nearCells(position.geometry);
      if (this.near?.table !== table) this.near = { table, mark: new Uint8Array(position.geometry.cellCount) };
    }
    // A leaf proven by `leaf-win` has no children to name its winning move:
    // as the root it must be searched (with `win` on, the tactic plays it first).
    if (root.moves.length === 0) root.proven = null;
    const choice = tacticalChoice(position.geometry, position.cells(), position.toMove, lastMove, this.rootTactics(position));
    // The swap is decided from the stone replies' value (swapFromReplies), so the tree searches those alone.
    const mayMirror = position.canSwap();
    if (choice !== null || mayMirror) this.restrictRoot(root, position, (choice?.moves ?? position.legalMoves()).filter((m) => m !== SWAP));
    const reusedPlayouts = root.visits;
    const onlyMove = choice?.kind === 'win' ? choice.moves[0] : root.untried?.length === 1 && root.moves.length === 0 ? root.untried[0] : undefined;
    // A win at once, or the key of H-search's semi-connection, is proven; another forced move's value is unknown unless searched.
    const proven = choice?.kind === 'win' || choice?.kind === 'connect';
    if (onlyMove !== undefined && (proven || limits.searchForced !== true)) return { move: onlyMove, winRate: proven ? 1 : null, playouts: 0, rounds: 0, reusedPlayouts, expectedReply: null, tactic: choice?.kind ?? null, moves: [] };
    const tactics = tacticSet(this.settings.tactics);
    const shortcuts = { connections: tactics.has('leaf-vc'), mustPlay: tactics.has('mustplay') };
    const proof = this.settings.solver && position.legalMoves().length <= SOLVER_MAX_EMPTY ? solveWithin(position, solverBudget(limits), shortcuts) : null;
    if (proof?.move != null) return { move: proof.move, winRate: 1, playouts: 0, rounds: 0, reusedPlayouts, expectedReply: null, tactic: 'solver', moves: [] };
    // Every stone reply loses: then the swap wins.
    if (proof?.wins === false && mayMirror) return { move: SWAP, winRate: 1, playouts: 0, rounds: 0, reusedPlayouts, expectedReply: null, tactic: 'solver', moves: [] };

    const budget = limits.playouts ?? (limits.timeMs === undefined ? PLAYOUTS_WITHOUT_LIMITS : Number.POSITIVE_INFINITY);
    let spent = 0;
    let rounds = 0;
    // A proven root needs no more playouts: its answer is known. One round
    // at least, so that a move comes even when the time went to the solver.
    // Rounds overlap: the next round's leaves are chosen while earlier
    // rounds are evaluated (their virtual losses steer the choice), so the
    // tree's work hides behind the evaluator's.
    const inFlight: RoundInFlight[] = [];
    const maxInFlight = Math.max(1, this.settings.roundsInFlight ?? defaultRoundsInFlight(this.evaluator));
    let failure: { readonly error: unknown } | null = null;
    try {
      while (rounds === 0 || (root.proven === null && spent < budget && (limits.timeMs === undefined || performance.now() - start < limits.timeMs))) {
        limits.signal?.throwIfAborted();
        // The last round is cut to the playouts left, so a limit is met within one leaf's K.
        const leaves = Math.min(this.settings.leavesPerRound, Math.max(1, Math.ceil((budget - spent) / this.settings.playoutsPerLeaf)));
        // The second round waits for the first to be backed up: chosen while
        // it runs, it would be chosen blind, as the first is (with two in
        // flight, a search of 4,096 playouts was two blind rounds, and lost
        // every game to one of 8,192).
        if (rounds === 1) while (inFlight.length > 0) await this.finishRound(inFlight.shift() as RoundInFlight);
        const round = this.chooseLeaves(root, position, leaves);
        spent += round.counted;
        // Rounds are backed up here only, oldest first, never as their
        // results arrive: so what a round's choice sees does not depend on
        // timing, and a playout limit still fixes the result.
        try {
          while (inFlight.length >= maxInFlight) await this.finishRound(inFlight.shift() as RoundInFlight);
        } catch (error) {
          this.takeBackVirtualLosses(round.pending);
          throw error;
        }
        inFlight.push(this.startRound(round.pending));
        rounds++;
        limits.onProgress?.({ playouts: spent, rounds, elapsedMs: performance.now() - start, moves: rootMoves(root, this.amaf) });
      }
    } catch (error) {
      failure = { error };
    }
    // Back up the rounds in flight, even on an abort or a failed call, so
    // that no virtual loss is left in the tree; the first error is the one reported.
    while (inFlight.length > 0) {
      try {
        await this.finishRound(inFlight.shift() as RoundInFlight);
      } catch (error) {
        failure ??= { error };
      }
    }
    if (failure) throw failure.error;
    const moves = rootMoves(root, this.amaf);
    const won = root.kids.find((k) => k !== null && k.proven === k.mover && k.visits > 0);
    const best = won ? moves.find((m) => m.move === won.move) : moves[0];
    if (!best) throw new Error('the search found no move');
    // A move the tree proved is worth its proof, whatever its playouts said.
    const value = moveValue(best);
    if (mayMirror && !won && swapFromReplies(value)) return { move: SWAP, winRate: 1 - value, playouts: spent, rounds, reusedPlayouts, expectedReply: null, tactic: choice?.kind ?? null, moves };
    const replies = root.kidFor(best.move)?.kids ?? [];
    const expectedReply = replies.reduce<Node | null>((a, c) => (c !== null && c.visits > (a?.visits ?? 0) ? c : a), null)?.move ?? null;
    return { move: best.move, winRate: value, playouts: spent, rounds, reusedPlayouts, expectedReply, tactic: choice?.kind ?? null, moves };
  }

  /**
   * The first move under the swap rule is not the strongest but the one
   * nearest an even game (swap-rule.ts), each opening weighed by a search
   * of the replies to it, on fresh trees; it leaves no tree to reuse. Its
   * moves' visits are the playouts of each opening's last search, and their
   * win rates what each opening is worth with the swap to come.
   */
  private async openUnderSwap(position: Position, limits: SearchLimits): Promise<SearchResult> {
    this.root = null;
    this.rootPosition = null;
    const asMoves = (openings: readonly OpeningStat[]): MoveStat[] => openings.map((o) => ({ move: o.move, visits: o.playouts, winRate: o.value }));
    const { onProgress, signal } = limits;
    const searchReplies: ReplySearch = async (after, limit, index) => {
      const seed = (this.settings.seed ^ Math.imul(index + 1, 0x9e3779b9)) >>> 0;
      // A share of the playouts smaller than a leaf's K is one leaf of that share, so that the move keeps its limit.
      const playoutsPerLeaf = Math.max(1, Math.min(this.settings.playoutsPerLeaf, limit.playouts ?? Number.POSITIVE_INFINITY));
      // Not H-search: with one stone on the board it finds nothing to prove, and at the root it took
      // 15 to 25 ms on Hex 11 to 19, where the rest of a short search of the replies takes about 5.
      const tactics = new Set([...tacticSet(this.settings.tactics)].filter((t) => t !== 'h-search'));
      const search = new Mcts(this.evaluator, { ...this.settings, seed, playoutsPerLeaf, tactics });
      const result = await search.search(after, { ...limit, searchForced: true, ...(signal === undefined ? {} : { signal }) });
      if (result.winRate === null) throw new Error('a searched forced reply came back without a value');
      return { winRate: result.winRate, playouts: result.playouts };
    };
    const choice = await chooseSwapOpening(
      position,
      searchReplies,
      {
        ...(limits.playouts === undefined ? {} : { playouts: limits.playouts }),
        ...(limits.timeMs === undefined ? {} : { timeMs: limits.timeMs }),
        ...(limits.playouts === undefined && limits.timeMs === undefined ? { playouts: PLAYOUTS_WITHOUT_LIMITS } : {}),
        ...(signal === undefined ? {} : { signal }),
        ...(onProgress === undefined ? {} : { onProgress: (p) => onProgress({ playouts: p.playouts, rounds: p.searches, elapsedMs: p.elapsedMs, moves: asMoves(p.openings) }) }),
      },
      this.settings.seed,
    );
    return { move: choice.move, winRate: choice.value, playouts: choice.playouts, rounds: choice.searches, reusedPlayouts: 0, expectedReply: null, tactic: null, moves: asMoves(choice.openings) };
  }

  /**
   * The tree for `position`: the old root's child or grandchild whose board
   * it is (subtree reuse after our move and the opponent's), or a new root,
   * whose move is the opponent's last one when known (the proximity prior's centre).
   */
  private rootFor(position: Position, lastMove: CellIndex | null): Node {
    const reused = this.findReusable(position);
    this.root = reused ?? new Node(lastMove ?? SWAP, opponent(position.toMove));
    this.rootPosition = position.clone();
    return this.root;
  }

  private findReusable(position: Position): Node | null {
    const old = this.root;
    const oldPosition = this.rootPosition;
    if (!old || !oldPosition || oldPosition.geometry !== position.geometry) return null;
    let frontier: { node: Node; at: Position }[] = [{ node: old, at: oldPosition }];
    for (let depth = 0; depth <= 2; depth++) {
      for (const { node, at } of frontier) {
        // Nodes keep no parent link, so a subtree is a tree of its own as it stands.
        if (sameBoard(at, position)) return node;
      }
      if (depth === 2) break;
      // Slots without a node were never searched: a new root serves as well.
      frontier = frontier.flatMap(({ node, at }) =>
        node.kids.flatMap((kid) => {
          if (kid === null) return [];
          const p = at.clone();
          p.play(kid.move);
          return [{ node: kid, at: p }];
        }),
      );
    }
    return null;
  }

  /**
   * Only `moves` may be searched from `node` (its untried moves are all
   * legal ones, or a subset of them): the others' slots go, but a child
   * already proven won stays, as a proof outranks a restriction that may be
   * only a rule of thumb (the bridge answer is not always best).
   */
  private restrict(node: Node, moves: readonly Move[]): void {
    const allowed = new Set(moves);
    node.keepSlots((kid, move) => allowed.has(move) || (kid !== null && kid.proven === kid.mover));
    if (node.untried !== null) node.untried = node.untried.filter((m) => allowed.has(m));
  }

  /** Only `moves` may be searched at the root. */
  private restrictRoot(root: Node, position: Position, moves: readonly Move[]): void {
    this.restrict(root, moves);
    const tried = new Set(root.moves);
    root.untried = shuffled(
      moves.filter((m) => !tried.has(m) && position.at(m) === Color.Empty),
      this.next,
    );
    root.visits = root.kids.reduce((s, kid) => s + (kid?.visits ?? 0), 0);
    // The root's proof, if any, came from the children it had: decide it again from those kept.
    root.proven = null;
    this.propagateProofs([root]);
  }

  /**
   * A round's descents, each counting its K playouts as lost along its path
   * at once (virtual loss); leaves already decided are backed up at once.
   */
  private chooseLeaves(root: Node, position: Position, leaves: number): { pending: Leaf[]; counted: number } {
    const k = this.settings.playoutsPerLeaf;
    const pending: Leaf[] = [];
    let counted = 0;
    for (let b = 0; b < leaves; b++) {
      const leaf = this.descend(root, position);
      for (const node of leaf.path) node.visits += k;
      counted += k;
      const last = leaf.path[leaf.path.length - 1] as Node;
      if (last.proven !== null) this.backup(leaf.path, last.proven === last.mover ? k : 0);
      else {
        if (this.bridgeDraws !== null && !leaf.swapMayCome) splitBridges(position.geometry, leaf.request.cells, this.bridgeDraws);
        pending.push(leaf);
      }
    }
    return { pending, counted };
  }

  /** One evaluate call for a round's leaves; a failed call is kept for finishRound to report. */
  private startRound(pending: readonly Leaf[]): RoundInFlight {
    const seed = (Math.imul(this.settings.seed ^ 0x5bd1e995, 31) + this.round) >>> 0;
    this.round++;
    if (pending.length === 0) return { pending, results: Promise.resolve([]) };
    const rave = this.amaf;
    const options = { playouts: this.settings.playoutsPerLeaf, seed, ...(this.settings.fill === undefined ? {} : { fill: this.settings.fill }), ...(rave ? { ownership: true } : {}) };
    const results = this.evaluator.evaluate(
      pending.map((l) => l.request),
      options,
    ).then((e) => e.results);
    results.catch(() => {}); // awaited in finishRound; this only keeps it from counting as unhandled meanwhile
    return { pending, results };
  }

  /** Backs up a round's results; on a failed call, takes its virtual losses back and rethrows. */
  private async finishRound(round: RoundInFlight): Promise<void> {
    let results: readonly PositionResult[];
    try {
      results = await round.results;
      if (results.length < round.pending.length) throw new Error('the evaluator returned too few results');
    } catch (error) {
      this.takeBackVirtualLosses(round.pending);
      throw error;
    }
    round.pending.forEach((leaf, i) => {
      const r = results[i] as PositionResult;
      const last = leaf.path[leaf.path.length - 1] as Node;
      this.backup(leaf.path, last.mover === Color.Black ? r.blackWins : r.whiteWins);
      if (this.amaf) backupAmaf(leaf.path, r);
    });
  }

  /** For leaves that will never be backed up: their paths lose the K visits counted in advance. */
  private takeBackVirtualLosses(pending: readonly Leaf[]): void {
    const k = this.settings.playoutsPerLeaf;
    for (const leaf of pending) for (const node of leaf.path) node.visits -= k;
  }

  /** Adds the wins of the leaf's mover, alternating sides on the way up. */
  private backup(path: readonly Node[], leafMoverWins: number): void {
    const k = this.settings.playoutsPerLeaf;
    const leafMover = (path[path.length - 1] as Node).mover;
    for (const node of path) node.wins += node.mover === leafMover ? leafMoverWins : k - leafMoverWins;
    this.propagateProofs(path);
  }

  /**
   * MCTS-Solver: a node whose side to move has a proven winning child is won
   * for that side; a node all of whose moves are expanded and proven lost for
   * the side to move is won for the other. Decided from the leaf up, as far
   * as anything changes, so late positions get solved, not just sampled.
   */
  private propagateProofs(path: readonly Node[]): void {
    for (let i = path.length - 1; i >= 0; i--) {
      const node = path[i] as Node;
      if (node.proven !== null) continue;
      const toMove = opponent(node.mover);
      if (node.kids.some((k) => k !== null && k.proven === toMove)) node.proven = toMove;
      else if (node.untried !== null && node.untried.length === 0 && node.kids.length > 0 && node.kids.every((k) => k !== null && k.proven === node.mover)) node.proven = node.mover;
      else return;
      if (i > 0) (path[i - 1] as Node).priors = null;
    }
  }

  /**
   * Walks down by the selection rule, expanding one new child; the path
   * starts at the root. With AMAF statistics a node's moves all become
   * slots at once, so that their AMAF values order the ones not tried yet; a
   * slot gets its node, and is tried (and proven if it can be), the first
   * time it is chosen.
   */
  private descend(root: Node, rootPosition: Position): Leaf {
    // One Position walks every descent (a clone each time was most of the search's garbage).
    if (this.walker?.geometry !== rootPosition.geometry || this.walker.swapAllowed !== rootPosition.swapAllowed) this.walker = rootPosition.clone();
    const position = this.walker;
    position.resetTo(rootPosition);
    const path: Node[] = [root];
    const leaf = (): Leaf => ({ path, request: { geometry: position.geometry, cells: position.cells(), toMove: position.toMove }, swapMayCome: position.canSwap() });
    let node = root;
    for (;;) {
      if (node.proven !== null) return leaf();
      // The root (a reused one too) is pruned at once, whatever its visits.
      if (node.untried === null || node.visits >= node.pruneAt || (path.length === 1 && node.pruneAt < Number.POSITIVE_INFINITY)) {
        this.prepareMoves(node, position, path);
        if (node.proven !== null) return leaf();
      }
      const untried = node.untried as Move[];
      if (this.amaf) {
        // In the order the plain search would pop them, so ties go the same way.
        node.addAmafSlots(untried.splice(0).reverse());
      }
      const move = untried.pop();
      if (move !== undefined) {
        const child = new Node(move, position.toMove);
        node.addKid(child);
        position.play(move);
        this.prove(child, position);
        path.push(child);
        return leaf();
      }
      const slot = this.select(node);
      if (slot < 0) return leaf();
      const chosen = node.kidAt(slot, position.toMove);
      position.play(chosen.move);
      path.push(chosen);
      if (chosen.visits === 0) {
        this.prove(chosen, position);
        if (chosen.proven !== null) node.priors = null;
        return leaf();
      }
      node = chosen;
    }
  }

  /**
   * A node's moves, as the search first goes below it (its untried moves
   * are still null), and again as it reaches the knowledge threshold and
   * then the H-search threshold: the moves worth searching, which may prove
   * the node (then `proven` is set, and the parent's priors are made again)
   * or drop some of its slots. The root is pruned, with H-search, at once.
   */
  private prepareMoves(node: Node, position: Position, path: readonly Node[]): void {
    const root = path.length === 1;
    const prunes = this.prunes(position);
    const tactics = tacticSet(this.settings.tactics);
    const hSearches = prunes && tactics.has('mustplay') && tactics.has('h-search');
    const ready = root || node.visits >= this.knowledgeVisits;
    const hReady = hSearches && (root || node.visits >= this.hSearchVisits);
    const pruned = ready ? this.movesWorthSearching(position, !root, hReady) : null;
    node.pruneAt = !prunes ? Number.POSITIVE_INFINITY : !ready ? this.knowledgeVisits : hSearches && !hReady ? this.hSearchVisits : Number.POSITIVE_INFINITY;
    if (pruned !== null && !Array.isArray(pruned)) {
      node.proven = pruned.winner;
      (path[path.length - 2] as Node).priors = null;
    } else if (node.untried === null) node.untried = shuffled(pruned ?? position.legalMoves(), this.next);
    // The root's earlier restriction (its tactical choice) came from the
    // board as it is, this one from the board with its dead cells filled:
    // both sound, and disjoint only where every move loses. Keep the root a move then.
    else if (pruned !== null && (!root || leavesAMove(node, pruned))) {
      this.restrict(node, pruned);
      this.propagateProofs(path);
    }
  }

  /** Whether `mustplay` or `dead` prunes the moves of `position`: one is switched on and no swap may come. */
  private prunes(position: Position): boolean {
    const tactics = tacticSet(this.settings.tactics);
    return (tactics.has('mustplay') || tactics.has('dead')) && !position.canSwap();
  }

  /** The root's tactics: all those switched on, but `mustplay` and `h-search` only where no swap may come (it would hand the connection over). */
  private rootTactics(position: Position): TacticSet {
    const tactics = tacticSet(this.settings.tactics);
    if (!position.canSwap()) return tactics;
    return new Set([...tactics].filter((t) => t !== 'mustplay' && t !== 'h-search'));
  }

  /**
   * A node's moves, as it is first searched: the legal moves; or with the
   * `mustplay` tactic (and no swap to come) the moves that join the side to
   * move by virtual connections, if it has any, else those of the
   * must-play region (tactics.ts), narrowed by H-search's connections with
   * `hSearch`; with `dead`, without the dead cells and captured pairs, and
   * the rest found on the board with them filled (which keeps the value);
   * null when nothing is pruned (every legal move). Where that
   * decides the node (a joining move wins, and with `hSearch` a
   * semi-connection of the game of the side to move; an empty region
   * loses), its winner, unless `mayProve` is false (the root, which must
   * name a move, and whose own semi-connections are the `connect` tactic's):
   * then the joining moves, or every legal move.
   */
  private movesWorthSearching(position: Position, mayProve: boolean, hSearch: boolean): Move[] | { readonly winner: Player } | null {
    if (!this.prunes(position)) return null;
    const g = position.geometry;
    const tactics = tacticSet(this.settings.tactics);
    const { filled: cells } = tactics.has('dead') ? deadCells(g, position.peekCells()) : { filled: position.peekCells() };
    // With no live cell left (captured pairs can decide a board that is not over), every legal move: the tree decides it.
    const liveMoves = () => {
      const legal = position.legalMoves();
      const live = legal.filter((m) => cells[m] === Color.Empty);
      return live.length === 0 || live.length === legal.length ? null : live;
    };
    if (!tactics.has('mustplay')) return liveMoves();
    const toMove = position.toMove;
    const joining = connectingMoves(g, cells, toMove);
    if (joining === null || joining.length > 0) {
      if (mayProve) return { winner: toMove };
      if (joining !== null) return joining;
    }
    if (hSearch && mayProve && hasGameConnection(g, cells, toMove)) return { winner: toMove };
    const must = mustPlay(g, cells, toMove, hSearch);
    if (must === null || (must.length === 0 && !mayProve)) return liveMoves();
    return must.length === 0 ? { winner: opponent(toMove) } : must;
  }

  /**
   * Marks a node decided: won already; with the `leaf-win` tactic, won at
   * once by the side to move; with `leaf-vc`, joined by virtual connections
   * for either side (virtual-connection.ts), unless a swap may still come:
   * it would hand the connecting stones to the other side.
   */
  private prove(node: Node, position: Position): void {
    const winner = position.winner();
    if (winner !== Color.Empty) {
      node.proven = winner as Player;
      return;
    }
    const tactics = tacticSet(this.settings.tactics);
    const g = position.geometry;
    const cells = position.peekCells();
    if (tactics.has('leaf-win') && hasWinningCell(g, cells, position.toMove)) node.proven = position.toMove;
    else if (tactics.has('leaf-vc') && !position.canSwap()) node.proven = virtualWinner(g, cells, position.toMove);
  }

  /** The slot to descend into, or −1 when there is none. */
  private select(node: Node): number {
    if (this.settings.selection === Selection.PuctAmaf) return this.selectPuct(node);
    const rave = this.settings.selection === Selection.UctRave;
    const logN = Math.log(Math.max(node.visits, 1));
    const kids = node.kids;
    let best = -1;
    let bestScore = Number.NEGATIVE_INFINITY;
    for (let j = 0; j < kids.length; j++) {
      const kid = kids[j] as Node | null;
      // A proven child is decided: play a won one at once, never a lost one.
      if (kid !== null && kid.proven !== null) {
        if (kid.proven === kid.mover) return j;
        continue;
      }
      const score = rave ? this.raveScore(node, j, logN) : this.uctScore(kid?.visits ?? 0, kid?.wins ?? 0, logN);
      if (score > bestScore) {
        bestScore = score;
        best = j;
      }
    }
    return best;
  }

  private uctScore(visits: number, wins: number, logN: number): number {
    const n = Math.max(visits, 1);
    return wins / n + this.settings.exploration * Math.sqrt(logN / n);
  }

  /**
   * UCT-RAVE, for slot j of a node (not proven: select plays or skips
   * those, whose own value is exact). A move not tried yet is valued by its
   * AMAF value alone (β = 1), explored as if it had one leaf's playouts, so
   * that a move the playouts find poor waits; one with no statistics at all
   * comes first.
   */
  private raveScore(node: Node, j: number, logN: number): number {
    const kid = node.kids[j] as Node | null;
    const n = kid?.visits ?? 0;
    const amafVisits = node.amafVisits?.[j] ?? 0;
    if (n === 0 && amafVisits === 0) return Number.POSITIVE_INFINITY;
    const value = n > 0 ? (kid as Node).wins / n : 0;
    let blended = value;
    if (amafVisits > 0) {
      const k = this.settings.raveEquivalence;
      const beta = Math.sqrt(k / (3 * n + k));
      blended = (1 - beta) * value + (beta * (node.amafWins?.[j] ?? 0)) / amafVisits;
    }
    const explored = Math.max(n, this.settings.playoutsPerLeaf);
    return blended + this.settings.exploration * Math.sqrt(logN / explored);
  }

  /**
   * The slots' prior weights (softmax numerators) and their total, kept
   * on the node unless they depend on `firstPlay`: that changes with every
   * visit, and a slot without AMAF counts takes it as its value (when no
   * slot has any, all values are equal and the weights all 1 whatever it is).
   */
  private makePriors(node: Node, firstPlay: number): Float64Array {
    const { kids, amafVisits, amafWins } = node;
    if (node.priorBuffer === null || node.priorBuffer.length < kids.length) node.priorBuffer = new Float64Array(kids.length);
    const priors = node.priorBuffer;
    let highest = Number.NEGATIVE_INFINITY;
    let open = 0;
    let withoutAmaf = 0;
    // The cells near the move into this node (the opponent's last) start
    // `proximity` higher, as if their AMAF value were that much better.
    const near = node.move >= 0 ? this.near : null;
    if (near) markNear(near, node.move, 1);
    for (let j = 0; j < kids.length; j++) {
      const visits = amafVisits?.[j] ?? 0;
      const move = node.moves[j] as Move;
      const value = (visits > 0 ? (amafWins?.[j] ?? 0) / visits : firstPlay) + (near !== null && move >= 0 && near.mark[move] === 1 ? this.proximity : 0);
      priors[j] = value;
      if ((kids[j] as Node | null)?.proven != null) continue;
      open++;
      if (visits === 0) withoutAmaf++;
      if (value > highest) highest = value;
    }
    // Shifted by the highest value, so that no exponential overflows whatever τ.
    const temperature = this.settings.priorTemperature;
    let total = 0;
    for (let j = 0; j < kids.length; j++) {
      const weight = (kids[j] as Node | null)?.proven == null ? Math.exp(((priors[j] as number) - highest) / temperature) : 0;
      priors[j] = weight;
      total += weight;
    }
    if (near) markNear(near, node.move, 0);
    node.priorTotal = total;
    node.bestUntried = UNKNOWN;
    if (withoutAmaf === 0 || withoutAmaf === open) node.priors = priors;
    return priors;
  }

  /**
   * PUCT with an AMAF prior: the child maximising Q + c·P·√N / (1 + n).
   * N and n count leaves (K playouts each), as AlphaZero's rule counts
   * evaluations; N is the children's total, at least 1 so that the prior
   * orders the first choice. Q is the child's own win rate, or before its
   * first leaf the first-play value: its tried siblings' mean win rate (½
   * when none is tried). P is a softmax at temperature τ of the children's
   * AMAF win rates (a child without any takes the first-play value), over
   * the children not proven: a proven loss is never chosen, so it takes no
   * share, and a proven win is chosen at once. Virtual losses count in n
   * and Q, as in the other rules. Returns the slot, or −1 when there is none.
   */
  private selectPuct(node: Node): number {
    const { kids, tried } = node;
    let wins = 0;
    let visits = 0;
    let won = -1;
    // Only tried slots have visits or proofs; a slot without its node has neither.
    for (let t = 0; t < tried.length; t++) {
      const j = tried[t] as number;
      const kid = kids[j] as Node;
      if (kid.proven === null) {
        wins += kid.wins;
        visits += kid.visits;
      } else if (kid.proven === kid.mover && (won < 0 || j < won)) won = j;
    }
    if (won >= 0) return won;
    const firstPlay = visits > 0 ? wins / visits : 0.5;
    const priors = node.priors ?? this.makePriors(node, firstPlay);
    const k = this.settings.playoutsPerLeaf;
    const reach = (this.settings.puctExploration * Math.sqrt(Math.max(visits / k, 1))) / node.priorTotal;
    let best = -1;
    let bestScore = Number.NEGATIVE_INFINITY;
    for (let t = 0; t < tried.length; t++) {
      const j = tried[t] as number;
      const kid = kids[j] as Node;
      if (kid.proven !== null) continue;
      const n = kid.visits;
      const value = n > 0 ? kid.wins / n : firstPlay;
      const score = value + (reach * (priors[j] as number)) / (1 + n / k);
      // Ties go to the first slot, as in a scan in slot order.
      if (score > bestScore || (score === bestScore && j < best)) {
        bestScore = score;
        best = j;
      }
    }
    // An untried slot scores firstPlay + reach · prior: the best of them has the highest prior.
    if (node.bestUntried === UNKNOWN) node.bestUntried = bestUntriedSlot(kids, priors);
    const untried = node.bestUntried;
    if (untried >= 0) {
      const score = firstPlay + reach * (priors[untried] as number);
      if (score > bestScore || (score === bestScore && untried < best)) best = untried;
    }
    return best;
  }
}

/** A geometry's near cells (proximity.ts) and a mark per cell. */
interface NearMarks {
  readonly table: NearCells;
  readonly mark: Uint8Array;
}

/** Sets (1) or clears (0) the mark of every cell near `cell`. */
function markNear(near: NearMarks, cell: CellIndex, to: 0 | 1): void {
  const { start, cells } = near.table;
  for (let i = start[cell] as number; i < (start[cell + 1] as number); i++) near.mark[cells[i] as number] = to;
}

/** The slot without a node that has the highest prior, the first on a tie; −1 when there is none. */
function bestUntriedSlot(kids: readonly (Node | null)[], priors: Float64Array): number {
  let best = -1;
  let highest = Number.NEGATIVE_INFINITY;
  for (let j = 0; j < kids.length; j++) {
    if (kids[j] !== null) continue;
    const prior = priors[j] as number;
    if (prior > highest) {
      highest = prior;
      best = j;
    }
  }
  return best;
}

/**
 * Adds an evaluated leaf's AMAF counts to every slot of every node on its
 * path, for the colour that moves at that node (the slot's mover).
 */
function backupAmaf(path: readonly Node[], result: PositionResult): void {
  const amaf = new AmafView(result);
  for (const node of path) {
    const { moves, amafVisits, amafWins } = node;
    if (amafVisits === null || amafWins === null) continue;
    const mover = opponent(node.mover);
    for (let j = 0; j < moves.length; j++) {
      const move = moves[j] as Move;
      if (move === SWAP) continue;
      amafVisits[j] = (amafVisits[j] as number) + amaf.owned(mover, move);
      amafWins[j] = (amafWins[j] as number) + amaf.ownedAndWon(mover, move);
    }
    node.priors = null;
  }
}
