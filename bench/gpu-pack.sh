#!/usr/bin/env bash
# Packs what a machine with a real GPU needs to run `hexbatch bench-gpu` and
# `hexbatch validate` without npm (a rented GPU machine often has none): the CLI bundled with every
# dependency but Dawn, Dawn itself (the webgpu package's dawn.node), and this
# machine's node, xz-compressed. All of it goes to .gpu/, which git ignores.
# On the GPU machine:
#   xz -dc .gpu/node.xz > /tmp/node && chmod +x /tmp/node
#   /tmp/node .gpu/cli.js bench-gpu --json "$OUT/gpu.json"
set -euo pipefail
cd "$(dirname "$0")/.."
HEXBATCH_GPU_PACK=1 npx vite build --config vite.node.config.ts
dawn=.gpu/node_modules/webgpu
mkdir -p "$dawn/dist/linux-x64"
cp node_modules/webgpu/index.js node_modules/webgpu/package.json "$dawn/"
cp node_modules/webgpu/dist/linux-x64/dawn.node "$dawn/dist/linux-x64/"
[ -f .gpu/node.xz ] || xz -6 -T2 -c "$(command -v node)" > .gpu/node.xz
du -sh .gpu
