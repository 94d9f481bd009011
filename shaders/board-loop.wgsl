// The main of the kernels that take their boards one at a time (bpr.wgsl,
// floodfill.wgsl): an invocation fills, decides and tallies
// BOARDS_PER_INVOCATION boards in turn. The kernel defines start_board(),
// decide_board() -> u32 (the winner, or EMPTY) and
// tally_board_ownership(winner).

override BOARDS_PER_INVOCATION: u32 = 1u;

@compute @workgroup_size(WORKGROUP_SIZE)
fn main(@builtin(workgroup_id) wid: vec3u, @builtin(local_invocation_index) lid: u32) {
  let group = workgroup_index(wid);
  if (!workgroup_has_work(group)) {
    return;
  }
  var black = 0u;
  var white = 0u;
  for (var k = 0u; k < BOARDS_PER_INVOCATION; k++) {
    let item = item_at(group, k * WORKGROUP_SIZE + lid);
    if (!item.valid) {
      continue;
    }
    start_board();
    fill_board(item.position, item.playout, k);
    let winner = decide_board();
    record_winner(item, winner);
    black += select(0u, 1u, winner == BLACK);
    white += select(0u, 1u, winner == WHITE);
    if (OWNERSHIP && winner != EMPTY) {
      tally_board_ownership(winner);
    }
  }
  finish_workgroup(group, lid, black, white);
}
