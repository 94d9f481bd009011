// The counter-based generator: the exact twin of src/fill/counter-rng.ts
// (pcgBlock, PlayoutStream, uniformBelow). u32 arithmetic wraps in WGSL just
// as Math.imul and >>> 0 wrap in TS, so both yield the same words.

fn pcg_block(seed: u32, position: u32, playout: u32, counter: u32) -> vec4u {
  var v = vec4u(seed, position, playout, counter);
  for (var round = 0u; round < 2u; round++) {
    v = v * 1664525u + 1013904223u;
    v.x += v.y * v.w;
    v.y += v.z * v.x;
    v.z += v.x * v.y;
    v.w += v.y * v.z;
    v ^= v >> vec4u(16u);
    v.x += v.y * v.w;
    v.y += v.z * v.x;
    v.z += v.x * v.y;
    v.w += v.y * v.z;
  }
  return v;
}

struct Stream {
  seed: u32,
  position: u32,
  playout: u32,
  counter: u32,
  block: vec4u,
  next: u32,
}

// An invocation reads one playout's stream at a time.
var<private> stream: Stream;

fn stream_start(seed: u32, position: u32, playout: u32) {
  stream = Stream(seed, position, playout, 0u, vec4u(0u), 4u);
}

fn stream_word() -> u32 {
  if (stream.next == 4u) {
    stream.block = pcg_block(stream.seed, stream.position, stream.playout, stream.counter);
    stream.counter += 1u;
    stream.next = 0u;
  }
  let w = stream.block[stream.next];
  stream.next += 1u;
  return w;
}

// The high half of r·m for m ≤ 2^16, from 16-bit halves of r.
fn uniform_below(r: u32, m: u32) -> u32 {
  let hi = (r >> 16u) * m;
  let lo = ((r & 0xffffu) * m) >> 16u;
  return (hi + lo) >> 16u;
}
