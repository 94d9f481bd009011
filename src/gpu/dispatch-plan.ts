/**
 * Splits a request into dispatches the device can take: at most
 * maxWorkgroupsPerDimension² workgroups (laid out in x and y), every buffer
 * within the binding and buffer size limits, and no more items than
 * maxItemsPerDispatch, so that no single dispatch runs for long.
 *
 * Playouts: a dispatch covers a rectangle of positions × playouts. When one
 * position's playouts exceed a dispatch they are split in whole workgroups.
 * A position's playouts in a dispatch are cut into chunks: one workgroup's
 * items each, or, for kernels that pack positions, 32 playouts each (one
 * invocation's), chunksPerWorkgroup of them to a workgroup, so that a
 * workgroup can hold the chunks of several positions.
 * Given boards (`decide`): each item is a position of its own.
 */

/** The most one dispatch may take, from the device (or tighter, to test splitting). */
export interface DispatchLimits {
  readonly maxWorkgroupsPerDimension: number;
  /** min(maxStorageBufferBindingSize, maxBufferSize), in bytes. */
  readonly maxBufferBytes: number;
  readonly maxItemsPerDispatch: number;
}

export interface PlanRequest {
  readonly positions: number;
  /** Playouts per position; ignored (1) when deciding given boards. */
  readonly playouts: number;
  readonly decide: boolean;
  readonly itemsPerWorkgroup: number;
  readonly recordBytes: number;
  readonly cellCount: number;
  readonly ownership: boolean;
  readonly winners: boolean;
  /** Chunks of 32 playouts, one an invocation, several positions a workgroup (KernelVariant.packsPositions). */
  readonly packsPositions?: boolean;
}

/** Playouts of one chunk of a kernel that packs positions: a slice word's worth. */
export const PACKED_CHUNK_ITEMS = 32;

export interface Dispatch {
  readonly positionStart: number;
  readonly positionCount: number;
  readonly playoutStart: number;
  readonly playoutCount: number;
  /** Chunks of each position's playouts (workgroups, or for packing kernels invocations). */
  readonly chunksPerPosition: number;
  readonly groupsX: number;
  readonly groupsY: number;
}

/**
 * u32 words of one position's ownership output: per cell the playouts won by
 * the cell's owner, then per cell the playouts in which black owned it
 * (OWNERSHIP_WORDS in shaders/common.wgsl).
 */
export function ownershipWords(cellCount: number): number {
  return 2 * cellCount;
}

function groupsFor(workgroups: number, maxPerDimension: number): { groupsX: number; groupsY: number } {
  const groupsX = Math.min(workgroups, maxPerDimension);
  return { groupsX, groupsY: Math.ceil(workgroups / groupsX) };
}

/** How a position's playouts are cut into chunks, and how many chunks a workgroup takes. */
function chunking(request: PlanRequest): { chunkItems: number; chunksPerWorkgroup: number } {
  if (request.decide || !request.packsPositions)
    return { chunkItems: request.itemsPerWorkgroup, chunksPerWorkgroup: 1 };
  return { chunkItems: PACKED_CHUNK_ITEMS, chunksPerWorkgroup: request.itemsPerWorkgroup / PACKED_CHUNK_ITEMS };
}

/** Positions that fit one dispatch, given the playouts (in `chunks` chunks) each has in it. */
function positionsPerDispatch(request: PlanRequest, limits: DispatchLimits, playouts: number, chunks: number): number {
  const bytes = limits.maxBufferBytes;
  const bounds = [
    request.positions,
    Math.floor(limits.maxItemsPerDispatch / playouts),
    Math.floor(bytes / request.recordBytes),
    Math.floor(bytes / 8),
    Math.floor((limits.maxWorkgroupsPerDimension ** 2 * chunking(request).chunksPerWorkgroup) / chunks),
  ];
  if (request.ownership) bounds.push(Math.floor(bytes / (4 * ownershipWords(request.cellCount))));
  // Winners take 2 bits each, in whole u32 words.
  if (request.winners) bounds.push(Math.floor((Math.floor(bytes / 4) * 16) / playouts));
  return Math.max(1, Math.min(...bounds));
}

export function planDispatches(request: PlanRequest, limits: DispatchLimits): Dispatch[] {
  if (request.positions === 0) return [];
  const ipw = request.itemsPerWorkgroup;
  const playouts = request.decide ? 1 : request.playouts;
  let playoutsPerDispatch = playouts;
  let cap = limits.maxItemsPerDispatch;
  if (request.winners) cap = Math.min(cap, Math.floor(limits.maxBufferBytes / 4) * 16);
  cap = Math.min(cap, limits.maxWorkgroupsPerDimension ** 2 * ipw);
  if (playouts > cap) playoutsPerDispatch = cap >= ipw ? Math.floor(cap / ipw) * ipw : cap;

  const dispatches: Dispatch[] = [];
  if (request.decide) {
    const per = Math.min(positionsPerDispatch(request, limits, 1, 1), cap);
    for (let start = 0; start < request.positions; start += per) {
      const count = Math.min(per, request.positions - start);
      const workgroups = Math.ceil(count / ipw);
      dispatches.push({
        positionStart: start,
        positionCount: count,
        playoutStart: 0,
        playoutCount: 1,
        chunksPerPosition: 1,
        ...groupsFor(workgroups, limits.maxWorkgroupsPerDimension),
      });
    }
    return dispatches;
  }
  const { chunkItems, chunksPerWorkgroup } = chunking(request);
  const chunksFull = Math.ceil(playoutsPerDispatch / chunkItems);
  const perDispatch = positionsPerDispatch(request, limits, playoutsPerDispatch, chunksFull);
  for (let pStart = 0; pStart < request.positions; pStart += perDispatch) {
    const positionCount = Math.min(perDispatch, request.positions - pStart);
    for (let qStart = 0; qStart < playouts; qStart += playoutsPerDispatch) {
      const playoutCount = Math.min(playoutsPerDispatch, playouts - qStart);
      const chunksPerPosition = Math.ceil(playoutCount / chunkItems);
      dispatches.push({
        positionStart: pStart,
        positionCount,
        playoutStart: qStart,
        playoutCount,
        chunksPerPosition,
        ...groupsFor(
          Math.ceil((positionCount * chunksPerPosition) / chunksPerWorkgroup),
          limits.maxWorkgroupsPerDimension,
        ),
      });
    }
  }
  return dispatches;
}
