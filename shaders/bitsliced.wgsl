// Twin: src/wintest/bitsliced.ts (the same bit-sliced reduction on the CPU; tests hold them equal).
// Bit-sliced reduction: one u32 holds the same triangle cell of 32 boards,
// bit b for board b, so each majority step decides 32 boards. Two planes
// (black bits, white bits) carry empty cells; playouts fill every cell, so
// there the white plane is the complement of the black one and is skipped.
// The kernels that fill the planes (bitsliced-lanes.wgsl,
// bitsliced-ballot.wgsl) define main.

// Set for playouts: every board is full.
override FULL_BOARDS: bool;

// Cell (x, j) of the triangle is plane index x * COLUMN_CELLS + j.
var<private> black_plane: array<u32, PLANE_CAP>;
var<private> white_plane: array<u32, WHITE_PLANE_CAP>;
// The black plane of the board cells before reduction, for ownership.
var<private> black_owners: array<u32, OWNER_CELLS_CAP>;

fn plane_index(r: u32, c: u32) -> u32 {
  return triangle_column(r, c) * COLUMN_CELLS + triangle_row(r, c);
}

fn start_planes() {
  for (var k = 0u; k < COLUMNS * COLUMN_CELLS; k++) {
    black_plane[k] = 0u;
    if (!FULL_BOARDS) {
      white_plane[k] = 0u;
    }
  }
  if (IS_HEX) {
    for (var x = 0u; x < BOARD_SIZE; x++) {
      black_plane[x * COLUMN_CELLS + BOARD_SIZE] = 0xffffffffu;
    }
    if (!FULL_BOARDS) {
      for (var j = 0u; j < COLUMN_CELLS; j++) {
        white_plane[BOARD_SIZE * COLUMN_CELLS + j] = 0xffffffffu;
      }
    }
  }
  if (OWNERSHIP) {
    for (var k = 0u; k < CELL_COUNT; k++) {
      black_owners[k] = 0u;
    }
  }
}

// Adds the boards in `black` and `white` (bit masks) to one cell.
fn set_cell_bits(cell: u32, r: u32, c: u32, black: u32, white: u32) {
  let k = plane_index(r, c);
  black_plane[k] |= black;
  if (!FULL_BOARDS) {
    white_plane[k] |= white;
  }
  if (OWNERSHIP) {
    black_owners[cell] |= black;
  }
}

fn majority(a: u32, b: u32, c: u32) -> u32 {
  return (a & (b | c)) | (b & c);
}

// Only cells with x + j ≤ SIDE − 2 − pass matter after a pass, so each pass
// rewrites that shrinking triangle. In place, in increasing x and j: (x, j)
// reads (x, j + 1) and (x + 1, j) before either is rewritten. The cell above
// a column's top reads as empty (0 in both planes), as the column shift does.
// Returns the boards black won; white won the rest (full boards) or
// `white_won` (partial boards).
var<private> white_won: u32;

fn reduce_planes() -> u32 {
  for (var pass_index = 0u; pass_index + 1u < SIDE; pass_index++) {
    let rewritten = rewritten_columns(pass_index);
    for (var x = 0u; x < rewritten; x++) {
      let rows = min(COLUMN_CELLS, SIDE - 1u - pass_index - x);
      let base = x * COLUMN_CELLS;
      for (var j = 0u; j < rows; j++) {
        let k = base + j;
        let up_black = select(0u, black_plane[k + 1u], j + 1u < COLUMN_CELLS);
        black_plane[k] = majority(black_plane[k], up_black, black_plane[k + COLUMN_CELLS]);
        if (!FULL_BOARDS) {
          let up_white = select(0u, white_plane[k + 1u], j + 1u < COLUMN_CELLS);
          white_plane[k] = majority(white_plane[k], up_white, white_plane[k + COLUMN_CELLS]);
        }
      }
    }
  }
  if (FULL_BOARDS) {
    white_won = ~black_plane[0];
  } else {
    white_won = white_plane[0];
  }
  return black_plane[0];
}

// Counts, winners and ownership of an invocation's 32 boards; `valid` marks
// the boards that are real items. Returns (black wins, white wins).
fn tally_slices(group: u32, first_slot: u32, valid: u32) -> vec2u {
  let black_won = reduce_planes() & valid;
  let white_wins = white_won & valid;
  if (WRITE_WINNERS) {
    for (var b = 0u; b < 32u; b++) {
      let winner = ((black_won >> b) & 1u) | (((white_wins >> b) & 1u) << 1u);
      record_winner(item_at(group, first_slot + b), winner);
    }
  }
  if (OWNERSHIP) {
    for (var cell = 0u; cell < CELL_COUNT; cell++) {
      let owners = black_owners[cell];
      tally_ownership(cell, countOneBits((owners & black_won) | (~owners & white_wins)), countOneBits(owners & (black_won | white_wins)));
    }
  }
  return vec2u(countOneBits(black_won), countOneBits(white_wins));
}
