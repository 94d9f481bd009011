/** The lines above npm start's table: said once on a terminal, in full in a file or a pipe. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_SUITE, type SuiteReport } from '../../src/jobs/suite.js';
import { reportHeader } from '../../src/report/report-text.js';

const browser = { name: 'chromium', version: '150.0.7871.100', headless: true, path: '/usr/bin/chromium' };
const adapter = {
  vendor: 'google',
  architecture: 'swiftshader',
  device: '',
  description: '',
  features: ['subgroups'],
  software: true,
};
const report = { spec: { ...DEFAULT_SUITE, playouts: 65_536 } } as unknown as SuiteReport;

describe('reportHeader', () => {
  it('names the browser and the adapter, with the software note, then the settings', () => {
    const lines = reportHeader({ browser, adapter }, report, false);
    expect(lines).toHaveLength(4);
    expect(lines[0]).toBe('browser: chromium 150.0.7871.100 (headless), /usr/bin/chromium');
    expect(lines[1]).toBe('adapter: google · swiftshader (subgroups)');
    expect(lines[2]).toMatch(/^NOTE: .*every figure below is a CPU figure/);
    expect(lines[3]).toMatch(/^exact fill, empty board; GPU: 65536 playouts a call/);
  });

  it('leaves out what standard error has already shown on the same terminal', () => {
    expect(reportHeader({ browser, adapter }, report, true)).toEqual([
      reportHeader({ browser, adapter }, report, false)[3],
    ]);
  });
});
