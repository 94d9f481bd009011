// Reads the log of a hexbatch run made with
// HEXBATCH_DAWN_FLAGS=enable-dawn-features=dump_shaders and writes the SPIR-V
// disassembly of each kernel pipeline in it (not Dawn's own helper
// pipelines) to OUTDIR/NAME-K.spvasm, K counting from 0.
// Usage: node dump-spirv.mjs LOG OUTDIR NAME
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';

const [log, outDir, name] = process.argv.slice(2);
if (!log || !outDir || !name) {
  console.error('usage: node dump-spirv.mjs LOG OUTDIR NAME');
  process.exit(2);
}
const blocks = readFileSync(log, 'utf8').split(/^info:\n/m);
mkdirSync(outDir, { recursive: true });
let written = 0;
for (let i = 0; i + 1 < blocks.length; i++) {
  const wgsl = blocks[i];
  const spirv = blocks[i + 1];
  // Every hexbatch kernel reads the packed positions; Dawn's helpers do not.
  if (!wgsl.startsWith('// Dumped WGSL') || !wgsl.includes('var<storage, read> positions')) continue;
  if (!spirv.startsWith('/* Dumped SPIRV disassembly */')) continue;
  const text = spirv.split('\n').filter((line) => !line.startsWith('/*') && !/^(game|hex|y) /.test(line));
  // The log goes on after the last pipeline: keep the module only.
  const end = text.findLastIndex((line) => line.trim() === 'OpFunctionEnd');
  writeFileSync(`${outDir}/${name}-${written}.spvasm`, text.slice(0, end + 1).join('\n') + '\n');
  written++;
}
console.log(`${name}: ${written} kernel module(s)`);
if (written === 0) process.exit(1);
