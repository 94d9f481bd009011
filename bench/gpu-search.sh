#!/usr/bin/env bash
# The search on a real GPU (bench/gpu-run.sh calls it; it also runs alone).
# Run from the project's root on the GPU machine, with .gpu/ (bash
# bench/gpu-pack.sh) and, where the machine lacks the Vulkan loader, .gl/
# (../shared/GPU.md) carried along. Every step has its own time limit and
# writes to $OUT as it goes, so a slow step loses only itself:
#   search-webgpu-B-K.json/.txt  bench-search on WebGPU at B leaves of K playouts
#   search-cpu.json/.txt         bench-search on the CPU backend, for the ratio
#   match.txt, match-sgf/        WebGPU against CPU at equal time per move
# GAMES, MOVE_SECONDS, SIZE, PARALLEL and SEED set the match (default 96
# games of Hex 11 at 0.2 s a move, 8 at a time; the CPU side plays on one
# thread a game, so 8 games use 8 cores beside the GPU side's 8 threads).
# QUICK=1 shrinks every step, to try the script without a GPU, where its
# figures mean nothing.
set -uo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-results}
mkdir -p "$OUT"
GAMES=${GAMES:-96}
SECONDS_A_MOVE=${MOVE_SECONDS:-0.2}
SIZE=${SIZE:-11}
PARALLEL=${PARALLEL:-8}
SEED=${SEED:-1}
MATCH_LIMIT=${MATCH_LIMIT:-200}
QUICK=${QUICK:-0}

if [ -d .gl ] && ! ldconfig -p | grep -q libvulkan.so.1; then
  for f in .gl/*.deb; do dpkg -x "$f" /; done
  ldconfig
fi
NODE=${HEXBATCH_NODE:-/tmp/hexbatch-node}
[ -x "$NODE" ] || { xz -dc .gpu/node.xz > "$NODE" && chmod +x "$NODE"; }
HEXBATCH=("$NODE" .gpu/cli.js)
step() { echo "== $1 ($(date -u +%T))"; }

if [ "$QUICK" = 1 ]; then
  bench=(--quick); shapes="64x64"; GAMES=2; SIZE=5; PARALLEL=2
else
  bench=(--runs 5); shapes="256x64 1024x64 4096x16"
fi

for shape in $shapes; do
  b=${shape%x*}; k=${shape#*x}
  step "bench-search webgpu B=$b K=$k"
  timeout 60 "${HEXBATCH[@]}" bench-search --backend webgpu --leaves "$b" --playouts-per-leaf "$k" "${bench[@]}" --json "$OUT/search-webgpu-$b-$k.json" > "$OUT/search-webgpu-$b-$k.txt" 2>&1
  echo "exit $?"; grep -E "^backend|bare evaluator, one position  |the search, puct" "$OUT/search-webgpu-$b-$k.txt"
done

step "bench-search cpu"
timeout 60 "${HEXBATCH[@]}" bench-search --backend cpu "${bench[@]}" --json "$OUT/search-cpu.json" > "$OUT/search-cpu.txt" 2>&1
echo "exit $?"; grep -E "^backend|the search, puct" "$OUT/search-cpu.txt"

step "match: WebGPU against CPU, $GAMES games of Hex $SIZE at $SECONDS_A_MOVE s a move, $PARALLEL at a time"
timeout "$MATCH_LIMIT" "${HEXBATCH[@]}" match --a "backend=webgpu,time=$SECONDS_A_MOVE,playouts=0,threads=1" \
  --b "backend=cpu,time=$SECONDS_A_MOVE,playouts=0,threads=1" --size "$SIZE" --games "$GAMES" --parallel "$PARALLEL" \
  --seed "$SEED" --timeout 60 --out "$OUT/match-sgf" > "$OUT/match.txt" 2>&1
echo "match: exit $?"; tail -6 "$OUT/match.txt"
step "done"
