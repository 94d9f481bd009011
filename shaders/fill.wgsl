// Playout fills: the twin of fillPlayout in src/fill/fill.ts. Every cell is
// passed, in row-major order, to emit_cell(slot, cell, row, column, colour),
// which each kernel defines to write the board in its own form; `slot`
// tells the kernel which of its boards is being filled.
//
// exact: the k-th empty cell goes to the side to move when
//   uniform_below(w[k], cells left) < stones still owed (selection sampling).
// coin: the k-th empty cell goes to the side to move when bit k mod 32 of
//   w[k / 32] is set.
// FILL_NONE passes empty cells on as empty and draws no words.

fn fill_board(position: u32, playout: u32, slot: u32) {
  let record = record_offset(position);
  let to_move = positions[record];
  let other = 3u - to_move;
  var left = positions[record + 1u];
  var owed = (left + 1u) >> 1u;
  if (FILL_MODE != FILL_NONE) {
    stream_start(params.seed, params.position_base + position, params.playout_base + playout);
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
        let mine = uniform_below(stream_word(), left) < owed;
        colour = select(other, to_move, mine);
        owed -= select(0u, 1u, mine);
        left -= 1u;
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
