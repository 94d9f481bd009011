// Which part of a round's ballot a lane keeps: the twin of takeForRound in
// src/gpu/ballot-packing.ts, where every subgroup size from 4 to 128 is
// checked; test/gpu/ballot-take.test.ts holds the two equal.
//
// Round `round` fills slots round·size … round·size + size − 1 of the
// subgroup; lane `lane` reduces slots 32·lane … 32·lane + 31. With 32 lanes
// or more a round covers whole lanes' slots (ballot word `word` is lane
// round·size/32 + word's); with fewer it covers part of one lane's, shifted
// into place.

struct Take {
  word: u32,
  shift: u32,
  wanted: bool,
}

fn take_for_round(round: u32, lane: u32, size: u32) -> Take {
  let first = round * size;
  let mine = lane * 32u;
  if (size >= 32u) {
    return Take((mine - first) / 32u, 0u, mine >= first && mine < first + size);
  }
  return Take(0u, first - mine, first >= mine && first < mine + 32u);
}
