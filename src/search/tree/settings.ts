/** The search's settings, their defaults, and the defaults that depend on the evaluator. */
import type { Evaluator } from '../../eval/types.js';
import type { FillKind } from '../../fill/fill.js';
import type { TacticSet } from '../knowledge/tactics.js';
import { Selection } from '../selection.js';
import type { SearchLimits } from './result.js';

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
   * The exact tactics switched on (src/search/knowledge/tactics.ts): `win`, `block`
   * and `bridge` at the root, `mustplay` at the root and every node,
   * `h-search` at the root, `dead` at the root and every node, `leaf-win`,
   * `leaf-vc` and `leaf-bridge` at the leaves; true for the
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
  /**
   * PUCT-AMAF's first-play reduction R, in win rate: a slot not tried yet
   * takes its tried siblings' mean win rate less R·√(the prior's share of
   * the tried slots), so that the more of the prior the search has looked
   * at, the less it widens (default FPU_REDUCTION: none). Used by puct-amaf only.
   */
  readonly fpuReduction?: number;
  /**
   * End a search under a limit once its most visited root move can no longer
   * be overtaken by the playouts left (tree/early-stop.ts); not where a swap
   * may answer, nor in a search of a forced move (default STOP_EARLY).
   */
  readonly stopEarly?: boolean;
  readonly fill?: FillKind;
  /**
   * Solve late positions exactly at the root (src/search/knowledge/solver.ts):
   * with at most ROOT_SOLVER_MAX_EMPTY empty cells, within a budget of
   * positions tied to the move's limits; a proven winning move is played at once.
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
  /**
   * Evaluate each leaf on its parent's reduced board (knowledge/dead-cells.ts):
   * the parent's dead cells filled and its captured pairs given to their
   * captors, the leaf's own move on top. Those cells are then nobody's moves:
   * the exact fill shares out the cells still empty. Hex only, and not where a
   * swap may come (it would hand the captured stones over). Default
   * REDUCED_BOARD.
   */
  readonly reducedBoard?: boolean;
  /**
   * PUCT-AMAF: how much a node's visits must grow, as a fraction of those it
   * had when its priors were made, before new AMAF counts make them again
   * (a softmax over every slot, at every node a round's leaves pass); 0 makes
   * them again after every back-up (default PRIOR_REFRESH). A proof below
   * the node always makes them again.
   */
  readonly priorRefresh?: number;
  /**
   * The AMAF rules: the leaves a node's subtree must have had before it keeps
   * AMAF counts for its slots; until then PUCT-AMAF's prior is the learned
   * one alone (every slot's AMAF value taken as equal), and UCT-RAVE values a
   * slot by its own wins. 0 keeps them from the first leaf (default AMAF_FROM).
   * Most of a tree's nodes get a leaf or two, whose counts come from so few
   * playouts that they are mostly noise, yet cost work at every slot.
   */
  readonly amafFrom?: number;
  /**
   * The leaves a node below the root must have had before its children are
   * made: until then a descent that reaches it evaluates it again, a leaf
   * like its first (default EXPAND_AT: 1, children from its second descent).
   * Making a node's children costs the knowledge, the learned prior and the
   * slots; a node that the search never comes back to pays it for nothing.
   */
  readonly expandAt?: number;
  /**
   * PUCT-AMAF: the learned move prior's weight, as the power λ its pattern
   * strengths are raised to before they multiply the AMAF softmax (so before
   * any AMAF count, P ∝ γ^λ); 0 for none (default MOVE_PRIOR). Hex only.
   */
  readonly movePrior?: number;
  /**
   * The move prior's power λ in the searches that decide a swap: the
   * opening's reply searches and the search of the position where the swap
   * may answer (default SWAP_MOVE_PRIOR). A steeper λ narrows the replies
   * searched, so the best reply to a fair opening is valued under ½.
   */
  readonly swapMovePrior?: number;
  /**
   * Where a swap may answer and the prior's swap power differs from the
   * tree's: the swap is decided by a search at the swap power with half the
   * move's limit, and where it keeps the stone, the reply is chosen by a
   * search at the tree's power with the rest (default REPLY_SEARCH). The
   * steeper power picks a stronger reply, but misjudges the swap.
   */
  readonly replySearch?: boolean;
  /**
   * The swap is taken when the best stone reply to the first move is worth
   * less than ½ plus this (default SWAP_MARGIN): the playouts' random fills
   * value a stone less than good play does, so a reply that looks even may
   * not be.
   */
  readonly swapMargin?: number;
  /**
   * Decide the swap of a Hex opening by the games played from it (the
   * shipped table, knowledge/swap-table.ts) where they decide it, else by
   * the search (default SWAP_TABLE). A stone reply the tree proved to win
   * is played whatever the table says.
   */
  readonly swapTable?: boolean;
  /**
   * Swap at once a Hex opening whose stone is at least this many rows from
   * every edge (default SWAP_INNER; 0 for none): the fills value such a
   * stone no higher than an edge one, while in strong play its owner leads.
   * The swap table, where on, decides first; a proven winning reply still wins.
   */
  readonly swapInner?: number;
  /** The smallest board size on which `swapInner` swaps (default SWAP_INNER_FROM); 1 for every size. */
  readonly swapInnerFrom?: number;
  /**
   * Whether the search may swap an opening on the Hex board's outer ring
   * (default SWAP_EDGE); false keeps every one. Decided after the swap
   * table and `swapInner`; a proven winning reply still wins.
   */
  readonly swapEdge?: boolean;
  /**
   * H-search's width at the tree's nodes below the root: the full
   * connections it keeps per pair of points, and half as many again
   * semi-connections (default H_SEARCH_WIDTH). Narrower is faster and finds
   * fewer connections; the root keeps the default.
   */
  readonly hSearchWidth?: number;
  /**
   * With the `leaf-bridge` tactic: the smallest board size whose leaves have
   * their bridges split (default LEAF_BRIDGE_FROM); 1 for every size.
   */
  readonly leafBridgeFrom?: number;
  /**
   * With `h-search`: the share of the board's cells that must hold stones
   * before H-search looks at a position, at the root or in the tree; in the
   * opening it costs milliseconds and seldom finds a connection of the game
   * (default H_SEARCH_FROM: from the first move).
   */
  readonly hSearchFrom?: number;
  /**
   * With `h-search`: whether a node whose parent H-search has looked at is
   * H-searched for its side to move's own connection of the game too, not
   * only for the opponent's (default H_SEARCH_RECHECK). The parent's moves
   * were pruned to the cells every one of that side's semi-connections
   * needs, so such a connection is seldom there to find, and looking costs
   * about as much as the opponent's search.
   */
  readonly hSearchRecheck?: boolean;
  /**
   * With `h-search`: the rounds after which, at the latest, a tree node's
   * H-search is applied, the search going on meanwhile with the moves the
   * node had; under a time limit it applies as soon as it is found, under a
   * playout limit alone exactly then, so that the limit still fixes the
   * result (0: at once, on the search's thread; default H_SEARCH_LAG). Made
   * on a thread of its own in Node, where the search's thread has the most
   * work and a core is often idle.
   */
  readonly hSearchLag?: number;
}

/** SearchSettings.hSearchFrom unless told: no stones needed. */
export const H_SEARCH_FROM = 0;

/** SearchSettings.hSearchRecheck unless told: every node looked at for both sides. */
export const H_SEARCH_RECHECK = true;

/** SearchSettings.hSearchLag unless told: at once. */
export const H_SEARCH_LAG = 0;

/** SearchSettings.reducedBoard unless told: on, since it measured above zero at equal time on Hex 9 and 11. */
export const REDUCED_BOARD = true;

/** SearchSettings.movePrior unless told: the strengths squared, since that measured above λ = 1 at equal time. */
export const MOVE_PRIOR = 2;

/** SearchSettings.swapMovePrior unless told: at 2 the engine swaps Hex 9's losing a1 opening; at 1 it keeps it. */
export const SWAP_MOVE_PRIOR = 1;

/** SearchSettings.replySearch unless told: the swap decision's own search chooses the reply. */
export const REPLY_SEARCH = false;

/** SearchSettings.swapMargin unless told: swap below an even game. */
export const SWAP_MARGIN = 0;

/** SearchSettings.leafBridgeFrom unless told: Hex 11 and up, where splitting measured above zero at equal time (on Hex 9 it measured nothing). */
export const LEAF_BRIDGE_FROM = 11;

/** SearchSettings.swapTable unless told: off, the search decides. */
export const SWAP_TABLE = false;

/** SearchSettings.swapInner unless told: every opening off the outer ring, from swapInnerFrom up. */
export const SWAP_INNER = 1;

/** SearchSettings.swapInnerFrom unless told: Hex 9 and up, where the search kept inner openings that lose to MoHex as their owner; on Hex 4 two inner openings lose. */
export const SWAP_INNER_FROM = 9;

/** The rows SearchSettings.swapInner asks for on a board of `size`: none below swapInnerFrom. */
export function swapInnerRows(settings: Pick<SearchSettings, 'swapInner' | 'swapInnerFrom'>, size: number): number {
  return size >= (settings.swapInnerFrom ?? SWAP_INNER_FROM) ? (settings.swapInner ?? SWAP_INNER) : 0;
}

/** SearchSettings.swapEdge unless told: the search decides the edge openings too. */
export const SWAP_EDGE = true;

// H_SEARCH_WIDTH, AMAF_FROM and PRIOR_REFRESH are the lean package: each cuts the work a leaf
// costs, and together, at equal time, they measured above zero on Hex 11 where none alone had.
/** SearchSettings.hSearchWidth unless told: narrower than the root's 8, part of the lean package. */
export const H_SEARCH_WIDTH = 4;

/** SearchSettings.amafFrom unless told: AMAF counts from 16 leaves below a node, part of the lean package. */
export const AMAF_FROM = 16;

/** SearchSettings.priorRefresh unless told: priors remade once a node's visits grew by a quarter, part of the lean package. */
export const PRIOR_REFRESH = 0.25;

/** SearchSettings.expandAt unless told: a node's children are made at its second descent. */
export const EXPAND_AT = 1;

/** SearchSettings.fpuReduction unless told: none, the siblings' mean as it is. */
export const FPU_REDUCTION = 0;

/** SearchSettings.stopEarly unless told: every search runs to its limit. */
export const STOP_EARLY = false;

/** SearchSettings.proximityPrior unless told: none, since it showed no gain at equal time. */
export const PROXIMITY_PRIOR = 0;

/** The leaves below a node before `mustplay` prunes its moves (SearchSettings.knowledgeThreshold). */
export const KNOWLEDGE_THRESHOLD = 4;

/**
 * The leaves below a node before H-search looks at it (SearchSettings.hSearchThreshold).
 * Since the time bank, the leaves its cost would buy at nodes below 1,024 are worth more than what it finds there.
 */
export const H_SEARCH_THRESHOLD = 1024;

/**
 * Rounds the search keeps in flight unless told (SearchSettings.roundsInFlight):
 * one a thread that plays, and where more than one plays (the CPU backend's
 * workers, and the search's own thread), one more, so that a worker finds a
 * round to start while the search's thread backs up the oldest and sends the
 * next (with one a thread, a worker sat idle a good part of the time).
 */
export function defaultRoundsInFlight(evaluator: Pick<Evaluator, 'concurrency'>): number {
  return evaluator.concurrency > 1 ? evaluator.concurrency + 1 : Math.max(1, evaluator.concurrency);
}

/** Empty cells up to which the root solver is tried (the solver itself takes up to SOLVER_EMPTY_CAPACITY). */
export const ROOT_SOLVER_MAX_EMPTY = 20;

/**
 * The root solver's budget in table entries: at most 200,000, no more than
 * the move's playouts, and about 50 a millisecond of its time (a fraction of
 * the move's time at the solver's speed), so a quick move stays quick and a
 * proof that does not come soon costs little.
 */
export function solverBudget(limits: SearchLimits): number {
  return Math.min(
    200_000,
    limits.playouts ?? Number.POSITIVE_INFINITY,
    limits.timeMs === undefined ? Number.POSITIVE_INFINITY : 50 * limits.timeMs,
  );
}

/**
 * The selection rule and its constants, the same on every backend: PUCT-AMAF
 * is the strongest rule measured, ahead of UCT-RAVE at equal playouts and at
 * equal time; k, c and τ were tuned on CPU B and K only.
 */
const STATISTICS = {
  selection: Selection.PuctAmaf,
  exploration: 0.7,
  raveEquivalence: 1000,
  puctExploration: 4,
  priorTemperature: 0.02,
} as const;

/**
 * B and K for each backend. On the CPU backend the tree pays per leaf and each
 * round pays per call, so a larger K or B keeps more of the evaluator's bare
 * rate; but at equal time a larger K played worse than K = 256, while B = 16
 * kept the rate without losing strength. On a real GPU the tree bounds the
 * search too, and many leaves a round (256 × 64) played worse at equal time
 * than the CPU's shape, which the GPU evaluates in about one call's fixed cost.
 */
const BATCH_SHAPE: Readonly<Record<'cpu' | 'webgpu', Pick<SearchSettings, 'leavesPerRound' | 'playoutsPerLeaf'>>> = {
  cpu: { leavesPerRound: 16, playoutsPerLeaf: 256 },
  webgpu: { leavesPerRound: 16, playoutsPerLeaf: 256 },
};

/** The engine's search settings on `backend`. */
export function defaultSettings(backend: 'cpu' | 'webgpu', seed = 0): SearchSettings {
  return {
    ...BATCH_SHAPE[backend],
    ...STATISTICS,
    seed,
    tactics: true,
    solver: true,
    knowledgeThreshold: KNOWLEDGE_THRESHOLD,
  };
}
