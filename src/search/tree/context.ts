/** What the parts of the tree share during a search: its settings, read once into the forms they are used in. */
import type { CellIndex } from '../../game/geometry.js';
import { type NearCells } from '../knowledge/proximity.js';
import { type TacticSet, tacticSet } from '../knowledge/tactics.js';
import { type HSearchLimits, hSearchLimitsOfWidth } from '../knowledge/h-search.js';
import { keepsAmaf } from '../selection.js';
import { randomStream } from './random.js';
import type { Position } from '../../game/position.js';
import {
  H_SEARCH_FROM,
  H_SEARCH_LAG,
  H_SEARCH_RECHECK,
  H_SEARCH_THRESHOLD,
  H_SEARCH_WIDTH,
  KNOWLEDGE_THRESHOLD,
  MOVE_PRIOR,
  PRIOR_REFRESH,
  AMAF_FROM,
  EXPAND_AT,
  FPU_REDUCTION,
  PROXIMITY_PRIOR,
  type SearchSettings,
} from './settings.js';
import { PriorWeights } from './prior-weights.js';
import { DeferredKnowledge } from './deferred-knowledge.js';

/** A geometry's near cells (proximity.ts) and a mark per cell. */
export interface NearMarks {
  readonly table: NearCells;
  readonly mark: Uint8Array;
}

/** Sets (1) or clears (0) the mark of every cell near `cell`. */
export function markNear(near: NearMarks, cell: CellIndex, to: 0 | 1): void {
  const { start, cells } = near.table;
  for (let i = start[cell] as number; i < (start[cell + 1] as number); i++) near.mark[cells[i] as number] = to;
}

export interface TreeContext {
  readonly settings: SearchSettings;
  /** The tactics switched on. */
  readonly tactics: TacticSet;
  /** Whether the selection rule keeps AMAF statistics. */
  readonly amaf: boolean;
  /** The expansion order's draws. */
  readonly next: () => number;
  /** The visits (playouts, virtual ones too) at which a node is pruned to its must-play region. */
  readonly knowledgeVisits: number;
  /** The visits at which H-search looks at a node. */
  readonly hSearchVisits: number;
  /** PUCT-AMAF's head start for the cells near the opponent's last move; 0 for none. */
  readonly proximity: number;
  /** PUCT-AMAF's first-play reduction (SearchSettings.fpuReduction). */
  readonly fpuReduction: number;
  /** With a proximity prior: the geometry's near cells, and a mark per cell for the move whose priors are being made. */
  near: NearMarks | null;
  /** The visits (playouts, virtual ones too) at which a node starts its AMAF counts (SearchSettings.amafFrom). */
  readonly amafVisits: number;
  /** The visits (playouts, virtual ones too) below which a node other than the root is evaluated again, not expanded (SearchSettings.expandAt). */
  readonly expandVisits: number;
  /** SearchSettings.priorRefresh, as the factor a node's visits must pass: 1 + the fraction. */
  readonly priorRefreshFactor: number;
  /** The learned prior's weights for new slots, or null without it (SearchSettings.movePrior). */
  readonly priorWeights: PriorWeights | null;
  /** SearchSettings.hSearchFrom. */
  readonly hSearchFrom: number;
  /** SearchSettings.hSearchRecheck. */
  readonly hSearchRecheck: boolean;
  /** H-search's bounds at the tree's nodes below the root (SearchSettings.hSearchWidth). */
  readonly nodeHSearchLimits: HSearchLimits;
  /** The tree's H-searches made off the search's thread, or null to make them at once (SearchSettings.hSearchLag). */
  readonly deferred: DeferredKnowledge | null;
  /** During a timed search, the move's deadline on performance.now()'s clock, where a tree node's H-search gives up; else +∞. */
  deadline: number;
}

/** Whether `position` has enough stones for H-search (TreeContext.hSearchFrom). */
export function stonesForHSearch(context: TreeContext, position: Position): boolean {
  if (context.hSearchFrom <= 0) return true;
  const cells = position.peekCells();
  let stones = 0;
  for (let c = 0; c < cells.length; c++) if (cells[c] !== 0) stones++;
  return stones >= context.hSearchFrom * cells.length;
}

export function treeContext(settings: SearchSettings): TreeContext {
  const knowledgeVisits = (settings.knowledgeThreshold ?? KNOWLEDGE_THRESHOLD) * settings.playoutsPerLeaf;
  const lag = settings.hSearchLag ?? H_SEARCH_LAG;
  return {
    settings,
    tactics: tacticSet(settings.tactics),
    amaf: keepsAmaf(settings.selection),
    next: randomStream(settings.seed),
    knowledgeVisits,
    hSearchVisits: Math.max(
      knowledgeVisits,
      (settings.hSearchThreshold ?? H_SEARCH_THRESHOLD) * settings.playoutsPerLeaf,
    ),
    amafVisits: (settings.amafFrom ?? AMAF_FROM) * settings.playoutsPerLeaf,
    expandVisits: (settings.expandAt ?? EXPAND_AT) * settings.playoutsPerLeaf,
    proximity: settings.proximityPrior ?? PROXIMITY_PRIOR,
    fpuReduction: settings.fpuReduction ?? FPU_REDUCTION,
    near: null,
    priorRefreshFactor: 1 + (settings.priorRefresh ?? PRIOR_REFRESH),
    hSearchFrom: settings.hSearchFrom ?? H_SEARCH_FROM,
    hSearchRecheck: settings.hSearchRecheck ?? H_SEARCH_RECHECK,
    nodeHSearchLimits: hSearchLimitsOfWidth(settings.hSearchWidth ?? H_SEARCH_WIDTH),
    deferred: lag > 0 ? new DeferredKnowledge(lag) : null,
    deadline: Number.POSITIVE_INFINITY,
    priorWeights:
      (settings.movePrior ?? MOVE_PRIOR) > 0 && keepsAmaf(settings.selection)
        ? new PriorWeights(settings.movePrior ?? MOVE_PRIOR)
        : null,
  };
}
