/**
 * The first move under the swap rule is not the strongest but the one
 * nearest an even game (knowledge/swap-rule.ts), each opening weighed by a
 * search of the replies to it, on fresh trees. The result's moves' visits
 * are the playouts of each opening's last search, and their win rates what
 * each opening is worth with the swap to come.
 */
import type { Position } from '../../game/position.js';
import { type OpeningStat, type ReplySearch, chooseSwapOpening, swapsInner } from '../knowledge/swap-rule.js';
import type { TacticSet } from '../knowledge/tactics.js';
import { type MoveStat, PLAYOUTS_WITHOUT_LIMITS, type SearchLimits, type SearchResult } from './result.js';
import { type SearchSettings, swapInnerRows } from './settings.js';

/** A fresh search with these settings (the tree's class, which this module does not import). */
export type NewSearch = (settings: SearchSettings) => {
  search(position: Position, limits: SearchLimits): Promise<SearchResult>;
};

/**
 * The first move of `position` (the empty Hex board under the swap rule):
 * each reply search at `swapSettings`, without H-search, seeded from
 * `settings.seed`; the openings the tree would swap at once are not weighed.
 */
export async function openUnderSwap(
  position: Position,
  limits: SearchLimits,
  settings: SearchSettings,
  swapSettings: SearchSettings,
  tactics: TacticSet,
  newSearch: NewSearch,
): Promise<SearchResult> {
  const asMoves = (openings: readonly OpeningStat[]): MoveStat[] =>
    openings.map((o) => ({ move: o.move, visits: o.playouts, winRate: o.value }));
  const { onProgress, signal } = limits;
  // Not H-search: with one stone on the board it finds nothing to prove, and at the root it costs
  // several times the rest of a short search of the replies.
  const replyTactics = new Set([...tactics].filter((t) => t !== 'h-search'));
  const searchReplies: ReplySearch = async (after, limit, index) => {
    const seed = (settings.seed ^ Math.imul(index + 1, 0x9e3779b9)) >>> 0;
    // A share of the playouts smaller than a leaf's K is one leaf of that share, so that the move keeps its limit.
    const playoutsPerLeaf = Math.max(1, Math.min(settings.playoutsPerLeaf, limit.playouts ?? Number.POSITIVE_INFINITY));
    const search = newSearch({ ...swapSettings, seed, playoutsPerLeaf, tactics: replyTactics });
    const result = await search.search(after, {
      ...limit,
      searchForced: true,
      ...(signal === undefined ? {} : { signal }),
    });
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
      ...(onProgress === undefined
        ? {}
        : {
            onProgress: (p) =>
              onProgress({
                playouts: p.playouts,
                rounds: p.searches,
                elapsedMs: p.elapsedMs,
                moves: asMoves(p.openings),
              }),
          }),
    },
    settings.seed,
    (cell) => !swapsInner(position.geometry, cell, swapInnerRows(settings, position.geometry.size)),
  );
  return {
    move: choice.move,
    winRate: choice.value,
    playouts: choice.playouts,
    rounds: choice.searches,
    reusedPlayouts: 0,
    expectedReply: null,
    tactic: null,
    moves: asMoves(choice.openings),
  };
}
