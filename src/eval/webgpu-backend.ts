/**
 * The WebGPU backend: positions go up once per dispatch, the kernel fills
 * and decides every playout on the GPU, and only the counts (and, when
 * asked, ownership counts and every winner) come back.
 */
import { Color, type Winner } from '../game/color.js';
import type { Cells, Geometry } from '../game/geometry.js';
import { FillKind } from '../fill/fill.js';
import { type Dispatch, type DispatchLimits, ownershipWords, planDispatches } from '../gpu/dispatch-plan.js';
import { type GpuContext, type OpenGpuOptions, adapterText, openGpu } from '../gpu/gpu-device.js';
import { type DispatchOutput, GpuRunner } from '../gpu/gpu-runner.js';
import { type RecordSource, recordWords } from '../gpu/position-records.js';
import { type KernelVariant, type ShaderVariant, variantFor } from '../gpu/kernel-table.js';
import { type ShaderBuild, buildShader } from '../gpu/shader-source.js';
import { bprLayout } from '../game/reduction-triangle.js';
import { checkDecideRequest, checkEvaluateRequest } from './check-request.js';
import { DeviceLimitError, EvaluatorDestroyedError, InvalidRequestError } from './errors.js';
import { checkEveryBoardDecided, checkEveryPlayoutDecided, checkOwnershipCounts } from './result-checks.js';
import { PositionTally, addCounts } from './tally.js';
import type { DecideOptions, EvalPosition, Evaluation, EvaluateOptions, Evaluator, GpuKernel } from './types.js';

/** How `createWebGpuEvaluator` opens the device and shapes its dispatches. */
export interface WebGpuEvaluatorOptions extends OpenGpuOptions {
  /** Invocations per workgroup (default 64, or the subgroup size where that is larger). */
  readonly workgroupSize?: number;
  /** Boards each invocation of bpr and floodfill decides in a loop (default 1). */
  readonly boardsPerInvocation?: number;
  /** Dispatches in flight at once (default 3). */
  readonly maxInFlight?: number;
  /** Tighter limits than the device's, e.g. to test splitting. */
  readonly dispatchLimits?: Partial<DispatchLimits>;
}

/** The WebGPU backend: an Evaluator that also exposes its device context and the kernel variant each kernel name runs. */
export interface WebGpuEvaluator extends Evaluator {
  readonly backend: 'webgpu';
  readonly context: GpuContext;
  /** The kernel a GpuKernel name runs here (bitsliced has two), on boards of `geometry` when given (bitsliced-unrolled falls back on large ones). */
  variantOf(kernel: GpuKernel, geometry?: Geometry): ShaderVariant;
}

/** Playouts per dispatch unless told otherwise: long enough to keep a GPU busy, short enough not to stall it. */
export const DEFAULT_MAX_ITEMS_PER_DISPATCH = 1 << 22;

function winnerAt(words: Uint32Array, k: number): Winner {
  return (((words[k >>> 4] as number) >>> (2 * (k & 15))) & 3) as Winner;
}

/** The most boards one bpr or floodfill invocation decides in its loop. */
export const MAX_BOARDS_PER_INVOCATION = 64;

/** Refuses a workgroup the device cannot run, before any pipeline is made, naming the limit. */
function checkWorkgroupSettings(limits: GPUSupportedLimits, workgroupSize: number, boardsPerInvocation: number): void {
  const largest = Math.min(limits.maxComputeInvocationsPerWorkgroup, limits.maxComputeWorkgroupSizeX);
  if (!Number.isInteger(workgroupSize) || workgroupSize < 1 || workgroupSize > largest) {
    const which = `maxComputeInvocationsPerWorkgroup ${limits.maxComputeInvocationsPerWorkgroup}, maxComputeWorkgroupSizeX ${limits.maxComputeWorkgroupSizeX}`;
    throw new DeviceLimitError('workgroupSize', workgroupSize, largest, which);
  }
  if (
    !Number.isInteger(boardsPerInvocation) ||
    boardsPerInvocation < 1 ||
    boardsPerInvocation > MAX_BOARDS_PER_INVOCATION
  ) {
    throw new InvalidRequestError(
      `boardsPerInvocation must be a whole number from 1 to ${MAX_BOARDS_PER_INVOCATION}, not ${boardsPerInvocation}`,
    );
  }
}

/** What one kernel run is asked for. */
interface KernelRequest {
  readonly kernel: GpuKernel;
  readonly fill: FillKind | null;
  readonly playouts: number;
  readonly seed: number;
  readonly ownership: boolean;
  readonly winners: boolean;
  readonly signal: AbortSignal | undefined;
}

/** The device's kernels as one evaluator uses them: each setting's WGSL, the dispatch plan, and the runner. */
class KernelRunner {
  // Assembling a generated kernel's WGSL takes milliseconds, as long as a
  // small call's whole GPU work, so each setting is assembled once.
  private readonly builds = new Map<string, ShaderBuild>();

  constructor(
    readonly context: GpuContext,
    private readonly limits: DispatchLimits,
    readonly runner: GpuRunner,
    private readonly baseWorkgroupSize: number,
    private readonly boardsPerInvocation: number,
  ) {}

  variantOf(kernel: GpuKernel, g?: Geometry): KernelVariant {
    return variantFor(kernel, this.context.subgroups, g && bprLayout(g));
  }

  private shaderFor(g: Geometry, request: KernelRequest): ShaderBuild {
    const variant = this.variantOf(request.kernel, g);
    const key = `${variant.name}|${g.game}|${g.size}|${request.fill}|${request.winners}|${request.ownership}`;
    let build = this.builds.get(key);
    if (!build) {
      const workgroupSize = variant.workgroupSize(this.baseWorkgroupSize, this.context.subgroupMaxSize);
      build = buildShader({
        variant,
        geometry: g,
        fill: request.fill,
        workgroupSize,
        boardsPerInvocation: this.boardsPerInvocation,
        writeWinners: request.winners,
        ownership: request.ownership,
      });
      this.builds.set(key, build);
    }
    return build;
  }

  /** Runs `request` over `sources`, dispatch by dispatch, each output to `onOutput`; the kernel time summed where timestamps exist. */
  async run(
    g: Geometry,
    sources: readonly RecordSource[],
    request: KernelRequest,
    onOutput: (output: DispatchOutput) => void,
  ): Promise<{ dispatches: number; kernelNs: number | null }> {
    const build = this.shaderFor(g, request);
    const dispatches = planDispatches(
      {
        positions: sources.length,
        playouts: request.playouts,
        decide: request.fill === null,
        itemsPerWorkgroup: build.itemsPerWorkgroup,
        recordBytes: recordWords(g.cellCount) * 4,
        cellCount: g.cellCount,
        ownership: request.ownership,
        winners: request.winners,
        packsPositions: build.packsPositions,
      },
      this.limits,
    );
    let kernelNs: number | null = this.context.timestamps ? 0 : null;
    const job = {
      build,
      sources,
      cellCount: g.cellCount,
      seed: request.seed,
      dispatches,
      ownership: request.ownership,
      outputWords: (d: Dispatch) => (request.winners ? Math.ceil((d.positionCount * d.playoutCount) / 16) : 0),
    };
    await this.runner.run(
      job,
      (output) => {
        if (kernelNs !== null) kernelNs = output.kernelNs === null ? null : kernelNs + output.kernelNs;
        onOutput(output);
      },
      request.signal,
    );
    return { dispatches: dispatches.length, kernelNs };
  }
}

/** Adds one dispatch's counts (and ownership and winners, where asked) to its positions' tallies. */
function tallyOutput(tallies: readonly PositionTally[], cellCount: number, output: DispatchOutput): void {
  const d = output.dispatch;
  for (let pl = 0; pl < d.positionCount; pl++) {
    const tally = tallies[d.positionStart + pl] as PositionTally;
    tally.blackWins += output.counts[2 * pl] as number;
    tally.whiteWins += output.counts[2 * pl + 1] as number;
    if (output.ownership) {
      const base = pl * ownershipWords(cellCount);
      addCounts(tally.ownership, output.ownership.subarray(base, base + cellCount));
      addCounts(tally.blackOwned, output.ownership.subarray(base + cellCount, base + 2 * cellCount));
    }
    if (tally.winners && output.winners) {
      for (let q = 0; q < d.playoutCount; q++)
        tally.winners[d.playoutStart + q] = winnerAt(output.winners, pl * d.playoutCount + q);
    }
  }
}

async function evaluateOn(
  kernels: KernelRunner,
  positions: readonly EvalPosition[],
  options: EvaluateOptions,
): Promise<Evaluation> {
  const start = performance.now();
  const g = checkEvaluateRequest(positions, options);
  if (kernels.runner.lost) throw kernels.runner.lost;
  if (!g) return { results: [], stats: { backend: 'webgpu', dispatches: 0, kernelMs: null, wallMs: 0 } };
  const tallies = PositionTally.forRequest(positions, g.cellCount, options);
  const kernel = options.kernel ?? 'bpr';
  const request: KernelRequest = {
    kernel,
    fill: options.fill ?? FillKind.Exact,
    playouts: options.playouts,
    seed: options.seed ?? 0,
    ownership: options.ownership ?? false,
    winners: options.winners ?? false,
    signal: options.signal,
  };
  const { dispatches, kernelNs } = await kernels.run(g, positions, request, (output) =>
    tallyOutput(tallies, g.cellCount, output),
  );
  const results = tallies.map((t) => t.result());
  const ran = kernels.variantOf(kernel, g).name;
  checkEveryPlayoutDecided(results, ran);
  checkOwnershipCounts(positions, results, ran);
  return {
    results,
    stats: {
      backend: 'webgpu',
      dispatches,
      kernelMs: kernelNs === null ? null : kernelNs / 1e6,
      wallMs: performance.now() - start,
    },
  };
}

async function decideOn(
  kernels: KernelRunner,
  geometry: Geometry,
  boards: readonly Cells[],
  options: DecideOptions,
): Promise<Winner[]> {
  const g = checkDecideRequest(geometry, boards, options);
  if (kernels.runner.lost) throw kernels.runner.lost;
  const out: Winner[] = new Array<Winner>(boards.length).fill(Color.Empty);
  const sources = boards.map((cells) => ({ cells, toMove: Color.Black }));
  const request: KernelRequest = {
    kernel: options.kernel ?? 'bpr',
    fill: null,
    playouts: 1,
    seed: 0,
    ownership: false,
    winners: true,
    signal: options.signal,
  };
  await kernels.run(g, sources, request, (output) => {
    const d = output.dispatch;
    for (let k = 0; k < d.positionCount; k++) out[d.positionStart + k] = winnerAt(output.winners as Uint32Array, k);
  });
  checkEveryBoardDecided(boards, out, kernels.variantOf(request.kernel, g).name);
  return out;
}

/** The WebGPU backend: opens a device (navigator.gpu in a browser, Dawn in Node) and checks the workgroup settings against it; rejects with `WebGpuUnavailableError` when there is no adapter. */
export async function createWebGpuEvaluator(options: WebGpuEvaluatorOptions = {}): Promise<WebGpuEvaluator> {
  const context = await openGpu(options);
  const device = context.device;
  const limits: DispatchLimits = {
    maxWorkgroupsPerDimension: device.limits.maxComputeWorkgroupsPerDimension,
    maxBufferBytes: Math.min(device.limits.maxStorageBufferBindingSize, device.limits.maxBufferSize),
    maxItemsPerDispatch: DEFAULT_MAX_ITEMS_PER_DISPATCH,
    ...options.dispatchLimits,
  };
  const baseWorkgroupSize = options.workgroupSize ?? 64;
  const boardsPerInvocation = options.boardsPerInvocation ?? 1;
  try {
    checkWorkgroupSettings(device.limits, baseWorkgroupSize, boardsPerInvocation);
  } catch (error) {
    device.destroy();
    throw error;
  }
  const runner = new GpuRunner(context, limits, options.maxInFlight ?? 3);
  const kernels = new KernelRunner(context, limits, runner, baseWorkgroupSize, boardsPerInvocation);
  return {
    backend: 'webgpu',
    context,
    adapter: context.adapter,
    concurrency: 1,
    description: `WebGPU, ${adapterText(context.adapter)}`,
    variantOf: (kernel: GpuKernel, geometry?: Geometry): ShaderVariant => kernels.variantOf(kernel, geometry).name,
    evaluate: (positions, options) => evaluateOn(kernels, positions, options),
    decide: (geometry, boards, options = {}) => decideOn(kernels, geometry, boards, options),
    destroy() {
      runner.destroy(new EvaluatorDestroyedError());
      device.destroy();
    },
  };
}
