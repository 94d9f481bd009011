// A BPR column of up to 32 cells in a (lo, hi) pair of u32 emulating 64 bits,
// 2 bits a cell: rows 0–15 in lo, rows 16–31 in hi (src/wintest/bpr-layout.ts).

alias Column = vec2u;

const COLUMN_EMPTY: Column = vec2u(0u);
const COLUMN_WHITE: Column = vec2u(0xaaaaaaaau);

// From this pass on, the live triangle has at most 16 rows, so every cell
// the result depends on lies in lo and hi can be left alone.
override LO_ONLY_FROM_PASS: u32;

fn column_cell(row: u32, colour: u32) -> Column {
  let bits = colour << ((2u * row) & 31u);
  return select(vec2u(bits, 0u), vec2u(0u, bits), row >= 16u);
}

fn column_step(pass_index: u32, here: Column, next: Column) -> Column {
  if (pass_index >= LO_ONLY_FROM_PASS) {
    let up = here.x >> 2u;
    return vec2u((here.x & (up | next.x)) | (up & next.x), 0u);
  }
  let up = vec2u((here.x >> 2u) | (here.y << 30u), here.y >> 2u);
  return (here & (up | next)) | (up & next);
}

fn column_first(column: Column) -> u32 {
  return column.x & 3u;
}
