/**
 * One HTP engine as a child process, spoken to one command at a time: each
 * command waits for its reply (`=` text, or `?` reason, ended by a blank
 * line), a time limit, or the process's end, whichever comes first.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

/** How a command failed; each forfeits the game in hand. */
export type EngineFault = 'refused' | 'crash' | 'timeout';

export class EngineError extends Error {
  constructor(
    readonly fault: EngineFault,
    message: string,
  ) {
    super(message);
    this.name = 'EngineError';
  }
}

/** Standard error kept per engine, for the message when it dies. */
const STDERR_KEPT = 2000;

interface Waiting {
  readonly resolve: (text: string) => void;
  readonly reject: (error: EngineError) => void;
}

export class HtpProcess {
  private readonly child: ChildProcess;
  private reply: string[] | null = null;
  private waiting: Waiting | null = null;
  private stderrTail = '';
  private exited: string | null = null;

  constructor(
    readonly command: string,
    readonly args: readonly string[],
  ) {
    // A group of its own, so that Ctrl-C at a terminal reaches only the referee, which lets the game end.
    this.child = spawn(command, [...args], { stdio: ['pipe', 'pipe', 'pipe'], detached: process.platform !== 'win32' });
    this.child.stderr?.setEncoding('utf8');
    this.child.stderr?.on('data', (text: string) => (this.stderrTail = (this.stderrTail + text).slice(-STDERR_KEPT)));
    // A write to an engine that has died fails here; the exit below reports it.
    this.child.stdin?.on('error', () => {});
    this.child.on('error', (error) => this.die(`cannot start: ${error.message}`));
    this.child.on('close', (code, signal) => this.die(`exited (${signal ?? `status ${code}`})`));
    const lines = createInterface({
      input: this.child.stdout as NodeJS.ReadableStream,
      crlfDelay: Number.POSITIVE_INFINITY,
    });
    lines.on('line', (line) => this.onLine(line));
  }

  /** Whether the process is still there to talk to. */
  get alive(): boolean {
    return this.exited === null;
  }

  /** The last line the engine wrote on standard error (why it failed to start, often). */
  get lastErrorLine(): string {
    return this.stderrTail.trimEnd().split('\n').at(-1) ?? '';
  }

  /** Sends one command and gives the reply's text; throws EngineError for `?`, a death or no reply in `timeoutMs`. */
  async send(command: string, timeoutMs: number): Promise<string> {
    if (this.exited !== null) throw new EngineError('crash', `${command}: the engine ${this.exited}`);
    if (this.waiting !== null) throw new Error('one HTP command at a time');
    const reply = new Promise<string>((resolve, reject) => (this.waiting = { resolve, reject }));
    this.child.stdin?.write(`${command}\n`);
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        this.waiting = null;
        this.kill();
        reject(new EngineError('timeout', `${command}: no reply in ${timeoutMs / 1000} s`));
      }, timeoutMs);
    });
    try {
      return await Promise.race([reply, late]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Asks the engine to quit, and kills it if it has not within `graceMs`. */
  async quit(graceMs = 2000): Promise<void> {
    if (this.exited !== null) return;
    const gone = new Promise<void>((resolve) => this.child.once('close', () => resolve()));
    this.child.stdin?.end('quit\n');
    const timer = setTimeout(() => this.kill(), graceMs);
    await gone;
    clearTimeout(timer);
  }

  kill(): void {
    if (this.exited === null) this.child.kill('SIGKILL');
  }

  private onLine(line: string): void {
    if (this.reply === null) {
      // Blank lines between replies, and anything else before a reply starts, are not replies.
      if (/^[=?]/.test(line)) this.reply = [line];
      return;
    }
    if (line.trim() !== '') {
      this.reply.push(line);
      return;
    }
    const [first = '', ...rest] = this.reply;
    this.reply = null;
    const waiting = this.waiting;
    this.waiting = null;
    const text = [first.replace(/^[=?]\d*\s?/, ''), ...rest].join('\n');
    if (first.startsWith('=')) waiting?.resolve(text);
    else waiting?.reject(new EngineError('refused', `? ${text}`));
  }

  private die(why: string): void {
    if (this.exited !== null) return;
    this.exited = why;
    const waiting = this.waiting;
    this.waiting = null;
    const detail = this.lastErrorLine;
    waiting?.reject(new EngineError('crash', `the engine ${why}${detail === '' ? '' : `: ${detail}`}`));
  }
}
