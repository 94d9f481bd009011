/**
 * Assembles a kernel variant's WGSL from the small files in shaders/ (the
 * shared ones here, the variant's own from the kernel table) and says which
 * override constants it takes. Sizes go in as overrides, except the lengths
 * of private arrays, which WGSL accepts only as const-expressions: those
 * become a `const` prelude.
 */
import type { Geometry } from '../game/geometry.js';
import { bprLayout } from '../game/reduction-triangle.js';
import { FillKind } from '../fill/fill.js';
import { ownershipWords } from './dispatch-plan.js';
import type { KernelVariant } from './kernel-table.js';
import { WGSL_FILES, type WgslFile } from './wgsl-files.js';

export interface ShaderRequest {
  readonly variant: KernelVariant;
  readonly geometry: Geometry;
  /** The playouts' fill, or null to decide the given boards as they are. */
  readonly fill: FillKind | null;
  readonly workgroupSize: number;
  /** The evaluator's boards per invocation; the variant may fix its own. */
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
  /** True when a workgroup may hold several positions, 32 playouts an invocation (KernelVariant.packsPositions). */
  readonly packsPositions: boolean;
  /** What the code was assembled from: the directives, the `const` prelude, then these files. */
  readonly directives: readonly string[];
  readonly prelude: string;
  readonly files: readonly WgslFile[];
  /** Code generated for this setting, after the files (empty for kernels written by hand). */
  readonly generated: string;
}

/** The files every kernel starts with, in order. */
const SHARED: readonly WgslFile[] = ['common.wgsl', 'rng.wgsl', 'fill.wgsl', 'reduction.wgsl'];

/** FILL_NONE, FILL_EXACT and FILL_COIN in shaders/common.wgsl. */
export function fillModeConstant(fill: FillKind | null): number {
  if (fill === null) return 0;
  return fill === FillKind.Exact ? 1 : 2;
}

export function buildShader(request: ShaderRequest): ShaderBuild {
  const g = request.geometry;
  const variant = request.variant;
  const layout = bprLayout(g);
  const perInvocation = variant.boardsPerInvocation(request.boardsPerInvocation);
  const itemsPerWorkgroup = request.workgroupSize * perInvocation;
  const planeCells = layout.columns * layout.columnCells;
  const deciding = request.fill === null;
  // Lengths of the private arrays; 1 where a variant does not use one.
  const capacities: Record<string, number> = {
    COLUMNS_CAP: layout.columns,
    OWNER_WORDS_CAP: request.ownership ? Math.ceil(g.cellCount / 32) : 1,
    // One spare word: the cell above a column's top is read (and ignored).
    PLANE_CAP: planeCells + 1,
    WHITE_PLANE_CAP: deciding ? planeCells + 1 : 1,
    OWNER_CELLS_CAP: request.ownership ? g.cellCount : 1,
  };
  const prelude = Object.entries(capacities)
    .map(([name, value]) => `const ${name}: u32 = ${value}u;`)
    .join('\n');
  // Directives must open the module.
  const directives = variant.directives.map((d) => `${d};`);
  const files = [...SHARED, ...variant.sources(layout.wordsPerColumn)];
  const setting = { layout, fullBoards: !deciding, boardsPerInvocation: perInvocation, ownership: request.ownership };
  const generated = variant.generated(setting) ?? '';
  const code = [...directives, prelude, ...files.map((f) => WGSL_FILES[f]), ...(generated ? [generated] : [])].join(
    '\n',
  );

  const constants: Record<string, number> = {
    BOARD_SIZE: g.size,
    IS_HEX: layout.isHex ? 1 : 0,
    CELL_COUNT: g.cellCount,
    FILL_MODE: fillModeConstant(request.fill),
    WORKGROUP_SIZE: request.workgroupSize,
    ITEMS_PER_WORKGROUP: itemsPerWorkgroup,
    WRITE_WINNERS: request.writeWinners ? 1 : 0,
    OWNERSHIP: request.ownership ? 1 : 0,
    OWNERSHIP_WORDS: request.ownership ? ownershipWords(g.cellCount) : 1,
    SIDE: layout.side,
    COLUMNS: layout.columns,
    COLUMN_CELLS: layout.columnCells,
    ...variant.constants(setting),
  };
  const key = `${variant.name}|${prelude.replace(/\n/g, ' ')}|${JSON.stringify(constants)}`;
  return {
    key,
    code,
    constants,
    itemsPerWorkgroup,
    packsPositions: variant.packsPositions,
    directives,
    prelude,
    files,
    generated,
  };
}
