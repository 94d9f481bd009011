/**
 * A result panel (<section data-status>): its status, which the page's
 * styles and the end-to-end tests both key on, and its named fields.
 */
import { formatRate as formatSiRate } from '../src/index.js';

export type PanelStatus = 'idle' | 'running' | 'done' | 'error';

export class Panel {
  private seq = 0;

  constructor(readonly element: HTMLElement) {}

  static byId(id: string): Panel {
    const el = document.getElementById(id);
    if (!el) throw new Error(`the page has no #${id}`);
    return new Panel(el);
  }

  /** done and error bump data-seq, so a watcher can tell this run's end from the last one's. */
  setStatus(status: PanelStatus): void {
    this.element.dataset.status = status;
    if (status === 'done' || status === 'error') this.element.dataset.seq = String(++this.seq);
    const error = this.element.querySelector<HTMLElement>('[data-field="error"]');
    if (error && status === 'running') error.hidden = true;
  }

  fail(message: string): void {
    const error = this.element.querySelector<HTMLElement>('[data-field="error"]');
    if (error) {
      error.textContent = message;
      error.hidden = false;
    }
    this.setStatus('error');
  }

  /** Blanks every figure from the last run (so none is taken for this run's) and says the run has started. */
  reset(): void {
    this.element.querySelectorAll<HTMLElement>('dd[data-field]').forEach((dd) => (dd.textContent = '—'));
    const verdict = this.element.querySelector<HTMLElement>('[data-field="verdict"]');
    if (verdict) verdict.textContent = 'Running…';
    delete this.element.dataset.result;
  }

  set(field: string, text: string): void {
    const el = this.element.querySelector<HTMLElement>(`[data-field="${field}"]`);
    if (el) el.textContent = text;
  }
}

export function formatCount(n: number): string {
  return n.toLocaleString('en-US');
}

/** Playouts per second with an SI prefix: "12.3 M/s" (the library's format, as in the terminal). */
export function formatRate(perSecond: number): string {
  return `${formatSiRate(perSecond)}/s`;
}

export function formatMs(ms: number): string {
  return ms >= 100 ? `${ms.toFixed(0)} ms` : `${ms.toFixed(2)} ms`;
}

export function formatPercent(fraction: number): string {
  return `${(fraction * 100).toFixed(1)}%`;
}
