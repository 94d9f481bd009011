// Bit-sliced kernel with subgroups: every lane fills one board at a time and
// subgroupBallot transposes the lanes' cells into plane words, which the
// lanes then reduce 32 boards each. Its slot arithmetic (ballot-take.wgsl)
// has a CPU twin, src/gpu/ballot-packing.ts, checked for every subgroup size.
//
// A subgroup of S lanes owns 32·S consecutive slots; lane s reduces slots
// 32s … 32s + 31 (the same items as bitsliced-lanes.wgsl gives lane s). In
// round t (32 rounds) lane s fills slot t·S + s, so one ballot covers slots
// t·S … t·S + S − 1: whole 32-slot groups when S ≥ 32 (ballot word i goes to
// lane t·S/32 + i), part of one group when S < 32 (shifted into place).
// Every lane runs every round, also for slots past the last item, so that
// the ballots see full subgroups.

var<workgroup> subgroups_seen: atomic<u32>;

var<private> take: Take;

fn emit_cell(slot: u32, cell: u32, r: u32, c: u32, colour: u32) {
  let black = subgroupBallot(colour == BLACK);
  var white = vec4u(0u);
  if (!FULL_BOARDS) {
    white = subgroupBallot(colour == WHITE);
  }
  if (take.wanted) {
    set_cell_bits(cell, r, c, black[take.word] << take.shift, white[take.word] << take.shift);
  }
}

@compute @workgroup_size(WORKGROUP_SIZE)
fn main(
  @builtin(workgroup_id) wid: vec3u,
  @builtin(local_invocation_index) lid: u32,
  @builtin(subgroup_invocation_id) lane: u32,
  @builtin(subgroup_size) size: u32,
) {
  let group = workgroup_index(wid);
  if (!workgroup_has_work(group)) {
    return;
  }
  // Number the subgroups by arrival rather than trusting how lanes map to
  // local_invocation_index, which WGSL leaves open.
  var order = 0u;
  if (subgroupElect()) {
    order = atomicAdd(&subgroups_seen, 1u);
  }
  order = subgroupBroadcastFirst(order);
  // Without a barrier anywhere in the kernel, SwiftShader gives each subgroup
  // its own copy of workgroup memory: every subgroup then drew order 0 and
  // filled slots 0 … 32·S − 1, and the other boards of the workgroup were
  // never decided (issue 7: `decide` answered none from board 129 on, where
  // `evaluate` kept working only because its tally ends in a barrier). The
  // barrier makes the counter one per workgroup on every implementation.
  workgroupBarrier();
  let first_slot = order * size * 32u;

  start_planes();
  var valid = 0u;
  for (var round = 0u; round < 32u; round++) {
    take = take_for_round(round, lane, size);
    let item = item_at(group, first_slot + round * size + lane);
    // A workgroup's items fill a prefix of its slots, so once a round holds
    // none, no later round does: stop, rather than fill boards nobody asked
    // for (a search's many positions with few playouts each). subgroupAny is
    // the same on every lane, so the subgroup leaves together.
    if (!subgroupAny(item.valid)) {
      break;
    }
    fill_board(item.position, item.playout, 0u);
    let filled = subgroupBallot(item.valid);
    if (take.wanted) {
      valid |= filled[take.word] << take.shift;
    }
  }
  let my_first = first_slot + lane * 32u;
  var wins = vec2u(0u);
  if (valid != 0u) {
    wins = tally_slices(group, my_first, valid);
  }
  finish_workgroup(group, lid, wins.x, wins.y);
}
