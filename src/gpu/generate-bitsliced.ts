/**
 * Writes the WGSL entry point of the unrolled bit-sliced kernel for one
 * geometry: straight-line code in which every slice word (one triangle cell
 * of 32 boards) is a named scalar, so a compiler can keep them all in
 * registers. WGSL has no unroll pragma, and a private array indexed by a loop
 * variable ends up in (slow, spilled) memory on most GPUs; named scalars and
 * constant neighbours do not.
 *
 * - The fill of playouts draws every board's choices first (one bit per
 *   empty cell, fill.wgsl's stream and order), transposes them 32 boards at
 *   a time as the CPU's fill-slices.ts does, and then writes each slice word
 *   once: a stone of the position is the same word for every board, the e-th
 *   empty cell is transposed word e. Given boards, which differ board by
 *   board, set their bits cell by cell (filled_colour).
 * - The reduction is shaders/bitsliced.wgsl's (twin: src/wintest/bitsliced.ts),
 *   pass by pass, with every neighbour index resolved here. Each pass's words
 *   are fresh `let`s (single assignment), which also leaves the filled words
 *   intact for the ownership tally.
 * - The Hex template never changes under the reduction (bitsliced.ts says
 *   why), so its cells are constants, and a majority with a constant operand
 *   is simplified here: maj(a, all, c) = a | c, maj(a, none, c) = a & c.
 *
 * The reduction's code grows as the cube of the side and its live words as
 * the board, so it is generated only for boards of up to UNROLLED_MAX_CELLS
 * cells; larger boards run the looped kernel (kernel-table.ts).
 */
import type { BprLayout } from '../game/reduction-triangle.js';

/**
 * The largest board generated, in cells: Hex 14 (196) and Y 19 (190). Every
 * board cell's word is live at the first pass, and a GPU thread has at most
 * 255 registers (NVIDIA), so larger boards would spill anyway. Compiling the
 * straight-line code also grows steeply with the board, on SwiftShader to
 * tens of seconds a pipeline past this size.
 */
export const UNROLLED_MAX_CELLS = 196;

/** A slice word in the generated code: a named scalar, or a word that is the same for all 32 boards. */
type Operand = { readonly name: string } | { readonly constant: 'all' | 'none' };

const ALL: Operand = { constant: 'all' };
const NONE: Operand = { constant: 'none' };

function text(o: Operand): string {
  if ('name' in o) return o.name;
  return o.constant === 'all' ? '0xffffffffu' : '0u';
}

/** The majority of a, b and c as an expression, or as an operand where constants fold it to one. */
function majorityExpression(a: Operand, b: Operand, c: Operand): Operand | string {
  const [constant, other] = 'constant' in b ? [b, c] : [c, b];
  if ('constant' in constant) {
    if ('constant' in other) return constant.constant === other.constant ? constant : a;
    return constant.constant === 'all' ? `${text(a)} | ${text(other)}` : `${text(a)} & ${text(other)}`;
  }
  return `(${text(a)} & (${text(b)} | ${text(c)})) | (${text(b)} & ${text(c)})`;
}

/** Which of the two bit-planes a reduction runs on; the Hex template differs between them. */
interface Plane {
  readonly prefix: 'b' | 'w';
  /** The template row (j = N, black) and column (x = N, white), as words of this plane. */
  readonly templateRow: Operand;
  readonly templateColumn: Operand;
}

const BLACK_PLANE: Plane = { prefix: 'b', templateRow: ALL, templateColumn: NONE };
const WHITE_PLANE: Plane = { prefix: 'w', templateRow: NONE, templateColumn: ALL };

/** The board cells of the triangle, as (column, row) per cell in row-major board order. */
function boardCells(layout: BprLayout): { x: number; j: number }[] {
  return Array.from(layout.cellColumn, (x, i) => ({ x, j: layout.cellRow[i] as number }));
}

function wordName(plane: Plane, x: number, j: number): string {
  return `${plane.prefix}_${x}_${j}`;
}

/**
 * The reduction of one plane: `let` lines, and the apex word. Pass p
 * rewrites the cells with x + j ≤ D − 2 − p that are board cells; a read of
 * a template cell is the template's constant. Every cell read lies in the
 * triangle (src/game/reduction-triangle.ts), so no read falls off it.
 */
function reducePlane(layout: BprLayout, plane: Plane): { lines: string[]; apex: Operand } {
  const n = layout.geometry.size;
  const current = new Map<string, Operand>();
  for (const { x, j } of boardCells(layout)) current.set(`${x},${j}`, { name: wordName(plane, x, j) });
  const read = (x: number, j: number): Operand => {
    const word = current.get(`${x},${j}`);
    if (word) return word;
    if (layout.isHex && j === n) return plane.templateRow;
    if (layout.isHex && x === n) return plane.templateColumn;
    throw new Error(`the reduction read (${x}, ${j}), outside the triangle of ${layout.geometry.game} ${n}`);
  };
  const lines: string[] = [];
  for (let pass = 0; pass < layout.passes; pass++) {
    const last = layout.side - 2 - pass;
    const rewritten = boardCells(layout)
      .filter(({ x, j }) => x + j <= last)
      .map(({ x, j }) => ({ x, j, value: majorityExpression(read(x, j), read(x, j + 1), read(x + 1, j)) }));
    for (const { x, j, value } of rewritten) {
      if (typeof value !== 'string') {
        current.set(`${x},${j}`, value);
        continue;
      }
      const name = `${plane.prefix}${pass + 1}_${x}_${j}`;
      lines.push(`let ${name} = ${value};`);
      current.set(`${x},${j}`, { name });
    }
  }
  return { lines, apex: read(0, 0) };
}

export function fitsUnrolled(layout: BprLayout): boolean {
  return layout.geometry.cellCount <= UNROLLED_MAX_CELLS;
}

function indent(lines: readonly string[], depth: number): string[] {
  return lines.map((l) => `${'  '.repeat(depth)}${l}`);
}

/**
 * The fill of one board (bit `bit` of every word): the record's words in
 * order, each cell's colour from filled_colour, its bit or'ed into the
 * black (and, for given boards, white) word of its triangle cell.
 */
function fillLines(layout: BprLayout, fullBoards: boolean): string[] {
  const lines: string[] = [];
  boardCells(layout).forEach(({ x, j }, cell) => {
    if (cell % 16 === 0) lines.push(`let given${cell / 16} = record_word(${cell / 16}u);`);
    const given = `(given${Math.floor(cell / 16)} >> ${2 * (cell % 16)}u) & 3u`;
    lines.push(`let c${cell} = filled_colour(${given});`);
    lines.push(`${wordName(BLACK_PLANE, x, j)} |= select(0u, bit, c${cell} == BLACK);`);
    if (!fullBoards) lines.push(`${wordName(WHITE_PLANE, x, j)} |= select(0u, bit, c${cell} == WHITE);`);
  });
  return lines;
}

/** One step of the 32 × 32 bit transpose: rows `low` and `high` trade the bits `mask` selects, `shift` apart. */
export interface TransposeStep {
  readonly low: number;
  readonly high: number;
  readonly shift: number;
  readonly mask: number;
}

/**
 * The steps of fill-slices.ts's transpose32 (Hacker's Delight), in order:
 * applied to rows m[0…31], bit k of m[b] afterwards is bit b of m[k] before.
 */
export function transpose32Steps(): TransposeStep[] {
  const steps: TransposeStep[] = [];
  let mask = 0x0000ffff;
  for (let shift = 16; shift !== 0; shift >>>= 1, mask = (mask ^ (mask << shift)) >>> 0) {
    for (let k = 0; k < 32; k = ((k | shift) + 1) & ~shift) steps.push({ low: k, high: k | shift, shift, mask });
  }
  return steps;
}

/** Words of choice bits a board needs at most: one bit for each cell. */
function choiceWordCount(layout: BprLayout): number {
  return Math.ceil(layout.geometry.cellCount / 32);
}

function hex(value: number): string {
  return `0x${value.toString(16)}u`;
}

/** `name_index` picked by a runtime index from `count` registers, as a chain of selects (an array would live in memory). */
function pickRegister(name: string, index: string, count: number): string {
  let expression = `${name}0`;
  for (let w = 1; w < count; w++) expression = `select(${expression}, ${name}${w}, ${index} == ${w}u)`;
  return expression;
}

function setRegister(name: string, index: string, count: number, value: string): string[] {
  return Array.from({ length: count }, (_, w) => `${name}${w} = select(${name}${w}, ${value}, ${index} == ${w}u);`);
}

/**
 * The choices of a slice's playouts, for boards all of one position (the
 * playouts' case), as fill.wgsl's exact_coins (or the coin fill's words)
 * draws them. First every board's coin words, a loop the lanes share; then
 * the exact fill's corrections in one loop over the boards, a block of the
 * stream an iteration, so that the lanes of a subgroup wait only for the
 * invocation with the most corrections in all, not for the longest of every
 * board. Then each choice word is transposed, as fill-slices.ts does on the
 * CPU: choice_store[e] ends as the word of empty cell e, bit k for board k.
 */
function choiceFunctions(layout: BprLayout): string {
  const words = choiceWordCount(layout);
  return [
    `var<private> choice_store: array<u32, ${32 * words}>;`,
    '',
    drawChoicesFunction(words),
    '',
    transposeChoicesFunction(),
    '',
  ].join('\n');
}

/** `draw_slice_choices`: every board's coin words, then the exact fill's corrections, with `words` choice words a board at most. */
function drawChoicesFunction(words: number): string {
  const registers = Array.from({ length: words }, (_, w) => `var c${w} = 0u;`);
  const loadBoard = [
    ...Array.from({ length: words }, (_, w) => `c${w} = select(0u, choice_store[${32 * w}u + k], ${w}u < words);`),
    `mine = ${Array.from({ length: words }, (_, w) => `countOneBits(c${w})`).join(' + ')};`,
    'excess = select(0u, 1u, mine > owed);',
    'n = words;',
  ];
  const storeBoard = Array.from({ length: words }, (_, w) => [
    `if (${w}u < words) {`,
    `  choice_store[${32 * w}u + k] = c${w};`,
    `}`,
  ]).flat();
  const step = (s: number, raw: string): string[] => [
    `if (first + ${s}u >= n && mine != owed) {`,
    `  let j = uniform_below(${raw}, empty);`,
    `  let q = j >> 5u;`,
    `  let held = ${pickRegister('c', 'q', words)};`,
    `  let flip = ((held >> (j & 31u)) & 1u) ^ excess ^ 1u;`,
    `  let updated = held ^ (flip << (j & 31u));`,
    ...indent(setRegister('c', 'q', words, 'updated'), 1),
    `  mine = select(mine + flip, mine - flip, excess == 1u);`,
    `}`,
  ];
  return [
    "// Fill.wgsl's choices of every board of the slice: choice_store[32 w + k] is word w of board k.",
    'fn draw_slice_choices(slice: Slice, empty: u32) {',
    '  let words = (empty + 31u) / 32u;',
    '  let boards = countOneBits(slice.valid);',
    '  for (var k = 0u; k < boards; k++) {',
    '    let item = slice_item(slice, k);',
    '    var block = vec4u(0u);',
    '    for (var w = 0u; w < words; w++) {',
    '      if ((w & 3u) == 0u) {',
    '        block = pcg_block(params.seed, params.position_base + item.position, params.playout_base + item.playout, w / 4u);',
    '      }',
    '      // Only the bits of real cells count: the last word may be partial.',
    '      let valid = empty - 32u * w;',
    '      choice_store[32u * w + k] = select(block[w & 3u] & ((1u << (valid & 31u)) - 1u), block[w & 3u], valid >= 32u);',
    '    }',
    '  }',
    '  if (FILL_MODE != FILL_EXACT || boards == 0u) {',
    '    return;',
    '  }',
    '  let owed = (empty + 1u) >> 1u;',
    '  var k = 0u;',
    '  var mine = 0u;',
    '  var excess = 0u;',
    "  // The next word of board k's stream: its corrections start after its coin words.",
    '  var n = 0u;',
    ...indent(registers, 1),
    ...indent(loadBoard, 1),
    '  loop {',
    '    if (mine == owed) {',
    ...indent(storeBoard, 3),
    '      k += 1u;',
    '      if (k >= boards) {',
    '        break;',
    '      }',
    ...indent(loadBoard, 3),
    '      continue;',
    '    }',
    '    let item = slice_item(slice, k);',
    '    let first = n & ~3u;',
    '    let block = pcg_block(params.seed, params.position_base + item.position, params.playout_base + item.playout, first / 4u);',
    ...indent(step(0, 'block.x'), 2),
    ...indent(step(1, 'block.y'), 2),
    ...indent(step(2, 'block.z'), 2),
    ...indent(step(3, 'block.w'), 2),
    '    n = first + 4u;',
    '  }',
    '}',
  ].join('\n');
}

/** `transpose_choices`: each choice word of the 32 boards transposed in place, in registers. */
function transposeChoicesFunction(): string {
  const rows = Array.from({ length: 32 }, (_, k) => k);
  const transpose = transpose32Steps().flatMap(({ low, high, shift, mask }) => [
    `t = ((m${low} >> ${shift}u) ^ m${high}) & ${hex(mask)};`,
    `m${low} ^= t << ${shift}u;`,
    `m${high} ^= t;`,
  ]);
  return [
    '// Each choice word of the 32 boards transposed in place: choice_store[e], bit k, is empty cell e of board k.',
    'fn transpose_choices(words: u32) {',
    '  for (var w = 0u; w < words; w++) {',
    '    let base = 32u * w;',
    ...indent(
      rows.map((k) => `var m${k} = choice_store[base + ${k}u];`),
      2,
    ),
    '    var t = 0u;',
    ...indent(transpose, 2),
    ...indent(
      rows.map((k) => `choice_store[base + ${k}u] = m${k};`),
      2,
    ),
    '  }',
    '}',
  ].join('\n');
}

/**
 * The slice words of a playouts' slice, each written once: a stone of the
 * position is the same on every board, and the e-th empty cell takes the
 * transposed choice word e, complemented when white is to move (a choice bit
 * gives the cell to the side to move).
 */
function playoutFillLines(layout: BprLayout): string[] {
  const lines = [
    'let record = record_offset(slice.position);',
    'let empty = positions[record + 1u];',
    'draw_slice_choices(slice, empty);',
    'transpose_choices((empty + 31u) / 32u);',
    'let flip = select(0u, 0xffffffffu, positions[record] == WHITE);',
    'var e = 0u;',
  ];
  boardCells(layout).forEach(({ x, j }, cell) => {
    if (cell % 16 === 0) lines.push(`let given${cell / 16} = positions[record + ${2 + cell / 16}u];`);
    lines.push(`let g${cell} = (given${Math.floor(cell / 16)} >> ${2 * (cell % 16)}u) & 3u;`);
    lines.push(
      `let ${wordName(BLACK_PLANE, x, j)} = select(select(0u, 0xffffffffu, g${cell} == BLACK), choice_store[e] ^ flip, g${cell} == EMPTY);`,
    );
    lines.push(`e += select(0u, 1u, g${cell} == EMPTY);`);
  });
  return lines;
}

export interface UnrolledSetting {
  readonly layout: BprLayout;
  /** False when deciding given boards, which may have empty cells: then the white plane is reduced too. */
  readonly fullBoards: boolean;
  readonly ownership: boolean;
}

/** Given boards (a position each, possibly with empty cells): each board's cells set its bit of both planes' words. */
function givenBoardLines(layout: BprLayout, planes: readonly Plane[]): string[] {
  return [
    ...planes.flatMap((plane) => boardCells(layout).map(({ x, j }) => `var ${wordName(plane, x, j)} = 0u;`)),
    'for (var k = 0u; k < countOneBits(slice.valid); k++) {',
    '  begin_board(slice_item(slice, k));',
    '  let bit = 1u << k;',
    ...indent(fillLines(layout, false), 1),
    '}',
  ];
}

/** The kernel's entry point, `main`, for one geometry; it needs shaders/bitsliced-unrolled.wgsl before it. */
export function generateUnrolledMain({ layout, fullBoards, ownership }: UnrolledSetting): string {
  const planes = fullBoards ? [BLACK_PLANE] : [BLACK_PLANE, WHITE_PLANE];
  const cells = boardCells(layout);
  const black = reducePlane(layout, BLACK_PLANE);
  const white = fullBoards ? null : reducePlane(layout, WHITE_PLANE);
  const whiteApex = white ? text(white.apex) : `~${text(black.apex)}`;
  // The filled words go to an array for the tally's loop, before the
  // reduction, so that they need not stay live through it: a call per cell
  // compiles slowly (seconds more on SwiftShader) for no gain in speed.
  const keepOwners = ownership
    ? [
        'var owners: array<u32, OWNER_CELLS_CAP>;',
        ...cells.map(({ x, j }, cell) => `owners[${cell}] = ${wordName(BLACK_PLANE, x, j)};`),
      ]
    : [];
  const tallyOwners = ownership
    ? ['tally_ownership_slice(one_position, slice.position, &owners, black_won, white_won);']
    : [];
  const body = [
    ...(fullBoards ? [choiceFunctions(layout)] : []),
    `// Generated by src/gpu/generate-bitsliced.ts for ${layout.geometry.game} ${layout.geometry.size}: do not edit.`,
    '@compute @workgroup_size(WORKGROUP_SIZE)',
    'fn main(@builtin(workgroup_id) wid: vec3u, @builtin(local_invocation_index) lid: u32) {',
    '  let group = workgroup_index(wid);',
    '  if (!workgroup_has_slices(group)) {',
    '    return;',
    '  }',
    '  let one_position = workgroup_single_position(group);',
    '  let slice = slice_at(group * WORKGROUP_SIZE + lid);',
    '  var black_wins = 0u;',
    '  var white_wins = 0u;',
    '  if (slice.valid != 0u) {',
    ...indent(fullBoards ? playoutFillLines(layout) : givenBoardLines(layout, planes), 2),
    ...indent(keepOwners, 2),
    ...indent(black.lines, 2),
    ...indent(white?.lines ?? [], 2),
    `    let black_won = ${text(black.apex)} & slice.valid;`,
    `    let white_won = ${whiteApex} & slice.valid;`,
    '    record_slice_winners(slice, black_won, white_won);',
    ...indent(tallyOwners, 2),
    '    black_wins = countOneBits(black_won);',
    '    white_wins = countOneBits(white_won);',
    '  }',
    '  finish_slices(one_position, group, lid, slice, black_wins, white_wins);',
    '}',
  ];
  return body.join('\n') + '\n';
}
