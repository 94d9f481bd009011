/**
 * The buffers one dispatch in flight uses: inputs, outputs, their readback
 * copies, and a timestamp query pair. A slot is reused dispatch after
 * dispatch, its buffers grown only when a dispatch needs more.
 */
import { BufferUsage, MapMode } from './webgpu-flags.js';

/** Bytes of the Params uniform (shaders/common.wgsl), rounded up to 16. */
export const PARAMS_BYTES = 32;

type BufferName = 'positions' | 'counts' | 'ownership' | 'winners' | 'countsRead' | 'ownershipRead' | 'winnersRead';

const USAGE: Record<BufferName, number> = {
  positions: BufferUsage.STORAGE | BufferUsage.COPY_DST,
  counts: BufferUsage.STORAGE | BufferUsage.COPY_SRC | BufferUsage.COPY_DST,
  ownership: BufferUsage.STORAGE | BufferUsage.COPY_SRC | BufferUsage.COPY_DST,
  winners: BufferUsage.STORAGE | BufferUsage.COPY_SRC | BufferUsage.COPY_DST,
  countsRead: BufferUsage.MAP_READ | BufferUsage.COPY_DST,
  ownershipRead: BufferUsage.MAP_READ | BufferUsage.COPY_DST,
  winnersRead: BufferUsage.MAP_READ | BufferUsage.COPY_DST,
};

function roundedSize(bytes: number, maxBytes: number): number {
  // Powers of two, so that a run of growing requests reallocates rarely.
  let size = 256;
  while (size < bytes) size *= 2;
  return Math.max(Math.min(size, maxBytes), bytes);
}

export class DispatchSlot {
  readonly params: GPUBuffer;
  readonly timestamps: { readonly query: GPUQuerySet; readonly resolve: GPUBuffer; readonly read: GPUBuffer } | null;
  private readonly buffers = new Map<BufferName, GPUBuffer>();

  constructor(
    private readonly device: GPUDevice,
    private readonly maxBufferBytes: number,
    withTimestamps: boolean,
  ) {
    this.params = device.createBuffer({
      label: 'hexbatch params',
      size: PARAMS_BYTES,
      usage: BufferUsage.UNIFORM | BufferUsage.COPY_DST,
    });
    this.timestamps = withTimestamps
      ? {
          query: device.createQuerySet({ type: 'timestamp', count: 2 }),
          resolve: device.createBuffer({ size: 16, usage: BufferUsage.QUERY_RESOLVE | BufferUsage.COPY_SRC }),
          read: device.createBuffer({ size: 16, usage: BufferUsage.MAP_READ | BufferUsage.COPY_DST }),
        }
      : null;
  }

  /** The named buffer, at least `bytes` long (at least 4: bindings cannot be empty). */
  buffer(name: BufferName, bytes: number): GPUBuffer {
    const needed = Math.max(4, Math.ceil(bytes / 4) * 4);
    const known = this.buffers.get(name);
    if (known && known.size >= needed) return known;
    known?.destroy();
    const buffer = this.device.createBuffer({
      label: `hexbatch ${name}`,
      size: roundedSize(needed, this.maxBufferBytes),
      usage: USAGE[name],
    });
    this.buffers.set(name, buffer);
    return buffer;
  }

  destroy(): void {
    for (const buffer of this.buffers.values()) buffer.destroy();
    this.buffers.clear();
    this.params.destroy();
    this.timestamps?.query.destroy();
    this.timestamps?.resolve.destroy();
    this.timestamps?.read.destroy();
  }
}

/** Copies `bytes` out of a readback buffer and unmaps it. */
export async function readBack(buffer: GPUBuffer, bytes: number): Promise<ArrayBuffer> {
  await buffer.mapAsync(MapMode.READ, 0, bytes);
  const copy = buffer.getMappedRange(0, bytes).slice(0);
  buffer.unmap();
  return copy;
}
