/**
 * H-search's answer remembered for the last board asked per player: the
 * root asks for the same board twice (its restriction, then its moves).
 */
import type { Player } from '../../game/color.js';
import { type Cells, type Geometry, sameCells } from '../../game/geometry.js';
import { perGeometry } from '../../game/per-geometry.js';
import { type GameConnections, gameConnections } from './h-search.js';
import { DEFAULT_H_SEARCH_LIMITS, type HSearchLimits, sameLimits } from './h-search-limits.js';

/** The last board each player was asked about, per geometry: the root asks for the same board twice (its restriction, then its moves). */
const lastAnswers = perGeometry(
  () => new Map<Player, { readonly cells: Cells; readonly limits: HSearchLimits; readonly found: GameConnections }>(),
);

/** gameConnections, remembered for the last board and limits asked per player. */
export function cachedGameConnections(
  g: Geometry,
  cells: Cells,
  player: Player,
  deadline = Number.POSITIVE_INFINITY,
  limits: HSearchLimits = DEFAULT_H_SEARCH_LIMITS,
): GameConnections {
  const last = lastAnswers(g).get(player);
  if (last !== undefined && sameLimits(last.limits, limits) && sameCells(last.cells, cells)) return last.found;
  const found = gameConnections(g, cells, player, limits, deadline);
  lastAnswers(g).set(player, { cells: cells.slice(), limits, found });
  return found;
}
