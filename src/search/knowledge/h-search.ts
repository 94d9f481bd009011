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
import { type CellIndex, type Cells, GameKind, type Geometry, sameCells } from '../../game/geometry.js';
import { popcount as wordPopcount } from '../../fill/fill.js';
import { goalEdges } from './connect.js';
import { labelGroups } from './groups.js';
import { perGeometry } from '../../game/per-geometry.js';

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

/** Bounds on the work; the defaults are what the search uses. */
export interface HSearchLimits {
  /** Full connections kept per pair of points. */
  readonly fullPerPair: number;
  /** Semi-connections kept per pair of points. */
  readonly semiPerPair: number;
  /** How many semi-connections, the new one included, the OR rule may combine. */
  readonly orDepth: number;
}

export const DEFAULT_H_SEARCH_LIMITS: HSearchLimits = { fullPerPair: 8, semiPerPair: 12, orDepth: 3 };

/** A set of cells, one bit each. */
type Bits = Uint32Array;

/** A carrier of a connection between two points: a full one, or a semi-connection with its key. */
interface Connection {
  readonly bits: Bits;
  /** How many cells `bits` holds: a carrier can only lie inside one at least as large. */
  readonly size: number;
  readonly key: number;
  /** False once a smaller carrier of the same pair made it redundant, or the list's bound dropped it. */
  alive: boolean;
}

interface Pair {
  /** Each list by carrier size, smallest first, at most the limits' length. */
  readonly full: Connection[];
  readonly semi: Connection[];
}

const NO_CELL = -1;

class Connections {
  readonly words: number;
  /** Per point: its cell if it is an empty cell, else NO_CELL. */
  readonly cellOf: number[] = [];
  /** Per point: whether it is a goal edge (an end, never a middle). */
  readonly isEdge: boolean[] = [];
  /** Per point: the points it has a full connection with, in the order found. */
  readonly fullNeighbours: number[][] = [];
  /** Per pair id (pairId), its lists; a flat table, since a map's look-ups were much of the AND rule's time. */
  private readonly pairs: (Pair | undefined)[];
  private readonly queue: { readonly x: number; readonly y: number; readonly full: Connection }[] = [];
  /** More than any point's number: a board has fewer groups and empty cells than cells, and at most three edges. */
  private readonly stride: number;
  /** Carriers are built here and copied only when kept: most candidates are not. */
  private readonly scratch: Bits;
  /** The OR rule's union and common cells, one pair per depth. */
  private readonly orUnion: Bits[];
  private readonly orCommon: Bits[];
  /** Hex's two goal edges: once they are fully connected the game is won, and the rest is not worth finding. */
  private goalPair = -1;
  /** Whether one semi-connection of the goal pair is enough, too. */
  private semiEnough = false;
  /** Set when the goal pair has what is enough: the rules stop. */
  done = false;

  constructor(
    cellCount: number,
    private readonly limits: HSearchLimits,
  ) {
    this.words = (cellCount + 31) >>> 5;
    this.stride = cellCount + 3;
    this.pairs = new Array<Pair | undefined>(this.stride * this.stride);
    this.scratch = new Uint32Array(this.words);
    this.orUnion = Array.from({ length: limits.orDepth + 1 }, () => new Uint32Array(this.words));
    this.orCommon = Array.from({ length: limits.orDepth + 1 }, () => new Uint32Array(this.words));
  }

  addPoint(cell: number, edge: boolean): number {
    this.cellOf.push(cell);
    this.isEdge.push(edge);
    this.fullNeighbours.push([]);
    return this.cellOf.length - 1;
  }

  private pairId(x: number, y: number): number {
    return x < y ? x * this.stride + y : y * this.stride + x;
  }

  pair(x: number, y: number): Pair | undefined {
    return this.pairs[this.pairId(x, y)];
  }

  /** Stop once `x` and `y` are fully connected (Hex's goal edges), or with `semiEnough` semi-connected. */
  stopAt(x: number, y: number, semiEnough: boolean): void {
    this.goalPair = this.pairId(x, y);
    this.semiEnough = semiEnough;
  }

  private pairMade(x: number, y: number): Pair {
    const id = this.pairId(x, y);
    let pair = this.pairs[id];
    if (pair === undefined) {
      pair = { full: [], semi: [] };
      this.pairs[id] = pair;
    }
    return pair;
  }

  /** A full connection x–y with carrier `bits` (copied if kept). */
  addFull(x: number, y: number, bits: Bits): void {
    const pair = this.pairMade(x, y);
    const size = popcount(bits);
    if (covers(pair.full, bits, size)) return;
    const hadNone = pair.full.length === 0;
    // A semi-connection whose carrier holds a full one's is of no more use.
    // Dead ones stay in the semi list until the next addSemi: the OR rule may be walking it.
    for (const s of pair.semi) if (s.alive && s.size >= size && subset(bits, s.bits)) s.alive = false;
    const full = insert(pair.full, { bits: bits.slice(), size, key: NO_CELL, alive: true }, this.limits.fullPerPair);
    if (full === null) return;
    if (this.pairId(x, y) === this.goalPair) this.done = true;
    if (hadNone) {
      (this.fullNeighbours[x] as number[]).push(y);
      (this.fullNeighbours[y] as number[]).push(x);
    }
    this.queue.push({ x, y, full });
  }

  /** A semi-connection x–y with carrier `bits` (copied if kept), key included. */
  private addSemi(x: number, y: number, bits: Bits, key: number): void {
    const pair = this.pairMade(x, y);
    const size = popcount(bits);
    if (covers(pair.full, bits, size) || covers(pair.semi, bits, size)) return;
    const semi = insert(pair.semi, { bits: bits.slice(), size, key, alive: true }, this.limits.semiPerPair);
    if (semi === null) return;
    if (this.semiEnough && this.pairId(x, y) === this.goalPair) this.done = true;
    // No subset of the semi-connections can have nothing in common when all of them share a cell.
    const shared = this.orCommon[0] as Bits;
    shared.set(semi.bits);
    for (const s of pair.semi) if (s.alive) andInto(shared, shared, s.bits);
    if (!isEmpty(shared)) return;
    (this.orUnion[0] as Bits).set(semi.bits);
    (this.orCommon[0] as Bits).set(semi.bits);
    this.orRule(x, y, pair.semi, semi, 0, 0);
  }

  /**
   * Combines the new semi-connection `fresh` with others of the pair from
   * index `from` on, each cutting the cells they all share (orCommon[depth];
   * their union is orUnion[depth]) until none is left: a full connection.
   */
  private orRule(
    x: number,
    y: number,
    semis: readonly Connection[],
    fresh: Connection,
    from: number,
    depth: number,
  ): void {
    const union = this.orUnion[depth] as Bits;
    const common = this.orCommon[depth] as Bits;
    for (let i = from; i < semis.length; i++) {
      const s = semis[i] as Connection;
      if (!s.alive || s === fresh) continue;
      if (!intersects(common, s.bits)) {
        orInto(this.scratch, union, s.bits);
        this.addFull(x, y, this.scratch);
        continue;
      }
      if (depth + 1 >= this.limits.orDepth) continue;
      const narrower = this.orCommon[depth + 1] as Bits;
      andInto(narrower, common, s.bits);
      if (equal(narrower, common)) continue;
      orInto(this.orUnion[depth + 1] as Bits, union, s.bits);
      this.orRule(x, y, semis, fresh, i + 1, depth + 1);
    }
  }

  /** Applies the AND rule to every new full connection until none is new. */
  close(): void {
    for (let q = 0; q < this.queue.length && !this.done; q++) {
      const { x, y, full } = this.queue[q] as { x: number; y: number; full: Connection };
      if (!full.alive) continue;
      this.andThrough(y, x, full.bits);
      if (full.alive) this.andThrough(x, y, full.bits);
    }
    this.queue.length = 0;
  }

  /** Joins `end`–`middle` (carrier `a`) to each full connection middle–z. */
  private andThrough(middle: number, end: number, a: Bits): void {
    if (this.isEdge[middle] === true) return;
    const middleCell = this.cellOf[middle] as number;
    const endCell = this.cellOf[end] as number;
    const around = this.fullNeighbours[middle] as number[];
    const bits = this.scratch;
    for (let i = 0; i < around.length && !this.done; i++) {
      const z = around[i] as number;
      if (z === end) continue;
      const zCell = this.cellOf[z] as number;
      if (zCell !== NO_CELL && has(a, zCell)) continue;
      const fulls = (this.pair(middle, z) as Pair).full;
      for (let j = 0; j < fulls.length; j++) {
        const b = fulls[j] as Connection;
        if (!b.alive || intersects(a, b.bits) || (endCell !== NO_CELL && has(b.bits, endCell))) continue;
        orInto(bits, a, b.bits);
        if (middleCell === NO_CELL) this.addFull(end, z, bits);
        else {
          bits[middleCell >>> 5] = (bits[middleCell >>> 5] as number) | (1 << (middleCell & 31));
          this.addSemi(end, z, bits, middleCell);
        }
      }
    }
  }
}

/** Whether a live carrier of `list` lies inside `bits` (of `size` cells). */
function covers(list: readonly Connection[], bits: Bits, size: number): boolean {
  for (const c of list) {
    if (c.size > size) break;
    if (c.alive && subset(c.bits, bits)) return true;
  }
  return false;
}

/**
 * Puts `item` into `list` by size, after dropping the carriers that hold
 * its own, and drops the largest when there are more than `limit`: the
 * item, or null when that was the item.
 */
function insert(list: Connection[], item: Connection, limit: number): Connection | null {
  for (const c of list) if (c.alive && c.size >= item.size && subset(item.bits, c.bits)) c.alive = false;
  compact(list);
  let at = list.length;
  while (at > 0 && (list[at - 1] as Connection).size > item.size) at--;
  if (at >= limit) return null;
  list.splice(at, 0, item);
  if (list.length > limit) (list.pop() as Connection).alive = false;
  return item;
}

function compact<T extends { alive: boolean }>(list: T[]): void {
  let kept = 0;
  for (const item of list) if (item.alive) list[kept++] = item;
  list.length = kept;
}

function subset(a: Bits, b: Bits): boolean {
  for (let i = 0; i < a.length; i++) if (((a[i] as number) & ~(b[i] as number)) !== 0) return false;
  return true;
}

function intersects(a: Bits, b: Bits): boolean {
  for (let i = 0; i < a.length; i++) if (((a[i] as number) & (b[i] as number)) !== 0) return true;
  return false;
}

function equal(a: Bits, b: Bits): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function or(a: Bits, b: Bits): Bits {
  const out = new Uint32Array(a.length);
  orInto(out, a, b);
  return out;
}

function orInto(out: Bits, a: Bits, b: Bits): void {
  for (let i = 0; i < a.length; i++) out[i] = (a[i] as number) | (b[i] as number);
}

function andInto(out: Bits, a: Bits, b: Bits): void {
  for (let i = 0; i < a.length; i++) out[i] = (a[i] as number) & (b[i] as number);
}

function popcount(a: Bits): number {
  let count = 0;
  for (let i = 0; i < a.length; i++) count += wordPopcount(a[i] as number);
  return count;
}

function isEmpty(a: Bits): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== 0) return false;
  return true;
}

function has(a: Bits, cell: number): boolean {
  return (((a[cell >>> 5] as number) >>> (cell & 31)) & 1) === 1;
}

function cellsOf(bits: Bits): CellIndex[] {
  const out: CellIndex[] = [];
  for (let w = 0; w < bits.length; w++) {
    for (let word = bits[w] as number; word !== 0; word &= word - 1) out.push(w * 32 + (31 - Math.clz32(word & -word)));
  }
  return out;
}

/** The points of `player`'s board and their base connections, closed under AND and OR. */
function connectionsOf(
  g: Geometry,
  cells: Cells,
  player: Player,
  limits: HSearchLimits,
  semiEnough: boolean,
): { connections: Connections; edgePoints: number[] } {
  const connections = new Connections(g.cellCount, limits);
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
  const noCells = new Uint32Array(connections.words);
  for (let c = 0; c < g.cellCount; c++) {
    if (cells[c] === player) pointOf[c] = groupPoint[labels.label[c] as number] as number;
    else if (cells[c] === Color.Empty) pointOf[c] = connections.addPoint(c, false);
  }
  for (let c = 0; c < g.cellCount; c++) {
    const p = pointOf[c] as number;
    if (p < 0) continue;
    for (let k = g.neighborStart[c] as number; k < (g.neighborStart[c + 1] as number); k++) {
      const q = pointOf[g.neighbors[k] as number] as number;
      if (q > p && connections.pair(p, q) === undefined) connections.addFull(p, q, noCells);
    }
    edgeBits.forEach((edge, i) => {
      const e = edgePoints[i] as number;
      if (((g.edges[c] as number) & edge) !== 0 && connections.pair(p, e) === undefined)
        connections.addFull(p, e, noCells);
    });
  }
  connections.close();
  return { connections, edgePoints };
}

/** The live carriers of one pair's list. */
function alive<T extends { alive: boolean }>(list: readonly T[] | undefined): T[] {
  return (list ?? []).filter((item) => item.alive);
}

/**
 * H-search for `player` on `cells`: the full and the semi-connections of its
 * goal it finds. Assumes the game is not over.
 */
export function gameConnections(
  g: Geometry,
  cells: Cells,
  player: Player,
  limits: HSearchLimits = DEFAULT_H_SEARCH_LIMITS,
): GameConnections {
  const { connections, edgePoints } = connectionsOf(g, cells, player, limits, false);
  if (g.game === GameKind.Hex) {
    const pair = connections.pair(edgePoints[0] as number, edgePoints[1] as number);
    const full = alive(pair?.full)[0];
    if (full !== undefined) return { full: cellsOf(full.bits), semis: [] };
    return { full: null, semis: alive(pair?.semi).map((s) => ({ key: s.key, carrier: cellsOf(s.bits) })) };
  }
  return hubConnections(connections, edgePoints);
}

/**
 * Whether H-search (default limits) finds a full or a semi-connection of
 * `player`'s goal: then `player`, to move, wins. In Hex it stops at the
 * first one, which gameConnections would find too.
 */
export function hasGameConnection(g: Geometry, cells: Cells, player: Player): boolean {
  if (g.game !== GameKind.Hex) {
    const found = gameConnections(g, cells, player);
    return found.full !== null || found.semis.length > 0;
  }
  const { connections, edgePoints } = connectionsOf(g, cells, player, DEFAULT_H_SEARCH_LIMITS, true);
  const pair = connections.pair(edgePoints[0] as number, edgePoints[1] as number);
  return alive(pair?.full).length > 0 || alive(pair?.semi).length > 0;
}

/** The first choice of one carrier from each list with no cell in two of them, as indices, or null. */
function firstDisjoint(lists: readonly (readonly Bits[])[]): number[] | null {
  const [a, b, c] = lists as [readonly Bits[], readonly Bits[], readonly Bits[]];
  for (let i = 0; i < a.length; i++) {
    for (let j = 0; j < b.length; j++) {
      if (intersects(a[i] as Bits, b[j] as Bits)) continue;
      for (let k = 0; k < c.length; k++)
        if (!intersects(a[i] as Bits, c[k] as Bits) && !intersects(b[j] as Bits, c[k] as Bits)) return [i, j, k];
    }
  }
  return null;
}

function unionOf(lists: readonly (readonly Bits[])[], chosen: readonly number[]): Bits {
  let union = (lists[0] as readonly Bits[])[chosen[0] as number] as Bits;
  for (let l = 1; l < chosen.length; l++) union = or(union, (lists[l] as readonly Bits[])[chosen[l] as number] as Bits);
  return union;
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
    const ways = sides.map((side) => {
      const pair = connections.pair(hub, side);
      return { full: alive(pair?.full).map((f) => f.bits), semi: alive(pair?.semi) };
    });
    const fulls = ways.map((w) => w.full);
    const allFull = firstDisjoint(fulls);
    if (allFull !== null) {
      const union = unionOf(fulls, allFull);
      if (hubCell === NO_CELL) return { full: cellsOf(union), semis: [] };
      union[hubCell >>> 5] = (union[hubCell >>> 5] as number) | (1 << (hubCell & 31));
      semis.push({ key: hubCell, carrier: cellsOf(union) });
      continue;
    }
    if (hubCell !== NO_CELL) continue;
    for (let s = 0; s < sides.length; s++) {
      const semiWay = (ways[s] as (typeof ways)[number]).semi;
      const lists = fulls.map((f, i) => (i === s ? semiWay.map((x) => x.bits) : f));
      const chosen = firstDisjoint(lists);
      if (chosen === null) continue;
      semis.push({ key: (semiWay[chosen[s] as number] as Connection).key, carrier: cellsOf(unionOf(lists, chosen)) });
      break;
    }
  }
  return { full: null, semis };
}

/** The last board each player was asked about, per geometry: the root asks for the same board twice (its restriction, then its moves). */
const lastAnswers = perGeometry(() => new Map<Player, { readonly cells: Cells; readonly found: GameConnections }>());

/** gameConnections with the default limits, remembered for the last board asked per player. */
export function cachedGameConnections(g: Geometry, cells: Cells, player: Player): GameConnections {
  const last = lastAnswers(g).get(player);
  if (last !== undefined && sameCells(last.cells, cells)) return last.found;
  const found = gameConnections(g, cells, player);
  lastAnswers(g).set(player, { cells: cells.slice(), found });
  return found;
}
