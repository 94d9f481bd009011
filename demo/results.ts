/**
 * Everything the page has measured, kept in one object and mirrored as JSON
 * into <pre id="results">, so that a script (or the end-to-end tests) reads
 * the numbers from the DOM instead of scraping the formatted text.
 */
import type { ValidationOutcome } from './engine.js';
import type { DemoSettings } from './settings.js';
import type { AdapterSummary, WebGpuSupport } from './webgpu-support.js';

export interface ThroughputRun {
  readonly run: number;
  readonly playouts: number;
  readonly wallMs: number;
  readonly playoutsPerSecond: number;
  /** GPU time from timestamp queries, when the adapter has them. */
  readonly kernelMs: number | null;
  readonly blackWinRate: number;
}

export interface ThroughputResult {
  readonly settings: DemoSettings;
  /** The first, untimed batch: pipeline compilation and buffer set-up. */
  readonly warmupMs: number;
  readonly runs: readonly ThroughputRun[];
  /** Over all timed runs: total playouts over total wall time. */
  readonly playoutsPerSecond: number;
  readonly kernelPlayoutsPerSecond: number | null;
}

export interface ValidationResult extends ValidationOutcome {
  /** As run: the batch is capped at VALIDATION_MAX_PLAYOUTS, since the CPU replays every playout. */
  readonly settings: DemoSettings;
  readonly wallMs: number;
}

export interface OwnershipResult {
  readonly game: DemoSettings['game'];
  readonly size: number;
  readonly playouts: number;
  /** Per cell, row-major: the fraction of playouts won by the cell's owner. */
  readonly fractions: readonly number[];
}

export interface PageResults {
  webgpu: WebGpuSupport['kind'] | 'pending';
  adapter: AdapterSummary | null;
  throughput: ThroughputResult | null;
  validation: ValidationResult | null;
  ownership: OwnershipResult | null;
  error: string | null;
}

export function emptyResults(): PageResults {
  return { webgpu: 'pending', adapter: null, throughput: null, validation: null, ownership: null, error: null };
}

export function publishResults(pre: HTMLElement, results: PageResults): void {
  pre.textContent = JSON.stringify(results, null, 2);
}
