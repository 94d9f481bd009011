// Bit-sliced kernel without subgroups: each invocation fills its 32 boards
// itself, board b into bit b of every plane word.

fn emit_cell(slot: u32, cell: u32, r: u32, c: u32, colour: u32) {
  let bit = 1u << slot;
  set_cell_bits(cell, r, c, select(0u, bit, colour == BLACK), select(0u, bit, colour == WHITE));
}

@compute @workgroup_size(WORKGROUP_SIZE)
fn main(@builtin(workgroup_id) wid: vec3u, @builtin(local_invocation_index) lid: u32) {
  let group = workgroup_index(wid);
  if (!workgroup_has_work(group)) {
    return;
  }
  start_planes();
  let first_slot = lid * 32u;
  var valid = 0u;
  for (var b = 0u; b < 32u; b++) {
    let item = item_at(group, first_slot + b);
    if (item.valid) {
      fill_board(item.position, item.playout, b);
      valid |= 1u << b;
    }
  }
  var wins = vec2u(0u);
  if (valid != 0u) {
    wins = tally_slices(group, first_slot, valid);
  }
  finish_workgroup(group, lid, wins.x, wins.y);
}
