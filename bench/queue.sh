#!/usr/bin/env bash
# The queue's cost, on this machine (bench/results/queue.md has the figures):
#   overhead  one worker, one game at a time (match --parallel 1): each game's
#             time from enqueue to result, less the game's own time on the
#             worker, as the coordinator reports it;
#   scaling   the same match with every game queued at once, served by one
#             worker and then by two (one game at a time each, our engine on
#             one thread), REPEATS times in turn: games an hour, and the ratio.
# It starts a redis-server of its own on a free port in a temporary folder.
# GAMES, PLAYOUTS, SIZE, REPEATS and OVERHEAD_GAMES change the runs. Run from
# the project's root after npm run build.
set -euo pipefail
cd "$(dirname "$0")/.."
GAMES=${GAMES:-40}
PLAYOUTS=${PLAYOUTS:-4000}
SIZE=${SIZE:-7}
REPEATS=${REPEATS:-3}
OVERHEAD_GAMES=${OVERHEAD_GAMES:-30}
HEX=(node bin/hexbatch.js)

dir=$(mktemp -d)
port=$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
redis-server --port "$port" --bind 127.0.0.1 --dir "$dir" --save '' --appendonly no >"$dir/redis.log" 2>&1 &
redis_pid=$!
workers=()
cleanup() {
  for w in "${workers[@]}"; do kill "$w" 2>/dev/null || true; done
  kill "$redis_pid" 2>/dev/null || true
  wait 2>/dev/null || true
  rm -rf "$dir"
}
trap cleanup EXIT
for _ in $(seq 50); do grep -q 'Ready to accept' "$dir/redis.log" && break; sleep 0.1; done
url="redis://127.0.0.1:$port"

start_workers() {
  workers=()
  for k in $(seq "$1"); do
    "${HEX[@]}" worker --queue "$url" --concurrency 1 >"$dir/worker-$k.log" 2>&1 &
    workers+=($!)
  done
  sleep 2
}
stop_workers() {
  for w in "${workers[@]}"; do kill "$w" 2>/dev/null || true; done
  for w in "${workers[@]}"; do wait "$w" 2>/dev/null || true; done
  workers=()
}
match() {
  "${HEX[@]}" match --queue "$url" --a "playouts=$PLAYOUTS,threads=1" --b "playouts=$PLAYOUTS,tactics=off,threads=1" --size "$SIZE" --openings none "$@" 2>/dev/null
}

echo "# queue benchmark, $(date -u +%Y-%m-%dT%H:%M:%SZ), $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)"
echo "# load before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "## overhead: 1 worker, --parallel 1, $OVERHEAD_GAMES games of Hex $SIZE at $PLAYOUTS playouts"
start_workers 1
match --games "$OVERHEAD_GAMES" --parallel 1 --seed 1 | grep -E 'queue:'
stop_workers

for r in $(seq "$REPEATS"); do
  for n in 1 2; do
    echo "## scaling, repeat $r: $n worker(s), $GAMES games queued at once"
    start_workers "$n"
    match --games "$GAMES" --seed $((100 + r)) | grep -E 'queue:'
    stop_workers
  done
done
echo "# load after: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "# busiest processes at the end (not this benchmark's):"
ps -eo pcpu,etime,comm --sort=-pcpu | head -8
