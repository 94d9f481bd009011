/**
 * A progress bar, a status line and a Cancel button for one kind of long
 * run: start() hands out the AbortSignal that Cancel fires, and finish()
 * puts the controls back to rest.
 */
export class JobControl {
  private controller: AbortController | null = null;

  constructor(
    private readonly bar: HTMLProgressElement,
    private readonly status: HTMLElement,
    private readonly cancelButton: HTMLButtonElement,
  ) {
    cancelButton.disabled = true;
    bar.hidden = true;
    cancelButton.addEventListener('click', () =>
      this.controller?.abort(new DOMException('cancelled by the user', 'AbortError')),
    );
  }

  start(): AbortSignal {
    this.controller = new AbortController();
    this.cancelButton.disabled = false;
    this.bar.hidden = false;
    this.bar.removeAttribute('value');
    this.status.textContent = 'Starting…';
    return this.controller.signal;
  }

  /** `done` of `total` finished; the text says what runs now. */
  progress(done: number, total: number, text: string): void {
    this.bar.max = Math.max(1, total);
    this.bar.value = done;
    this.status.textContent = text;
  }

  finish(): void {
    this.controller = null;
    this.cancelButton.disabled = true;
    this.bar.hidden = true;
    this.status.textContent = '';
  }
}

export function isCancel(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}
