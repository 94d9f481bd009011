/**
 * A worker's own file of engine commands: the only command lines a worker
 * ever runs besides ours. One engine a line, `KEY = COMMAND LINE`, with
 * blank lines and lines starting with `#` skipped; a job names an engine by
 * its KEY, so whoever can write to the queue can choose among these and
 * nothing else.
 */
import { type EngineSpec, externalEngine } from '../match/engine-spec.js';

const KEY = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

/** The engines of a file's text; throws Error naming the line for a bad one. */
export function parseEngineFile(text: string, file: string): Map<string, EngineSpec> {
  const engines = new Map<string, EngineSpec>();
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    const at = `${file}:${i + 1}`;
    const eq = line.indexOf('=');
    if (eq < 0) throw new Error(`${at}: expected KEY = COMMAND LINE`);
    const key = line.slice(0, eq).trim();
    const command = line.slice(eq + 1).trim();
    if (!KEY.test(key))
      throw new Error(`${at}: a key is 1 to 64 letters, digits and . _ - (not "${key.slice(0, 40)}")`);
    if (command === '') throw new Error(`${at}: ${key} has no command line`);
    if (engines.has(key)) throw new Error(`${at}: ${key} is given twice`);
    engines.set(key, { ...externalEngine(command), label: key });
  });
  return engines;
}
