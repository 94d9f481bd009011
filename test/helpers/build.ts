/** The built package (dist/), rebuilt first when any of its sources is newer. */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

const OUTPUTS = ['dist/index.js', 'dist/cli.js', 'dist/types/index.d.ts'];
const INPUTS = ['src', 'shaders', 'package.json', 'vite.node.config.ts', 'tsconfig.build.json'];

function newest(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
}

export function ensureBuilt(): void {
  const sources = Math.max(...INPUTS.map((p) => newest(join(ROOT, p))));
  const stale = OUTPUTS.some((p) => !existsSync(join(ROOT, p)) || statSync(join(ROOT, p)).mtimeMs < sources);
  if (stale) execFileSync('npm', ['run', '--silent', 'build'], { cwd: ROOT, stdio: 'pipe' });
}
