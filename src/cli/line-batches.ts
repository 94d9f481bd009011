/**
 * Reads text as lines, handed out in batches: all the complete lines of each
 * chunk that arrives together. Piped input thus comes in large batches, while
 * a line typed at a terminal (or sent by a driving program) is answered at
 * once, with no wait for a batch to fill.
 *
 * A final line without a newline still counts; the newline that ends the
 * last line does not start another one.
 */
import { StringDecoder } from 'node:string_decoder';

export async function* lineBatches(input: AsyncIterable<string | Buffer>): AsyncGenerator<string[]> {
  const decoder = new StringDecoder('utf8');
  let partial = '';
  for await (const chunk of input) {
    const lines = (partial + (typeof chunk === 'string' ? chunk : decoder.write(chunk))).split('\n');
    partial = lines.pop() ?? '';
    if (lines.length > 0) yield lines;
  }
  partial += decoder.end();
  if (partial !== '') yield [partial];
}
