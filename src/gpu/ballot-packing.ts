/**
 * The CPU twin of the slot arithmetic in shaders/bitsliced-ballot.wgsl
 * (`take_for_round` and the slots its main fills), so that the packing can
 * be checked for every subgroup size a GPU may have, 4 to 128 lanes, though
 * SwiftShader runs only 4. Kept equal to the shader by reading: both are a
 * few lines, and test/gpu/ballot-packing.test.ts holds this one to the rule
 * "lane s of a subgroup reduces its slots 32s … 32s + 31, each once".
 */

/** Which ballot word a lane takes in a round, shifted left by how much, and whether at all. */
export interface BallotTake {
  readonly word: number;
  readonly shift: number;
  readonly wanted: boolean;
}

/** Subgroup sizes WGSL allows: powers of two from 4 to 128. */
export const SUBGROUP_SIZES = [4, 8, 16, 32, 64, 128] as const;

/**
 * Round `round` (0…31) of a subgroup of `size` lanes fills slots
 * round·size … round·size + size − 1 (relative to the subgroup's first
 * slot); lane `lane` owns slots 32·lane … 32·lane + 31.
 */
export function takeForRound(round: number, lane: number, size: number): BallotTake {
  const first = round * size;
  const mine = lane * 32;
  if (size >= 32) {
    return { word: Math.floor((mine - first) / 32) >>> 0, shift: 0, wanted: mine >= first && mine < first + size };
  }
  return { word: 0, shift: (first - mine) >>> 0, wanted: first >= mine && first < mine + 32 };
}

/** The slot (relative to the workgroup) that lane `lane` of subgroup `order` fills in `round`. */
export function filledSlot(order: number, round: number, lane: number, size: number): number {
  return order * size * 32 + round * size + lane;
}

/**
 * Plays the ballot kernel's packing for one workgroup of `workgroupSize`
 * lanes in subgroups of `size`: returns, per lane of the workgroup (subgroup
 * order · size + lane), the 32 slots its slice bits hold, bit b at index b
 * (−1 for a bit no slot reached), as the kernel's ballots would set them.
 */
export function packWorkgroup(workgroupSize: number, size: number): number[][] {
  const lanes = Array.from({ length: workgroupSize }, () => new Array<number>(32).fill(-1));
  for (let order = 0; order < workgroupSize / size; order++) {
    for (let round = 0; round < 32; round++) {
      // subgroupBallot: bit i of ballot word w is lane 32w + i's predicate.
      for (let lane = 0; lane < size; lane++) {
        const take = takeForRound(round, lane, size);
        if (!take.wanted) continue;
        for (let bit = 0; bit < 32; bit++) {
          // The kernel shifts the ballot word left by `shift`: slice bit b holds ballot bit b − shift.
          const ballotBit = bit - take.shift;
          const source = take.word * 32 + ballotBit;
          if (ballotBit < 0 || ballotBit >= 32 || source >= size) continue;
          const slices = lanes[order * size + lane] as number[];
          if (slices[bit] !== -1) throw new Error(`lane ${lane} of subgroup ${order}: bit ${bit} set twice`);
          slices[bit] = filledSlot(order, round, source, size);
        }
      }
    }
  }
  return lanes;
}

/**
 * The ballot kernel's workgroup: at least `requested` lanes, and a whole
 * number of the largest subgroups, since every ballot must see a full
 * subgroup (a partial one would leave slots unfilled).
 */
export function ballotWorkgroupSize(requested: number, subgroupMaxSize: number): number {
  const size = Math.max(1, subgroupMaxSize);
  return Math.ceil(Math.max(requested, size) / size) * size;
}
