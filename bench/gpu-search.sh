#!/usr/bin/env bash
# The search on a real GPU (bench/gpu-run.sh calls it; it also runs alone).
# Run from the project's root on the GPU machine, with .gpu/ (bash
# bench/gpu-pack.sh) and, where the machine lacks the Vulkan loader, .gl/
# (../shared/GPU.md) carried along. Every step has its own time limit and
# writes to $OUT as it goes, so a slow step loses only itself:
#   search-webgpu-B-K.json/.txt  bench-search on WebGPU at B leaves of K playouts
#   search-cpu.json/.txt         bench-search on the CPU backend, for the ratio
#   match.txt, match-sgf/        WebGPU (its default B × K) against CPU at equal time
#   sweep-B-K.txt, sweep-B-K-sgf/  WebGPU at B × K against CPU at equal time
# The matches run at once, side by side: GAMES games of Hex SIZE at
# MOVE_SECONDS a move, PARALLEL at a time (default 200, 11, 0.2 s, 8), and
# SWEEP_GAMES of each SWEEP shape, SWEEP_PARALLEL at a time each (default 48
# of 256x64 16x1024 64x256, 2 each). Each side plays on one thread a game, and
# only one side of a game thinks at once, so the default 14 games fill about
# 14 cores. After MATCH_LIMIT seconds (default 300) the matches still going
# are stopped by a signal: the games under way finish and are reported.
# SHAPES lists bench-search's B × K (default the main match's and the sweep's).
# QUICK=1 shrinks every step, to try the script without a GPU, where its
# figures mean nothing.
set -uo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-results}
mkdir -p "$OUT"
GAMES=${GAMES:-200}
SECONDS_A_MOVE=${MOVE_SECONDS:-0.2}
SIZE=${SIZE:-11}
PARALLEL=${PARALLEL:-8}
SEED=${SEED:-1}
SWEEP=${SWEEP-256x64 16x1024 64x256}
SWEEP_GAMES=${SWEEP_GAMES:-48}
SWEEP_PARALLEL=${SWEEP_PARALLEL:-2}
MATCH_LIMIT=${MATCH_LIMIT:-300}
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
  bench=(--quick); SHAPES=${SHAPES-64x64}; GAMES=2; SIZE=5; PARALLEL=2; SWEEP_GAMES=2; SWEEP_PARALLEL=1
else
  bench=(--runs 3); SHAPES=${SHAPES-16x256 $SWEEP}
fi

for shape in $SHAPES; do
  b=${shape%x*}; k=${shape#*x}
  step "bench-search webgpu B=$b K=$k"
  timeout 60 "${HEXBATCH[@]}" bench-search --backend webgpu --leaves "$b" --playouts-per-leaf "$k" "${bench[@]}" --json "$OUT/search-webgpu-$b-$k.json" > "$OUT/search-webgpu-$b-$k.txt" 2>&1
  echo "exit $?"; grep -E "^backend|bare evaluator, one position  |the search, puct" "$OUT/search-webgpu-$b-$k.txt"
done

if [ -n "$SHAPES" ]; then
  step "bench-search cpu"
  timeout 60 "${HEXBATCH[@]}" bench-search --backend cpu "${bench[@]}" --json "$OUT/search-cpu.json" > "$OUT/search-cpu.txt" 2>&1
  echo "exit $?"; grep -E "^backend|the search, puct" "$OUT/search-cpu.txt"
fi

# One match in the background: name, games, games at once, then A's extra settings.
pids=()
names=()
match_in_background() {
  local name=$1 games=$2 parallel=$3 extra=$4
  "${HEXBATCH[@]}" match --a "backend=webgpu,time=$SECONDS_A_MOVE,playouts=0,threads=1$extra" \
    --b "backend=cpu,time=$SECONDS_A_MOVE,playouts=0,threads=1" --size "$SIZE" --games "$games" --parallel "$parallel" \
    --seed "$SEED" --timeout 60 --out "$OUT/$name-sgf" > "$OUT/$name.txt" 2> "$OUT/$name.err" &
  pids+=($!)
  names+=("$name")
}

step "matches at $SECONDS_A_MOVE s a move, Hex $SIZE, WebGPU against CPU: $GAMES games at the default B × K, $PARALLEL at a time; $SWEEP_GAMES of each of [$SWEEP], $SWEEP_PARALLEL at a time"
match_in_background match "$GAMES" "$PARALLEL" ""
for shape in $SWEEP; do
  match_in_background "sweep-$shape" "$SWEEP_GAMES" "$SWEEP_PARALLEL" ",leaves=${shape%x*},per-leaf=${shape#*x}"
done
deadline=$((SECONDS + MATCH_LIMIT))
while [ $SECONDS -lt $deadline ]; do
  running=0
  for pid in "${pids[@]}"; do kill -0 "$pid" 2> /dev/null && running=$((running + 1)); done
  [ "$running" = 0 ] && break
  sleep 5
done
for pid in "${pids[@]}"; do kill -INT "$pid" 2> /dev/null; done
# The games under way finish; one that hangs is not waited for past 90 s.
for k in "${!pids[@]}"; do
  pid=${pids[$k]}
  for _ in $(seq 90); do kill -0 "$pid" 2> /dev/null || break; sleep 1; done
  kill -9 "$pid" 2> /dev/null
  wait "$pid"
  echo "${names[$k]}: exit $?"
  grep -E "games|scored|time a move|forfeits" "$OUT/${names[$k]}.txt"
done
step "done"
