#!/usr/bin/env bash
# Prepares the register and spill report for a machine with a real GPU
# (bench/gpu-run.sh runs it there): builds vk-stats into .gpu/ and writes the
# SPIR-V that Dawn's Tint makes of each kernel below to .gpu/spirv/, dumped
# from a run on this machine's adapter (SwiftShader will do: the SPIR-V is
# Tint's, before any driver sees it). Needs gcc, Debian's libvulkan-dev and
# spirv-tools, and a built CLI (npm run build).
set -euo pipefail
cd "$(dirname "$0")/../.."
mkdir -p .gpu/spirv
gcc -O2 -Wall -o .gpu/vk-stats bench/vk-stats/vk-stats.c -lvulkan
log=$(mktemp)
# kernel game size fill
configs=(
  "bitsliced-unrolled hex 11 exact" "bitsliced-unrolled hex 11 coin" "bitsliced-unrolled hex 14 exact" "bitsliced-unrolled y 19 exact"
  "bitsliced hex 11 exact" "bitsliced hex 19 exact" "bpr hex 11 exact" "floodfill hex 11 exact"
)
for config in "${configs[@]}"; do
  read -r kernel game size fill <<<"$config"
  name="$kernel-$game$size-$fill"
  HEXBATCH_DAWN_FLAGS=enable-dawn-features=dump_shaders node bin/hexbatch.js bench-gpu --quick --no-shapes --kernels "$kernel" \
    --games "$game" --sizes "$size" --fills "$fill" --json "$log.json" >"$log" 2>&1
  node bench/vk-stats/dump-spirv.mjs "$log" "$log.d" "$name" >/dev/null
  spirv-as --target-env vulkan1.2 "$log.d/$name-0.spvasm" -o ".gpu/spirv/$name.spv"
  echo "$name: $(stat -c %s ".gpu/spirv/$name.spv") bytes of SPIR-V"
done
rm -rf "$log" "$log.json" "$log.d"
