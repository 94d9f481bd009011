/**
 * Runs a kernel over a request, dispatch by dispatch: several dispatches in
 * flight (each on its own slot of buffers), outputs read back as they finish,
 * WebGPU errors caught per dispatch with error scopes, and a lost device
 * turned into a clear rejection of everything pending.
 */
import { type Dispatch, type DispatchLimits, ownershipWords } from './dispatch-plan.js';
import { DispatchSlot, PARAMS_BYTES, readBack } from './dispatch-slot.js';
import type { GpuContext } from './gpu-device.js';
import { deviceKernels } from './pipeline-cache.js';
import { type RecordSource, encodeRecords, recordWords } from './position-records.js';
import type { ShaderBuild } from './shader-source.js';

export interface KernelJob {
  readonly build: ShaderBuild;
  readonly entryPoint?: string;
  readonly sources: readonly RecordSource[];
  readonly cellCount: number;
  readonly seed: number;
  readonly dispatches: readonly Dispatch[];
  readonly ownership: boolean;
  /** u32 words of the `winners` output a dispatch needs (0: none). */
  readonly outputWords: (dispatch: Dispatch) => number;
}

export interface DispatchOutput {
  readonly dispatch: Dispatch;
  /** Black wins, white wins, per position of the dispatch. */
  readonly counts: Uint32Array;
  /** Per position of the dispatch, ownershipWords(cellCount) words (dispatch-plan.ts). */
  readonly ownership: Uint32Array | null;
  readonly winners: Uint32Array | null;
  /** Kernel time from timestamp queries, or null without them. */
  readonly kernelNs: number | null;
}

/** The GPU device was lost (a driver reset, `destroy()`): the calls in flight reject with it, and the evaluator cannot be used again. */
export class GpuLostError extends Error {
  constructor(info: GPUDeviceLostInfo) {
    super(
      `the GPU device was lost (${info.reason}${info.message ? `: ${info.message}` : ''}); ` +
        'the work in flight was abandoned, and this evaluator cannot be used again: create a new one',
    );
    this.name = 'GpuLostError';
  }
}

export class GpuRunner {
  private readonly slots: DispatchSlot[] = [];
  private readonly free: DispatchSlot[] = [];
  private readonly waiting: ((slot: DispatchSlot) => void)[] = [];
  private lostError: Error | null = null;
  private readonly lostSignal: Promise<never>;
  private destroyedError: Error | null = null;
  /** Rejects, with the reason destroy() was given, as soon as the runner is destroyed. */
  private readonly destroyedSignal: Promise<never>;
  private rejectDestroyed: (reason: Error) => void = () => {};

  constructor(
    readonly context: GpuContext,
    readonly limits: DispatchLimits,
    private readonly maxInFlight: number,
  ) {
    this.lostSignal = new Promise<never>((_, reject) => {
      void context.lost.then((info) => {
        if (this.destroyedError) return;
        this.lostError = new GpuLostError(info);
        reject(this.lostError);
      });
    });
    this.destroyedSignal = new Promise<never>((_, reject) => {
      this.rejectDestroyed = reject;
    });
    // Nobody may be waiting when the device goes; that is not an unhandled error.
    this.lostSignal.catch(() => {});
    this.destroyedSignal.catch(() => {});
  }

  get lost(): Error | null {
    return this.lostError;
  }

  private checkUsable(signal?: AbortSignal): void {
    if (this.destroyedError) throw this.destroyedError;
    if (this.lostError) throw this.lostError;
    signal?.throwIfAborted();
  }

  /**
   * Rejects when the call must stop early: the device is lost, the runner is
   * destroyed, or the caller aborts. Whatever the GPU still runs for the
   * call finishes on its own; its outputs are dropped.
   */
  private interruption(signal: AbortSignal | undefined): { promise: Promise<never>; dispose: () => void } {
    const stops: Promise<never>[] = [this.lostSignal, this.destroyedSignal];
    let dispose = () => {};
    if (signal) {
      stops.push(
        new Promise<never>((_, reject) => {
          const onAbort = () => reject(signal.reason);
          signal.addEventListener('abort', onAbort, { once: true });
          dispose = () => signal.removeEventListener('abort', onAbort);
        }),
      );
    }
    const promise = Promise.race(stops);
    promise.catch(() => {});
    return { promise, dispose };
  }

  private async acquire(): Promise<DispatchSlot> {
    const slot = this.free.pop();
    if (slot) return slot;
    if (this.slots.length < this.maxInFlight) {
      const made = new DispatchSlot(this.context.device, this.limits.maxBufferBytes, this.context.timestamps);
      this.slots.push(made);
      return made;
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private release(slot: DispatchSlot): void {
    const next = this.waiting.shift();
    if (next) next(slot);
    else this.free.push(slot);
  }

  /** Runs every dispatch of the job; `onOutput` sees each one's outputs as it completes. */
  async run(job: KernelJob, onOutput: (output: DispatchOutput) => void, signal?: AbortSignal): Promise<void> {
    this.checkUsable(signal);
    const stop = this.interruption(signal);
    try {
      await Promise.race([this.runAll(job, onOutput, stop.promise, signal), stop.promise]);
    } finally {
      stop.dispose();
    }
  }

  private async runAll(
    job: KernelJob,
    onOutput: (output: DispatchOutput) => void,
    stop: Promise<never>,
    signal?: AbortSignal,
  ): Promise<void> {
    const pipeline = await Promise.race([deviceKernels(this.context.device).pipeline(job.build, job.entryPoint), stop]);
    const inFlight: Promise<void>[] = [];
    let failure: unknown = null;
    let stopped = false;
    stop.catch(() => {
      stopped = true;
    });
    for (const dispatch of job.dispatches) {
      const acquiring = this.acquire();
      const slot = await Promise.race([acquiring, stop]).catch((error: unknown) => {
        // Hand back a slot that arrives after the call stopped, or the pool shrinks.
        void acquiring.then((late) => this.release(late));
        throw error;
      });
      if (failure !== null || stopped || this.lostError || this.destroyedError || signal?.aborted) {
        this.release(slot);
        break;
      }
      const done = this.submit(job, pipeline, dispatch, slot)
        .then((output) => {
          if (!stopped) onOutput(output);
        })
        .catch((error: unknown) => {
          failure ??= error;
        })
        .finally(() => this.release(slot));
      inFlight.push(done);
    }
    await Promise.all(inFlight);
    if (failure !== null) throw failure;
    this.checkUsable(signal);
  }

  /**
   * Submits one dispatch and reads it back. It waits for the readback even
   * when the call was stopped meanwhile, since the slot's buffers may be
   * reused only once they are unmapped; only a lost device cuts it short.
   */
  private async submit(
    job: KernelJob,
    pipeline: GPUComputePipeline,
    dispatch: Dispatch,
    slot: DispatchSlot,
  ): Promise<DispatchOutput> {
    const device = this.context.device;
    const np = dispatch.positionCount;
    const countsBytes = np * 8;
    const ownershipBytes = job.ownership ? np * ownershipWords(job.cellCount) * 4 : 0;
    const winnersBytes = job.outputWords(dispatch) * 4;
    const records = encodeRecords(job.sources, dispatch.positionStart, np, job.cellCount);

    device.pushErrorScope('out-of-memory');
    device.pushErrorScope('validation');
    const positions = slot.buffer('positions', np * recordWords(job.cellCount) * 4);
    const counts = slot.buffer('counts', countsBytes);
    const ownership = slot.buffer('ownership', ownershipBytes);
    const winners = slot.buffer('winners', winnersBytes);
    const countsRead = slot.buffer('countsRead', countsBytes);
    const ownershipRead = ownershipBytes > 0 ? slot.buffer('ownershipRead', ownershipBytes) : null;
    const winnersRead = winnersBytes > 0 ? slot.buffer('winnersRead', winnersBytes) : null;

    const params = new Uint32Array(PARAMS_BYTES / 4);
    params.set([
      job.seed >>> 0,
      dispatch.positionStart,
      np,
      dispatch.playoutStart,
      dispatch.playoutCount,
      dispatch.chunksPerPosition,
      dispatch.groupsX,
    ]);
    device.queue.writeBuffer(slot.params, 0, params);
    device.queue.writeBuffer(positions, 0, records);

    const buffers = { positions, counts, ownership, winners, countsRead, ownershipRead, winnersRead };
    device.queue.submit([
      encodeDispatch(device, pipeline, dispatch, slot, buffers, {
        counts: countsBytes,
        ownership: ownershipBytes,
        winners: winnersBytes,
      }),
    ]);
    const validation = device.popErrorScope();
    const outOfMemory = device.popErrorScope();

    const readAll = Promise.all([
      readBack(countsRead, countsBytes),
      ownershipRead ? readBack(ownershipRead, ownershipBytes) : null,
      winnersRead ? readBack(winnersRead, winnersBytes) : null,
      slot.timestamps ? readBack(slot.timestamps.read, 16) : null,
    ]);
    const [scopeError, memoryError] = await Promise.race([Promise.all([validation, outOfMemory]), this.lostSignal]);
    const error = scopeError ?? memoryError;
    if (error) {
      readAll.catch(() => {});
      throw new Error(`WebGPU reported an error in a hexbatch dispatch: ${error.message}`);
    }
    const [countData, ownershipData, winnerData, stampData] = await Promise.race([readAll, this.lostSignal]);
    const kernelNs = stampData ? elapsedNs(stampData) : null;
    return {
      dispatch,
      counts: new Uint32Array(countData),
      ownership: ownershipData ? new Uint32Array(ownershipData) : null,
      winners: winnerData ? new Uint32Array(winnerData) : null,
      kernelNs,
    };
  }

  /** Rejects every call in flight with `reason` at once, then frees the buffers. */
  destroy(reason: Error = new Error('the GPU runner was destroyed')): void {
    if (this.destroyedError) return;
    this.destroyedError = reason;
    this.rejectDestroyed(reason);
    for (const slot of this.slots) slot.destroy();
    this.slots.length = 0;
    this.free.length = 0;
  }
}

/** A dispatch's buffers: those the kernel binds, and the mappable copies read back. */
interface DispatchBuffers {
  readonly positions: GPUBuffer;
  readonly counts: GPUBuffer;
  readonly ownership: GPUBuffer;
  readonly winners: GPUBuffer;
  readonly countsRead: GPUBuffer;
  readonly ownershipRead: GPUBuffer | null;
  readonly winnersRead: GPUBuffer | null;
}

/** The commands of one dispatch: clear the outputs, run the pass (timed where the slot has timestamps), copy the outputs for reading. */
function encodeDispatch(
  device: GPUDevice,
  pipeline: GPUComputePipeline,
  dispatch: Dispatch,
  slot: DispatchSlot,
  b: DispatchBuffers,
  bytes: { readonly counts: number; readonly ownership: number; readonly winners: number },
): GPUCommandBuffer {
  const bindGroup = device.createBindGroup({
    layout: deviceKernels(device).layout,
    entries: [slot.params, b.positions, b.counts, b.ownership, b.winners].map((buffer, binding) => ({
      binding,
      resource: { buffer },
    })),
  });
  const encoder = device.createCommandEncoder();
  encoder.clearBuffer(b.counts, 0, bytes.counts);
  if (bytes.ownership > 0) encoder.clearBuffer(b.ownership, 0, bytes.ownership);
  if (bytes.winners > 0) encoder.clearBuffer(b.winners, 0, bytes.winners);
  const stamps = slot.timestamps;
  const pass = encoder.beginComputePass(
    stamps ? { timestampWrites: { querySet: stamps.query, beginningOfPassWriteIndex: 0, endOfPassWriteIndex: 1 } } : {},
  );
  pass.setPipeline(pipeline);
  pass.setBindGroup(0, bindGroup);
  pass.dispatchWorkgroups(dispatch.groupsX, dispatch.groupsY);
  pass.end();
  if (stamps) {
    encoder.resolveQuerySet(stamps.query, 0, 2, stamps.resolve, 0);
    encoder.copyBufferToBuffer(stamps.resolve, 0, stamps.read, 0, 16);
  }
  encoder.copyBufferToBuffer(b.counts, 0, b.countsRead, 0, bytes.counts);
  if (b.ownershipRead) encoder.copyBufferToBuffer(b.ownership, 0, b.ownershipRead, 0, bytes.ownership);
  if (b.winnersRead) encoder.copyBufferToBuffer(b.winners, 0, b.winnersRead, 0, bytes.winners);
  return encoder.finish();
}

/** The kernel's time from the pass's two timestamps, or null when they are out of order. */
function elapsedNs(stampData: ArrayBuffer): number | null {
  const [begin, end] = new BigUint64Array(stampData);
  return begin !== undefined && end !== undefined && end >= begin ? Number(end - begin) : null;
}
