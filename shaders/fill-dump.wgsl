// Test kernels: write out the generator's words and the filled boards, so
// that tests can compare them word for word with the TS twins. Outputs go to
// the `winners` binding, one u32 each. One invocation per item.

override WORDS_PER_ITEM: u32 = 8u;

var<private> dump_base: u32;

fn emit_cell(slot: u32, cell: u32, r: u32, c: u32, colour: u32) {
  atomicStore(&winners[dump_base + cell], colour);
}

@compute @workgroup_size(WORKGROUP_SIZE)
fn dump_words(@builtin(workgroup_id) wid: vec3u, @builtin(local_invocation_index) lid: u32) {
  let item = item_at(workgroup_index(wid), lid);
  if (!item.valid) {
    return;
  }
  stream_start(params.seed, params.position_base + item.position, params.playout_base + item.playout);
  let base = (item.position * params.playout_count + item.playout) * WORDS_PER_ITEM;
  for (var k = 0u; k < WORDS_PER_ITEM; k++) {
    atomicStore(&winners[base + k], stream_word());
  }
}

@compute @workgroup_size(WORKGROUP_SIZE)
fn dump_boards(@builtin(workgroup_id) wid: vec3u, @builtin(local_invocation_index) lid: u32) {
  let item = item_at(workgroup_index(wid), lid);
  if (!item.valid) {
    return;
  }
  dump_base = (item.position * params.playout_count + item.playout) * CELL_COUNT;
  fill_board(item.position, item.playout, 0u);
}
