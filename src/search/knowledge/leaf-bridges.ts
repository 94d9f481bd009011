/**
 * Bridges kept through the playouts (the `leaf-bridge` tactic). A playout
 * that fills the board at random breaks a bridge one time in four: the
 * opponent takes both cells of its carrier, where a player would have
 * answered the first intrusion. MoHex's playouts answer it; ours fill the
 * board at once, with no order to answer in, so the search does it before
 * the fill: each bridge of the leaf (two stones of different groups, or a
 * stone and a goal edge its group does not touch, sharing two empty cells)
 * gets one carrier cell for its owner and the other for the opponent, which
 * is how the carrier ends in a playout where the owner answers. Which cell
 * goes to which is drawn per leaf, and links whose carriers overlap are
 * taken in a random order, each only while its cells are free and its ends
 * not yet joined. Every playout of a leaf shares the draw; the leaves below
 * a node draw afresh, so a node's value averages over the draws.
 *
 * One stone is added for each side, so the side to move and the fill's
 * share of each colour stay as they were.
 */
import { Color, type Player, opponent } from '../../game/color.js';
import { type Cells, type Geometry } from '../../game/geometry.js';
import { perGeometry } from '../../game/per-geometry.js';
import { goalEdges } from './connect.js';
import { labelGroups } from './groups.js';
import { linkTable, root } from './virtual-connection.js';
import { remainder } from '../remainder.js';

interface Scratch {
  /** Union-find over both players' groups (black's ids first), and the goal edges each root touches. */
  readonly parent: Int32Array;
  readonly reach: Int32Array;
  /** Links found, six entries each: owner, group, other group or −1, edge bit or 0, carrier x, carrier y. */
  readonly links: number[];
}

const LINK = 6;

const scratchOf = perGeometry((g): Scratch => ({
  parent: new Int32Array(g.cellCount),
  reach: new Int32Array(g.cellCount),
  links: [],
}));

/** Adds `player`'s links to the scratch, its group ids offset by `base`; returns its group count. */
function collectLinks(g: Geometry, cells: Cells, player: Player, base: number, scratch: Scratch): number {
  const labels = labelGroups(g, cells, player);
  const goal = goalEdges(g, player);
  const { label, groupEdges } = labels;
  for (let id = 0; id < labels.groups; id++) {
    scratch.parent[base + id] = base + id;
    scratch.reach[base + id] = (groupEdges[id] as number) & goal;
  }
  const { bridgeStart, bridges, edgeLinkStart, edgeLinks, carriers } = linkTable(g);
  for (let a = 0; a < g.cellCount; a++) {
    if (cells[a] !== player) continue;
    const ga = base + (label[a] as number);
    for (let i = bridgeStart[a] as number; i < (bridgeStart[a + 1] as number); i += 3) {
      const b = bridges[i] as number;
      const x = bridges[i + 1] as number;
      const y = bridges[i + 2] as number;
      // Each bridge once, from its lower stone; a bridge inside a group joins nothing.
      if (b < a || cells[b] !== player || cells[x] !== Color.Empty || cells[y] !== Color.Empty || label[a] === label[b])
        continue;
      scratch.links.push(player, ga, base + (label[b] as number), 0, x, y);
    }
    for (let i = edgeLinkStart[a] as number; i < (edgeLinkStart[a + 1] as number); i += 3) {
      const edge = (edgeLinks[i] as number) & goal;
      const from = edgeLinks[i + 1] as number;
      // Edge bridges only (two cells); a ziggurat's eight cells have no single answer.
      if (edge === 0 || (edgeLinks[i + 2] as number) - from !== 2 || ((scratch.reach[ga] as number) & edge) !== 0)
        continue;
      const x = carriers[from] as number;
      const y = carriers[from + 1] as number;
      if (cells[x] === Color.Empty && cells[y] === Color.Empty) scratch.links.push(player, ga, -1, edge, x, y);
    }
  }
  return labels.groups;
}

/**
 * Splits the carriers of the bridges and edge bridges of both players in
 * `cells` (changed in place): one cell to the bridge's owner, the other to
 * its opponent, by `random` (32-bit draws). Returns the bridges split.
 */
export function splitBridges(g: Geometry, cells: Cells, random: () => number): number {
  const scratch = scratchOf(g);
  const { parent, reach, links } = scratch;
  links.length = 0;
  const blackGroups = collectLinks(g, cells, Color.Black, 0, scratch);
  collectLinks(g, cells, Color.White, blackGroups, scratch);
  const count = links.length / LINK;
  let split = 0;
  // A random order, drawn as it goes (a Fisher–Yates pass over the links).
  for (let i = 0; i < count; i++) {
    const pick = i + remainder(random(), count - i);
    if (pick !== i) {
      for (let f = 0; f < LINK; f++) {
        const t = links[i * LINK + f] as number;
        links[i * LINK + f] = links[pick * LINK + f] as number;
        links[pick * LINK + f] = t;
      }
    }
    const at = i * LINK;
    const owner = links[at] as Player;
    const x = links[at + 4] as number;
    const y = links[at + 5] as number;
    if (cells[x] !== Color.Empty || cells[y] !== Color.Empty) continue;
    const ra = root(parent, links[at + 1] as number);
    const other = links[at + 2] as number;
    const edge = links[at + 3] as number;
    if (other >= 0) {
      const rb = root(parent, other);
      if (ra === rb) continue;
      parent[rb] = ra;
      reach[ra] = (reach[ra] as number) | (reach[rb] as number);
    } else {
      if (((reach[ra] as number) & edge) !== 0) continue;
      reach[ra] = (reach[ra] as number) | edge;
    }
    const ownerFirst = (random() & 1) === 0;
    cells[x] = ownerFirst ? owner : opponent(owner);
    cells[y] = ownerFirst ? opponent(owner) : owner;
    split++;
  }
  return split;
}
