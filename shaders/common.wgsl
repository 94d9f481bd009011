// Bindings, sizes and the bookkeeping every kernel shares: which (position,
// playout) each board is, and how outcomes are counted.
//
// The host prepends `const` capacities for private arrays (WGSL sizes those
// only with const-expressions) and sets every other size through the
// overrides below.

const EMPTY: u32 = 0u;
const BLACK: u32 = 1u;
const WHITE: u32 = 2u;

const FILL_NONE: u32 = 0u;  // decide the boards as given, one item per position
const FILL_EXACT: u32 = 1u;
const FILL_COIN: u32 = 2u;

override BOARD_SIZE: u32;
override IS_HEX: bool;
override CELL_COUNT: u32;
override FILL_MODE: u32;
override WORKGROUP_SIZE: u32 = 64u;
// Boards one workgroup decides: WORKGROUP_SIZE times the boards per invocation.
override ITEMS_PER_WORKGROUP: u32;
override WRITE_WINNERS: bool = false;
override OWNERSHIP: bool = false;
// Length of a position's ownership tally: 2 × CELL_COUNT with ownership
// (the owner-won counts, then the black-owned counts), else 1.
override OWNERSHIP_WORDS: u32 = 1u;

struct Params {
  seed: u32,
  // Index of this dispatch's first position in the request: the RNG names
  // positions by their index in the request, not in the dispatch.
  position_base: u32,
  position_count: u32,
  // The same for playouts, when one position's playouts span dispatches.
  playout_base: u32,
  playout_count: u32,
  chunks_per_position: u32,
  groups_x: u32,
}

@group(0) @binding(0) var<uniform> params: Params;
// Per position: side to move, empty cells, then the cells at 2 bits each,
// 16 to a word, row-major.
@group(0) @binding(1) var<storage, read> positions: array<u32>;
// Per position: black wins, white wins.
@group(0) @binding(2) var<storage, read_write> counts: array<atomic<u32>>;
// Per position, CELL_COUNT words: per cell, the playouts won by the player
// owning the cell; then CELL_COUNT words: the playouts in which black owned it.
@group(0) @binding(3) var<storage, read_write> ownership: array<atomic<u32>>;
// Every board's winner at 2 bits, 16 to a word, item order.
@group(0) @binding(4) var<storage, read_write> winners: array<atomic<u32>>;

var<workgroup> wg_black: atomic<u32>;
var<workgroup> wg_white: atomic<u32>;
var<workgroup> wg_own: array<atomic<u32>, OWNERSHIP_WORDS>;

struct Item {
  position: u32,  // within the dispatch, clamped so that it can always be read
  playout: u32,   // within the dispatch
  valid: bool,
}

fn deciding_given_boards() -> bool {
  return FILL_MODE == FILL_NONE;
}

fn workgroup_index(wid: vec3u) -> u32 {
  return wid.x + wid.y * params.groups_x;
}

// False for the spare workgroups of the last dispatch row; uniform across
// the workgroup, so returning on it keeps barriers in uniform control flow.
fn workgroup_has_work(group: u32) -> bool {
  if (deciding_given_boards()) {
    return group * ITEMS_PER_WORKGROUP < params.position_count;
  }
  return group / params.chunks_per_position < params.position_count;
}

// Playouts: a workgroup plays one position, a chunk of its playouts.
// Given boards: each item is a position of its own.
fn item_at(group: u32, slot: u32) -> Item {
  if (deciding_given_boards()) {
    let p = group * ITEMS_PER_WORKGROUP + slot;
    return Item(min(p, params.position_count - 1u), 0u, p < params.position_count);
  }
  let p = group / params.chunks_per_position;
  let q = (group % params.chunks_per_position) * ITEMS_PER_WORKGROUP + slot;
  return Item(p, q, q < params.playout_count);
}

fn record_offset(position: u32) -> u32 {
  return position * (2u + (CELL_COUNT + 15u) / 16u);
}

fn record_winner(item: Item, winner: u32) {
  if (WRITE_WINNERS && item.valid) {
    let k = item.position * params.playout_count + item.playout;
    atomicOr(&winners[k / 16u], winner << (2u * (k % 16u)));
  }
}

// Adds to one cell the boards its owner won and the boards black owned it.
fn tally_ownership(cell: u32, wins: u32, black_owned: u32) {
  if (OWNERSHIP && wins != 0u) {
    atomicAdd(&wg_own[cell], wins);
  }
  if (OWNERSHIP && black_owned != 0u) {
    atomicAdd(&wg_own[CELL_COUNT + cell], black_owned);
  }
}

// Adds one position's win counts to global memory.
fn add_counts(position: u32, black: u32, white: u32) {
  if (black != 0u) {
    atomicAdd(&counts[2u * position], black);
  }
  if (white != 0u) {
    atomicAdd(&counts[2u * position + 1u], white);
  }
}

// Workgroup memory starts zeroed (WebGPU guarantees it), so the tallies need
// no clearing pass. One atomicAdd per workgroup and counter reaches memory,
// for position p, which all of the workgroup's boards belong to.
fn flush_workgroup(p: u32, lid: u32, black: u32, white: u32) {
  if (black != 0u) {
    atomicAdd(&wg_black, black);
  }
  if (white != 0u) {
    atomicAdd(&wg_white, white);
  }
  workgroupBarrier();
  if (lid == 0u) {
    add_counts(p, atomicLoad(&wg_black), atomicLoad(&wg_white));
  }
  if (OWNERSHIP) {
    for (var k = lid; k < OWNERSHIP_WORDS; k += WORKGROUP_SIZE) {
      let n = atomicLoad(&wg_own[k]);
      if (n != 0u) {
        atomicAdd(&ownership[p * OWNERSHIP_WORDS + k], n);
      }
    }
  }
}

fn finish_workgroup(group: u32, lid: u32, black: u32, white: u32) {
  if (deciding_given_boards()) {
    return;
  }
  flush_workgroup(group / params.chunks_per_position, lid, black, white);
}
