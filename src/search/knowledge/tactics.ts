/**
 * Exact tactics that random playouts miss: a move that wins at once, the
 * moves that stop every one-move win of the opponent, the moves that join
 * by virtual connections or stop every such threat of the opponent (the
 * must-play region), and the answer to an intrusion into a bridge. Each is
 * decided on the cells alone, so it stays exact (the must-play region
 * sound, as the connections are), and costs a few passes over the board.
 */
import { Color, type Player, opponent } from '../../game/color.js';
import { type CellIndex, type Cells, type Geometry, areNeighbors, neighborsOf } from '../../game/geometry.js';
import { goalEdges } from './connect.js';
import { perGeometry } from '../../game/per-geometry.js';
import { type Labels, labelGroups } from './groups.js';
import { DEFAULT_H_SEARCH_LIMITS, type HSearchLimits } from './h-search.js';
import { cachedGameConnections } from './h-search-cache.js';
import { completionCandidates, virtualCarrier, virtuallyConnected } from './virtual-connection.js';

/** Whether a stone of `player` on the empty cell `c` would touch every goal edge through its groups. */
function completes(g: Geometry, labels: Labels, c: number, goal: number): boolean {
  let touched = g.edges[c] as number;
  for (let k = g.neighborStart[c] as number; k < (g.neighborStart[c + 1] as number); k++) {
    const id = labels.label[g.neighbors[k] as number] as number;
    if (id >= 0) touched |= labels.groupEdges[id] as number;
  }
  return (touched & goal) === goal;
}

/**
 * The empty cells where a stone of `player` would complete a winning group:
 * each group of `player` is labelled once with the edges it touches, and a
 * cell wins when its own edges and its neighbouring groups' cover the goal.
 */
export function winningCells(g: Geometry, cells: Cells, player: Player): CellIndex[] {
  const goal = goalEdges(g, player);
  const labels = labelGroups(g, cells, player);
  const wins: CellIndex[] = [];
  for (let c = 0; c < g.cellCount; c++) if (cells[c] === Color.Empty && completes(g, labels, c, goal)) wins.push(c);
  return wins;
}

/**
 * A lower bound on the cells of a group that touches all of `player`'s goal
 * edges: min over cells c of 1 + Σ (d_i(c) − 1), d_i(c) the cells on a
 * shortest path from c to goal edge i, both ends counted. Exact for two
 * edges (a shortest path), a bound for Y's three: in any tree that touches
 * three edges, the paths from the median cell to them meet only there.
 * Hex n×n gives n. Kept per geometry and player.
 */
export function fewestCellsToWin(g: Geometry, player: Player): number {
  const cached = fewestCache(g);
  let fewest = cached.get(player);
  if (fewest === undefined) {
    const goal = goalEdges(g, player);
    const total = new Int32Array(g.cellCount).fill(1);
    for (let edge = 1; edge <= goal; edge <<= 1) {
      if ((goal & edge) === 0) continue;
      const distance = cellsToEdge(g, edge);
      for (let c = 0; c < g.cellCount; c++) (total[c] as number) += (distance[c] as number) - 1;
    }
    fewest = Math.min(...total);
    cached.set(player, fewest);
  }
  return fewest;
}

const fewestCache = perGeometry(() => new Map<Player, number>());

/** Per cell: the cells on a shortest path from it to a cell touching `edge`, both ends counted (breadth first). */
function cellsToEdge(g: Geometry, edge: number): Int32Array {
  const distance = new Int32Array(g.cellCount).fill(0);
  const queue: number[] = [];
  for (let c = 0; c < g.cellCount; c++) {
    if (((g.edges[c] as number) & edge) !== 0) {
      distance[c] = 1;
      queue.push(c);
    }
  }
  for (let head = 0; head < queue.length; head++) {
    const c = queue[head] as number;
    for (let k = g.neighborStart[c] as number; k < (g.neighborStart[c + 1] as number); k++) {
      const nb = g.neighbors[k] as number;
      if (distance[nb] === 0) {
        distance[nb] = (distance[c] as number) + 1;
        queue.push(nb);
      }
    }
  }
  return distance;
}

/**
 * Whether `player` has a move that wins at once: winningCells(…).length > 0,
 * stopping at the first. The search asks at every new node, mostly early in
 * the game, where a count of the stones already rules it out.
 */
export function hasWinningCell(g: Geometry, cells: Cells, player: Player): boolean {
  let stones = 0;
  for (let c = 0; c < g.cellCount; c++) if (cells[c] === player) stones++;
  if (stones + 1 < fewestCellsToWin(g, player)) return false;
  const goal = goalEdges(g, player);
  const labels = labelGroups(g, cells, player);
  for (let c = 0; c < g.cellCount; c++) if (cells[c] === Color.Empty && completes(g, labels, c, goal)) return true;
  return false;
}

/**
 * When the opponent of `toMove` has one-move wins: exactly the empty cells
 * after which the opponent has none left, or that win at once (possibly none at all: the game is
 * lost). Null when the opponent threatens nothing, so every move is a candidate.
 */
export function blockingMoves(g: Geometry, cells: Cells, toMove: Player): CellIndex[] | null {
  const them = opponent(toMove);
  const threats = winningCells(g, cells, them);
  if (threats.length === 0) return null;
  // A move that wins at once ends the game before any threat is carried out.
  const winsNow = new Set(winningCells(g, cells, toMove));
  const work = cells.slice();
  const blocks: CellIndex[] = [];
  for (let c = 0; c < g.cellCount; c++) {
    if (work[c] !== Color.Empty) continue;
    work[c] = toMove;
    if (winsNow.has(c) || winningCells(g, work, them).length === 0) blocks.push(c);
    work[c] = Color.Empty;
  }
  return blocks;
}

/**
 * The cells that restore the bridges of `toMove` which the opponent's stone
 * at `intrusion` has just entered: a bridge is two stones of `toMove` that
 * are not adjacent and share two empty-before neighbours, or a stone and a
 * goal edge it does not touch, through two adjacent cells on that edge.
 * The answer is the other cell of the pair, when it is still empty.
 */
export function bridgeAnswers(g: Geometry, cells: Cells, toMove: Player, intrusion: CellIndex): CellIndex[] {
  if (cells[intrusion] !== opponent(toMove)) return [];
  const goal = goalEdges(g, toMove);
  const answers = new Set<CellIndex>();
  for (const a of neighborsOf(g, intrusion)) {
    if (cells[a] !== toMove) continue;
    for (const other of neighborsOf(g, intrusion)) {
      if (cells[other] !== Color.Empty || !areNeighbors(g, a, other)) continue;
      // `other` and `intrusion` are the pair around stone a; what do they carry it to?
      const edgeBridge =
        ((g.edges[intrusion] as number) & (g.edges[other] as number) & goal & ~(g.edges[a] as number)) !== 0;
      const stoneBridge = neighborsOf(g, other).some(
        (b) => b !== a && cells[b] === toMove && areNeighbors(g, b, intrusion) && !areNeighbors(g, a, b),
      );
      if (edgeBridge || stoneBridge) answers.add(other);
    }
  }
  return [...answers].sort((x, y) => x - y);
}

/**
 * The empty cells where a stone of `player` would join its edges by virtual
 * connections (virtual-connection.ts): each wins, whoever moves next. Null
 * when `player` is joined already (every move then wins, or all but a few).
 */
export function connectingMoves(g: Geometry, cells: Cells, player: Player): CellIndex[] | null {
  const keys = completionCandidates(g, cells, player);
  if (keys === null) return null;
  const work = cells.slice();
  return keys.filter((x) => {
    work[x] = player;
    const joined = virtuallyConnected(g, work, player);
    work[x] = Color.Empty;
    return joined;
  });
}

/**
 * The moves `toMove` must choose from, or null when anything goes. Where a
 * stone of the opponent at x would join its edges by a virtual connection
 * with carrier C (a semi-connection, virtual-connection.ts), every move of
 * `toMove` outside C and x loses: the opponent plays x, and the connection
 * holds. So `toMove` must play in every such set at once (their
 * intersection: H-search's must-play region, by which MoHex prunes), or
 * win at once, which ends the game first: those moves are added. Empty
 * when the position is lost (the opponent is joined already, or its
 * semi-connections leave nothing). Sound, as the connections are; not
 * complete: other moves may lose too. With `hSearch`, the opponent's
 * semi-connections that H-search finds (h-search.ts) narrow the region too,
 * and its full connection empties it (H-search throws PastDeadline once
 * performance.now() passes `deadline`). A swap, which would hand the stones
 * over, is the caller's to rule out.
 */
export function mustPlay(
  g: Geometry,
  cells: Cells,
  toMove: Player,
  hSearch = false,
  deadline = Number.POSITIVE_INFINITY,
  limits: HSearchLimits = DEFAULT_H_SEARCH_LIMITS,
): CellIndex[] | null {
  const them = opponent(toMove);
  const keys = completionCandidates(g, cells, them);
  let allowed: Uint8Array | null = keys === null ? new Uint8Array(g.cellCount) : null;
  const keepOnly = (key: CellIndex, carrier: readonly CellIndex[]) => {
    const inside = new Uint8Array(g.cellCount);
    inside[key] = 1;
    for (const c of carrier) inside[c] = 1;
    if (allowed === null) allowed = inside;
    else for (let c = 0; c < g.cellCount; c++) allowed[c] = (allowed[c] as number) & (inside[c] as number);
  };
  if (keys !== null) {
    const work = cells.slice();
    for (const x of keys) {
      work[x] = them;
      const carrier = virtualCarrier(g, work, them);
      work[x] = Color.Empty;
      if (carrier !== null) keepOnly(x, carrier);
    }
  }
  if (hSearch) {
    const theirs = cachedGameConnections(g, cells, them, deadline, limits);
    if (theirs.full !== null) allowed = new Uint8Array(g.cellCount);
    for (const { key, carrier } of theirs.semis) keepOnly(key, carrier);
  }
  if (allowed === null) return null;
  for (const c of winningCells(g, cells, toMove)) allowed[c] = 1;
  const moves: CellIndex[] = [];
  for (let c = 0; c < g.cellCount; c++) if (allowed[c] === 1 && cells[c] === Color.Empty) moves.push(c);
  return moves;
}

/** The root's tactics, which restrict or decide the root's moves. */
export type TacticKind = 'win' | 'connect' | 'block' | 'mustplay' | 'bridge';

/**
 * Every tactic that can be switched on its own: the root's four (`mustplay`
 * also prunes every node of the tree as it is first searched); `leaf-win`,
 * which proves a leaf whose side to move has a one-move win (so the search
 * counts its playouts as certain instead of evaluating it); and `leaf-vc`,
 * which proves a leaf where either side has joined its edges by virtual
 * connections (virtual-connection.ts); and `h-search`, which at the root
 * plays only the keys of the side to move's semi-connections of the game
 * when H-search (h-search.ts) finds any (`connect`: each wins), and narrows
 * `mustplay`'s region there by the opponent's; and `dead`, which drops the
 * dead cells and captured pairs of Hex (dead-cells.ts) from the moves of the root and of every
 * node as `mustplay` prunes it, and fills them for `mustplay`'s analysis;
 * and `leaf-bridge`, which splits the carriers of the leaves' bridges
 * between the two sides before their playouts (leaf-bridges.ts), on boards
 * from a size up (SearchSettings.leafBridgeFrom);
 * and `inferior`, opt in, which drops the vulnerable and dominated cells of
 * Hex (inferior-cells.ts) from the moves of the root and of every node as it
 * is pruned.
 */
export const TACTICS = [
  'win',
  'block',
  'mustplay',
  'bridge',
  'leaf-win',
  'leaf-vc',
  'h-search',
  'dead',
  'leaf-bridge',
  'inferior',
] as const;
/** One of TACTICS, by its name. */
export type Tactic = (typeof TACTICS)[number];
/** The tactics a search uses. */
export type TacticSet = ReadonlySet<Tactic>;

/** The tactics that only a name switches on: no match has shown them to help, so `on` leaves them out. */
export const OPT_IN_TACTICS: readonly Tactic[] = ['inferior'];

/** Every tactic, the opt-in ones included. */
export const ALL_TACTICS: TacticSet = new Set(TACTICS);
/** The engine's tactics, `on`: every one but the opt-in ones. */
export const DEFAULT_TACTICS: TacticSet = new Set(TACTICS.filter((t) => !OPT_IN_TACTICS.includes(t)));
/** No tactic: the search alone. */
export const NO_TACTICS: TacticSet = new Set();

/** A search's `tactics` setting as the set it switches on: true the default set, false none. */
export function tacticSet(setting: boolean | TacticSet): TacticSet {
  return typeof setting === 'boolean' ? (setting ? DEFAULT_TACTICS : NO_TACTICS) : setting;
}

function isTactic(name: string): name is Tactic {
  return (TACTICS as readonly string[]).includes(name);
}

/** What `parseTactics` takes, for errors and help. */
export const TACTICS_SYNTAX = `on, off, or some of ${TACTICS.join(', ')} joined by , or + (on: all but ${OPT_IN_TACTICS.join(', ')}, which may be added to it)`;

/**
 * `on` (the default set), `off` (none) or a list of tactics joined by `,`
 * or `+` (the second fits inside a match's `key=value,…` settings):
 * `win+block`; `on` may head a list to add the opt-in tactics to the
 * default set: `on+inferior`.
 */
export function parseTactics(text: string): TacticSet {
  if (text === 'off') return NO_TACTICS;
  const [first, ...rest] = text.split(/[,+]/).map((s) => s.trim());
  const names = first === 'on' ? rest : [first as string, ...rest];
  const unknown = names.find((n) => !isTactic(n));
  if (unknown !== undefined) throw new Error(`unknown tactic "${unknown}" in "${text}" (expected ${TACTICS_SYNTAX})`);
  const set = new Set(names.filter(isTactic));
  return first === 'on' ? new Set([...DEFAULT_TACTICS, ...set]) : set;
}

/** The inverse of parseTactics: `on`, `off`, `on` and the opt-in tactics added, or the tactics in TACTICS' order joined by `,`. */
export function formatTactics(tactics: TacticSet): string {
  if (tactics.size === 0) return 'off';
  if (![...DEFAULT_TACTICS].every((t) => tactics.has(t))) return TACTICS.filter((t) => tactics.has(t)).join(',');
  return ['on', ...OPT_IN_TACTICS.filter((t) => tactics.has(t))].join(',');
}

export interface TacticalChoice {
  readonly kind: TacticKind;
  /** The only moves worth searching (one of them for a win). */
  readonly moves: readonly CellIndex[];
}

/**
 * The root's tactical restriction, by priority: win at once; else play a
 * key of a semi-connection of the game that H-search finds; else stop all
 * the opponent's one-move wins (when nothing stops them, no restriction:
 * the game is lost anyway); else play in the must-play region of the
 * opponent's semi-connections (mustPlay; when it is empty, no restriction
 * either); else answer a bridge intrusion by `lastMove`. A tactic not in
 * `enabled` is skipped, and the next one is asked. The caller leaves
 * `mustplay` out while a swap may come (mustPlay cannot see it).
 */
export function tacticalChoice(
  g: Geometry,
  cells: Cells,
  toMove: Player,
  lastMove: CellIndex | null,
  enabled: TacticSet = ALL_TACTICS,
): TacticalChoice | null {
  if (enabled.has('win')) {
    const wins = winningCells(g, cells, toMove);
    if (wins.length > 0) return { kind: 'win', moves: wins };
  }
  if (enabled.has('h-search')) {
    const ours = cachedGameConnections(g, cells, toMove);
    if (ours.semis.length > 0)
      return { kind: 'connect', moves: [...new Set(ours.semis.map((s) => s.key))].sort((a, b) => a - b) };
  }
  if (enabled.has('block')) {
    const blocks = blockingMoves(g, cells, toMove);
    if (blocks !== null) return blocks.length > 0 ? { kind: 'block', moves: blocks } : null;
  }
  if (enabled.has('mustplay')) {
    const must = mustPlay(g, cells, toMove, enabled.has('h-search'));
    if (must !== null) return must.length > 0 ? { kind: 'mustplay', moves: must } : null;
  }
  if (lastMove !== null && enabled.has('bridge')) {
    const answers = bridgeAnswers(g, cells, toMove, lastMove);
    if (answers.length > 0) return { kind: 'bridge', moves: answers };
  }
  return null;
}
