/**
 * The demo page: wires the settings form and the two buttons to the GPU
 * evaluator, and shows (and publishes as JSON) what comes back.
 */
import { geometryOf } from '../src/game/geometry.js';
import { showSupport } from './banner.js';
import { DEFAULT_KERNEL, type Engine, KERNELS, createEngine } from './engine.js';
import { drawHeatmap } from './heatmap.js';
import { Panel, formatCount, formatMs, formatPercent, formatRate } from './panel.js';
import { RatePlot } from './rate-plot.js';
import { type PageResults, emptyResults, publishResults } from './results.js';
import { type DemoSettings, presetFromQuery, presetSoftwareBatch, readSettings, setKernelChoices, syncSizeLimit } from './settings.js';
import { measureThroughput } from './throughput.js';
import { runValidation } from './validation.js';
import { detectWebGpu } from './webgpu-support.js';

function byId<T extends HTMLElement>(id: string, type: new () => T): T {
  const el = document.getElementById(id);
  if (!(el instanceof type)) throw new Error(`the page has no ${type.name} #${id}`);
  return el;
}

const app = byId('app', HTMLElement);
const form = byId('settings', HTMLFormElement);
const banner = byId('gpu', HTMLElement);
const progress = byId('progress', HTMLElement);
const settingsError = byId('settings-error', HTMLParagraphElement);
const throughputButton = byId('run-throughput', HTMLButtonElement);
const validateButton = byId('run-validate', HTMLButtonElement);
const heatmap = byId('heatmap', HTMLCanvasElement);
const throughputPanel = Panel.byId('throughput');
const validationPanel = Panel.byId('validation');
const ownershipPanel = Panel.byId('ownership');
const resultsPre = byId('results', HTMLPreElement);

const results: PageResults = emptyResults();
const publish = () => publishResults(resultsPre, results);
const plot = new RatePlot(byId('plot', HTMLDivElement));
byId('clear-plot', HTMLButtonElement).addEventListener('click', () => plot.clear());

const query = new URLSearchParams(location.search);
presetFromQuery(form, query);
setKernelChoices(form, KERNELS, query.get('kernel') ?? DEFAULT_KERNEL);
syncSizeLimit(form);
form.querySelector('select[name="game"]')?.addEventListener('change', () => syncSizeLimit(form));

let webGpuReady = false;
let engine: Promise<Engine> | null = null;

/** The evaluator, made on first use and made afresh after a failure (a lost device cannot recover). */
function currentEngine(): Promise<Engine> {
  engine ??= createEngine();
  return engine;
}

function dropEngine(): void {
  const old = engine;
  engine = null;
  void old?.then((e) => e.destroy()).catch(() => {});
}

function setBusy(busy: boolean): void {
  app.dataset.busy = String(busy);
  throughputButton.disabled = busy || !webGpuReady;
  validateButton.disabled = busy || !webGpuReady;
}

/** Reads the form; shows what is wrong with it instead of running. */
function settingsOrNull(): DemoSettings | null {
  try {
    const s = readSettings(form);
    settingsError.hidden = true;
    return s;
  } catch (e) {
    settingsError.textContent = e instanceof Error ? e.message : String(e);
    settingsError.hidden = false;
    return null;
  }
}

/** Runs one button's work with the page marked busy and errors shown, not swallowed. */
async function guarded(panel: Panel, work: (engine: Engine, settings: DemoSettings) => Promise<void>): Promise<void> {
  const settings = settingsOrNull();
  if (!webGpuReady || !settings) return;
  setBusy(true);
  panel.setStatus('running');
  results.error = null;
  publish();
  try {
    await work(await currentEngine(), settings);
    panel.setStatus('done');
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    results.error = message;
    panel.fail(message);
    console.error(e);
    dropEngine();
  } finally {
    progress.textContent = '';
    publish();
    setBusy(false);
  }
}

throughputButton.addEventListener('click', () =>
  void guarded(throughputPanel, async (eng, settings) => {
    const result = await measureThroughput(eng, settings, {
      progress: (text) => (progress.textContent = text),
      run: (run) => {
        plot.add(run);
        throughputPanel.set('rate', formatRate(run.playoutsPerSecond));
        throughputPanel.set('wall', formatMs(run.wallMs));
        throughputPanel.set('kernel', run.kernelMs === null ? 'no timestamps' : formatMs(run.kernelMs));
      },
      ownership: (fractions) => {
        const g = geometryOf(settings.game, settings.size);
        drawHeatmap(heatmap, g, fractions);
        results.ownership = {
          game: settings.game,
          size: settings.size,
          playouts: settings.playouts * settings.positions,
          fractions: Array.from(fractions, (v) => Math.round(v * 1e4) / 1e4),
        };
        ownershipPanel.set('caption', `${g.game === 'hex' ? 'Hex' : 'Y'} ${settings.size}, ${formatCount(settings.playouts * settings.positions)} playouts per run, black to move.`);
        ownershipPanel.setStatus('done');
      },
    });
    results.throughput = result;
    throughputPanel.set('rate', formatRate(result.playoutsPerSecond));
    throughputPanel.set('kernel-rate', result.kernelPlayoutsPerSecond === null ? 'no timestamps' : formatRate(result.kernelPlayoutsPerSecond));
    throughputPanel.set('warmup', formatMs(result.warmupMs));
    throughputPanel.set('batch', `${formatCount(settings.positions)} × ${formatCount(settings.playouts)}`);
    const last = result.runs.at(-1);
    if (last) throughputPanel.set('winrate', formatPercent(last.blackWinRate));
  }),
);

validateButton.addEventListener('click', () =>
  void guarded(validationPanel, async (eng, settings) => {
    progress.textContent = 'Validating: every GPU playout rebuilt and decided on the CPU…';
    const v = await runValidation(eng, settings);
    results.validation = v;
    const pass = v.mismatches === 0 && v.ownershipMismatches === 0;
    validationPanel.element.dataset.result = pass ? 'pass' : 'fail';
    validationPanel.set(
      'verdict',
      pass
        ? `0 mismatches: GPU and CPU agree on all ${formatCount(v.compared)} playouts.`
        : `${formatCount(v.mismatches)} mismatches in ${formatCount(v.compared)} playouts, ${formatCount(v.ownershipMismatches)} in the ownership counts.`,
    );
    validationPanel.set('compared', formatCount(v.compared));
    validationPanel.set('mismatches', formatCount(v.mismatches));
    validationPanel.set('ownership-compared', formatCount(v.ownershipCellsCompared));
    validationPanel.set('ownership-mismatches', formatCount(v.ownershipMismatches));
    validationPanel.set('gpu-rate', formatPercent(v.gpuBlackWinRate));
    validationPanel.set('cpu-rate', formatPercent(v.cpuBlackWinRate));
  }),
);

async function start(): Promise<void> {
  const support = await detectWebGpu();
  results.webgpu = support.kind;
  showSupport(banner, support);
  if (support.kind === 'ok') {
    results.adapter = support.adapter;
    webGpuReady = true;
    if (support.adapter.software) presetSoftwareBatch(form, query);
  }
  publish();
  setBusy(false);
  // Last: tests wait for this attribute before they touch the page.
  app.dataset.webgpu = support.kind;
}

void start();
