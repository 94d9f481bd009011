/**
 * Where a worker thread's script is and how to start it (Node only). Built
 * (dist/), it is an entry of its own beside the bundle's entry. From source
 * (vitest), it is a TypeScript file that needs the type-stripping hooks of
 * source-worker-hooks.mjs, which sit beside this module.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { builtEntryBeside } from '../bundle-entry.js';

const HERE = fileURLToPath(import.meta.url);

/** A worker's file and the Node options it needs. */
export interface WorkerScript {
  readonly file: string;
  readonly execArgv: string[];
}

/**
 * The built `builtName` (e.g. cpu-worker.js), or from source `sourceName`
 * beside the module at `callerUrl` (its import.meta.url); null when neither can run.
 */
export function workerScript(builtName: string, callerUrl: string, sourceName: string): WorkerScript | null {
  const built = builtEntryBeside(import.meta.url, builtName);
  if (built && !HERE.endsWith('.ts')) return { file: built, execArgv: [] };
  const source = join(dirname(fileURLToPath(callerUrl)), sourceName);
  const hooks = join(dirname(HERE), 'source-worker-hooks.mjs');
  if (!HERE.endsWith('.ts') || !source.endsWith('.ts') || !existsSync(source) || !existsSync(hooks)) return null;
  const register = `import { register } from 'node:module'; register(${JSON.stringify(pathToFileURL(hooks).href)});`;
  return { file: source, execArgv: ['--import', `data:text/javascript,${encodeURIComponent(register)}`] };
}
