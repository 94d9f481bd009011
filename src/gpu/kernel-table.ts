/**
 * Every GPU kernel, one record each: its name, its variants (the WGSL each is
 * assembled from, its constants, its boards per invocation and workgroup
 * size), and its CPU twin, the win test that decides the same boards the
 * same way. Whatever needs to know about a kernel reads it here; a new
 * kernel is one record plus its shader.
 */
import ballotTakeWgsl from '../../shaders/ballot-take.wgsl?raw';
import bitslicedBallotWgsl from '../../shaders/bitsliced-ballot.wgsl?raw';
import bitslicedLanesWgsl from '../../shaders/bitsliced-lanes.wgsl?raw';
import bitslicedWgsl from '../../shaders/bitsliced.wgsl?raw';
import boardLoopWgsl from '../../shaders/board-loop.wgsl?raw';
import bprWgsl from '../../shaders/bpr.wgsl?raw';
import column32Wgsl from '../../shaders/column32.wgsl?raw';
import column64Wgsl from '../../shaders/column64.wgsl?raw';
import fillDumpWgsl from '../../shaders/fill-dump.wgsl?raw';
import floodfillWgsl from '../../shaders/floodfill.wgsl?raw';
import type { BprLayout } from '../game/reduction-triangle.js';
import { bitsliced } from '../wintest/bitsliced.js';
import { bpr } from '../wintest/bpr.js';
import { floodFill } from '../wintest/floodfill.js';
import type { WinTestMethod } from '../wintest/method.js';
import { ballotWorkgroupSize } from './ballot-packing.js';

/** The kernels a caller can ask for, by name. */
export type GpuKernel = 'bpr' | 'bitsliced' | 'floodfill';

/** The module variants pipelines are built from (bitsliced has two; fill-dump is a test kernel). */
export type ShaderVariant = 'bpr' | 'bitsliced-lanes' | 'bitsliced-ballot' | 'floodfill' | 'fill-dump';

/** What a variant's constants may depend on. */
export interface VariantSetting {
  readonly layout: BprLayout;
  /** False when deciding given boards, which may have empty cells. */
  readonly fullBoards: boolean;
  readonly boardsPerInvocation: number;
}

export interface KernelVariant {
  readonly name: ShaderVariant;
  /** WGSL `enable` directives the module needs. */
  readonly enables: readonly string[];
  /** True when the variant needs the subgroups feature. */
  readonly needsSubgroups: boolean;
  /** The variant's WGSL files (after the shared ones), for u32 columns (1) or u32 pairs (2). */
  sources(wordsPerColumn: 1 | 2): readonly string[];
  /** Boards one invocation decides, given the evaluator's setting. */
  boardsPerInvocation(requested: number): number;
  /** Invocations per workgroup, given the evaluator's setting and the device's largest subgroup. */
  workgroupSize(requested: number, subgroupMaxSize: number): number;
  /** Override constants beyond the ones every kernel takes. */
  constants(setting: VariantSetting): Record<string, number>;
}

export interface KernelRecord {
  readonly name: GpuKernel;
  readonly summary: string;
  /** In order of preference: the first whose needs the device meets runs. */
  readonly variants: readonly KernelVariant[];
  /** The CPU win test this kernel mirrors (the twin its shader names). */
  readonly cpuTwin: WinTestMethod;
}

const asRequested = (requested: number): number => requested;
const sameWorkgroup = (requested: number): number => requested;
const boardLoopConstants = ({ boardsPerInvocation }: VariantSetting) => ({ BOARDS_PER_INVOCATION: boardsPerInvocation });
const slicedConstants = ({ fullBoards }: VariantSetting) => ({ FULL_BOARDS: fullBoards ? 1 : 0 });
/** A bit-sliced invocation decides a slice word's worth of boards. */
const thirtyTwo = (): number => 32;

const bprVariant: KernelVariant = {
  name: 'bpr',
  enables: [],
  needsSubgroups: false,
  sources: (wordsPerColumn) => [wordsPerColumn === 1 ? column32Wgsl : column64Wgsl, bprWgsl, boardLoopWgsl],
  boardsPerInvocation: asRequested,
  workgroupSize: sameWorkgroup,
  constants: (setting) => ({
    ...boardLoopConstants(setting),
    ...(setting.layout.wordsPerColumn === 2 ? { LO_ONLY_FROM_PASS: setting.layout.loOnlyFromPass } : {}),
  }),
};

const ballotVariant: KernelVariant = {
  name: 'bitsliced-ballot',
  enables: ['subgroups'],
  needsSubgroups: true,
  sources: () => [bitslicedWgsl, ballotTakeWgsl, bitslicedBallotWgsl],
  boardsPerInvocation: thirtyTwo,
  workgroupSize: ballotWorkgroupSize,
  constants: slicedConstants,
};

const lanesVariant: KernelVariant = {
  name: 'bitsliced-lanes',
  enables: [],
  needsSubgroups: false,
  sources: () => [bitslicedWgsl, bitslicedLanesWgsl],
  boardsPerInvocation: thirtyTwo,
  workgroupSize: sameWorkgroup,
  constants: slicedConstants,
};

const floodfillVariant: KernelVariant = {
  name: 'floodfill',
  enables: [],
  needsSubgroups: false,
  sources: () => [floodfillWgsl, boardLoopWgsl],
  boardsPerInvocation: asRequested,
  workgroupSize: sameWorkgroup,
  constants: boardLoopConstants,
};

/** Test kernels that write out the generator's words and the filled boards (test/gpu/rng-fill-twin.test.ts). */
export const FILL_DUMP: KernelVariant = {
  name: 'fill-dump',
  enables: [],
  needsSubgroups: false,
  sources: () => [fillDumpWgsl],
  boardsPerInvocation: () => 1,
  workgroupSize: sameWorkgroup,
  constants: () => ({}),
};

export const KERNELS: readonly KernelRecord[] = [
  {
    name: 'bpr',
    summary: "the paper's reduction, one board an invocation, 2 bits a cell in u32 columns or u32 pairs",
    variants: [bprVariant],
    cpuTwin: bpr,
  },
  {
    name: 'bitsliced',
    summary: '32 boards an invocation, one bit-plane word per triangle cell; boards transposed by subgroupBallot where subgroups exist',
    variants: [ballotVariant, lanesVariant],
    cpuTwin: bitsliced,
  },
  {
    name: 'floodfill',
    summary: 'bitboard flood fill, one board an invocation (the baseline)',
    variants: [floodfillVariant],
    cpuTwin: floodFill,
  },
];

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

/** The variant of `kernel` that runs on a device with (or without) subgroups. */
export function variantFor(kernel: GpuKernel, subgroups: boolean): KernelVariant {
  const record = kernelRecord(kernel);
  const variant = record.variants.find((v) => subgroups || !v.needsSubgroups);
  if (!variant) throw new Error(`kernel ${kernel} has no variant for a device without subgroups`);
  return variant;
}
