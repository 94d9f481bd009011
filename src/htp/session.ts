/** Drives an engine over lines: one reply per command, in order, until quit or the input ends. */
import type { HtpEngine } from './engine.js';

export async function runHtpSession(
  engine: HtpEngine,
  lines: AsyncIterable<string>,
  write: (text: string) => Promise<void> | void,
): Promise<void> {
  try {
    for await (const line of lines) {
      const reply = await engine.reply(line);
      if (reply !== null) await write(reply);
      if (engine.done) break;
    }
  } finally {
    engine.close();
  }
}
