// Snapshots of the WGSL the host assembles, for every kernel variant and
// both column classes (u32 and u32 pairs), playing out or deciding given
// boards: what it is made of (files, prelude, constants) in words, and the
// whole text pinned by its SHA-256. No device is needed, so a change to a
// shader or to the assembly shows up here, and must be accepted on purpose
// (`npx vitest run test/gpu/wgsl-snapshots.test.ts --update`).
import { createHash } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { GameKind, geometryOf } from '../../src/game/geometry.js';
import { FillKind } from '../../src/fill/fill.js';
import { FILL_DUMP, KERNELS } from '../../src/gpu/kernel-table.js';
import { buildShader } from '../../src/gpu/shader-source.js';

const VARIANTS = [...KERNELS.flatMap((k) => k.variants), FILL_DUMP];
const CLASSES = [
  ['u32', geometryOf(GameKind.Hex, 11)],
  ['u32-pair', geometryOf(GameKind.Y, 20)],
] as const;

describe.each(VARIANTS.map((v) => [v.name, v] as const))('%s', (_, variant) => {
  test.each(CLASSES)('%s columns', (__, g) => {
    const builds = [FillKind.Exact, null].map((fill) => {
      const build = buildShader({
        variant,
        geometry: g,
        fill,
        workgroupSize: 64,
        boardsPerInvocation: 1,
        writeWinners: true,
        ownership: fill !== null,
      });
      return {
        fill: fill ?? 'given boards',
        directives: build.directives,
        prelude: build.prelude.split('\n'),
        files: build.files,
        constants: build.constants,
        sha256: createHash('sha256').update(build.code).digest('hex'),
      };
    });
    expect(builds).toMatchSnapshot();
  });
});
