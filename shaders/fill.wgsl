// Playout fills: the twin of fillPlayout in src/fill/fill.ts. Every cell is
// passed, in row-major order, to emit_cell(slot, cell, row, column, colour),
// which each kernel defines to write the board in its own form; `slot`
// tells the kernel which of its boards is being filled.
//
// exact: a coin fill corrected to ⌈E/2⌉ stones for the side to move.
//   1. empty cell k gets bit k mod 32 of w[k / 32], for k < E (1: to move);
//   2. while the side to move holds more (fewer) than ⌈E/2⌉, the next word
//      picks j = uniform_below(w, E), and empty cell j is flipped when it
//      holds the side in excess (rejection sampling: a uniform stone of that
//      side). Uniform over boards with that count; see fill.ts for why.
// coin: the k-th empty cell goes to the side to move when bit k mod 32 of
//   w[k / 32] is set.
// FILL_NONE passes empty cells on as empty and draws no words.

// One coin bit per empty cell: 32 words cover the largest board (Hex 31).
const COIN_WORDS = 32u;

// Steps 1 and 2 of the exact fill: the corrected coins, one bit per empty cell.
fn exact_coins(empty: u32) -> array<u32, COIN_WORDS> {
  var coins: array<u32, COIN_WORDS>;
  let owed = (empty + 1u) >> 1u;
  var mine = 0u;
  let words = (empty + 31u) / 32u;
  for (var k = 0u; k < words; k++) {
    // Only the bits of real cells count: the last word may be partial.
    let valid = empty - 32u * k;
    let raw = stream_word();
    let word = select(raw & ((1u << (valid & 31u)) - 1u), raw, valid >= 32u);
    coins[k] = word;
    mine += countOneBits(word);
  }
  // 1 when the side to move holds too many, so its stones are taken away.
  let excess = select(0u, 1u, mine > owed);
  while (mine != owed) {
    let j = uniform_below(stream_word(), empty);
    let w = coins[j / 32u];
    let flip = ((w >> (j & 31u)) & 1u) ^ excess ^ 1u;
    coins[j / 32u] = w ^ (flip << (j & 31u));
    mine = select(mine + flip, mine - flip, excess == 1u);
  }
  return coins;
}

fn fill_board(position: u32, playout: u32, slot: u32) {
  let record = record_offset(position);
  let to_move = positions[record];
  let other = 3u - to_move;
  let empty = positions[record + 1u];
  if (FILL_MODE != FILL_NONE) {
    stream_start(params.seed, params.position_base + position, params.playout_base + playout);
  }
  var coins: array<u32, COIN_WORDS>;
  if (FILL_MODE == FILL_EXACT) {
    coins = exact_coins(empty);
  }
  var packed = 0u;
  var coin = 0u;
  var drawn = 0u;
  var cell = 0u;
  for (var r = 0u; r < BOARD_SIZE; r++) {
    let row_length = select(r + 1u, BOARD_SIZE, IS_HEX);
    for (var c = 0u; c < row_length; c++) {
      if ((cell & 15u) == 0u) {
        packed = positions[record + 2u + cell / 16u];
      }
      var colour = (packed >> (2u * (cell & 15u))) & 3u;
      if (colour == EMPTY && FILL_MODE == FILL_EXACT) {
        colour = select(other, to_move, ((coins[drawn / 32u] >> (drawn & 31u)) & 1u) == 1u);
        drawn += 1u;
      } else if (colour == EMPTY && FILL_MODE == FILL_COIN) {
        if ((drawn & 31u) == 0u) {
          coin = stream_word();
        }
        colour = select(other, to_move, ((coin >> (drawn & 31u)) & 1u) == 1u);
        drawn += 1u;
      }
      emit_cell(slot, cell, r, c, colour);
      cell += 1u;
    }
  }
}

// Where a board cell sits in the reduction triangle (src/wintest/bpr-layout.ts):
// Hex column c and row r as they are; Y row r goes to column N − 1 − r, row c.
fn triangle_column(r: u32, c: u32) -> u32 {
  return select(BOARD_SIZE - 1u - r, c, IS_HEX);
}

fn triangle_row(r: u32, c: u32) -> u32 {
  return select(c, r, IS_HEX);
}
