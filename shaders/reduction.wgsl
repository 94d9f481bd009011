// The triangle every BPR kernel reduces (src/wintest/bpr-layout.ts): side
// SIDE (N for Y, 2N − 1 for Hex), COLUMNS stored columns of COLUMN_CELLS
// cells, SIDE − 1 passes. Pass p rewrites columns 0 … min(COLUMNS, SIDE − p) − 2.
override SIDE: u32;
override COLUMNS: u32;
override COLUMN_CELLS: u32;

fn rewritten_columns(pass_index: u32) -> u32 {
  return min(COLUMNS, SIDE - pass_index) - 1u;
}
