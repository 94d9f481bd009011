/**
 * Everything the page has measured, kept in one object and mirrored as JSON
 * into <pre id="results">, so that a script (or the end-to-end tests, or
 * `npm start`) reads the numbers from the DOM instead of scraping text.
 */
import type { SuiteReport, ThroughputRun } from '../src/index.js';
import type { ValidationOutcome } from './engine.js';
import type { DemoSettings } from './settings.js';
import type { AdapterSummary, WebGpuSupport } from './webgpu-support.js';

export interface ThroughputResult {
  readonly settings: DemoSettings;
  /** How the kernel ran on this adapter (bitsliced: ballot or lanes). */
  readonly variant: string;
  /** The untimed first runs: pipeline compilation and buffer set-up. */
  readonly warmupMs: readonly number[];
  readonly runs: readonly ThroughputRun[];
  /** The median run's playouts per second (a run repeats the call for at least 100 ms). */
  readonly playoutsPerSecond: number;
  /** The runs' rates: median and 95% half-width (a half-width of Infinity is written null). */
  readonly rate: { readonly value: number; readonly halfWidth: number };
  readonly kernelPlayoutsPerSecond: number | null;
  readonly medianWallMs: number;
  readonly msPer10k: number;
  readonly totalPlayouts: number;
  readonly totalWallMs: number;
  /** On a software adapter every figure here is a CPU figure. */
  readonly software: boolean;
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
  suite: SuiteReport | null;
  error: string | null;
}

export function emptyResults(): PageResults {
  return {
    webgpu: 'pending',
    adapter: null,
    throughput: null,
    validation: null,
    ownership: null,
    suite: null,
    error: null,
  };
}

export function publishResults(pre: HTMLElement, results: PageResults): void {
  pre.textContent = JSON.stringify(results, null, 2);
}
