#!/usr/bin/env bash
# The search on a real GPU, in one call of a few minutes (README: Measuring
# on a real GPU). Run from the project's root on the GPU machine, with .gpu/
# (bash bench/gpu-pack.sh) and, where the machine lacks the Vulkan loader,
# .gl/ (../shared/GPU.md) carried along. Every step has its own time limit
# and writes to $OUT as it goes, so a slow step loses only itself:
#   gpu-validate.txt        validate, Hex 11, GPU against the CPU reference
#   search-webgpu-B-K.json  bench-search on WebGPU at B leaves of K playouts
#   search-cpu.json         bench-search on the CPU backend, for the ratio
#   match.txt, match-sgf/   WebGPU against CPU at equal time per move
# GAMES, MOVE_SECONDS and SIZE set the match (default 20 games of Hex 11 at 0.5 s
# a move; each engine has the machine to itself while it thinks, since one
# game runs at a time). QUICK=1 shrinks every step, to try the script on a
# machine without a GPU (SwiftShader), where its figures mean nothing.
# The limits add up to under 9 minutes, one device call.
set -uo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-results}
mkdir -p "$OUT"
GAMES=${GAMES:-20}
SECONDS_A_MOVE=${MOVE_SECONDS:-0.5}
SIZE=${SIZE:-11}
QUICK=${QUICK:-0}

if [ -d .gl ] && ! ldconfig -p | grep -q libvulkan.so.1; then
  for f in .gl/*.deb; do dpkg -x "$f" /; done
  ldconfig
fi
NODE=/tmp/hexbatch-node
[ -x "$NODE" ] || { xz -dc .gpu/node.xz > "$NODE" && chmod +x "$NODE"; }
HEXBATCH=("$NODE" .gpu/cli.js)
step() { echo "== $1 ($(date -u +%T))"; }

if [ "$QUICK" = 1 ]; then
  validate_playouts=20000; bench=(--quick); shapes="64x64"; GAMES=2; SIZE=5; SECONDS_A_MOVE=0.2
else
  validate_playouts=1000000; bench=(--runs 5); shapes="256x64 1024x64 4096x16"
fi

step "validate"
timeout 90 "${HEXBATCH[@]}" validate --game hex --size 11 --playouts "$validate_playouts" > "$OUT/gpu-validate.txt" 2>&1
echo "validate: exit $?"; tail -3 "$OUT/gpu-validate.txt"

for shape in $shapes; do
  b=${shape%x*}; k=${shape#*x}
  step "bench-search webgpu B=$b K=$k"
  timeout 60 "${HEXBATCH[@]}" bench-search --backend webgpu --leaves "$b" --playouts-per-leaf "$k" "${bench[@]}" --json "$OUT/search-webgpu-$b-$k.json" > "$OUT/search-webgpu-$b-$k.txt" 2>&1
  echo "exit $?"; grep -E "^backend|bare evaluator, one position  |the search, puct" "$OUT/search-webgpu-$b-$k.txt"
done

step "bench-search cpu"
timeout 60 "${HEXBATCH[@]}" bench-search --backend cpu "${bench[@]}" --json "$OUT/search-cpu.json" > "$OUT/search-cpu.txt" 2>&1
echo "exit $?"; grep -E "^backend|the search, puct" "$OUT/search-cpu.txt"

step "match: WebGPU against CPU, $GAMES games of Hex $SIZE at $SECONDS_A_MOVE s a move"
timeout 220 "${HEXBATCH[@]}" match --a "backend=webgpu,time=$SECONDS_A_MOVE,playouts=0" --b "backend=cpu,time=$SECONDS_A_MOVE,playouts=0" \
  --size "$SIZE" --games "$GAMES" --parallel 1 --timeout 60 --out "$OUT/match-sgf" > "$OUT/match.txt" 2>&1
echo "match: exit $?"; tail -6 "$OUT/match.txt"
step "done"
