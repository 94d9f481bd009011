/**
 * H-search (Anshelevich, "A hierarchical approach to computer Hex",
 * Artificial Intelligence 134, 2002): virtual connections derived by two
 * rules, not read off fixed templates as virtual-connection.ts does.
 *
 * The points are the player's goal edges, its groups of stones and the
 * empty cells; a connection joins two points, its carrier the empty cells
 * it needs. A full connection (FC) holds whoever moves; a semi-connection
 * (SC) holds if the player moves first, at its key (in its carrier).
 * - Base: two adjacent points are fully connected, carrier empty.
 * - AND: x–u with carrier A and u–y with carrier B, A and B disjoint and
 *   neither holding the other's far end: through a group u, a full
 *   connection A ∪ B; through an empty cell u, a semi-connection
 *   A ∪ B ∪ {u} with key u.
 * - OR: semi-connections of one pair whose carriers have no cell in common
 *   make a full connection (whichever the opponent enters, the player plays
 *   the key of one it left alone), carrier their union.
 * Every connection it finds is sound; it does not find all (the lists per
 * pair and the OR rule's depth are bounded, so the work is too).
 *
 * What the search wants is the connection of the game: in Hex between the
 * two goal edges; in Y a group, or a cell, with full connections to all
 * three sides whose carriers are pairwise disjoint (and for a group, one of
 * them may be a semi-connection: its key makes it full).
 */
import type { Player } from '../../game/color.js';
import { Color } from '../../game/color.js';
import { type CellIndex, type Cells, GameKind, type Geometry } from '../../game/geometry.js';
import { goalEdges } from './connect.js';
import { labelGroups } from './groups.js';
import { CarrierPool } from './carrier-pool.js';
import { DEFAULT_H_SEARCH_LIMITS, type HSearchLimits } from './h-search-limits.js';

export { DEFAULT_H_SEARCH_LIMITS, type HSearchLimits, hSearchLimitsOfWidth } from './h-search-limits.js';

/** A semi-connection of the game: `player` plays `key` and is joined; every cell it needs is in `carrier` (key included). */
export interface SemiConnection {
  readonly key: CellIndex;
  readonly carrier: readonly CellIndex[];
}

/** What H-search finds for one player's goal. */
export interface GameConnections {
  /** The carrier of a full connection of the goal (the player has won, whoever moves), or null. */
  readonly full: readonly CellIndex[] | null;
  /** Semi-connections of the goal, each a win for the player if it moves (bounded in number; empty when `full` is set). */
  readonly semis: readonly SemiConnection[];
}

/** What H-search throws when it passes its deadline: it found too little to say anything sound, so it says nothing. */
export class PastDeadline extends Error {
  constructor() {
    super('H-search passed its deadline');
    this.name = 'PastDeadline';
  }
}

/** The full connections the AND rule takes between two looks at the clock: a look costs about what one of them does. */
const CLOCK_EVERY = 8;

const NO_CELL = -1;
/** What insert answers when it keeps nothing. */
const NONE = -1;
/** The set the rules build a carrier in before it is kept: most candidates are not. */
const SCRATCH = 0;
/** The AND rule's far-end test: the carrier it extends, with the end's cell. */
const AND_MASK = 1;

/** The points and their connections; the sets after AND_MASK are the OR rule's unions and common cells, one pair per depth. */
class Connections extends CarrierPool {
  /** Per point: its cell if it is an empty cell, else NO_CELL. */
  readonly cellOf: number[] = [];
  /** Per point: whether it is a goal edge (an end, never a middle). */
  readonly isEdge: boolean[] = [];
  /** Per point: the points it has a full connection with, in the order found. */
  readonly fullNeighbours: number[][] = [];
  /** Per point: beside each of its fullNeighbours, the pair's full connections (the AND rule walks them). */
  private readonly fullsAround: (readonly number[])[][] = [];
  private readonly unionAt: number;
  private readonly commonAt: number;
  /** Per pair id (pairId), 1 + its slot, 0 for none; a flat table, since a map's look-ups were much of the AND rule's time. */
  private readonly slotOf: Int32Array;
  /**
   * Per pair id, 1 once the pair has a live full connection with an empty
   * carrier: that one lies inside every carrier, so it stays, and it turns
   * away every later candidate of the pair.
   */
  private readonly tight: Uint8Array;
  /** Per slot, its pair's full and its semi-connections, each list by carrier size, smallest first, at most the limits' length. */
  private readonly fulls: number[][] = [];
  private readonly semis: number[][] = [];
  /** The new full connections, three numbers each: x, y, the connection. */
  private readonly queue: number[] = [];
  /** More than any point's number: a board has fewer groups and empty cells than cells, and at most three edges. */
  private readonly stride: number;
  /** Hex's two goal edges: once they are fully connected the game is won, and the rest is not worth finding. */
  private goalPair = -1;
  /** Whether one semi-connection of the goal pair is enough, too. */
  private semiEnough = false;
  /** Set when the goal pair has what is enough: the rules stop. */
  done = false;

  /** `deadline`: on performance.now()'s clock, when close() gives up (PastDeadline). */
  constructor(
    cellCount: number,
    private readonly limits: HSearchLimits,
    private readonly deadline: number,
  ) {
    super(cellCount, AND_MASK + 1 + 2 * (limits.orDepth + 1));
    this.stride = cellCount + 3;
    this.slotOf = new Int32Array(this.stride * this.stride);
    this.tight = new Uint8Array(this.stride * this.stride);
    this.unionAt = AND_MASK + 1;
    this.commonAt = this.unionAt + limits.orDepth + 1;
  }

  addPoint(cell: number, edge: boolean): number {
    this.cellOf.push(cell);
    this.isEdge.push(edge);
    this.fullNeighbours.push([]);
    this.fullsAround.push([]);
    return this.cellOf.length - 1;
  }

  private pairId(x: number, y: number): number {
    return x < y ? x * this.stride + y : y * this.stride + x;
  }

  /** The slot of the pair x–y, −1 for none. */
  private slot(x: number, y: number): number {
    return (this.slotOf[this.pairId(x, y)] as number) - 1;
  }

  private slotMade(pairId: number): number {
    let slot = (this.slotOf[pairId] as number) - 1;
    if (slot < 0) {
      slot = this.fulls.length;
      this.fulls.push([]);
      this.semis.push([]);
      this.slotOf[pairId] = slot + 1;
    }
    return slot;
  }

  hasPair(x: number, y: number): boolean {
    return this.slot(x, y) >= 0;
  }

  /** The live full connections of x–y, or its semi-connections, by carrier size. */
  live(x: number, y: number, semi: boolean): number[] {
    const slot = this.slot(x, y);
    if (slot < 0) return [];
    return ((semi ? this.semis : this.fulls)[slot] as number[]).filter((c) => this.alive[c] === 1);
  }

  keyOf(connection: number): number {
    return this.keys[connection] as number;
  }

  disjoint(a: number, b: number): boolean {
    return !this.intersects(a, b);
  }

  /** The cells of the union of the connections' carriers, and `cell` unless it is NO_CELL. */
  cellsOfUnion(connections: readonly number[], cell: number): CellIndex[] {
    this.clear(SCRATCH);
    for (const c of connections) this.orInto(SCRATCH, SCRATCH, c);
    if (cell !== NO_CELL) this.addCell(SCRATCH, cell);
    return this.cellsOf(SCRATCH);
  }

  /** Stop once `x` and `y` are fully connected (Hex's goal edges), or with `semiEnough` semi-connected. */
  stopAt(x: number, y: number, semiEnough: boolean): void {
    this.goalPair = this.pairId(x, y);
    this.semiEnough = semiEnough;
  }

  /** A base connection: two adjacent points, with no carrier. */
  addBase(x: number, y: number): void {
    this.clear(SCRATCH);
    this.addFull(x, y, SCRATCH, 0);
  }

  /** A full connection x–y with carrier set `set` of `size` cells (copied if kept). */
  private addFull(x: number, y: number, set: number, size: number): void {
    const pairId = this.pairId(x, y);
    const slot = this.slotMade(pairId);
    const fulls = this.fulls[slot] as number[];
    if (this.covers(fulls, set, size)) return;
    const hadNone = fulls.length === 0;
    // A semi-connection whose carrier holds a full one's is of no more use.
    // Dead ones stay in the semi list until the next addSemi: the OR rule may be walking it.
    for (const s of this.semis[slot] as number[])
      if ((this.sizes[s] as number) >= size && this.subset(set, s)) this.alive[s] = 0;
    const full = this.insert(fulls, set, size, NO_CELL, this.limits.fullPerPair);
    if (full === NONE) return;
    if (pairId === this.goalPair) this.done = true;
    if (size === 0 && this.alive[full] === 1) this.tight[pairId] = 1;
    if (hadNone) {
      (this.fullNeighbours[x] as number[]).push(y);
      (this.fullNeighbours[y] as number[]).push(x);
      (this.fullsAround[x] as (readonly number[])[]).push(fulls);
      (this.fullsAround[y] as (readonly number[])[]).push(fulls);
    }
    this.queue.push(x, y, full);
  }

  /** A semi-connection x–y with carrier set `set` of `size` cells (copied if kept), key included. */
  private addSemi(x: number, y: number, set: number, size: number, key: number): void {
    const pairId = this.pairId(x, y);
    const slot = this.slotMade(pairId);
    const semis = this.semis[slot] as number[];
    if (this.covers(this.fulls[slot] as number[], set, size) || this.covers(semis, set, size)) return;
    const semi = this.insert(semis, set, size, key, this.limits.semiPerPair);
    if (semi === NONE) return;
    if (this.semiEnough && pairId === this.goalPair) this.done = true;
    // No subset of the semi-connections can have nothing in common when all of them share a cell.
    const shared = this.commonAt;
    this.copy(shared, semi);
    let none = false;
    for (let i = 0; i < semis.length && !none; i++) {
      const s = semis[i] as number;
      if (this.alive[s] === 1) none = !this.andInto(shared, shared, s);
    }
    if (!none) return;
    this.copy(this.unionAt, semi);
    this.copy(this.commonAt, semi);
    this.orRule(x, y, semis, semi, 0, 0);
  }

  /**
   * Combines the new semi-connection `fresh` with others of the pair from
   * index `from` on, each cutting the cells they all share (common set
   * `depth`; union set `depth` is their union) until none is left: a full connection.
   */
  private orRule(x: number, y: number, semis: readonly number[], fresh: number, from: number, depth: number): void {
    const union = this.unionAt + depth;
    const common = this.commonAt + depth;
    for (let i = from; i < semis.length; i++) {
      const s = semis[i] as number;
      if (this.alive[s] === 0 || s === fresh) continue;
      if (!this.intersects(common, s)) {
        this.orInto(SCRATCH, union, s);
        this.addFull(x, y, SCRATCH, this.popcount(SCRATCH));
        continue;
      }
      // Deeper only if `s` cuts some of the shared cells.
      if (depth + 1 >= this.limits.orDepth || this.subset(common, s)) continue;
      this.andInto(common + 1, common, s);
      this.orInto(union + 1, union, s);
      this.orRule(x, y, semis, fresh, i + 1, depth + 1);
    }
  }

  /** Applies the AND rule to every new full connection until none is new, or throws PastDeadline. */
  close(): void {
    const queue = this.queue;
    const timed = this.deadline !== Number.POSITIVE_INFINITY;
    for (let q = 0, taken = 0; q < queue.length && !this.done; q += 3, taken++) {
      if (timed && taken % CLOCK_EVERY === 0 && performance.now() > this.deadline) throw new PastDeadline();
      const full = queue[q + 2] as number;
      if (this.alive[full] === 0) continue;
      this.andThrough(queue[q + 1] as number, queue[q] as number, full);
      if (this.alive[full] === 1) this.andThrough(queue[q] as number, queue[q + 1] as number, full);
    }
    queue.length = 0;
  }

  /** Joins `end`–`middle` (connection `a`) to each full connection middle–z. */
  private andThrough(middle: number, end: number, a: number): void {
    if (this.isEdge[middle] === true) return;
    const middleCell = this.cellOf[middle] as number;
    const endCell = this.cellOf[end] as number;
    const around = this.fullNeighbours[middle] as number[];
    const aroundFulls = this.fullsAround[middle] as (readonly number[])[];
    const aSize = this.sizes[a] as number;
    // One test turns away both a carrier that meets a's and one that holds end's cell.
    this.copy(AND_MASK, a);
    if (endCell !== NO_CELL) this.addCell(AND_MASK, endCell);
    for (let i = 0; i < around.length && !this.done; i++) {
      const z = around[i] as number;
      if (z === end) continue;
      const zCell = this.cellOf[z] as number;
      if (zCell !== NO_CELL && this.has(a, zCell)) continue;
      // Every candidate end–z would be turned away: no need to make them.
      if (this.tight[this.pairId(end, z)] === 1) continue;
      // A full list holds only live connections: insert takes out those it drops.
      const fulls = aroundFulls[i] as readonly number[];
      for (
        let j = this.nextDisjoint(fulls, 0, AND_MASK);
        j < fulls.length;
        j = this.nextDisjoint(fulls, j + 1, AND_MASK)
      ) {
        const b = fulls[j] as number;
        this.orInto(SCRATCH, a, b);
        // The carriers are disjoint: the union's size is the sum.
        const size = aSize + (this.sizes[b] as number);
        if (middleCell === NO_CELL) this.addFull(end, z, SCRATCH, size);
        else {
          const added = this.has(SCRATCH, middleCell) ? 0 : 1;
          this.addCell(SCRATCH, middleCell);
          this.addSemi(end, z, SCRATCH, size + added, middleCell);
        }
      }
    }
  }

  /** Whether a live carrier of `list` lies inside set `set` (of `size` cells). */
  private covers(list: readonly number[], set: number, size: number): boolean {
    for (let i = 0; i < list.length; i++) {
      const c = list[i] as number;
      if ((this.sizes[c] as number) > size) break;
      if (this.subset(c, set) && this.alive[c] === 1) return true;
    }
    return false;
  }

  /**
   * Puts set `set` (`size` cells, key `key`) into `list` by size as a new
   * connection, after dropping the dead and the carriers that hold it, and
   * drops the largest when there are more than `limit`: the connection, or
   * NONE when that was it.
   */
  private insert(list: number[], set: number, size: number, key: number, limit: number): number {
    let kept = 0;
    for (let i = 0; i < list.length; i++) {
      const c = list[i] as number;
      if (this.alive[c] === 0) continue;
      if ((this.sizes[c] as number) >= size && this.subset(set, c)) this.alive[c] = 0;
      else list[kept++] = c;
    }
    if (kept < list.length) list.length = kept;
    let at = kept;
    while (at > 0 && (this.sizes[list[at - 1] as number] as number) > size) at--;
    if (at >= limit) return NONE;
    const made = this.store(set, size, key);
    list.push(made);
    for (let i = list.length - 1; i > at; i--) list[i] = list[i - 1] as number;
    list[at] = made;
    if (list.length > limit) this.alive[list.pop() as number] = 0;
    return made;
  }
}

/** The points of `player`'s board and their base connections, closed under AND and OR. */
function connectionsOf(
  g: Geometry,
  cells: Cells,
  player: Player,
  limits: HSearchLimits,
  semiEnough: boolean,
  deadline: number,
): { connections: Connections; edgePoints: number[] } {
  const connections = new Connections(g.cellCount, limits, deadline);
  const goal = goalEdges(g, player);
  const edgePoints: number[] = [];
  const edgeBits: number[] = [];
  for (let edge = 1; edge <= goal; edge <<= 1) {
    if ((goal & edge) === 0) continue;
    edgePoints.push(connections.addPoint(NO_CELL, true));
    edgeBits.push(edge);
  }
  if (g.game === GameKind.Hex) connections.stopAt(edgePoints[0] as number, edgePoints[1] as number, semiEnough);
  const labels = labelGroups(g, cells, player);
  const groupPoint: number[] = [];
  for (let id = 0; id < labels.groups; id++) groupPoint.push(connections.addPoint(NO_CELL, false));
  const pointOf = new Int32Array(g.cellCount).fill(-1);
  for (let c = 0; c < g.cellCount; c++) {
    if (cells[c] === player) pointOf[c] = groupPoint[labels.label[c] as number] as number;
    else if (cells[c] === Color.Empty) pointOf[c] = connections.addPoint(c, false);
  }
  for (let c = 0; c < g.cellCount; c++) {
    const p = pointOf[c] as number;
    if (p < 0) continue;
    for (let k = g.neighborStart[c] as number; k < (g.neighborStart[c + 1] as number); k++) {
      const q = pointOf[g.neighbors[k] as number] as number;
      if (q > p && !connections.hasPair(p, q)) connections.addBase(p, q);
    }
    edgeBits.forEach((edge, i) => {
      const e = edgePoints[i] as number;
      if (((g.edges[c] as number) & edge) !== 0 && !connections.hasPair(p, e)) connections.addBase(p, e);
    });
  }
  connections.close();
  return { connections, edgePoints };
}

/**
 * H-search for `player` on `cells`: the full and the semi-connections of its
 * goal it finds. Assumes the game is not over. Throws PastDeadline once
 * performance.now() passes `deadline`.
 */
export function gameConnections(
  g: Geometry,
  cells: Cells,
  player: Player,
  limits: HSearchLimits = DEFAULT_H_SEARCH_LIMITS,
  deadline = Number.POSITIVE_INFINITY,
): GameConnections {
  const { connections, edgePoints } = connectionsOf(g, cells, player, limits, false, deadline);
  if (g.game === GameKind.Hex) {
    const [a, b] = edgePoints as [number, number];
    const full = connections.live(a, b, false)[0];
    if (full !== undefined) return { full: connections.cellsOfUnion([full], NO_CELL), semis: [] };
    const semis = connections.live(a, b, true);
    return {
      full: null,
      semis: semis.map((s) => ({ key: connections.keyOf(s), carrier: connections.cellsOfUnion([s], NO_CELL) })),
    };
  }
  return hubConnections(connections, edgePoints);
}

/**
 * Whether H-search finds a full or a semi-connection of `player`'s goal:
 * then `player`, to move, wins. In Hex it stops at the first one, which
 * gameConnections would find too.
 */
export function hasGameConnection(
  g: Geometry,
  cells: Cells,
  player: Player,
  deadline = Number.POSITIVE_INFINITY,
  limits: HSearchLimits = DEFAULT_H_SEARCH_LIMITS,
): boolean {
  if (g.game !== GameKind.Hex) {
    const found = gameConnections(g, cells, player, limits, deadline);
    return found.full !== null || found.semis.length > 0;
  }
  const { connections, edgePoints } = connectionsOf(g, cells, player, limits, true, deadline);
  const [a, b] = edgePoints as [number, number];
  return connections.live(a, b, false).length > 0 || connections.live(a, b, true).length > 0;
}

/** The first choice of one connection from each list whose carriers have no cell in two of them, or null. */
function firstDisjoint(connections: Connections, lists: readonly (readonly number[])[]): number[] | null {
  const [a, b, c] = lists as [readonly number[], readonly number[], readonly number[]];
  for (const i of a) {
    for (const j of b) {
      if (!connections.disjoint(i, j)) continue;
      for (const k of c) if (connections.disjoint(i, k) && connections.disjoint(j, k)) return [i, j, k];
    }
  }
  return null;
}

/**
 * Y's connections of the game, through one hub: a group, or a cell, whose
 * full connections to the three sides have pairwise disjoint carriers; a
 * group may have a semi-connection to one of them instead (its key is then
 * the key). One of each kind per hub.
 */
function hubConnections(connections: Connections, sides: readonly number[]): GameConnections {
  const semis: SemiConnection[] = [];
  for (let hub = 0; hub < connections.cellOf.length; hub++) {
    if (connections.isEdge[hub] === true) continue;
    const hubCell = connections.cellOf[hub] as number;
    const fulls = sides.map((side) => connections.live(hub, side, false));
    const allFull = firstDisjoint(connections, fulls);
    if (allFull !== null) {
      if (hubCell === NO_CELL) return { full: connections.cellsOfUnion(allFull, NO_CELL), semis: [] };
      semis.push({ key: hubCell, carrier: connections.cellsOfUnion(allFull, hubCell) });
      continue;
    }
    if (hubCell !== NO_CELL) continue;
    for (let s = 0; s < sides.length; s++) {
      const semiWay = connections.live(hub, sides[s] as number, true);
      const chosen = firstDisjoint(
        connections,
        fulls.map((f, i) => (i === s ? semiWay : f)),
      );
      if (chosen === null) continue;
      semis.push({ key: connections.keyOf(chosen[s] as number), carrier: connections.cellsOfUnion(chosen, NO_CELL) });
      break;
    }
  }
  return { full: null, semis };
}
