/**
 * Every GPU kernel, one record each: its name, its variants (the WGSL each is
 * assembled from, its constants, its boards per invocation and workgroup
 * size), and its CPU twin, the win test that decides the same boards the
 * same way. Whatever needs to know about a kernel reads it here; a new
 * kernel is one record plus its shader.
 */
import type { BprLayout } from '../game/reduction-triangle.js';
import { bitsliced } from '../wintest/bitsliced.js';
import { bpr } from '../wintest/bpr.js';
import { floodFill } from '../wintest/floodfill.js';
import type { WinTestMethod } from '../wintest/method.js';
import { ballotWorkgroupSize } from './ballot-packing.js';
import { fitsUnrolled, generateUnrolledMain } from './generate-bitsliced.js';
import type { WgslFile } from './wgsl-files.js';

/** The kernels a caller can ask for, by name. */
export type GpuKernel = 'bpr' | 'bitsliced' | 'bitsliced-unrolled' | 'floodfill';

/** The module variants pipelines are built from (bitsliced has two; fill-dump is a test kernel). */
export type ShaderVariant =
  'bpr' | 'bitsliced-lanes' | 'bitsliced-ballot' | 'bitsliced-unrolled' | 'floodfill' | 'fill-dump';

/** What a variant's constants may depend on. */
export interface VariantSetting {
  readonly layout: BprLayout;
  /** False when deciding given boards, which may have empty cells. */
  readonly fullBoards: boolean;
  readonly boardsPerInvocation: number;
  readonly ownership: boolean;
}

export interface KernelVariant {
  readonly name: ShaderVariant;
  /** WGSL directives that must open the module (`enable …`, `diagnostic(…)`). */
  readonly directives: readonly string[];
  /** True when the variant needs the subgroups feature. */
  readonly needsSubgroups: boolean;
  /** The variant's WGSL files (after the shared ones), for u32 columns (1) or u32 pairs (2). */
  sources(wordsPerColumn: 1 | 2): readonly WgslFile[];
  /** Boards one invocation decides, given the evaluator's setting. */
  boardsPerInvocation(requested: number): number;
  /** Invocations per workgroup, given the evaluator's setting and the device's largest subgroup. */
  workgroupSize(requested: number, subgroupMaxSize: number): number;
  /** Override constants beyond the ones every kernel takes. */
  constants(setting: VariantSetting): Record<string, number>;
  /** Whether the variant can play this board (false: the kernel's next variant runs it). */
  fits(layout: BprLayout): boolean;
  /** WGSL generated for the setting, appended after the files (the entry point of generated kernels), or null. */
  generated(setting: VariantSetting): string | null;
  /**
   * True when an invocation takes 32 playouts of one position and a workgroup
   * may hold several positions (dispatch-plan.ts); false when a workgroup
   * plays one position.
   */
  readonly packsPositions: boolean;
}

export interface KernelRecord {
  readonly name: GpuKernel;
  readonly summary: string;
  /** In order of preference: the first whose needs the device meets runs. */
  readonly variants: readonly KernelVariant[];
  /** The CPU win test this kernel mirrors. */
  readonly cpuTwin: WinTestMethod;
  /** The kernel's reduction shader and its CPU twin's file, which name each other in their first lines. */
  readonly twinFiles: { readonly shader: string; readonly cpu: string };
}

/** A bit-sliced invocation decides a slice word's worth of boards. */
const SLICE_BOARDS = 32;
const boardLoopConstants = ({ boardsPerInvocation }: VariantSetting) => ({
  BOARDS_PER_INVOCATION: boardsPerInvocation,
});
const slicedConstants = ({ fullBoards }: VariantSetting) => ({ FULL_BOARDS: fullBoards ? 1 : 0 });

/** A variant record: what is not given is the common case (no extensions, the evaluator's own sizes). */
function variant(
  record: Pick<KernelVariant, 'name' | 'sources' | 'constants'> & Partial<KernelVariant>,
): KernelVariant {
  return {
    directives: [],
    needsSubgroups: false,
    boardsPerInvocation: (requested) => requested,
    workgroupSize: (requested) => requested,
    fits: () => true,
    generated: () => null,
    packsPositions: false,
    ...record,
  };
}

const bprVariant = variant({
  name: 'bpr',
  sources: (wordsPerColumn) => [
    wordsPerColumn === 1 ? 'column32.wgsl' : 'column64.wgsl',
    'bpr.wgsl',
    'board-loop.wgsl',
  ],
  constants: (setting) => ({
    ...boardLoopConstants(setting),
    ...(setting.layout.wordsPerColumn === 2 ? { LO_ONLY_FROM_PASS: setting.layout.loOnlyFromPass } : {}),
  }),
});

const ballotVariant = variant({
  name: 'bitsliced-ballot',
  // The round loop stops at a subgroupAny, the same on every lane of the
  // subgroup; the analysis cannot see that, so its subgroup-uniformity check
  // is turned off for this module alone.
  directives: ['enable subgroups', 'diagnostic(off, subgroup_uniformity)'],
  needsSubgroups: true,
  sources: () => ['bitsliced.wgsl', 'ballot-take.wgsl', 'bitsliced-ballot.wgsl'],
  boardsPerInvocation: () => SLICE_BOARDS,
  workgroupSize: ballotWorkgroupSize,
  constants: slicedConstants,
});

const lanesVariant = variant({
  name: 'bitsliced-lanes',
  sources: () => ['bitsliced.wgsl', 'bitsliced-lanes.wgsl'],
  boardsPerInvocation: () => SLICE_BOARDS,
  constants: slicedConstants,
});

const unrolledVariant = variant({
  name: 'bitsliced-unrolled',
  sources: () => ['bitsliced-unrolled.wgsl'],
  boardsPerInvocation: () => SLICE_BOARDS,
  constants: () => ({}),
  fits: fitsUnrolled,
  generated: generateUnrolledMain,
  packsPositions: true,
});

const floodfillVariant = variant({
  name: 'floodfill',
  sources: () => ['floodfill.wgsl', 'board-loop.wgsl'],
  constants: boardLoopConstants,
});

/** Test kernels that write out the generator's words and the filled boards (test/gpu/rng-fill-twin.test.ts). */
export const FILL_DUMP = variant({
  name: 'fill-dump',
  sources: () => ['fill-dump.wgsl'],
  boardsPerInvocation: () => 1,
  constants: () => ({}),
});

export const KERNELS: readonly KernelRecord[] = [
  {
    name: 'bpr',
    summary: "the paper's reduction, one board an invocation, 2 bits a cell in u32 columns or u32 pairs",
    variants: [bprVariant],
    cpuTwin: bpr,
    twinFiles: { shader: 'shaders/bpr.wgsl', cpu: 'src/wintest/bpr.ts' },
  },
  {
    name: 'bitsliced',
    summary:
      '32 boards an invocation, one bit-plane word per triangle cell; boards transposed by subgroupBallot where subgroups exist',
    variants: [ballotVariant, lanesVariant],
    cpuTwin: bitsliced,
    twinFiles: { shader: 'shaders/bitsliced.wgsl', cpu: 'src/wintest/bitsliced.ts' },
  },
  {
    name: 'bitsliced-unrolled',
    summary:
      'bitsliced generated as straight-line code for each board size, every slice word a register, 32 playouts of one position an invocation and ' +
      'several positions a workgroup; boards too large to unroll run the bitsliced kernel',
    variants: [unrolledVariant, ballotVariant, lanesVariant],
    cpuTwin: bitsliced,
    twinFiles: { shader: 'shaders/bitsliced-unrolled.wgsl', cpu: 'src/wintest/bitsliced.ts' },
  },
  {
    name: 'floodfill',
    summary: 'bitboard flood fill, one board an invocation (the baseline)',
    variants: [floodfillVariant],
    cpuTwin: floodFill,
    twinFiles: { shader: 'shaders/floodfill.wgsl', cpu: 'src/wintest/floodfill.ts' },
  },
];

/** Every GPU kernel by the name requests take: bpr, bitsliced, bitsliced-unrolled, floodfill. */
export const GPU_KERNELS: readonly GpuKernel[] = KERNELS.map((k) => k.name);

/** The kernel called `name` (spaces around it ignored); throws for any other name. */
export function parseGpuKernel(name: string): GpuKernel {
  const kernel = GPU_KERNELS.find((k) => k === name.trim());
  if (!kernel) throw new Error(`unknown kernel "${name}" (expected one of: ${GPU_KERNELS.join(', ')})`);
  return kernel;
}

export function kernelRecord(kernel: GpuKernel): KernelRecord {
  const record = KERNELS.find((k) => k.name === kernel);
  if (!record) throw new Error(`unknown kernel "${String(kernel)}" (expected one of: ${GPU_KERNELS.join(', ')})`);
  return record;
}

/** The variant of `kernel` that runs on a device with (or without) subgroups, for boards of `layout` when given. */
export function variantFor(kernel: GpuKernel, subgroups: boolean, layout?: BprLayout): KernelVariant {
  const record = kernelRecord(kernel);
  const variant = record.variants.find((v) => (subgroups || !v.needsSubgroups) && (!layout || v.fits(layout)));
  if (!variant) throw new Error(`kernel ${kernel} has no variant for a device without subgroups`);
  return variant;
}
