/** Work every consumer shares (the CLI, the demo page, the headless report): measured once, here. */
export {
  MIN_RUN_MS,
  type ThroughputHooks,
  type ThroughputJob,
  type ThroughputMeasurement,
  type ThroughputRun,
  measureThroughput,
  median,
} from './throughput.js';
export type { NoisyFigure } from './noisy-figures.js';
export {
  DEFAULT_SUITE,
  QUICK_SUITE,
  SOFTWARE_SUITE_PLAYOUTS,
  type SuiteEvaluators,
  type SuiteHooks,
  type SuiteProgress,
  type SuiteReport,
  type SuiteRow,
  type SuiteSpec,
  type SuiteStep,
  runSuite,
  suiteSteps,
} from './suite.js';
export { SUITE_COLUMNS, formatRate, suiteCells, suiteCsv, verdictOf } from './suite-table.js';
export { emptyPositions, midGamePosition, samplePositions } from './sample-positions.js';
export { stepText, timeLeft } from './progress-text.js';
export { validateGpuAgainstCpu, type Mismatch, type ValidationReport, type ValidationRequest } from './validate-gpu.js';
