// A BPR column of up to 16 cells in one u32, 2 bits a cell: cell j at bits
// 2j (black) and 2j + 1 (white), as in src/wintest/bpr-layout.ts.

alias Column = u32;

const COLUMN_EMPTY: Column = 0u;
const COLUMN_WHITE: Column = 0xaaaaaaaau;

fn column_cell(row: u32, colour: u32) -> Column {
  return colour << (2u * row);
}

// One reduction step of a column: each cell becomes the majority of itself,
// the cell above it (the shift) and its neighbour in the next column.
fn column_step(pass_index: u32, here: Column, next: Column) -> Column {
  let up = here >> 2u;
  return (here & (up | next)) | (up & next);
}

fn column_first(column: Column) -> u32 {
  return column & 3u;
}
