/**
 * The CPU backend's WebAssembly SIMD kernel: fills and decides 128 playouts
 * of one position at a time, the twin of src/fill/fill-slices.ts and
 * src/wintest/bitsliced.ts (their JavaScript plays 32 at a time), and
 * bit-exact with them: the very same boards, winners and counts.
 *
 * A batch of 128 playouts, numbered p = 32 l + k (k < 32, l < 4):
 * 1. The stream (src/fill/counter-rng.ts) of playouts first + k + 32 l for
 *    l = 0 … 3 is drawn in the four lanes of one vector, block after block.
 *    Word t of those four playouts goes to row k of coin matrix t: the
 *    first ⌈E/32⌉ words are the coins, the rest the exact fill's draws,
 *    stored as cell indices (uniformBelow) ready for step 2.
 * 2. Exact fill: each playout's coins are counted (a vector at a time) and
 *    corrected one draw after another, as src/fill/fill.ts's exactCoins does,
 *    in scalar code, lane by lane. A playout that runs out of drawn words
 *    draws more blocks here, one at a time.
 * 3. Each coin matrix t is a 32 × 32 bit matrix in each of the four lanes;
 *    transposed, row b lane l holds empty cell 32 t + b of playouts
 *    32 l … 32 l + 31: the 128-board slice word of that cell.
 * 4. The slices go to the plane (bitsliced.ts's layout, a v128 per cell) and
 *    the plane is reduced by majority steps, 128 boards each.
 *
 * Memory is laid out statically below; the host writes the position's
 * lists (configure) and reads the counts and winners back.
 */

// --- memory ---------------------------------------------------------------

/** Bytes between one triangle column and the next: 32 cells of 16 bytes. */
const COLUMN: usize = 512;
/** Bytes between one coin word (matrix) and the next: 32 rows of 16 bytes. */
const MATRIX: usize = 512;
/** Room for every board's cells (Hex 31 has 961, Y 32 528): at most 31 coin words. */
const MAX_CELLS: i32 = 1024;
/** Draws kept ready per playout; a playout that needs more draws its own. */
export const MAX_DRAWS: i32 = 64;
/** Playouts one call of play() may ask for (its winners buffer). */
export const MAX_CALL_PLAYOUTS: i32 = 1 << 16;

/** The work plane: 32 triangle columns of 32 cells, a v128 each. */
const PLANE: usize = memory.data(32 * 512, 64);
/**
 * The streams: word t of the batch's playouts at STREAM + t * MATRIX. The
 * first `words` are the coin matrices (transposed in place, empty cell e's
 * slice is then at STREAM + 16 e); the exact fill's draws follow, turned
 * into the cells they pick (drawsToCells).
 */
const STREAM: usize = memory.data((32 + <i32>MAX_DRAWS + 4) * 512, 64);
/** Per playout (at the offset of its coin word), how many stones the side to move lacks (negative: has too many). */
const NEED: usize = memory.data(512, 64);
/** One block of one stream, drawn in scalars. */
const BLOCK: usize = memory.data(16, 16);
/** Per empty cell, 16-bit counts in eight lanes: playouts its owner won, playouts black owned it. */
const OWN_ACC: usize = memory.data(MAX_CELLS * 32, 64);

/** The host writes: each empty cell's plane slot, in row-major order. */
export const EMPTY_SLOTS: usize = memory.data(MAX_CELLS * 4, 16);
/** The host writes: the plane slots of the black stones, then of the white ones. */
export const STONE_SLOTS: usize = memory.data(MAX_CELLS * 4, 16);
/** The host writes: the plane slots of the template's black cells. */
export const TEMPLATE_SLOTS: usize = memory.data(64 * 4, 16);
/** The host reads: per empty cell, the playouts its owner won (u32), then black owned it (u32). */
export const OWNERSHIP: usize = memory.data(MAX_CELLS * 8, 16);
/** The host reads: each playout's winner (1 black, 2 white), one byte each. */
export const WINNERS: usize = memory.data(MAX_CALL_PLAYOUTS, 16);

// --- the position (configure) -----------------------------------------------

let side: i32 = 0;
let last: i32 = 0;
let empty: i32 = 0;
/** Coin words, ⌈empty / 32⌉. */
let words: i32 = 0;
let blackStones: i32 = 0;
let whiteStones: i32 = 0;
/** All ones where white moves: a coin of 1 (to the mover) is then a white stone, a 0 in the black plane. */
let moverFlip: v128 = i32x4.splat(0);
/** Draws drawn ahead per playout in the exact fill (a playout that needs more draws them block by block). */
let drawsAhead: i32 = 0;

/** The board the plane was last laid out for (configure's `board`), −1 for none. */
let planeBoard: i32 = -1;

/**
 * Takes the position the host wrote (EMPTY_SLOTS, STONE_SLOTS and
 * TEMPLATE_SLOTS). `board` names the game and size: for a new one the plane
 * is cleared and its template written, which every position of that board
 * shares. `ahead` is how many of the exact fill's draws each playout's
 * stream is drawn ahead, 0 … MAX_DRAWS.
 */
export function configure(board: i32, triangleSide: i32, lastCell: i32, emptyCells: i32, black: i32, white: i32, template: i32, whiteToMove: bool, ahead: i32): void {
  side = triangleSide;
  last = lastCell;
  empty = emptyCells;
  words = (emptyCells + 31) >>> 5;
  blackStones = black;
  whiteStones = white;
  moverFlip = i32x4.splat(whiteToMove ? -1 : 0);
  drawsAhead = ahead < 0 ? 0 : ahead > MAX_DRAWS ? MAX_DRAWS : ahead;
  if (board === planeBoard) return;
  planeBoard = board;
  memory.fill(PLANE, 0, 32 * 512);
  // The template's cells are never reduced (bitsliced.ts), so they are written once.
  const ones = i32x4.splat(-1);
  for (let i = 0; i < template; i++) v128.store(PLANE + (<usize>load<i32>(TEMPLATE_SLOTS + (<usize>i << 2)) << 4), ones);
}

// --- the stream (counter-rng.ts, four playouts a vector) ------------------------

const LCG_MUL: u32 = 1664525;
const LCG_ADD: u32 = 1013904223;

@inline function lcg(v: u32): u32 {
  return v * LCG_MUL + LCG_ADD;
}

@inline function lcg4(v: v128): v128 {
  return i32x4.add(i32x4.mul(v, i32x4.splat(LCG_MUL)), i32x4.splat(LCG_ADD));
}

@inline function xorShift4(v: v128): v128 {
  return v128.xor(v, i32x4.shr_u(v, 16));
}

/** uniformBelow(r, m) of counter-rng.ts, lane by lane. */
@inline function uniformBelow4(r: v128, m: v128): v128 {
  const hi = i32x4.mul(i32x4.shr_u(r, 16), m);
  const lo = i32x4.shr_u(i32x4.mul(v128.and(r, i32x4.splat(0xffff)), m), 16);
  return i32x4.shr_u(i32x4.add(hi, lo), 16);
}

@inline function uniformBelow(r: u32, m: u32): u32 {
  return ((r >>> 16) * m + (((r & 0xffff) * m) >>> 16)) >>> 16;
}

/** Draws drawn ahead in this batch: each playout's stream words words … words + drawsReady − 1. */
let drawsReady: i32 = 0;

/**
 * Draws blocks 0 … blocks − 1 of the streams of playouts first … first + 127
 * (row k, lane l: playout first + k + 32 l) into STREAM. x, y and w start the same in
 * every lane (seed, position, block), so the first round's steps that read
 * only those are done once, in scalars.
 */
function drawBlocks(seed: u32, position: u32, first: u32, blocks: i32): void {
  const lanes = i32x4(0, 32, 64, 96);
  const x0 = lcg(seed);
  const y0 = lcg(position);
  for (let c = 0; c < blocks; c++) {
    const w0 = lcg(<u32>c);
    const x1 = x0 + y0 * w0;
    const X1 = i32x4.splat(x1);
    const X2 = i32x4.splat(x1 ^ (x1 >>> 16));
    const Y0 = i32x4.splat(y0);
    const W0 = i32x4.splat(w0);
    const zFirst = i32x4.add(i32x4.splat(first), lanes);
    const block = STREAM + <usize>c * 4 * MATRIX;
    for (let k = 0; k < 32; k++) {
      // Round 1 (x, y and w still lane-invariant until x is read with z).
      let z = lcg4(i32x4.add(zFirst, i32x4.splat(k)));
      let y = i32x4.add(Y0, i32x4.mul(z, X1));
      z = i32x4.add(z, i32x4.mul(X1, y));
      let w = i32x4.add(W0, i32x4.mul(y, z));
      let x = X2;
      y = xorShift4(y);
      z = xorShift4(z);
      w = xorShift4(w);
      x = i32x4.add(x, i32x4.mul(y, w));
      y = i32x4.add(y, i32x4.mul(z, x));
      z = i32x4.add(z, i32x4.mul(x, y));
      w = i32x4.add(w, i32x4.mul(y, z));
      // Round 2.
      x = lcg4(x);
      y = lcg4(y);
      z = lcg4(z);
      w = lcg4(w);
      x = i32x4.add(x, i32x4.mul(y, w));
      y = i32x4.add(y, i32x4.mul(z, x));
      z = i32x4.add(z, i32x4.mul(x, y));
      w = i32x4.add(w, i32x4.mul(y, z));
      x = xorShift4(x);
      y = xorShift4(y);
      z = xorShift4(z);
      w = xorShift4(w);
      x = i32x4.add(x, i32x4.mul(y, w));
      y = i32x4.add(y, i32x4.mul(z, x));
      z = i32x4.add(z, i32x4.mul(x, y));
      w = i32x4.add(w, i32x4.mul(y, z));
      const row = block + (<usize>k << 4);
      v128.store(row, x);
      v128.store(row, y, 512);
      v128.store(row, z, 1024);
      v128.store(row, w, 1536);
    }
  }
}

/**
 * Turns the draws drawn ahead into the cells they pick: the cell index j for
 * boards of at most 128 cells (correctInRegisters), else the address of its
 * bit, (j >> 5) * MATRIX | (j & 31) (correctInMemory).
 */
function drawsToCells(): void {
  const m = i32x4.splat(empty);
  const end = STREAM + <usize>(words + drawsReady) * MATRIX;
  const small = empty <= 128;
  for (let at = STREAM + <usize>words * MATRIX; at < end; at += 16) {
    const j = uniformBelow4(v128.load(at), m);
    v128.store(at, small ? j : v128.or(i32x4.shl(i32x4.shr_u(j, 5), 9), v128.and(j, i32x4.splat(31))));
  }
}

/** Block `counter` of one playout's stream into BLOCK, in scalars (counter-rng.ts's pcgBlock). */
function streamBlock(seed: u32, position: u32, playout: u32, counter: i32): void {
  let x = seed;
  let y = position;
  let z = playout;
  let w = <u32>counter;
  for (let round = 0; round < 2; round++) {
    x = lcg(x);
    y = lcg(y);
    z = lcg(z);
    w = lcg(w);
    x += y * w;
    y += z * x;
    z += x * y;
    w += y * z;
    x ^= x >>> 16;
    y ^= y >>> 16;
    z ^= z >>> 16;
    w ^= w >>> 16;
    x += y * w;
    y += z * x;
    z += x * y;
    w += y * z;
  }
  store<u32>(BLOCK, x);
  store<u32>(BLOCK, y, 4);
  store<u32>(BLOCK, z, 8);
  store<u32>(BLOCK, w, 12);
}

// --- the exact fill's correction (fill.ts's exactCoins) -------------------------

/** Masks the last coin word to the empty cells and writes, per playout, the stones the mover lacks. */
function countCoins(): void {
  const owed = i32x4.splat((empty + 1) >>> 1);
  const tail = empty & 31;
  const lastMask = i32x4.splat(tail === 0 ? -1 : (1 << tail) - 1);
  const lastWord = STREAM + <usize>(words - 1) * MATRIX;
  for (let row: usize = 0; row < 512; row += 16) {
    v128.store(lastWord + row, v128.and(v128.load(lastWord + row), lastMask));
    let bytes = i32x4.splat(0);
    // At most 31 words (Hex 31's 961 cells) of at most 8 bits a byte: 248, which a byte holds.
    for (let t = 0; t < words; t++) bytes = i8x16.add(bytes, i8x16.popcnt(v128.load(STREAM + <usize>t * MATRIX + row)));
    const mine = i32x4.extadd_pairwise_i16x8_u(i16x8.extadd_pairwise_i8x16_u(bytes));
    v128.store(NEED + row, i32x4.sub(owed, mine));
  }
}

/**
 * Corrects each playout's coins to ⌈E/2⌉ for the mover: while it holds too
 * many (too few), the next draw picks a cell, flipped when it holds a coin
 * of the side in excess. Playouts at or past `count` are left as they are.
 */
function correct(seed: u32, position: u32, first: u32, count: i32): void {
  const small = empty <= 128;
  for (let at: usize = 0; at < 512; at += 4) {
    const need = load<i32>(NEED + at);
    if (need === 0) continue;
    // Playout p = 32 l + k sits at byte 16 k + 4 l of every row.
    const p = <i32>((at & 15) << 3) | <i32>(at >>> 4);
    if (p >= count) continue;
    // 1 when the mover holds too many, so its stones are taken away; else 0.
    const excess: u32 = need < 0 ? 1 : 0;
    const flips = need < 0 ? -need : need;
    if (small) correctInRegisters(at, excess, flips, seed, position, first + <u32>p);
    else correctInMemory(at, excess, flips, seed, position, first + <u32>p);
  }
}

/**
 * The correction of one playout of at most 128 cells, in registers. The
 * draws that flip are the first `flips` distinct cells drawn that hold the
 * side in excess (a flipped cell no longer does, and one drawn twice flips
 * once), so the cells drawn are gathered into a set, and the draws stop when
 * `flips` of them hold the side in excess: the set's population count
 * decides, with no chain through memory from one draw to the next.
 */
function correctInRegisters(at: usize, excess: u32, flips: i32, seed: u32, position: u32, playout: u32): void {
  const coins = STREAM + at;
  // The coin words as two 64-bit halves; words past the last are not the coins', so they read as 0.
  const w0 = <u64>load<u32>(coins);
  const w1 = words > 1 ? <u64>load<u32>(coins, 512) : 0;
  const w2 = words > 2 ? <u64>load<u32>(coins, 1024) : 0;
  const w3 = words > 3 ? <u64>load<u32>(coins, 1536) : 0;
  const lo = w0 | (w1 << 32);
  const hi = w2 | (w3 << 32);
  // The cells that may flip: the mover's coins, or the other side's (within the board).
  const validLo: u64 = empty >= 64 ? <u64>-1 : (<u64>1 << <u64>empty) - 1;
  const validHi: u64 = empty >= 128 ? <u64>-1 : empty <= 64 ? 0 : (<u64>1 << <u64>(empty - 64)) - 1;
  const other = <u64>excess - 1;
  const inLo = (lo ^ other) & validLo;
  const inHi = (hi ^ other) & validHi;
  let flipLo: u64 = 0;
  let flipHi: u64 = 0;
  const draws = STREAM + <usize>words * MATRIX + at;
  const end = draws + <usize>drawsReady * MATRIX;
  let draw = draws;
  while (draw < end) {
    const j = load<u32>(draw);
    draw += MATRIX;
    const bit = <u64>1 << <u64>j;
    const high = j >= 64;
    flipLo |= (high ? 0 : bit) & inLo;
    flipHi |= (high ? bit : 0) & inHi;
    if (<i32>(popcnt(flipLo) + popcnt(flipHi)) === flips) break;
  }
  const newLo = lo ^ flipLo;
  const newHi = hi ^ flipHi;
  store<u32>(coins, <u32>newLo);
  if (words > 1) store<u32>(coins, <u32>(newLo >>> 32), 512);
  if (words > 2) store<u32>(coins, <u32>newHi, 1024);
  if (words > 3) store<u32>(coins, <u32>(newHi >>> 32), 1536);
  const left = flips - <i32>(popcnt(flipLo) + popcnt(flipHi));
  if (left !== 0) correctSlowly(coins, excess, left, seed, position, playout, words + <i32>((draw - draws) / MATRIX));
}

/** The correction of one playout of any size, a draw at a time on the coin words in memory. */
function correctInMemory(at: usize, excess: u32, flips: i32, seed: u32, position: u32, playout: u32): void {
  const coins = STREAM + at;
  const draws = STREAM + <usize>words * MATRIX + at;
  const ready = drawsReady;
  let left = flips;
  let d = 0;
  while (d < ready) {
    const j = load<u32>(draws + <usize>d * MATRIX);
    const word = coins + <usize>(j & ~31);
    const w = load<u32>(word);
    const flip = ((w >>> j) & 1) ^ excess ^ 1;
    store<u32>(word, w ^ (flip << j));
    left -= <i32>flip;
    d++;
    if (left === 0) return;
  }
  correctSlowly(coins, excess, left, seed, position, playout, words + d);
}

/** Rarely: more draws than were drawn ahead, from stream word t on, each block drawn here. */
function correctSlowly(coins: usize, excess: u32, left: i32, seed: u32, position: u32, playout: u32, t: i32): void {
  let block = -1;
  for (; left !== 0; t++) {
    if (t >>> 2 !== block) {
      block = t >>> 2;
      streamBlock(seed, position, playout, block);
    }
    const j = uniformBelow(load<u32>(BLOCK + (<usize>(t & 3) << 2)), <u32>empty);
    const word = coins + <usize>(j >>> 5) * MATRIX;
    const w = load<u32>(word);
    const flip = ((w >>> j) & 1) ^ excess ^ 1;
    store<u32>(word, w ^ (flip << j));
    left -= <i32>flip;
  }
}

// --- 128 coin rows to 128-board slices ------------------------------------------

/** One step of the transpose: rows a and a + j swap their off-diagonal j × j blocks. */
@inline function swapBlocks(rows: usize, a: usize, j: i32, mask: v128): void {
  const lo = v128.load(rows + (a << 4));
  const hi = v128.load(rows + ((a + <usize>j) << 4));
  const t = v128.and(v128.xor(i32x4.shr_u(lo, j), hi), mask);
  v128.store(rows + (a << 4), v128.xor(lo, i32x4.shl(t, j)));
  v128.store(rows + ((a + <usize>j) << 4), v128.xor(hi, t));
}

/**
 * Transposes the 32 × 32 bit matrix in each lane of 32 rows (fill-slices.ts's
 * transpose32, four matrices at once): afterwards bit k of row b is what bit
 * b of row k was.
 */
function transpose(rows: usize): void {
  for (let j = 16, m = 0x0000ffff; j !== 0; j >>>= 1, m ^= m << j) {
    const mask = i32x4.splat(m);
    for (let k: usize = 0; k < 32; k = ((k | <usize>j) + 1) & ~<usize>j) swapBlocks(rows, k, j, mask);
  }
}

// --- the bit-sliced reduction (bitsliced.ts, 128 boards a word) -----------------

@inline function majority(a: v128, b: v128, c: v128): v128 {
  return v128.or(v128.and(a, v128.or(b, c)), v128.and(b, c));
}

/** One pass over the column at byte `c`, down to the cell at byte `end`. */
function reduceColumn(c: usize, end: usize): void {
  let a = v128.load(c);
  for (let i = c; i <= end; i += 16) {
    const up = v128.load(i, 16);
    const right = v128.load(i, 512);
    v128.store(i, majority(a, up, right));
    a = up;
  }
}

/** Two passes in one sweep, as bitsliced.ts's reduceColumnPair: the right column one pass, then the left one pass further. */
function reduceColumnPair(c: usize, end: usize): void {
  let left = v128.load(c);
  let right = v128.load(c, 512);
  let i = c;
  for (; i < end; i += 32) {
    const rightUp = v128.load(i, 528);
    const far = v128.load(i, 1024);
    const r0 = majority(right, rightUp, far);
    v128.store(i, r0, 512);
    const leftUp = v128.load(i, 16);
    v128.store(i, majority(left, leftUp, r0));
    const rightUp2 = v128.load(i, 544);
    const far1 = v128.load(i, 1040);
    const r1 = majority(rightUp, rightUp2, far1);
    v128.store(i, r1, 528);
    const leftUp2 = v128.load(i, 32);
    v128.store(i, majority(leftUp, leftUp2, r1), 16);
    left = leftUp2;
    right = rightUp2;
  }
  if (i === end) {
    const rightUp = v128.load(i, 528);
    const far = v128.load(i, 1024);
    const r0 = majority(right, rightUp, far);
    v128.store(i, r0, 512);
    const leftUp = v128.load(i, 16);
    v128.store(i, majority(left, leftUp, r0));
  }
}

/** Reduces the plane to its apex (bitsliced.ts's reduceWork): bit p of the result is set where black wins playout p. */
function reducePlane(): v128 {
  let reach = side - 2;
  for (; reach >= 1; reach -= 2) {
    const steps = reach < last + 1 ? reach : last + 1;
    for (let t = 0; t <= steps; t++) {
      const rows = reach - t < last ? reach - t : last;
      const c = PLANE + <usize>(t - 1) * COLUMN;
      if (t === 0) reduceColumn(PLANE, PLANE + (<usize>rows << 4));
      else if (t <= last) reduceColumnPair(c, c + (<usize>rows << 4));
      else reduceColumn(c, c + (<usize>rows << 4));
    }
  }
  if (reach === 0) reduceColumn(PLANE, PLANE);
  return v128.load(PLANE);
}

// --- one batch, and a call ------------------------------------------------

/** The low `bits` bits of a 32-bit lane (none at or below 0, all at or above 32). */
@inline function laneMask(bits: i32): i32 {
  return bits >= 32 ? -1 : bits <= 0 ? 0 : (1 << bits) - 1;
}

/** The low `count` bits of 128 set. */
@inline function lowBits(count: i32): v128 {
  let v = i32x4.splat(laneMask(count));
  v = i32x4.replace_lane(v, 1, laneMask(count - 32));
  v = i32x4.replace_lane(v, 2, laneMask(count - 64));
  return i32x4.replace_lane(v, 3, laneMask(count - 96));
}

@inline function popcount128(v: v128): i32 {
  return <i32>(popcnt(i64x2.extract_lane(v, 0)) + popcnt(i64x2.extract_lane(v, 1)));
}

/** Fills and decides playouts first … first + count − 1 (count ≤ 128); returns black's wins among them. */
function playBatch(seed: u32, position: u32, first: u32, count: i32, exact: bool, ownership: bool, winners: usize): i32 {
  if (empty > 0) {
    const blocks = (words + (exact ? drawsAhead : 0) + 3) >>> 2;
    const spare = 4 * blocks - words;
    drawsReady = exact ? (spare < MAX_DRAWS ? spare : MAX_DRAWS) : 0;
    drawBlocks(seed, position, first, blocks);
    if (exact) {
      drawsToCells();
      countCoins();
      correct(seed, position, first, count);
    }
  }
  for (let t = 0; t < words; t++) transpose(STREAM + <usize>t * MATRIX);
  const flip = moverFlip;
  for (let e = 0; e < empty; e++) {
    const slot = <usize>load<i32>(EMPTY_SLOTS + (<usize>e << 2));
    v128.store(PLANE + (slot << 4), v128.xor(v128.load(STREAM + (<usize>e << 4)), flip));
  }
  // Stones are overwritten by the reduction, so they are written again every batch.
  const ones = i32x4.splat(-1);
  const zero = i32x4.splat(0);
  for (let s = 0; s < blackStones; s++) v128.store(PLANE + (<usize>load<i32>(STONE_SLOTS + (<usize>s << 2)) << 4), ones);
  for (let s = blackStones; s < blackStones + whiteStones; s++) v128.store(PLANE + (<usize>load<i32>(STONE_SLOTS + (<usize>s << 2)) << 4), zero);
  const mask = lowBits(count);
  const black = v128.and(reducePlane(), mask);
  if (ownership) {
    // A cell's owner won where its bit equals the black-wins bit.
    for (let e = 0; e < empty; e++) {
      const owner = v128.xor(v128.load(STREAM + (<usize>e << 4)), flip);
      const won = v128.andnot(mask, v128.xor(owner, black));
      const acc = OWN_ACC + (<usize>e << 5);
      v128.store(acc, i16x8.add(v128.load(acc), i16x8.extadd_pairwise_i8x16_u(i8x16.popcnt(won))));
      v128.store(acc, i16x8.add(v128.load(acc, 16), i16x8.extadd_pairwise_i8x16_u(i8x16.popcnt(v128.and(owner, mask)))), 16);
    }
  }
  if (winners !== 0) {
    for (let l = 0; l < 4; l++) {
      const word = l === 0 ? i32x4.extract_lane(black, 0) : l === 1 ? i32x4.extract_lane(black, 1) : l === 2 ? i32x4.extract_lane(black, 2) : i32x4.extract_lane(black, 3);
      const n = count - 32 * l;
      for (let k = 0; k < n && k < 32; k++) store<u8>(winners + <usize>(32 * l + k), 2 - ((word >>> k) & 1));
    }
  }
  return popcount128(black);
}

/** Adds two lanes' halves up: eight 16-bit counts to one. */
@inline function sum16(v: v128): u32 {
  const s = i32x4.extadd_pairwise_i16x8_u(v);
  return <u32>(i32x4.extract_lane(s, 0) + i32x4.extract_lane(s, 1) + i32x4.extract_lane(s, 2) + i32x4.extract_lane(s, 3));
}

/**
 * Plays playouts first … first + count − 1 (count ≤ MAX_CALL_PLAYOUTS) of
 * the configured position, named (seed, position, playout) as fill.ts names
 * them; returns black's wins. With `ownership`, OWNERSHIP holds each empty
 * cell's counts for these playouts; with `winners`, WINNERS their winners.
 */
export function play(seed: u32, position: u32, first: u32, count: i32, exact: bool, ownership: bool, winners: bool): i32 {
  if (ownership) memory.fill(OWN_ACC, 0, <usize>empty << 5);
  let blackWins = 0;
  for (let done = 0; done < count; done += 128) {
    const n = count - done < 128 ? count - done : 128;
    blackWins += playBatch(seed, position, first + <u32>done, n, exact, ownership, winners ? WINNERS + <usize>done : 0);
    // 16-bit counts hold 16 a batch for 4095 batches: a call holds at most 512.
  }
  if (ownership) {
    for (let e = 0; e < empty; e++) {
      const acc = OWN_ACC + (<usize>e << 5);
      store<u32>(OWNERSHIP + (<usize>e << 3), sum16(v128.load(acc)));
      store<u32>(OWNERSHIP + (<usize>e << 3), sum16(v128.load(acc, 16)), 4);
    }
  }
  return blackWins;
}
