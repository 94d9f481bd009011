/**
 * Which Chrome to drive: the one named (--browser), else $CHROME_PATH, else
 * an installed Google Chrome, else Chromium (Debian's `chromium` package).
 * Playwright's own browser downloads are not used: the report measures the
 * browser a user has.
 */
import { existsSync } from 'node:fs';

export const CHROME_CANDIDATES: readonly string[] = [
  '/usr/bin/google-chrome-stable',
  '/usr/bin/google-chrome',
  '/opt/google/chrome/chrome',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
];

export const CHROMIUM_CANDIDATES: readonly string[] = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/snap/bin/chromium',
];

export const INSTALL_HINT =
  'no Chrome or Chromium found: install Google Chrome, or Chromium (Debian/Ubuntu: apt-get install chromium), or name one with --browser PATH or CHROME_PATH';

export type BrowserChoice = { readonly path: string; readonly source: string } | { readonly problem: string };

export function findBrowser(
  named: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
  exists: (path: string) => boolean = existsSync,
): BrowserChoice {
  if (named !== undefined)
    return exists(named) ? { path: named, source: '--browser' } : { problem: `--browser ${named}: no such file` };
  const fromEnv = env['CHROME_PATH'];
  if (fromEnv !== undefined && fromEnv !== '')
    return exists(fromEnv)
      ? { path: fromEnv, source: 'CHROME_PATH' }
      : { problem: `CHROME_PATH=${fromEnv}: no such file` };
  const chrome = CHROME_CANDIDATES.find(exists);
  if (chrome) return { path: chrome, source: 'Google Chrome' };
  const chromium = CHROMIUM_CANDIDATES.find(exists);
  if (chromium) return { path: chromium, source: 'Chromium' };
  return { problem: INSTALL_HINT };
}
