/**
 * The suite card: Run runs runSuite through the page's engine, the table and
 * chart grow row by row, progress says step k of N and the time left, Cancel
 * stops it, and the report can be saved as JSON, CSV and PNG. `npm start`
 * drives exactly this card in headless Chrome.
 */
import { SUITE_COLUMNS, type SuiteReport, type SuiteRow, stepText, suiteCells, suiteCsv } from '../src/index.js';
import { downloadCanvas, downloadText, stamp } from './downloads.js';
import type { Engine } from './engine.js';
import { JobControl, isCancel } from './job-control.js';
import type { Panel } from './panel.js';
import { SizePlot } from './size-plot.js';
import { readSuiteSpec } from './suite-settings.js';

export interface SuitePage {
  readonly panel: Panel;
  readonly form: HTMLFormElement;
  readonly control: JobControl;
  readonly table: HTMLTableElement;
  readonly plotContainer: HTMLElement;
  readonly downloads: {
    readonly json: HTMLButtonElement;
    readonly csv: HTMLButtonElement;
    readonly png: HTMLButtonElement;
  };
  /** The adapter in words, for the chart's title (its PNG travels without the page). */
  adapterName(): string;
  /** Runs `work` with the page marked busy and the engine ready; rethrows its errors. */
  exclusive<T>(work: (engine: Engine) => Promise<T>): Promise<T>;
  /** The report, for the page's JSON. */
  publish(report: SuiteReport | null, error: string | null): void;
}

function cell(tag: 'td' | 'th', text: string): HTMLElement {
  const el = document.createElement(tag);
  el.textContent = text;
  return el;
}

export function wireSuite(page: SuitePage, runButton: HTMLButtonElement): void {
  const plot = new SizePlot(page.plotContainer);
  const head = page.table.createTHead();
  head.replaceChildren(document.createElement('tr'));
  head.rows[0]?.append(...SUITE_COLUMNS.map((c) => cell('th', c)));
  const body = page.table.tBodies[0] ?? page.table.createTBody();
  let report: SuiteReport | null = null;
  const setDownloads = (enabled: boolean) => {
    for (const b of Object.values(page.downloads)) b.disabled = !enabled;
  };
  setDownloads(false);

  const addRow = (row: SuiteRow) => {
    const tr = document.createElement('tr');
    tr.dataset.backend = row.backend;
    tr.dataset.verdict =
      row.validation === null
        ? 'none'
        : row.validation.mismatches === 0 && row.validation.countMismatches === 0
          ? 'pass'
          : 'fail';
    tr.append(...suiteCells(row).map((t) => cell('td', t)));
    body.append(tr);
  };

  runButton.addEventListener('click', () => {
    let spec;
    try {
      spec = readSuiteSpec(page.form);
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      page.publish(null, message);
      page.panel.fail(message);
      return;
    }
    // A new run: nothing of the last one may stay on show.
    report = null;
    setDownloads(false);
    body.replaceChildren();
    plot.clear();
    page.panel.set('device', '');
    page.panel.setStatus('running');
    page.publish(null, null);
    const rows: SuiteRow[] = [];
    const signal = page.control.start();
    const el = page.panel.element;
    void page
      .exclusive((engine) =>
        engine.suite(spec, {
          signal,
          onProgress: (p) => {
            el.dataset.step = String(p.step);
            el.dataset.steps = String(p.steps);
            el.dataset.label = p.label;
            el.dataset.remainingMs = p.remainingMs === null ? '' : String(Math.round(p.remainingMs));
            page.control.progress(p.step - 1, p.steps, stepText(p));
          },
          onRow: (row) => {
            rows.push(row);
            addRow(row);
            plot.show(rows, `Milliseconds per 10,000 playouts, ${row.fill} fill, empty board: ${page.adapterName()}`);
          },
        }),
      )
      .then((done) => {
        report = done;
        page.panel.set(
          'device',
          done.software
            ? `Adapter: ${done.adapter}. It runs on the CPU, so every “GPU” figure here is a CPU figure.`
            : `Adapter: ${done.adapter}. The CPU backend's rows are CPU figures.`,
        );
        setDownloads(true);
        page.publish(done, done.passed ? null : done.problems.join('; '));
        if (done.passed) page.panel.setStatus('done');
        else page.panel.fail(`validation failed: ${done.problems.join('; ')}`);
      })
      .catch((e: unknown) => {
        const message = isCancel(e)
          ? 'Cancelled: the rows above are the configurations that finished.'
          : e instanceof Error
            ? e.message
            : String(e);
        page.publish(null, message);
        page.panel.fail(message);
        if (!isCancel(e)) console.error(e);
      })
      .finally(() => page.control.finish());
  });

  const name = (ext: string) => `hexbatch-suite-${stamp(report?.date ?? new Date().toISOString())}.${ext}`;
  page.downloads.json.addEventListener(
    'click',
    () => report && downloadText(name('json'), `${JSON.stringify(report, null, 2)}\n`, 'application/json'),
  );
  page.downloads.csv.addEventListener('click', () => report && downloadText(name('csv'), suiteCsv(report), 'text/csv'));
  page.downloads.png.addEventListener('click', () => {
    const canvas = plot.canvas();
    if (canvas) void downloadCanvas(name('png'), canvas);
  });
}
