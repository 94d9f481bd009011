#!/usr/bin/env bash
# Everything a machine with a real GPU is for, in one call of a few minutes:
# validate, bench-gpu, the compiler's register and spill report, and the
# search (bench/gpu-search.sh). Prepare on this machine first:
#   bash bench/gpu-pack.sh && bash bench/vk-stats/prepare.sh
# and make .gl/ (../shared/GPU.md); then run it there with .gpu and .gl
# carried. Every step has its own time limit and writes to $OUT as it goes,
# so a slow step loses only itself. What comes back (at most 8 files):
#   log.txt        every step's output, in order
#   device.txt     nvidia-smi and the adapter
#   validate.txt   one line a validation: kernel, board, fill, mismatches
#   vk-stats.tsv   the driver's statistics of each kernel's pipeline
#   bench-gpu.txt, gpu.json   bench-gpu's tables and its JSON
#   search.tgz     bench/gpu-search.sh's files (bench-search, the match)
# STEPS picks steps (default: validate stats bench search; also compare);
# VALIDATE_KERNELS and VALIDATE_BOARDS (game:size, spaced) narrow validate;
# QUICK=1 shrinks each, to try the script without a GPU.
# compare: BASELINE=.gpu/other-cli.js (a bundle of another build, packed the
# same way) and this build, each timed twice in turns on the bit-sliced
# kernels, so that a change is a ratio measured in one run (compare.txt).
set -uo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-results}
mkdir -p "$OUT"
STEPS=${STEPS:-validate stats bench search}
QUICK=${QUICK:-0}
exec > >(tee -a "$OUT/log.txt") 2>&1

if [ -d .gl ] && ! ldconfig -p | grep -q libvulkan.so.1; then
  for f in .gl/*.deb; do dpkg -x "$f" /; done
  ldconfig
fi
NODE=/tmp/hexbatch-node
[ -x "$NODE" ] || { xz -dc .gpu/node.xz > "$NODE" && chmod +x "$NODE"; }
export NODE
HEXBATCH=("$NODE" .gpu/cli.js)
step() { echo "== $1 ($(date -u +%T))"; }
has() { [[ " $STEPS " == *" $1 "* ]]; }

step "device"
{ date -u; nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm,clocks.max.mem --format=csv 2>&1; nproc; } > "$OUT/device.txt"
cat "$OUT/device.txt"

if has validate; then
  step "validate: every kernel, Hex 11, Hex 14 and Y 19, both fills, and a Hex 11 mid-game board"
  playouts=$([ "$QUICK" = 1 ] && echo 4096 || echo 1000000)
  midgame='.w.b..b......bb.....w......b...bw............w.wb...w......bb......w.w...w.....b...b....w.....b....w.b....wb.b..w.w...w..'
  jobs=()
  for kernel in ${VALIDATE_KERNELS:-bpr bitsliced bitsliced-unrolled floodfill}; do
    for board in ${VALIDATE_BOARDS:-hex:11 hex:14 y:19}; do
      for fill in exact coin; do jobs+=("$kernel ${board/:/ } $fill -"); done
    done
    jobs+=("$kernel hex 11 exact $midgame")
  done
  printf '%s\n' "${jobs[@]}" | xargs -P 8 -L 1 bash -c '
    kernel=$0 game=$1 size=$2 fill=$3 board=$4
    extra=(); [ "$board" != - ] && extra=(--board "$board")
    out=$(timeout 100 '"$NODE"' .gpu/cli.js validate --kernel "$kernel" --game "$game" --size "$size" --fill "$fill" \
      --playouts '"$playouts"' "${extra[@]}" 2>&1); rc=$?
    echo "$kernel $game $size $fill $([ "$board" = - ] && echo empty || echo mid-game): exit $rc, $(echo "$out" | grep -E "mismatch" | head -1)"
  ' | sort > "$OUT/validate.txt"
  cat "$OUT/validate.txt"
fi

if has stats; then
  step "the driver's statistics of each kernel's pipeline"
  timeout 60 .gpu/vk-stats $(for f in .gpu/spirv/*.spv; do echo 0:u,1:s,2:s,3:s,4:s "$f"; done) > "$OUT/vk-stats.tsv"
  echo "vk-stats: exit $?"; cat "$OUT/vk-stats.tsv"
fi

if has bench; then
  step "bench-gpu: every kernel, Hex 11, 14 and 19 and Y 11 and 19, both fills; the Hex 11 sweep to 2^26; the shapes"
  quick=(); [ "$QUICK" = 1 ] && quick=(--quick --sizes 5)
  timeout 300 "${HEXBATCH[@]}" bench-gpu --games hex,y --sizes 11,14,19 --fills exact,coin --runs 5 "${quick[@]}" \
    --json "$OUT/gpu.json" > "$OUT/bench-gpu.txt"
  echo "bench-gpu: exit $?"; cat "$OUT/bench-gpu.txt"
  # The generated kernel keeps every slice word in a register, so the
  # workgroup size trades occupancy against registers: try the others too.
  for size in 32 128 256; do
    step "bench-gpu: workgroup size $size, Hex 11, the bit-sliced kernels"
    timeout 60 "${HEXBATCH[@]}" bench-gpu --games hex --sizes 11 --fills exact,coin --kernels bitsliced,bitsliced-unrolled \
      --workgroup-size "$size" --sweep "" --no-shapes --runs 5 "${quick[@]}" --json "/tmp/gpu-wg-$size.json" | grep -E "^hex"
  done
fi

if has compare && [ -n "${BASELINE:-}" ]; then
  step "compare: $BASELINE against .gpu/cli.js, in turns"
  quick=(--sweep 65536,1048576,16777216,67108864); [ "$QUICK" = 1 ] && quick=(--quick --sizes 5 --sweep 4096)
  for round in 1 2; do
    for cli in "$BASELINE" .gpu/cli.js; do
      echo "-- $cli, round $round"
      timeout 90 "$NODE" "$cli" bench-gpu --games hex,y --sizes 11,14,19 --fills exact,coin --kernels bitsliced,bitsliced-unrolled \
        --no-shapes --runs 5 "${quick[@]}" --json "/tmp/compare.json" | grep -E "^(hex|y) "
    done
  done > "$OUT/compare.txt" 2>&1
  cat "$OUT/compare.txt"
fi

if has search; then
  step "the search (bench/gpu-search.sh)"
  OUT="$OUT/search" QUICK="$QUICK" HEXBATCH_NODE="$NODE" bash bench/gpu-search.sh
  tar -czf "$OUT/search.tgz" -C "$OUT" search && rm -rf "$OUT/search"
fi
step "done"
