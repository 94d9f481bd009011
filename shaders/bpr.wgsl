// Twin: src/wintest/bpr.ts (the same reduction on the CPU; tests hold them equal).
// The bpr kernel: an invocation fills its boards one at a time straight into
// column words and reduces each (Browne & Tavener's Listing 1). Hex goes
// through the clipped template: row N black, column N white. Its main is
// board-loop.wgsl.

var<private> columns: array<Column, COLUMNS_CAP>;
// 1 bit a cell, set where black stands: who owned each cell, for ownership.
var<private> black_cells: array<u32, OWNER_WORDS_CAP>;

fn start_board() {
  for (var x = 0u; x < COLUMNS; x++) {
    columns[x] = COLUMN_EMPTY;
  }
  if (IS_HEX) {
    for (var x = 0u; x < BOARD_SIZE; x++) {
      columns[x] = column_cell(BOARD_SIZE, BLACK);
    }
    // The template column is the last, column N; indexed so for Y too, where
    // this line never runs but must still index within the array.
    columns[COLUMNS - 1u] = COLUMN_WHITE;
  }
  if (OWNERSHIP) {
    for (var k = 0u; k < OWNER_WORDS_CAP; k++) {
      black_cells[k] = 0u;
    }
  }
}

fn emit_cell(slot: u32, cell: u32, r: u32, c: u32, colour: u32) {
  let x = triangle_column(r, c);
  columns[x] |= column_cell(triangle_row(r, c), colour);
  if (OWNERSHIP && colour == BLACK) {
    black_cells[cell / 32u] |= 1u << (cell % 32u);
  }
}

// Reduces the columns to the winner.
fn decide_board() -> u32 {
  for (var pass_index = 0u; pass_index + 1u < SIDE; pass_index++) {
    let rewritten = rewritten_columns(pass_index);
    for (var x = 0u; x < rewritten; x++) {
      columns[x] = column_step(pass_index, columns[x], columns[x + 1u]);
    }
  }
  return column_first(columns[0]);
}

fn tally_board_ownership(winner: u32) {
  for (var cell = 0u; cell < CELL_COUNT; cell++) {
    let black = ((black_cells[cell / 32u] >> (cell % 32u)) & 1u) == 1u;
    tally_ownership(cell, select(0u, 1u, black == (winner == BLACK)), select(0u, 1u, black));
  }
}
