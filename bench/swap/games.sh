#!/usr/bin/env bash
# Games for the swap table (docs/search.md, "The swap rule"): MoHex 2.0 against itself over HTP
# from every opening of Hex SIZE (one cell of each half-turn pair), no swap, each opening twice
# with colours exchanged (the two MoHex engines have seeds of their own, so the games differ), at
# the prior teacher's fixed playouts a move (bench/prior/mohex-teacher.htp). Writes one SGF a
# game to DATA/hexSIZE/; then `hexbatch swap-table` counts them.
# Usage: bench/swap/games.sh SIZE [SEED SEED_A SEED_B]   (the match's seed and MoHex's two;
#   by default 50SIZE, 5SIZE1 and 5SIZE2). The shipped table's second round of Hex 9: 9 609 6091 6092.
# Environment: DATA (default /work/swap-data), MOHEX (default /work/benzene-build/mohex.sh),
# HEXBATCH (default this checkout's bin/hexbatch.js; build first).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
DATA=${DATA:-/work/swap-data}
MOHEX=${MOHEX:-/work/benzene-build/mohex.sh}
HEXBATCH=${HEXBATCH:-$here/../../bin/hexbatch.js}
size=${1:?usage: games.sh SIZE [SEED SEED_A SEED_B]}
seed=${2:-50$size}
seed_a=${3:-5${size}1}
seed_b=${4:-5${size}2}
config="$here/../prior/mohex-teacher.htp"
out="$DATA/hex$size-s$seed"
mkdir -p "$out"
# The cells whose half turn (cellCount − 1 − cell) is not below them, by name.
cells=$(python3 - "$size" <<'PY'
import sys
n = int(sys.argv[1])
print(','.join(chr(97 + c % n) + str(c // n + 1) for c in range(n * n) if n * n - 1 - c >= c))
PY
)
count=$(echo "$cells" | tr ',' '\n' | wc -l)
node "$HEXBATCH" match --size "$size" --no-swap --parallel 1 --seed "$seed" \
  --engine-a "$MOHEX $config $seed_a" --engine-b "$MOHEX $config $seed_b" \
  --openings "$cells" --games $((2 * count)) --timeout 600 --out "$out" > "$out/match.txt"
