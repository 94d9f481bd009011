/**
 * Assembles each kernel's WGSL from the small files in shaders/ (inlined by
 * the bundler through `?raw` imports) and says which override constants it
 * takes. Sizes go in as overrides, except the lengths of private arrays,
 * which WGSL accepts only as const-expressions: those become a `const`
 * prelude.
 */
import ballotTakeWgsl from '../../shaders/ballot-take.wgsl?raw';
import bitslicedBallotWgsl from '../../shaders/bitsliced-ballot.wgsl?raw';
import bitslicedLanesWgsl from '../../shaders/bitsliced-lanes.wgsl?raw';
import bitslicedWgsl from '../../shaders/bitsliced.wgsl?raw';
import boardLoopWgsl from '../../shaders/board-loop.wgsl?raw';
import bprWgsl from '../../shaders/bpr.wgsl?raw';
import column32Wgsl from '../../shaders/column32.wgsl?raw';
import column64Wgsl from '../../shaders/column64.wgsl?raw';
import commonWgsl from '../../shaders/common.wgsl?raw';
import fillDumpWgsl from '../../shaders/fill-dump.wgsl?raw';
import fillWgsl from '../../shaders/fill.wgsl?raw';
import floodfillWgsl from '../../shaders/floodfill.wgsl?raw';
import reductionWgsl from '../../shaders/reduction.wgsl?raw';
import rngWgsl from '../../shaders/rng.wgsl?raw';
import type { Geometry } from '../game/geometry.js';
import { bprLayout } from '../wintest/bpr-layout.js';

/** What a pipeline is built from; one of these per module variant. */
export type ShaderVariant = 'bpr' | 'bitsliced-lanes' | 'bitsliced-ballot' | 'floodfill' | 'fill-dump';

export enum FillMode {
  None = 0,
  Exact = 1,
  Coin = 2,
}

export interface ShaderRequest {
  readonly variant: ShaderVariant;
  readonly geometry: Geometry;
  readonly fill: FillMode;
  readonly workgroupSize: number;
  /** bpr and floodfill: boards per invocation; the others decide 32 or 1. */
  readonly boardsPerInvocation: number;
  readonly writeWinners: boolean;
  readonly ownership: boolean;
}

export interface ShaderBuild {
  /** Identifies the pipeline in the cache. */
  readonly key: string;
  readonly code: string;
  readonly constants: Record<string, number>;
  readonly itemsPerWorkgroup: number;
}

const SHARED = [commonWgsl, rngWgsl, fillWgsl, reductionWgsl];

function boardsPerInvocation(request: ShaderRequest): number {
  if (request.variant === 'bitsliced-lanes' || request.variant === 'bitsliced-ballot') return 32;
  if (request.variant === 'fill-dump') return 1;
  return request.boardsPerInvocation;
}

function variantSources(request: ShaderRequest, wordsPerColumn: 1 | 2): string[] {
  switch (request.variant) {
    case 'bpr':
      return [wordsPerColumn === 1 ? column32Wgsl : column64Wgsl, bprWgsl, boardLoopWgsl];
    case 'bitsliced-lanes':
      return [bitslicedWgsl, bitslicedLanesWgsl];
    case 'bitsliced-ballot':
      return ['enable subgroups;\n', bitslicedWgsl, ballotTakeWgsl, bitslicedBallotWgsl];
    case 'floodfill':
      return [floodfillWgsl, boardLoopWgsl];
    case 'fill-dump':
      return [fillDumpWgsl];
  }
}

export function buildShader(request: ShaderRequest): ShaderBuild {
  const g = request.geometry;
  const layout = bprLayout(g);
  const perInvocation = boardsPerInvocation(request);
  const itemsPerWorkgroup = request.workgroupSize * perInvocation;
  const planeCells = layout.columns * layout.columnCells;
  // Lengths of the private arrays; 1 where a variant does not use one.
  const capacities: Record<string, number> = {
    COLUMNS_CAP: layout.columns,
    OWNER_WORDS_CAP: request.ownership ? Math.ceil(g.cellCount / 32) : 1,
    // One spare word: the cell above a column's top is read (and ignored).
    PLANE_CAP: planeCells + 1,
    WHITE_PLANE_CAP: request.fill === FillMode.None ? planeCells + 1 : 1,
    OWNER_CELLS_CAP: request.ownership ? g.cellCount : 1,
  };
  const prelude = Object.entries(capacities)
    .map(([name, value]) => `const ${name}: u32 = ${value}u;`)
    .join('\n');
  const [first, ...rest] = variantSources(request, layout.wordsPerColumn);
  // `enable` must open the module.
  const enable = first?.startsWith('enable') ? first : '';
  const body = enable ? rest : [first ?? '', ...rest];
  const code = [enable, prelude, ...SHARED, ...body].join('\n');

  const constants: Record<string, number> = {
    BOARD_SIZE: g.size,
    IS_HEX: layout.isHex ? 1 : 0,
    CELL_COUNT: g.cellCount,
    FILL_MODE: request.fill,
    WORKGROUP_SIZE: request.workgroupSize,
    ITEMS_PER_WORKGROUP: itemsPerWorkgroup,
    WRITE_WINNERS: request.writeWinners ? 1 : 0,
    OWNERSHIP: request.ownership ? 1 : 0,
    OWNERSHIP_CELLS: request.ownership ? g.cellCount : 1,
    SIDE: layout.side,
    COLUMNS: layout.columns,
    COLUMN_CELLS: layout.columnCells,
  };
  if (request.variant === 'bpr' || request.variant === 'floodfill') constants['BOARDS_PER_INVOCATION'] = perInvocation;
  if (request.variant === 'bpr' && layout.wordsPerColumn === 2) constants['LO_ONLY_FROM_PASS'] = layout.loOnlyFromPass;
  if (request.variant === 'bitsliced-lanes' || request.variant === 'bitsliced-ballot') {
    constants['FULL_BOARDS'] = request.fill === FillMode.None ? 0 : 1;
  }
  const key = `${request.variant}|${prelude.replace(/\n/g, ' ')}|${JSON.stringify(constants)}`;
  return { key, code, constants, itemsPerWorkgroup };
}
