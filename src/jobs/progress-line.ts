/**
 * Progress for long runs on standard error. On a terminal, one line that each
 * update rewrites in place; elsewhere (a log, a pipe) either a line per update
 * or nothing, as the command chooses.
 */
import type { Writable } from 'node:stream';

const CLEAR_LINE = '\r\x1b[2K';

export interface ProgressLine {
  show(text: string): void;
  /** Clears the line, so what follows starts on a clean one. */
  end(): void;
}

export function isTerminal(stream: Writable): boolean {
  return (stream as { isTTY?: boolean }).isTTY === true;
}

export function progressLine(stream: Writable, elsewhere: 'lines' | 'silent'): ProgressLine {
  if (!isTerminal(stream)) {
    return { show: (text) => elsewhere === 'lines' && stream.write(`${text}\n`), end: () => {} };
  }
  let open = false;
  return {
    show(text) {
      stream.write(`${CLEAR_LINE}${text}`);
      open = true;
    },
    end() {
      if (open) stream.write(CLEAR_LINE);
      open = false;
    },
  };
}
