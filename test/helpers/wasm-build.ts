// vitest's global setup: builds the CPU backend's WebAssembly kernel when its
// source changed since the last build (assembly/build.mjs does nothing
// otherwise), so the tests never run an old kernel against new code.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export default function buildWasmKernel(): void {
  execFileSync(process.execPath, [fileURLToPath(new URL('../../assembly/build.mjs', import.meta.url))], {
    stdio: 'inherit',
  });
}
