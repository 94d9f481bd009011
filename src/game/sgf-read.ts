/**
 * Reads a Hex position from SGF as HexGui writes it (the inverse of sgf.ts):
 * FF[4] GM[11] SZ[n], setup stones AB/AW, moves B/W by cell name (`e1`, not
 * SGF's letter pairs) or `swap-pieces`, and PL for the side to move. Only
 * the main line is read (the first variation at each branch); properties
 * that do not change the position (AP, C, PB, …) are skipped.
 */
import { Color, type Player } from './color.js';
import { GameKind, type Geometry, MAX_SIZE, checkSize, geometryOf } from './geometry.js';
import { parseCell } from './notation.js';
import type { Move } from './position.js';
import { SWAP } from './position.js';
import { SWAP_MOVE_NAME } from './sgf.js';

/** A stone an SGF file sets up with AB or AW. */
export interface SgfStone {
  readonly player: Player;
  readonly cell: number;
}

/** What an SGF file of Hex holds: the board, its setup stones, the main line and who moves. */
export interface SgfPosition {
  readonly geometry: Geometry;
  /** Stones placed by AB/AW, in the order the file gives them. */
  readonly setup: readonly SgfStone[];
  /** B/W moves of the main line, in order, as the file has them: after a swap in HexGui's view (swap-view.ts's otherView gives Position's). */
  readonly moves: readonly { readonly player: Player; readonly move: Move }[];
  /** The PL property of the last node that has one; null when none does. */
  readonly toMove: Player | null;
  /** The winner that the root's RE names (`B+…` or `W+…`, in the file's view); null without one. */
  readonly winner: Player | null;
  /** The players' names, PB's and PW's (null where the root has none): the colours they start with, in the file's view. */
  readonly names: { readonly black: string | null; readonly white: string | null };
}

type Node = Map<string, string[]>;

interface Tree {
  readonly nodes: Node[];
  readonly children: Tree[];
}

/** A recursive-descent reader of SGF's grammar: (;PROP[value]…;…(…)(…)). */
class SgfReader {
  private at = 0;

  constructor(private readonly text: string) {}

  readCollection(): Tree {
    this.skipSpace();
    if (this.text[this.at] !== '(') throw new Error('not SGF: it does not start with "("');
    return this.readTree();
  }

  private readTree(): Tree {
    this.expect('(');
    const nodes: Node[] = [];
    const children: Tree[] = [];
    for (;;) {
      this.skipSpace();
      const ch = this.text[this.at];
      if (ch === ';') {
        if (children.length > 0) throw this.error('a node after a variation');
        this.at++;
        nodes.push(this.readNode());
      } else if (ch === '(') {
        children.push(this.readTree());
      } else if (ch === ')') {
        this.at++;
        if (nodes.length === 0) throw this.error('an empty game tree');
        return { nodes, children };
      } else {
        throw this.error(ch === undefined ? 'the file ends inside a game tree' : `unexpected "${ch}"`);
      }
    }
  }

  private readNode(): Node {
    const node: Node = new Map();
    for (;;) {
      this.skipSpace();
      const m = /^[A-Za-z]+/.exec(this.text.slice(this.at, this.at + 16));
      if (!m) return node;
      // SGF's old style allowed lower-case letters in names (`AddBlack`); the upper-case ones are the identifier.
      const name = m[0].replace(/[a-z]/g, '');
      this.at += m[0].length;
      const values: string[] = [];
      this.skipSpace();
      while (this.text[this.at] === '[') {
        values.push(this.readValue());
        this.skipSpace();
      }
      if (values.length === 0) throw this.error(`property ${name} has no value`);
      node.set(name, [...(node.get(name) ?? []), ...values]);
    }
  }

  private readValue(): string {
    this.expect('[');
    let value = '';
    for (;;) {
      const ch = this.text[this.at++];
      if (ch === undefined) throw this.error('the file ends inside a property value');
      if (ch === ']') return value;
      if (ch === '\\') {
        const next = this.text[this.at++];
        if (next === undefined) throw this.error('the file ends inside a property value');
        // An escaped line break is a soft break: it disappears.
        if (next !== '\n' && next !== '\r') value += next;
      } else {
        value += ch;
      }
    }
  }

  private expect(ch: string): void {
    if (this.text[this.at] !== ch) throw this.error(`expected "${ch}"`);
    this.at++;
  }

  private skipSpace(): void {
    while (this.at < this.text.length && /\s/.test(this.text[this.at] as string)) this.at++;
  }

  private error(what: string): Error {
    const line = this.text.slice(0, this.at).split('\n').length;
    return new Error(`SGF line ${line}: ${what}`);
  }
}

function onlyValue(node: Node, name: string): string | undefined {
  const values = node.get(name);
  if (values === undefined) return undefined;
  if (values.length !== 1) throw new Error(`${name} has ${values.length} values, not one`);
  return values[0];
}

function playerOf(text: string, property: string): Player {
  const t = text.trim().toUpperCase();
  if (t === 'B') return Color.Black;
  if (t === 'W') return Color.White;
  throw new Error(`${property}[${text}] names no colour (B or W)`);
}

function rootGeometry(root: Node): Geometry {
  const gm = onlyValue(root, 'GM');
  if (gm !== undefined && gm.trim() !== '11') throw new Error(`GM[${gm}] is not Hex (GM[11])`);
  const sz = onlyValue(root, 'SZ');
  if (sz === undefined) throw new Error('the root has no board size (SZ)');
  const game = onlyValue(root, 'XY') === 'y' ? GameKind.Y : GameKind.Hex;
  const m = /^\s*(\d{1,3})(?::(\d{1,3}))?\s*$/.exec(sz);
  if (!m) throw new Error(`SZ[${sz}] is not a board size`);
  if (m[2] !== undefined && m[2] !== m[1]) throw new Error(`SZ[${sz}]: only square boards are supported`);
  const n = Number(m[1]);
  if (n < 1 || n > MAX_SIZE[game]) throw new Error(`SZ[${sz}]: the size must be from 1 to ${MAX_SIZE[game]}`);
  checkSize(game, n);
  return geometryOf(game, n);
}

/** The main line's nodes: the first variation at every branch. */
function mainLine(tree: Tree): Node[] {
  const nodes = [...tree.nodes];
  for (let t = tree.children[0]; t !== undefined; t = t.children[0]) nodes.push(...t.nodes);
  return nodes;
}

/**
 * The position of a HexGui SGF file; throws an Error saying what is wrong
 * (not SGF, not Hex, a cell off the board, a stone on an occupied cell).
 */
export function parseSgf(text: string): SgfPosition {
  const nodes = mainLine(new SgfReader(text).readCollection());
  const g = rootGeometry(nodes[0] as Node);
  const taken = new Uint8Array(g.cellCount);
  const setup: SgfStone[] = [];
  const moves: { player: Player; move: Move }[] = [];
  let toMove: Player | null = null;
  const place = (cell: number, name: string) => {
    if (taken[cell] !== 0) throw new Error(`${name} is played on a cell that is not empty`);
    taken[cell] = 1;
  };
  for (const node of nodes) {
    if (node.has('AE')) throw new Error('AE (removing stones) is not supported');
    for (const [property, player] of [
      ['AB', Color.Black],
      ['AW', Color.White],
    ] as const) {
      for (const name of node.get(property) ?? []) {
        const cell = parseCell(g, name);
        place(cell, name);
        setup.push({ player, cell });
      }
    }
    for (const property of ['B', 'W'] as const) {
      const value = onlyValue(node, property);
      if (value === undefined) continue;
      const player = playerOf(property, property);
      if (value.trim().toLowerCase() === SWAP_MOVE_NAME) {
        const first = moves[0];
        if (setup.length > 0 || moves.length !== 1 || first === undefined || first.move === SWAP)
          throw new Error(`${SWAP_MOVE_NAME} is only a second move, after one move and no setup stones`);
        // In HexGui's view the swap leaves the stones as they are (swap-view.ts).
        moves.push({ player, move: SWAP });
        continue;
      }
      const cell = parseCell(g, value);
      place(cell, value);
      moves.push({ player, move: cell });
    }
    const pl = onlyValue(node, 'PL');
    if (pl !== undefined) toMove = playerOf(pl, 'PL');
  }
  const result =
    onlyValue(nodes[0] as Node, 'RE')
      ?.trim()
      .toUpperCase() ?? '';
  const winner = result.startsWith('B+') ? Color.Black : result.startsWith('W+') ? Color.White : null;
  const names = { black: onlyValue(nodes[0] as Node, 'PB') ?? null, white: onlyValue(nodes[0] as Node, 'PW') ?? null };
  return { geometry: g, setup, moves, toMove, winner, names };
}
