#!/usr/bin/env bash
# Teacher games for the move prior (docs/prior.md): MoHex 2.0 against itself over HTP,
# one game at a time, at a fixed number of playouts a move (bench/prior/mohex-teacher.htp),
# no swap. Each chunk plays a seeded random choice of first moves, each twice with colours
# exchanged, and writes one SGF a game to DATA/SET/hexN-sSEED/.
# Usage: bench/prior/games.sh SET SIZE OPENINGS SEED [SEED…]
#   SET       train or test (a folder name under DATA)
#   SIZE      board size (9, 11, 13)
#   OPENINGS  first moves a chunk (2 games each)
#   SEED      a chunk's seed: it picks the first moves and MoHex's seeds
# Environment: DATA (default /work/prior-data), MOHEX (default /work/benzene-build/mohex.sh),
# HEXBATCH (default this checkout's bin/hexbatch.js; build first).
# A file DATA/stop makes it start no further chunk (to end a long run between chunks).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
DATA=${DATA:-/work/prior-data}
MOHEX=${MOHEX:-/work/benzene-build/mohex.sh}
HEXBATCH=${HEXBATCH:-$here/../../bin/hexbatch.js}
set_name=${1:?usage: games.sh SET SIZE OPENINGS SEED...}
size=${2:?size}
openings=${3:?openings}
shift 3
config="$here/mohex-teacher.htp"
for seed in "$@"; do
  if [ -f "$DATA/stop" ]; then echo "$DATA/stop: starting no more chunks"; exit 0; fi
  out="$DATA/$set_name/hex$size-s$seed"
  if [ -f "$out/done" ]; then echo "$out: done already"; continue; fi
  mkdir -p "$out"
  # A seeded choice of distinct first moves (cell names), the same for the same seed.
  cells=$(python3 - "$size" "$openings" "$seed" <<'PY'
import random, sys
n, k, seed = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
names = [chr(97 + c) + str(r + 1) for r in range(n) for c in range(n)]
print(','.join(random.Random(seed).sample(names, k)))
PY
)
  echo "$out: openings $cells"
  node "$HEXBATCH" match --size "$size" --no-swap --parallel 1 --seed "$seed" \
    --engine-a "$MOHEX $config $((2 * seed + 1))" --engine-b "$MOHEX $config $((2 * seed + 2))" \
    --openings "$cells" --games $((2 * openings)) --timeout 600 --out "$out" > "$out/match.txt"
  touch "$out/done"
done
