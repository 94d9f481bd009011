// The declarations name WebGPU's types (GPUDevice, …): this brings them to a TypeScript user with the package.
/// <reference types="@webgpu/types" preserve="true" />
/** hexbatch as a library: the game model, fills, win tests and the evaluator. */
export { Color, type Player, type Winner, colorName, opponent, parsePlayer } from './game/color.js';
export {
  GameKind,
  MAX_SIZE,
  type BoardSize,
  type Cells,
  type CellIndex,
  type Geometry,
  checkSize,
  geometryOf,
  mirrorCell,
  parseGameKind,
} from './game/geometry.js';
export { formatBoardText, parseBoardText } from './game/board-text.js';
export { cellName, columnName, parseCell } from './game/notation.js';
export { Position, SWAP, type Move, type PositionOptions } from './game/position.js';
export { asciiPicture } from './game/ascii.js';
export { FillKind, fillPlayout, parseFillKind } from './fill/fill.js';
export { type PlayoutKey, PlayoutStream, uniformBelow } from './fill/counter-rng.js';
export type {
  BoardWinTest,
  IncrementalWinTest,
  MethodSupport,
  PreparedBatch,
  WinTestMethod,
} from './wintest/method.js';
export { METHODS, methodByName, methodNames } from './wintest/registry.js';
export { hasRing, ringLevel } from './wintest/bpr-loops.js';
export * from './eval/index.js';
export { type AdapterDescription, type GpuContext, adapterText, describeAdapter } from './gpu/gpu-device.js';
export type { DispatchLimits } from './gpu/dispatch-plan.js';
export type { ShaderVariant } from './gpu/kernel-table.js';
export * from './jobs/index.js';
// Play: the batched tree search and the SGF record of a game (the play page, HTP).
export {
  H_SEARCH_THRESHOLD,
  KNOWLEDGE_THRESHOLD,
  Mcts,
  type MoveStat,
  type SearchLimits,
  type SearchProgress,
  type SearchResult,
  type SearchSettings,
  defaultRoundsInFlight,
  defaultSettings,
  moveValue,
} from './search/mcts.js';
export { SELECTIONS, Selection, parseSelection } from './search/selection.js';
export {
  ALL_TACTICS,
  DEFAULT_TACTICS,
  NO_TACTICS,
  OPT_IN_TACTICS,
  TACTICS,
  type Tactic,
  type TacticKind,
  type TacticSet,
  formatTactics,
  parseTactics,
} from './search/knowledge/tactics.js';
export { type SgfGame, toSgf } from './game/sgf.js';
export { type SgfPosition, type SgfStone, parseSgf } from './game/sgf-read.js';
export { type PlayedMove, acrossSwap, hasSwap, otherView } from './game/swap-view.js';
// The learned move prior (Hex): its table, the prior of a position, and the fit behind train-prior.
export { movePrior, priorGammas, shippedPriorTable } from './search/prior/move-prior.js';
export {
  type KeyedGammas,
  type PatternHash,
  type PriorTable,
  type PriorTableData,
  type TrainingInfo,
  formatPriorTable,
  parsePriorTable,
  priorTable,
  priorTableData,
} from './search/prior/table.js';
export { type TrainOptions, type TrainProgress, type TrainedPrior, trainPrior } from './search/prior/train.js';
