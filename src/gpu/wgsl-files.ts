/**
 * The WGSL sources by file name, inlined by the bundler (`?raw`), so that
 * the kernel table and the shader assembly name files rather than hold text.
 */
import ballotTake from '../../shaders/ballot-take.wgsl?raw';
import bitslicedBallot from '../../shaders/bitsliced-ballot.wgsl?raw';
import bitslicedLanes from '../../shaders/bitsliced-lanes.wgsl?raw';
import bitslicedUnrolled from '../../shaders/bitsliced-unrolled.wgsl?raw';
import bitsliced from '../../shaders/bitsliced.wgsl?raw';
import boardLoop from '../../shaders/board-loop.wgsl?raw';
import bpr from '../../shaders/bpr.wgsl?raw';
import column32 from '../../shaders/column32.wgsl?raw';
import column64 from '../../shaders/column64.wgsl?raw';
import common from '../../shaders/common.wgsl?raw';
import fillDump from '../../shaders/fill-dump.wgsl?raw';
import fill from '../../shaders/fill.wgsl?raw';
import floodfill from '../../shaders/floodfill.wgsl?raw';
import reduction from '../../shaders/reduction.wgsl?raw';
import rng from '../../shaders/rng.wgsl?raw';

export const WGSL_FILES = {
  'ballot-take.wgsl': ballotTake,
  'bitsliced-ballot.wgsl': bitslicedBallot,
  'bitsliced-lanes.wgsl': bitslicedLanes,
  'bitsliced-unrolled.wgsl': bitslicedUnrolled,
  'bitsliced.wgsl': bitsliced,
  'board-loop.wgsl': boardLoop,
  'bpr.wgsl': bpr,
  'column32.wgsl': column32,
  'column64.wgsl': column64,
  'common.wgsl': common,
  'fill-dump.wgsl': fillDump,
  'fill.wgsl': fill,
  'floodfill.wgsl': floodfill,
  'reduction.wgsl': reduction,
  'rng.wgsl': rng,
} as const;

export type WgslFile = keyof typeof WGSL_FILES;
