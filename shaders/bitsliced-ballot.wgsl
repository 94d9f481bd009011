// Bit-sliced kernel with subgroups: every lane fills one board at a time and
// subgroupBallot transposes the lanes' cells into plane words, which the
// lanes then reduce 32 boards each.
//
// A subgroup of S lanes owns 32·S consecutive slots; lane s reduces slots
// 32s … 32s + 31 (the same items as bitsliced-lanes.wgsl gives lane s). In
// round t (32 rounds) lane s fills slot t·S + s, so one ballot covers slots
// t·S … t·S + S − 1: whole 32-slot groups when S ≥ 32 (ballot word i goes to
// lane t·S/32 + i), part of one group when S < 32 (shifted into place).
// Every lane runs every round, also for slots past the last item, so that
// the ballots see full subgroups.

var<workgroup> subgroups_seen: atomic<u32>;

struct Take {
  word: u32,
  shift: u32,
  wanted: bool,
}

var<private> take: Take;

fn take_for_round(round: u32, lane: u32, size: u32) -> Take {
  let first = round * size;
  let mine = lane * 32u;
  if (size >= 32u) {
    return Take((mine - first) / 32u, 0u, mine >= first && mine < first + size);
  }
  return Take(0u, first - mine, first >= mine && first < mine + 32u);
}

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
  let first_slot = order * size * 32u;

  start_planes();
  var valid = 0u;
  for (var round = 0u; round < 32u; round++) {
    take = take_for_round(round, lane, size);
    let item = item_at(group, first_slot + round * size + lane);
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
