/**
 * The throughput test: one untimed batch to compile pipelines and make
 * buffers, then timed batches, each reported as it lands so the plot grows
 * live.
 */
import type { Engine } from './engine.js';
import type { ThroughputResult, ThroughputRun } from './results.js';
import type { DemoSettings } from './settings.js';

export interface ThroughputHooks {
  progress(text: string): void;
  run(run: ThroughputRun): void;
  /** Per cell, the fraction of the last run's playouts won by the cell's owner. */
  ownership(fractions: Float64Array): void;
}

export async function measureThroughput(engine: Engine, settings: DemoSettings, hooks: ThroughputHooks): Promise<ThroughputResult> {
  hooks.progress('Warming up: compiling the pipeline and allocating buffers…');
  const warm = await engine.runBatch(settings, settings.seed);
  const runs: ThroughputRun[] = [];
  let lastOwnership = warm.ownership;
  for (let i = 0; i < settings.runs; i++) {
    hooks.progress(`Timed run ${i + 1} of ${settings.runs}…`);
    // A fresh seed per run, so no run can reuse another's boards.
    const b = await engine.runBatch(settings, (settings.seed + i + 1) >>> 0);
    const run: ThroughputRun = {
      run: i + 1,
      playouts: b.playouts,
      wallMs: b.wallMs,
      playoutsPerSecond: b.playouts / (b.wallMs / 1000),
      kernelMs: b.kernelMs,
      blackWinRate: b.blackWins / b.playouts,
    };
    runs.push(run);
    if (b.ownership) lastOwnership = b.ownership;
    hooks.run(run);
  }
  if (settings.ownership && lastOwnership) hooks.ownership(lastOwnership);
  const playouts = runs.reduce((t, r) => t + r.playouts, 0);
  const wallMs = runs.reduce((t, r) => t + r.wallMs, 0);
  const kernelMs = runs.every((r) => r.kernelMs !== null) ? runs.reduce((t, r) => t + (r.kernelMs ?? 0), 0) : null;
  return {
    settings,
    warmupMs: warm.wallMs,
    runs,
    playoutsPerSecond: playouts / (wallMs / 1000),
    kernelPlayoutsPerSecond: kernelMs !== null && kernelMs > 0 ? playouts / (kernelMs / 1000) : null,
  };
}
