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
import type { CellIndex } from '../game/geometry.js';
import { type Move, Position, SWAP } from '../game/position.js';
import { AmafView } from '../eval/amaf.js';
import type { EvalPosition, Evaluator, PositionResult } from '../eval/types.js';
import type { FillKind } from '../fill/fill.js';
import { type TacticKind, type TacticSet, hasWinningCell, tacticSet, tacticalChoice } from './tactics.js';
import { solveWithin } from './solver.js';
import { Selection, keepsAmaf } from './selection.js';

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
   * and `bridge` at the root, `leaf-win` at the leaves; true for all of
   * them, false for none.
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
  readonly fill?: FillKind;
  /**
   * Solve late positions exactly at the root (src/search/solver.ts): with at
   * most SOLVER_MAX_EMPTY empty cells, within a budget of positions tied to
   * the move's limits; a proven winning move is played at once.
   */
  readonly solver?: boolean;
  /**
   * Evaluate calls that may run at once (default: the evaluator's
   * `concurrency`). The CPU backend gives each call of a round's size to one
   * worker thread, so with one call in flight the other cores would wait;
   * one a worker keeps them all busy while the tree chooses the next round.
   */
  readonly roundsInFlight?: number;
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
}

export interface SearchProgress {
  /** Playouts counted so far in this search. */
  readonly playouts: number;
  readonly rounds: number;
  readonly elapsedMs: number;
  /** Root moves, most visited first. */
  readonly moves: readonly MoveStat[];
}

export interface MoveStat {
  readonly move: Move;
  readonly visits: number;
  /** The mover's share of wins below this move. */
  readonly winRate: number;
  /** With AMAF statistics: playouts below the root in which the mover owned this move's cell at the end. */
  readonly amafVisits?: number;
  /** With AMAF statistics: the mover's share of wins in them (0 without any). */
  readonly amafWinRate?: number;
}

export interface SearchResult {
  readonly move: Move;
  /** The side to move's estimated chance to win with `move`. */
  readonly winRate: number;
  /** Playouts counted this search (evaluated, or proven leaves counted as K). */
  readonly playouts: number;
  readonly rounds: number;
  /** Playouts the root already had from earlier searches (subtree reuse). */
  readonly reusedPlayouts: number;
  /** The most visited answer to `move` in the tree, if any. */
  readonly expectedReply: Move | null;
  /** The tactic that decided or restricted the root, or the solver that proved the move, if any. */
  readonly tactic: TacticKind | 'solver' | null;
  /** Root moves, most visited first. */
  readonly moves: readonly MoveStat[];
}

/**
 * The selection rule and its constants, the same on every backend: PUCT-AMAF
 * beat UCT-RAVE at equal playouts on Hex 7, 9 and 11 (README: Search and the
 * HTP engine); k, c and τ were tuned on CPU B and K only.
 */
const STATISTICS = { selection: Selection.PuctAmaf, exploration: 0.7, raveEquivalence: 1000, puctExploration: 4, priorTemperature: 0.02 } as const;

/**
 * B and K for a backend. The CPU backend pays per position, not per call
 * (11×11, two shared cores: K = 16 gave 8k playouts/s, K = 64 19k, one
 * position of 20,000 playouts 28k; the search at K = 64 ran at 20–29k
 * against a bare 37–62k, at K = 128 at 28–40k), so K = 128; the GPU pays
 * per call, so it takes many leaves at once.
 */
export function defaultSettings(backend: 'cpu' | 'webgpu', seed = 0): SearchSettings {
  return backend === 'cpu'
    ? { leavesPerRound: 16, playoutsPerLeaf: 128, ...STATISTICS, seed, tactics: true, solver: true }
    : { leavesPerRound: 256, playoutsPerLeaf: 64, ...STATISTICS, seed, tactics: true, solver: true };
}

/** Never pushed to: Node.addChild replaces it with a node's own array. */
const NO_CHILDREN: Node[] = [];

class Node {
  /** Shared and empty until the first child: with AMAF most nodes are leaves that never get one. */
  children: Node[] = NO_CHILDREN;
  /** Playouts through this node, virtual losses included while a round runs. */
  visits = 0;
  /** Wins of the player who made `move`. */
  wins = 0;
  /** AMAF: playouts below the parent in which the mover owned `move`'s cell at the end. */
  amafVisits = 0;
  /** AMAF: those of them the mover won. */
  amafWins = 0;
  /** Moves not expanded yet, in the order they will be. */
  untried: Move[] | null = null;
  /** Set when the position is decided: the winner, who wins every playout. */
  proven: Player | null = null;

  addChild(child: Node): void {
    if (this.children === NO_CHILDREN) this.children = [];
    this.children.push(child);
  }

  constructor(
    /** The move into this node (unused at the root). */
    readonly move: Move,
    /** The player who made `move`. */
    readonly mover: Player,
  ) {}
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
}

/** A round whose leaves are being evaluated: their virtual losses stay in the tree until it is backed up. */
interface RoundInFlight {
  readonly pending: readonly Leaf[];
  readonly results: Promise<readonly PositionResult[]>;
}

function sameBoard(a: Position, b: Position): boolean {
  if (a.toMove !== b.toMove || a.geometry !== b.geometry || a.canSwap() !== b.canSwap()) return false;
  const x = a.cells();
  const y = b.cells();
  return x.every((v, i) => v === y[i]);
}

/** The root's moves tried so far, most visited first. */
function rootMoves(root: Node, amaf: boolean): MoveStat[] {
  return root.children
    .filter((c) => c.visits > 0)
    .map((c) => ({
      move: c.move,
      visits: c.visits,
      winRate: c.wins / c.visits,
      ...(amaf ? { amafVisits: c.amafVisits, amafWinRate: c.amafVisits > 0 ? c.amafWins / c.amafVisits : 0 } : {}),
    }))
    .sort((a, b) => b.visits - a.visits || b.winRate - a.winRate);
}

export class Mcts {
  private root: Node | null = null;
  /** The Position every descent walks on, reset to the root each time. */
  private walker: Position | null = null;
  private rootPosition: Position | null = null;
  private readonly next: () => number;
  private round = 0;
  /** Whether the selection rule keeps AMAF statistics. */
  private readonly amaf: boolean;
  /** Scratch for the PUCT priors of one node's children. */
  private priors = new Float64Array(0);

  constructor(
    private readonly evaluator: Evaluator,
    private readonly settings: SearchSettings,
  ) {
    this.next = randomStream(settings.seed);
    this.amaf = keepsAmaf(settings.selection);
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
    const root = this.rootFor(position);
    // A leaf proven by `leaf-win` has no children to name its winning move:
    // as the root it must be searched (with `win` on, the tactic plays it first).
    if (root.children.length === 0) root.proven = null;
    const choice = tacticalChoice(position.geometry, position.cells(), position.toMove, lastMove, tacticSet(this.settings.tactics));
    if (choice !== null) this.restrictRoot(root, position, choice.moves);
    const reusedPlayouts = root.visits;
    const onlyMove = choice?.kind === 'win' ? choice.moves[0] : root.untried?.length === 1 && root.children.length === 0 ? root.untried[0] : undefined;
    if (onlyMove !== undefined) return { move: onlyMove, winRate: choice?.kind === 'win' ? 1 : 0.5, playouts: 0, rounds: 0, reusedPlayouts, expectedReply: null, tactic: choice?.kind ?? null, moves: [] };
    const proof = this.settings.solver && position.legalMoves().length <= SOLVER_MAX_EMPTY ? solveWithin(position, solverBudget(limits)) : null;
    if (proof?.move != null) return { move: proof.move, winRate: 1, playouts: 0, rounds: 0, reusedPlayouts, expectedReply: null, tactic: 'solver', moves: [] };

    const budget = limits.playouts ?? (limits.timeMs === undefined ? 1000 : Number.POSITIVE_INFINITY);
    let spent = 0;
    let rounds = 0;
    // A proven root needs no more playouts: its answer is known. One round
    // at least, so that a move comes even when the time went to the solver.
    // Rounds overlap: the next round's leaves are chosen while earlier
    // rounds are evaluated (their virtual losses steer the choice), so the
    // tree's work hides behind the evaluator's.
    const inFlight: RoundInFlight[] = [];
    const maxInFlight = Math.max(1, this.settings.roundsInFlight ?? this.evaluator.concurrency);
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
    const won = root.children.find((c) => c.proven === c.mover && c.visits > 0);
    const best = won ? moves.find((m) => m.move === won.move) : moves[0];
    if (!best) throw new Error('the search found no move');
    const replies = root.children.find((c) => c.move === best.move)?.children ?? [];
    // With RAVE, replies not tried yet are children too: they have no visits.
    const expectedReply = replies.reduce<Node | null>((a, c) => (c.visits > (a?.visits ?? 0) ? c : a), null)?.move ?? null;
    return { move: best.move, winRate: best.winRate, playouts: spent, rounds, reusedPlayouts, expectedReply, tactic: choice?.kind ?? null, moves };
  }

  /**
   * The tree for `position`: the old root's child or grandchild whose board
   * it is (subtree reuse after our move and the opponent's), or a new root.
   */
  private rootFor(position: Position): Node {
    const reused = this.findReusable(position);
    this.root = reused ?? new Node(SWAP, opponent(position.toMove));
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
      frontier = frontier.flatMap(({ node, at }) =>
        node.children.map((child) => {
          const p = at.clone();
          p.play(child.move);
          return { node: child, at: p };
        }),
      );
    }
    return null;
  }

  /** Only `moves` may be searched at the root. */
  private restrictRoot(root: Node, position: Position, moves: readonly Move[]): void {
    const allowed = new Set(moves);
    // A child already proven won stays: a proof outranks a restriction that
    // may be only a rule of thumb (the bridge answer is not always best).
    const kept = root.children.filter((c) => allowed.has(c.move) || c.proven === c.mover);
    root.children = kept;
    const tried = new Set(kept.map((c) => c.move));
    root.untried = shuffled(
      moves.filter((m) => !tried.has(m) && position.at(m) === Color.Empty),
      this.next,
    );
    root.visits = kept.reduce((s, c) => s + c.visits, 0);
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
      else pending.push(leaf);
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
      if (node.children.some((c) => c.proven === toMove)) node.proven = toMove;
      else if (node.untried !== null && node.untried.length === 0 && node.children.length > 0 && node.children.every((c) => c.proven === node.mover)) node.proven = node.mover;
      else return;
    }
  }

  /**
   * Walks down by the selection rule, expanding one new child; the path
   * starts at the root. With AMAF statistics a node's moves all become
   * children at once, so that their AMAF values order the ones not tried yet; a child is tried (and proven
   * if it can be) the first time it is chosen.
   */
  private descend(root: Node, rootPosition: Position): Leaf {
    // One Position walks every descent (a clone each time was most of the search's garbage).
    if (this.walker?.geometry !== rootPosition.geometry || this.walker.swapAllowed !== rootPosition.swapAllowed) this.walker = rootPosition.clone();
    const position = this.walker;
    position.resetTo(rootPosition);
    const path: Node[] = [root];
    const leaf = (): Leaf => ({ path, request: { geometry: position.geometry, cells: position.cells(), toMove: position.toMove } });
    let node = root;
    for (;;) {
      if (node.proven !== null) return leaf();
      if (node.untried === null) node.untried = shuffled(position.legalMoves(), this.next);
      if (this.amaf) {
        // Popped as the plain search would expand them, so ties go the same way.
        for (let move = node.untried.pop(); move !== undefined; move = node.untried.pop()) node.addChild(new Node(move, position.toMove));
      }
      const move = node.untried.pop();
      if (move !== undefined) {
        const child = new Node(move, position.toMove);
        node.addChild(child);
        position.play(move);
        this.prove(child, position);
        path.push(child);
        return leaf();
      }
      const chosen = this.select(node);
      if (!chosen) return leaf();
      position.play(chosen.move);
      path.push(chosen);
      if (chosen.visits === 0) {
        this.prove(chosen, position);
        return leaf();
      }
      node = chosen;
    }
  }

  /** Marks a node decided: won already, or (with the `leaf-win` tactic) won at once by the side to move. */
  private prove(node: Node, position: Position): void {
    const winner = position.winner();
    if (winner !== Color.Empty) node.proven = winner as Player;
    else if (tacticSet(this.settings.tactics).has('leaf-win') && hasWinningCell(position.geometry, position.peekCells(), position.toMove)) node.proven = position.toMove;
  }

  private select(node: Node): Node | null {
    if (this.settings.selection === Selection.PuctAmaf) return this.selectPuct(node);
    const rave = this.settings.selection === Selection.UctRave;
    const logN = Math.log(Math.max(node.visits, 1));
    let best: Node | null = null;
    let bestScore = Number.NEGATIVE_INFINITY;
    for (const child of node.children) {
      // A proven child is decided: play a won one at once, never a lost one.
      if (child.proven !== null) {
        if (child.proven === child.mover) return child;
        continue;
      }
      const score = rave ? this.raveScore(child, logN) : this.uctScore(child, logN);
      if (score > bestScore) {
        bestScore = score;
        best = child;
      }
    }
    return best;
  }

  private uctScore(child: Node, logN: number): number {
    const n = Math.max(child.visits, 1);
    return child.wins / n + this.settings.exploration * Math.sqrt(logN / n);
  }

  /**
   * UCT-RAVE. A child not tried yet is valued by its AMAF value alone
   * (β = 1), explored as if it had one leaf's playouts, so that a move
   * the playouts find poor waits; one with no statistics at all comes first.
   * A proven child's own value is exact, so AMAF does not blur it: without
   * this, a move that loses at once kept its AMAF value and drew the
   * search away from the one move that does not.
   */
  private raveScore(child: Node, logN: number): number {
    if (child.proven !== null) return this.uctScore(child, logN);
    const n = child.visits;
    if (n === 0 && child.amafVisits === 0) return Number.POSITIVE_INFINITY;
    const value = n > 0 ? child.wins / n : 0;
    let blended = value;
    if (child.amafVisits > 0) {
      const k = this.settings.raveEquivalence;
      const beta = Math.sqrt(k / (3 * n + k));
      blended = (1 - beta) * value + (beta * child.amafWins) / child.amafVisits;
    }
    const explored = Math.max(n, this.settings.playoutsPerLeaf);
    return blended + this.settings.exploration * Math.sqrt(logN / explored);
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
   * and Q, as in the other rules.
   */
  private selectPuct(node: Node): Node | null {
    const children = node.children;
    let wins = 0;
    let visits = 0;
    for (const child of children) {
      if (child.proven === null) {
        wins += child.wins;
        visits += child.visits;
      } else if (child.proven === child.mover) return child;
    }
    const firstPlay = visits > 0 ? wins / visits : 0.5;
    if (this.priors.length < children.length) this.priors = new Float64Array(children.length);
    const priors = this.priors;
    let highest = Number.NEGATIVE_INFINITY;
    for (let i = 0; i < children.length; i++) {
      const child = children[i] as Node;
      const value = child.amafVisits > 0 ? child.amafWins / child.amafVisits : firstPlay;
      priors[i] = value;
      if (child.proven === null && value > highest) highest = value;
    }
    // Shifted by the highest value, so that no exponential overflows whatever τ.
    const temperature = this.settings.priorTemperature;
    let total = 0;
    for (let i = 0; i < children.length; i++) {
      const weight = (children[i] as Node).proven === null ? Math.exp(((priors[i] as number) - highest) / temperature) : 0;
      priors[i] = weight;
      total += weight;
    }
    const k = this.settings.playoutsPerLeaf;
    const reach = (this.settings.puctExploration * Math.sqrt(Math.max(visits / k, 1))) / total;
    let best: Node | null = null;
    let bestScore = Number.NEGATIVE_INFINITY;
    for (let i = 0; i < children.length; i++) {
      const child = children[i] as Node;
      if (child.proven !== null) continue;
      const value = child.visits > 0 ? child.wins / child.visits : firstPlay;
      const score = value + (reach * (priors[i] as number)) / (1 + child.visits / k);
      if (score > bestScore) {
        bestScore = score;
        best = child;
      }
    }
    return best;
  }
}

/**
 * Adds an evaluated leaf's AMAF counts to every child of every node on its
 * path, for the colour that moves at that node (the child's mover).
 */
function backupAmaf(path: readonly Node[], result: PositionResult): void {
  const amaf = new AmafView(result);
  for (const node of path) {
    for (const child of node.children) {
      if (child.move === SWAP) continue;
      child.amafVisits += amaf.owned(child.mover, child.move);
      child.amafWins += amaf.ownedAndWon(child.mover, child.move);
    }
  }
}
