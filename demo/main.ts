/**
 * The demo page: wires the settings form and the buttons to the library
 * (through engine.ts), and shows (and publishes as JSON) what comes back.
 */
import { DEFAULT_SUITE, geometryOf } from '../src/index.js';
import { showSupport } from './banner.js';
import { DEFAULT_KERNEL, type Engine, KERNELS, createEngine, ownershipShares } from './engine.js';
import { drawHeatmap } from './heatmap.js';
import { JobControl, isCancel } from './job-control.js';
import { Panel, formatCount, formatMs, formatPercent, formatRate } from './panel.js';
import { RatePlot } from './rate-plot.js';
import { type PageResults, emptyResults, publishResults } from './results.js';
import {
  type DemoSettings,
  presetFromQuery,
  presetSoftwareBatch,
  readSettings,
  setKernelChoices,
  syncSizeLimit,
} from './settings.js';
import { wireSuite } from './suite-panel.js';
import { presetSoftwareSuite, presetSuiteForm } from './suite-settings.js';
import { validationBatch } from './validation.js';
import { adapterLabel, detectWebGpu } from './webgpu-support.js';

function byId<T extends HTMLElement>(id: string, type: new () => T): T {
  const el = document.getElementById(id);
  if (!(el instanceof type)) throw new Error(`the page has no ${type.name} #${id}`);
  return el;
}

const app = byId('app', HTMLElement);
const form = byId('settings', HTMLFormElement);
const banner = byId('gpu', HTMLElement);
const settingsError = byId('settings-error', HTMLParagraphElement);
const throughputButton = byId('run-throughput', HTMLButtonElement);
const validateButton = byId('run-validate', HTMLButtonElement);
const suiteButton = byId('run-suite', HTMLButtonElement);
const heatmap = byId('heatmap', HTMLCanvasElement);
const throughputPanel = Panel.byId('throughput');
const validationPanel = Panel.byId('validation');
const ownershipPanel = Panel.byId('ownership');
const suitePanel = Panel.byId('suite');
const allPanels = [throughputPanel, validationPanel, ownershipPanel, suitePanel];
const resultsPre = byId('results', HTMLPreElement);
const control = new JobControl(
  byId('progress-bar', HTMLProgressElement),
  byId('progress', HTMLElement),
  byId('cancel', HTMLButtonElement),
);

const results: PageResults = emptyResults();
const publish = () => publishResults(resultsPre, results);
const plot = new RatePlot(byId('plot', HTMLDivElement));
byId('clear-plot', HTMLButtonElement).addEventListener('click', () => plot.clear());

const query = new URLSearchParams(location.search);
presetFromQuery(form, query);
setKernelChoices(form, KERNELS, query.get('kernel') ?? DEFAULT_KERNEL);
syncSizeLimit(form);
form.querySelector('select[name="game"]')?.addEventListener('change', () => syncSizeLimit(form));
const suiteForm = byId('suite-settings', HTMLFormElement);
presetSuiteForm(suiteForm, DEFAULT_SUITE, query);

let webGpuReady = false;
let busy = false;
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

function setBusy(value: boolean): void {
  busy = value;
  app.dataset.busy = String(value);
  for (const b of [throughputButton, validateButton, suiteButton]) b.disabled = value || !webGpuReady;
}

/** A new run starts: no error from an earlier one stays on the page. */
function clearErrors(): void {
  results.error = null;
  for (const p of allPanels) {
    const error = p.element.querySelector<HTMLElement>('[data-field="error"]');
    if (error) error.hidden = true;
  }
}

/** Runs `work` with the page busy; a failure (not a cancel) drops the engine, since a lost device cannot recover. */
async function exclusive<T>(work: (engine: Engine) => Promise<T>): Promise<T> {
  setBusy(true);
  clearErrors();
  try {
    return await work(await currentEngine());
  } catch (e) {
    if (!isCancel(e)) dropEngine();
    throw e;
  } finally {
    setBusy(false);
    publish();
  }
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

/** One button's run: stale figures blanked, progress and Cancel shown, errors shown rather than swallowed. */
async function guarded(
  panel: Panel,
  work: (engine: Engine, settings: DemoSettings, signal: AbortSignal) => Promise<void>,
): Promise<void> {
  const settings = settingsOrNull();
  if (!webGpuReady || busy || !settings) return;
  panel.reset();
  panel.setStatus('running');
  const signal = control.start();
  try {
    await exclusive((eng) => work(eng, settings, signal));
    panel.setStatus('done');
  } catch (e) {
    const message = isCancel(e) ? 'Cancelled.' : e instanceof Error ? e.message : String(e);
    results.error = message;
    panel.fail(message);
    if (!isCancel(e)) console.error(e);
  } finally {
    control.finish();
    publish();
  }
}

const gameName = (s: DemoSettings) => (s.game === 'hex' ? 'Hex' : 'Y');

throughputButton.addEventListener(
  'click',
  () =>
    void guarded(throughputPanel, async (eng, settings, signal) => {
      results.throughput = null;
      const software = results.adapter?.software ?? false;
      // Counting every cell's owner slows a run several times over, so the series says it was on.
      const setting = `${gameName(settings)} ${settings.size} ${settings.kernel} ${settings.fill} ${formatCount(settings.positions)}×${formatCount(settings.playouts)}${settings.ownership ? ' +ownership' : ''}${software ? ' (CPU)' : ''}`;
      const m = await eng.throughput(settings, {
        signal,
        onCall: (done, total, warmup) =>
          control.progress(
            done,
            total,
            warmup
              ? 'Warming up: compiling the pipeline and allocating buffers…'
              : `Timed run ${done} of ${total - 1}…`,
          ),
        onRun: (run) => {
          plot.add(setting, run.playoutsPerSecond);
          throughputPanel.set('wall', formatMs(run.wallMs / run.calls));
        },
      });
      const tag = software ? ' (CPU)' : '';
      const spread = Number.isFinite(m.rate.halfWidth)
        ? ` ± ${((100 * m.rate.halfWidth) / m.rate.value).toFixed(0)}%`
        : '';
      throughputPanel.set('rate', `${formatRate(m.playoutsPerSecond)}${spread}${tag}`);
      throughputPanel.set(
        'kernel-rate',
        m.kernelPlayoutsPerSecond === null ? 'no timestamps' : `${formatRate(m.kernelPlayoutsPerSecond)}${tag}`,
      );
      throughputPanel.set('ms-per-10k', `${m.msPer10k.toPrecision(3)} ms${tag}`);
      throughputPanel.set('variant', eng.variantOf(settings.kernel));
      throughputPanel.set('wall', formatMs(m.medianWallMs));
      throughputPanel.set('kernel', m.medianKernelMs === null ? 'no timestamps' : formatMs(m.medianKernelMs));
      throughputPanel.set('warmup', m.warmupMs[0] === undefined ? '—' : formatMs(m.warmupMs[0]));
      throughputPanel.set('batch', `${formatCount(settings.positions)} × ${formatCount(settings.playouts)}`);
      const last = m.runs.at(-1);
      if (last) throughputPanel.set('winrate', formatPercent(last.blackWins / last.playouts));
      const { lastResults, ...figures } = m;
      results.throughput = { ...figures, settings, variant: eng.variantOf(settings.kernel), software };
      if (settings.ownership) {
        const g = geometryOf(settings.game, settings.size);
        const fractions = ownershipShares(lastResults, g.cellCount);
        drawHeatmap(heatmap, g, fractions);
        results.ownership = {
          game: settings.game,
          size: settings.size,
          playouts: settings.playouts * settings.positions,
          fractions: Array.from(fractions, (v) => Math.round(v * 1e4) / 1e4),
        };
        ownershipPanel.set(
          'caption',
          `${gameName(settings)} ${settings.size}, ${settings.kernel} kernel, ${settings.fill} fill, ${formatCount(settings.playouts * settings.positions)} playouts (the last timed run), black to move.`,
        );
        ownershipPanel.setStatus('done');
      }
    }),
);

validateButton.addEventListener(
  'click',
  () =>
    void guarded(validationPanel, async (eng, settings) => {
      results.validation = null;
      control.progress(0, 1, 'Validating: every GPU playout rebuilt and decided on the CPU…');
      const batch = validationBatch(settings);
      const t0 = performance.now();
      const v = await eng.validate(batch);
      results.validation = { settings: batch, ...v, wallMs: performance.now() - t0 };
      const pass = v.mismatches === 0 && v.countMismatches === 0 && v.ownershipMismatches === 0;
      validationPanel.element.dataset.result = pass ? 'pass' : 'fail';
      validationPanel.set(
        'verdict',
        pass
          ? `0 mismatches: GPU and CPU agree on all ${formatCount(v.compared)} playouts.`
          : `${formatCount(v.mismatches)} mismatches in ${formatCount(v.compared)} playouts, ${formatCount(v.ownershipMismatches)} in the ownership counts, ${formatCount(v.countMismatches)} in the win counts.`,
      );
      validationPanel.set('compared', formatCount(v.compared));
      validationPanel.set('mismatches', formatCount(v.mismatches));
      validationPanel.set('ownership-compared', formatCount(v.ownershipCompared));
      validationPanel.set('ownership-mismatches', formatCount(v.ownershipMismatches));
      validationPanel.set('gpu-rate', formatPercent(v.gpuWinRate));
      validationPanel.set('cpu-rate', formatPercent(v.cpuWinRate));
    }),
);

wireSuite(
  {
    panel: suitePanel,
    form: suiteForm,
    control: new JobControl(
      byId('suite-progress', HTMLProgressElement),
      byId('suite-status', HTMLElement),
      byId('cancel-suite', HTMLButtonElement),
    ),
    table: byId('suite-table', HTMLTableElement),
    plotContainer: byId('suite-plot', HTMLDivElement),
    downloads: {
      json: byId('download-json', HTMLButtonElement),
      csv: byId('download-csv', HTMLButtonElement),
      png: byId('download-png', HTMLButtonElement),
    },
    adapterName: () => {
      const a = results.adapter;
      if (!a) return 'no adapter';
      return a.software ? `${adapterLabel(a)} (software: CPU figures)` : adapterLabel(a);
    },
    exclusive,
    publish: (report, error) => {
      results.suite = report;
      if (error !== null) results.error = error;
      publish();
    },
  },
  suiteButton,
);

async function start(): Promise<void> {
  const support = await detectWebGpu();
  results.webgpu = support.kind;
  showSupport(banner, support);
  if (support.kind === 'ok') {
    results.adapter = support.adapter;
    webGpuReady = true;
    if (support.adapter.software) {
      presetSoftwareBatch(form, query);
      presetSoftwareSuite(suiteForm, query);
    }
    throughputPanel.set(
      'figures',
      support.adapter.software ? 'CPU figures: this adapter (SwiftShader) runs the shaders on the CPU.' : '',
    );
    const figures = throughputPanel.element.querySelector<HTMLElement>('[data-field="figures"]');
    if (figures) figures.hidden = !support.adapter.software;
  }
  publish();
  setBusy(false);
  // Last: tests wait for this attribute before they touch the page.
  app.dataset.webgpu = support.kind;
}

void start();
