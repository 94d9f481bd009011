// The kernel table: every kernel's record is complete and consistent, and
// each GPU kernel and its CPU twin name each other in their first lines.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { GameKind, geometryOf } from '../../src/game/geometry.js';
import { FillKind } from '../../src/fill/fill.js';
import { GPU_KERNELS, KERNELS, parseGpuKernel, variantFor } from '../../src/gpu/kernel-table.js';
import { buildShader } from '../../src/gpu/shader-source.js';

const ROOT = resolve(import.meta.dirname, '../..');
const firstLines = (path: string) => readFileSync(resolve(ROOT, path), 'utf8').split('\n').slice(0, 3).join('\n');

describe.each(KERNELS.map((k) => [k.name, k] as const))('%s', (name, record) => {
  test('its shader and its CPU twin name each other first', () => {
    expect(firstLines(record.twinFiles.shader)).toContain(`Twin: ${record.twinFiles.cpu}`);
    expect(firstLines(record.twinFiles.cpu)).toContain(`Twin: ${record.twinFiles.shader}`);
    expect(record.twinFiles.cpu).toBe(`src/wintest/${record.cpuTwin.name}.ts`);
  });

  test('its name parses to itself, and a device with or without subgroups has a variant', () => {
    expect(parseGpuKernel(` ${name} `)).toBe(name);
    expect(variantFor(name, true).name).toBe(record.variants[0]?.name);
    expect(variantFor(name, false).needsSubgroups).toBe(false);
  });

  // A variant borrowed as a fallback (bitsliced-unrolled's) is checked under the kernel it belongs to.
  const own = record.variants.filter((v) => KERNELS.find((k) => k.variants.includes(v)) === record);
  test.each(own.map((v) => [v.name, v] as const))(
    'variant %s assembles its reduction shader for both column classes',
    (_, variant) => {
      const shader = readFileSync(resolve(ROOT, record.twinFiles.shader), 'utf8');
      for (const g of [geometryOf(GameKind.Hex, 11), geometryOf(GameKind.Hex, 16)]) {
        const build = buildShader({
          variant,
          geometry: g,
          fill: FillKind.Exact,
          workgroupSize: 64,
          boardsPerInvocation: 2,
          writeWinners: false,
          ownership: false,
        });
        expect(build.code).toContain(shader);
        expect(build.code.startsWith(variant.directives.map((d) => `${d};\n`).join(''))).toBe(true);
        expect(build.itemsPerWorkgroup).toBe(64 * variant.boardsPerInvocation(2));
      }
    },
  );
});

test('every kernel name is listed once, and others are refused by name', () => {
  expect(new Set(GPU_KERNELS).size).toBe(KERNELS.length);
  expect(() => parseGpuKernel('bitsliced-ballot')).toThrow(
    /unknown kernel "bitsliced-ballot" \(expected one of: bpr, bitsliced, bitsliced-unrolled, floodfill\)/,
  );
});
