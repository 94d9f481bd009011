// Twin: src/wintest/floodfill.ts (the same flood fill on the CPU; tests hold them equal).
// The floodfill kernel, the GPU baseline: one u32 per board row (bit c for
// column c), a player's stones grown from one side until nothing changes.
// Unlike BPR its running time depends on the board, so lanes diverge. Its
// main is board-loop.wgsl.

var<private> black_rows: array<u32, 32>;
var<private> white_rows: array<u32, 32>;
var<private> reach: array<u32, 32>;

fn start_board() {
  for (var r = 0u; r < BOARD_SIZE; r++) {
    black_rows[r] = 0u;
    white_rows[r] = 0u;
  }
}

fn emit_cell(slot: u32, cell: u32, r: u32, c: u32, colour: u32) {
  let bit = 1u << c;
  if (colour == BLACK) {
    black_rows[r] |= bit;
  } else if (colour == WHITE) {
    white_rows[r] |= bit;
  }
}

// The cells of row r next to the reached cells of rows r − 1 and r + 1.
// Hex (r, c) touches (r − 1, c), (r − 1, c + 1), (r + 1, c), (r + 1, c − 1);
// Y (r, c) touches (r − 1, c − 1), (r − 1, c), (r + 1, c), (r + 1, c + 1).
fn from_neighbour_rows(r: u32) -> u32 {
  var near = 0u;
  if (r > 0u) {
    let above = reach[r - 1u];
    near |= select(above | (above << 1u), above | (above >> 1u), IS_HEX);
  }
  if (r + 1u < BOARD_SIZE) {
    let below = reach[r + 1u];
    near |= select(below | (below >> 1u), below | (below << 1u), IS_HEX);
  }
  return near;
}

// Grows `reach` inside `stones` (rows) to the cells connected to it.
fn grow(stones: ptr<private, array<u32, 32>>) {
  var changed = true;
  while (changed) {
    changed = false;
    for (var step = 0u; step < 2u * BOARD_SIZE; step++) {
      // Down the rows, then back up, so paths that turn are followed quickly.
      let r = select(2u * BOARD_SIZE - 1u - step, step, step < BOARD_SIZE);
      let row_stones = (*stones)[r];
      var grown = reach[r] | (row_stones & from_neighbour_rows(r));
      // Along the row, within runs of stones.
      var before = 0u;
      while (grown != before) {
        before = grown;
        grown = row_stones & (grown | (grown << 1u) | (grown >> 1u));
      }
      if (grown != reach[r]) {
        reach[r] = grown;
        changed = true;
      }
    }
  }
}

fn hex_connects(player: u32) -> bool {
  for (var r = 0u; r < BOARD_SIZE; r++) {
    reach[r] = 0u;
  }
  if (player == BLACK) {
    reach[0] = black_rows[0];
    grow(&black_rows);
    return reach[BOARD_SIZE - 1u] != 0u;
  }
  for (var r = 0u; r < BOARD_SIZE; r++) {
    reach[r] = white_rows[r] & 1u;
  }
  grow(&white_rows);
  var touches = 0u;
  for (var r = 0u; r < BOARD_SIZE; r++) {
    touches |= reach[r] >> (BOARD_SIZE - 1u);
  }
  return (touches & 1u) == 1u;
}

// A Y group wins when it touches all three sides. Every such group touches
// the bottom row, so each group is grown from one bottom stone in turn.
fn y_connects(stones: ptr<private, array<u32, 32>>) -> bool {
  let bottom = BOARD_SIZE - 1u;
  var seeds = (*stones)[bottom];
  while (seeds != 0u) {
    for (var r = 0u; r < BOARD_SIZE; r++) {
      reach[r] = 0u;
    }
    reach[bottom] = seeds & (~seeds + 1u);
    grow(stones);
    var left = 0u;
    var right = 0u;
    for (var r = 0u; r < BOARD_SIZE; r++) {
      left |= reach[r] & 1u;
      right |= (reach[r] >> r) & 1u;
    }
    if (left == 1u && right == 1u) {
      return true;
    }
    seeds &= ~reach[bottom];
  }
  return false;
}

fn connects(player: u32) -> bool {
  if (IS_HEX) {
    return hex_connects(player);
  }
  if (player == BLACK) {
    return y_connects(&black_rows);
  }
  return y_connects(&white_rows);
}

fn decide_board() -> u32 {
  if (connects(BLACK)) {
    return BLACK;
  }
  // A full board always has a winner, so white's test can be skipped there.
  if (FILL_MODE != FILL_NONE || connects(WHITE)) {
    return WHITE;
  }
  return EMPTY;
}

fn tally_board_ownership(winner: u32) {
  var cell = 0u;
  for (var r = 0u; r < BOARD_SIZE; r++) {
    let row_length = select(r + 1u, BOARD_SIZE, IS_HEX);
    let owned = select(white_rows[r], black_rows[r], winner == BLACK);
    for (var c = 0u; c < row_length; c++) {
      tally_ownership(cell, (owned >> c) & 1u, (black_rows[r] >> c) & 1u);
      cell += 1u;
    }
  }
}
