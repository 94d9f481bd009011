/**
 * Virtual connections built from bridges: does a player join its goal edges
 * whatever the opponent does? A bridge is two stones of the player that
 * share two empty neighbours (its carrier); an edge bridge is a stone and
 * two empty neighbours that both touch a goal edge the stone does not.
 * Whichever carrier cell the opponent takes, the player takes the other and
 * the link holds. Links whose carriers share no cell hold together (answer
 * each intrusion in its own carrier; an opponent's stone enters at most
 * one), so stones joined by such links to every goal edge are a win for
 * the player, whoever is to move.
 *
 * The links are taken greedily, a link only when its carrier is still
 * unused: sound (every yes is a win), not complete (a different choice of
 * links, or a template beyond the ziggurat, may connect where this says
 * no). A stone two rows from a side is linked to it by the ziggurat (edge
 * template IIIa) too, its carrier eight cells. It is a few
 * passes over the board, cheap enough for every new node of a search (the
 * `leaf-vc` tactic), where it proves what random playouts would only
 * estimate.
 */
import { Color, type Player, opponent } from '../../game/color.js';
import {
  type CellIndex,
  type Cells,
  GameKind,
  type Geometry,
  HexEdge,
  YSide,
  areNeighbors,
  neighborsOf,
} from '../../game/geometry.js';
import { perGeometry } from '../../game/per-geometry.js';
import { goalEdges } from './connect.js';
import { type Labels, labelGroups } from './groups.js';

/**
 * Every possible link of a board, as flat tables grouped by the link's
 * first stone (a link of cell c is at entries start[c] … start[c + 1] − 1),
 * so that a check visits only the links of the player's own stones.
 */
export interface LinkTable {
  readonly bridgeStart: Int32Array;
  /** Bridges, three entries each: the other stone, carrier x, carrier y; each bridge listed under both its stones. */
  readonly bridges: Int32Array;
  readonly edgeLinkStart: Int32Array;
  /**
   * Links to an edge, three entries each: the edge bit and the link's
   * carrier as carriers[from … to); a cell's edge bridges (two cells) come
   * before its ziggurats (eight).
   */
  readonly edgeLinks: Int32Array;
  readonly carriers: Int32Array;
}

/**
 * The ziggurat (edge template IIIa) of a Hex stone on the third row, for
 * the top edge, as (row, column) steps from the stone, in its two mirror
 * images: the stone's neighbour on its row and the three cells and four
 * cells of the two rows nearest the edge. That the stone's side keeps the
 * stone joined to the edge whatever the other side plays in it is checked
 * by the exact solver in test/search/virtual-connection.test.ts. The other
 * sides', and Y's, follow by the boards' symmetries (zigguratSides).
 */
export const ZIGGURATS: readonly (readonly (readonly [number, number])[])[] = [
  [
    [0, 1],
    [-1, 0],
    [-1, 1],
    [-1, 2],
    [-2, 0],
    [-2, 1],
    [-2, 2],
    [-2, 3],
  ],
  [
    [0, -1],
    [-1, -1],
    [-1, 0],
    [-1, 1],
    [-2, -1],
    [-2, 0],
    [-2, 1],
    [-2, 2],
  ],
];

/** A side of a board as a ziggurat sees it. */
interface ZigguratSide {
  readonly edge: number;
  /** How many rows a cell lies from this side (0: it touches it). */
  readonly distance: (cell: number) => number;
  /** A step of ZIGGURATS (drawn for Hex's top edge) turned to this side. */
  readonly turn: (dr: number, dc: number) => readonly [number, number];
}

/**
 * Each board's sides and how ZIGGURATS' steps turn to them. Hex: half a turn
 * for the bottom; rows for columns (a mirror along the long diagonal, which
 * keeps Hex's neighbours) for the left, and that turned for the right. Y:
 * (r, c) → (−r, c) maps Hex's neighbours onto Y's, so the top edge's steps
 * serve Y's bottom with their rows negated; the turn of the Y board that
 * takes its bottom to its left side, (r, c) → (n − 1 − r + c, n − 1 − r),
 * steps (dr, dc) → (dc − dr, −dr), and twice, to its right side.
 */
function zigguratSides(g: Geometry): readonly ZigguratSide[] {
  const n = g.size as number;
  const row = (cell: number) => g.row[cell] as number;
  const col = (cell: number) => g.col[cell] as number;
  if (g.game === GameKind.Hex) {
    return [
      { edge: HexEdge.Top, distance: (c) => row(c), turn: (dr, dc) => [dr, dc] },
      { edge: HexEdge.Bottom, distance: (c) => n - 1 - row(c), turn: (dr, dc) => [-dr, -dc] },
      { edge: HexEdge.Left, distance: (c) => col(c), turn: (dr, dc) => [dc, dr] },
      { edge: HexEdge.Right, distance: (c) => n - 1 - col(c), turn: (dr, dc) => [-dc, -dr] },
    ];
  }
  return [
    { edge: YSide.Bottom, distance: (c) => n - 1 - row(c), turn: (dr, dc) => [-dr, dc] },
    { edge: YSide.Left, distance: (c) => col(c), turn: (dr, dc) => [dr + dc, dr] },
    { edge: YSide.Right, distance: (c) => row(c) - col(c), turn: (dr, dc) => [-dc, -dr - dc] },
  ];
}

/**
 * The links, found from the neighbour lists alone (so Hex and Y alike): a
 * bridge is a pair of non-adjacent cells with exactly two common neighbours;
 * an edge bridge is a cell and two of its neighbours that touch an edge it
 * does not touch; the ziggurats come from addZiggurats.
 */
function linksOf(g: Geometry): LinkTable {
  const bridges: number[][] = Array.from({ length: g.cellCount }, () => []);
  const edgeLinks: { cell: number; edge: number; carrier: readonly number[] }[] = [];
  const addEdgeLink = (cell: number, edge: number, carrier: readonly number[]) =>
    edgeLinks.push({ cell, edge, carrier });
  for (let a = 0; a < g.cellCount; a++) {
    const around = neighborsOf(g, a);
    const common = new Map<number, number[]>();
    for (const x of around) {
      for (const b of neighborsOf(g, x)) {
        if (b <= a || areNeighbors(g, a, b)) continue;
        const shared = common.get(b) ?? [];
        shared.push(x);
        common.set(b, shared);
      }
    }
    for (const [b, shared] of common) {
      if (shared.length !== 2) continue;
      (bridges[a] as number[]).push(b, shared[0] as number, shared[1] as number);
      (bridges[b] as number[]).push(a, shared[0] as number, shared[1] as number);
    }
    for (let edge = 1; edge <= 0x80; edge <<= 1) {
      if (((g.edges[a] as number) & edge) !== 0) continue;
      const onEdge = around.filter((x) => ((g.edges[x] as number) & edge) !== 0);
      for (let i = 0; i < onEdge.length; i++)
        for (let j = i + 1; j < onEdge.length; j++) addEdgeLink(a, edge, [onEdge[i] as number, onEdge[j] as number]);
    }
  }
  addZiggurats(g, addEdgeLink);
  // By cell, and within a cell the small carriers first (a stable sort keeps the rest in order).
  edgeLinks.sort((p, q) => p.cell - q.cell || p.carrier.length - q.carrier.length);
  const edgeLinkStart = new Int32Array(g.cellCount + 1);
  const flatEdgeLinks: number[] = [];
  const carriers: number[] = [];
  let next = 0;
  for (let c = 0; c < g.cellCount; c++) {
    edgeLinkStart[c] = flatEdgeLinks.length;
    for (; next < edgeLinks.length && (edgeLinks[next] as { cell: number }).cell === c; next++) {
      const { edge, carrier } = edgeLinks[next] as { edge: number; carrier: readonly number[] };
      flatEdgeLinks.push(edge, carriers.length, carriers.length + carrier.length);
      carriers.push(...carrier);
    }
  }
  edgeLinkStart[g.cellCount] = flatEdgeLinks.length;
  const bridgeStart = new Int32Array(g.cellCount + 1);
  for (let c = 0; c < g.cellCount; c++)
    bridgeStart[c + 1] = (bridgeStart[c] as number) + (bridges[c] as number[]).length;
  return {
    bridgeStart,
    bridges: Int32Array.from(bridges.flat()),
    edgeLinkStart,
    edgeLinks: Int32Array.from(flatEdgeLinks),
    carriers: Int32Array.from(carriers),
  };
}

/** Every ziggurat that lies wholly on the board: of each stone two rows from a side, both mirror images. */
function addZiggurats(g: Geometry, add: (cell: number, edge: number, carrier: readonly number[]) => void): void {
  for (const side of zigguratSides(g)) {
    for (const shape of ZIGGURATS) {
      for (let cell = 0; cell < g.cellCount; cell++) {
        if (side.distance(cell) !== 2) continue;
        const r = g.row[cell] as number;
        const c = g.col[cell] as number;
        const carrier = shape.map(([dr, dc]) => {
          const [tr, tc] = side.turn(dr, dc);
          return g.index(r + tr, c + tc);
        });
        if (carrier.every((x) => x >= 0)) add(cell, side.edge, carrier);
      }
    }
  }
}

interface Scratch {
  readonly links: LinkTable;
  /** Per cell: the group id of the stone whose link took it as carrier, −1 while unused. */
  readonly owner: Int32Array;
  /** Union-find over group ids, and the goal edges each root reaches. */
  readonly parent: Int32Array;
  readonly reach: Int32Array;
  /** The groups the last `join` labelled. */
  labels: Labels | null;
}

const scratchOf = perGeometry((g): Scratch => ({
  links: linksOf(g),
  owner: new Int32Array(g.cellCount),
  parent: new Int32Array(g.cellCount),
  reach: new Int32Array(g.cellCount),
  labels: null,
}));

/** Every possible bridge and edge link of a board (made once per geometry). */
export function linkTable(g: Geometry): LinkTable {
  return scratchOf(g).links;
}

/** The root of a union-find forest's node `i`, halving the path on the way. */
export function root(parent: Int32Array, i: number): number {
  while (parent[i] !== i) {
    const up = parent[parent[i] as number] as number;
    parent[i] = up;
    i = up;
  }
  return i;
}

/** join's answer when no group reached the goal (else it names that group's root, and the carriers of its links are those whose owner has that root). */
const NOT_JOINED = -1;

/**
 * The greedy joining behind virtuallyConnected: the root group id that
 * reaches every goal edge, or NOT_JOINED. Leaves the labels, the union-find
 * and the carriers' owners in the scratch, for virtualCarrier and
 * mustPlay to read until the next call for the board.
 */
function join(g: Geometry, cells: Cells, player: Player): number {
  const goal = goalEdges(g, player);
  const labels = labelGroups(g, cells, player);
  const scratch = scratchOf(g);
  const { links, owner, parent, reach } = scratch;
  scratch.labels = labels;
  owner.fill(-1);
  for (let id = 0; id < labels.groups; id++) {
    parent[id] = id;
    reach[id] = (labels.groupEdges[id] as number) & goal;
    if (reach[id] === goal) return id;
  }
  if (labels.groups === 0) return NOT_JOINED;
  const { label } = labels;
  const { bridgeStart, bridges, edgeLinkStart, edgeLinks, carriers } = links;
  for (let a = 0; a < g.cellCount; a++) {
    if (cells[a] !== player) continue;
    for (let i = bridgeStart[a] as number; i < (bridgeStart[a + 1] as number); i += 3) {
      const b = bridges[i] as number;
      const x = bridges[i + 1] as number;
      const y = bridges[i + 2] as number;
      // Each bridge once, from its lower stone.
      if (
        b < a ||
        cells[b] !== player ||
        cells[x] !== Color.Empty ||
        cells[y] !== Color.Empty ||
        owner[x] !== -1 ||
        owner[y] !== -1
      )
        continue;
      const ra = root(parent, label[a] as number);
      const rb = root(parent, label[b] as number);
      if (ra === rb) continue;
      owner[x] = ra;
      owner[y] = ra;
      parent[rb] = ra;
      reach[ra] = (reach[ra] as number) | (reach[rb] as number);
      if (reach[ra] === goal) return ra;
    }
  }
  for (let a = 0; a < g.cellCount; a++) {
    if (cells[a] !== player) continue;
    for (let i = edgeLinkStart[a] as number; i < (edgeLinkStart[a + 1] as number); i += 3) {
      const edge = (edgeLinks[i] as number) & goal;
      if (edge === 0) continue;
      const ra = root(parent, label[a] as number);
      if (((reach[ra] as number) & edge) !== 0) continue;
      const from = edgeLinks[i + 1] as number;
      const to = edgeLinks[i + 2] as number;
      let free = true;
      for (let k = from; k < to && free; k++) {
        const x = carriers[k] as number;
        free = cells[x] === Color.Empty && owner[x] === -1;
      }
      if (!free) continue;
      for (let k = from; k < to; k++) owner[carriers[k] as number] = ra;
      reach[ra] = (reach[ra] as number) | edge;
      if (reach[ra] === goal) return ra;
    }
  }
  return NOT_JOINED;
}

/**
 * Whether `player` joins all its goal edges (Hex: its two sides; Y: all
 * three) through its stones, bridges, edge bridges and ziggurats with
 * pairwise disjoint carriers: then it wins whoever moves. False is no proof
 * of anything. `ruleOutEarly` false skips the pass that rules a board out
 * before the groups are labelled (the same answer, slower: for the tests).
 */
export function virtuallyConnected(g: Geometry, cells: Cells, player: Player, ruleOutEarly = true): boolean {
  return (!ruleOutEarly || linksMayReachGoal(g, cells, player)) && join(g, cells, player) !== NOT_JOINED;
}

/** Per cell: the edges a stone there touches or has a link to (an edge bridge or a ziggurat). */
const edgesInReach = perGeometry((g): Int32Array => {
  const { edgeLinkStart, edgeLinks } = linkTable(g);
  const near = new Int32Array(g.cellCount);
  for (let c = 0; c < g.cellCount; c++) {
    let edges = g.edges[c] as number;
    for (let i = edgeLinkStart[c] as number; i < (edgeLinkStart[c + 1] as number); i += 3)
      edges |= edgeLinks[i] as number;
    near[c] = edges;
  }
  return near;
});

/**
 * The goal edges none of `player`'s stones touches or links to. A group
 * reaches only the edges its stones do, so while any is left join finds
 * nothing: a pass over the cells, where join labels the groups, rules out
 * most boards of a search.
 */
function goalOutOfReach(g: Geometry, cells: Cells, player: Player): number {
  const near = edgesInReach(g);
  let reached = 0;
  for (let c = 0; c < g.cellCount; c++) if (cells[c] === player) reached |= near[c] as number;
  return goalEdges(g, player) & ~reached;
}

function linksMayReachGoal(g: Geometry, cells: Cells, player: Player): boolean {
  return goalOutOfReach(g, cells, player) === 0;
}

/**
 * The empty cells a connection of virtuallyConnected's rests on: the
 * carriers of the links of the group that reached the goal (links the
 * greedy pass made elsewhere are left out). A stone of the opponent outside
 * them leaves the connection standing. Null when there is no connection.
 */
export function virtualCarrier(g: Geometry, cells: Cells, player: Player): CellIndex[] | null {
  if (!linksMayReachGoal(g, cells, player)) return null;
  const joined = join(g, cells, player);
  if (joined === NOT_JOINED) return null;
  const { owner, parent } = scratchOf(g);
  const carrier: CellIndex[] = [];
  for (let c = 0; c < g.cellCount; c++)
    if (owner[c] !== -1 && root(parent, owner[c] as number) === joined) carrier.push(c);
  return carrier;
}

/**
 * The empty cells where a stone of `player` might complete a connection
 * (null when `player` is joined already): with the goal edges the cell
 * reaches itself (by touching, an edge bridge or a ziggurat) and those of
 * the groups the greedy pass joined that it touches or bridges to, it would
 * reach them all. Optimistic, as it ignores the carriers' overlaps: a sieve
 * before the exact check (virtualCarrier with the stone), which decides. Not
 * a complete one: a stone can change which links the greedy pass takes, so
 * a cell not listed may still join. `ruleOutEarly` as in virtuallyConnected.
 */
export function completionCandidates(
  g: Geometry,
  cells: Cells,
  player: Player,
  ruleOutEarly = true,
): CellIndex[] | null {
  // A stone at x reaches only what its own links and the groups it meets do: the goal edges out of the stones' reach must be x's.
  const missing = ruleOutEarly ? goalOutOfReach(g, cells, player) : 0;
  const near = edgesInReach(g);
  const mayComplete = (x: CellIndex) => cells[x] === Color.Empty && ((near[x] as number) & missing) === missing;
  if (missing !== 0) {
    let any = false;
    for (let x = 0; x < g.cellCount && !any; x++) any = mayComplete(x);
    if (!any) return [];
  }
  if (join(g, cells, player) !== NOT_JOINED) return null;
  const goal = goalEdges(g, player);
  const { links, parent, reach, labels } = scratchOf(g);
  const label = (labels as Labels).label;
  const { bridgeStart, bridges, edgeLinkStart, edgeLinks, carriers } = links;
  const reachOf = (stone: number) => reach[root(parent, label[stone] as number)] as number;
  const candidates: CellIndex[] = [];
  for (let x = 0; x < g.cellCount; x++) {
    if (!mayComplete(x)) continue;
    let reached = (g.edges[x] as number) & goal;
    for (let k = g.neighborStart[x] as number; k < (g.neighborStart[x + 1] as number); k++) {
      const nb = g.neighbors[k] as number;
      if (cells[nb] === player) reached |= reachOf(nb);
    }
    for (let i = bridgeStart[x] as number; i < (bridgeStart[x + 1] as number); i += 3) {
      const other = bridges[i] as number;
      if (
        cells[other] === player &&
        cells[bridges[i + 1] as number] === Color.Empty &&
        cells[bridges[i + 2] as number] === Color.Empty
      )
        reached |= reachOf(other);
    }
    for (let i = edgeLinkStart[x] as number; i < (edgeLinkStart[x + 1] as number) && reached !== goal; i += 3) {
      const edge = (edgeLinks[i] as number) & goal;
      if ((reached & edge) === edge) continue;
      let free = true;
      for (let k = edgeLinks[i + 1] as number; k < (edgeLinks[i + 2] as number) && free; k++)
        free = cells[carriers[k] as number] === Color.Empty;
      if (free) reached |= edge;
    }
    if (reached === goal) candidates.push(x);
  }
  return candidates;
}

/**
 * The side that has joined its goal edges by virtual connections (the side
 * to move asked first; both cannot be), or null when neither has: the
 * position's winner whoever moves, as far as virtuallyConnected can tell.
 */
export function virtualWinner(g: Geometry, cells: Cells, toMove: Player): Player | null {
  if (virtuallyConnected(g, cells, toMove)) return toMove;
  const waiting = opponent(toMove);
  return virtuallyConnected(g, cells, waiting) ? waiting : null;
}
