#!/bin/sh
# Makes the decision-quality suite (docs/quality.md): self-play games, then
# the references of the positions picked from them, each step sharded over
# the cores with GNU parallel; the shards' files concatenate in order. The
# suite is written gzip-compressed, all or nothing.
#
# Usage: sh tuning/quality/make-suite.sh [OUT]   (default tuning/quality/suite.tsv.gz)
# Settings, from the environment (defaults as shipped):
#   R3=./r3  JOBS=(cores)  GAMES=300  ITERATIONS=1000  PER_CELL=500  ROLLOUTS=2000
#   SEED=1  COMMIT=(git rev-parse --short HEAD)
set -eu
out=${1:-tuning/quality/suite.tsv.gz}
R3=${R3:-./r3}
JOBS=${JOBS:-$(nproc)}
GAMES=${GAMES:-300}
ITERATIONS=${ITERATIONS:-1000}
PER_CELL=${PER_CELL:-500}
ROLLOUTS=${ROLLOUTS:-2000}
SEED=${SEED:-1}
COMMIT=${COMMIT:-$(git rev-parse --short HEAD 2> /dev/null || echo unknown)}
command -v parallel > /dev/null || { echo "make-suite: GNU parallel is missing (apt-get install parallel)" >&2; exit 1; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
shards=$(seq 0 $((JOBS - 1)))

echo "make-suite: $GAMES self-play games at $ITERATIONS iterations, $JOBS shards" >&2
parallel -j "$JOBS" --halt now,fail=1 "$R3" selfplay "option.Iterations=$ITERATIONS" --games "$GAMES" \
    --scenario all --seed "$SEED" --shard "{}/$JOBS" --out "$tmp/selfplay-{}.tsv" ::: $shards
for i in $shards; do cat "$tmp/selfplay-$i.tsv"; done > "$tmp/selfplay.tsv"

echo "make-suite: references, $ROLLOUTS rollouts a decision, $PER_CELL positions a cell, $JOBS shards" >&2
parallel -j "$JOBS" --halt now,fail=1 "$R3" quality-reference --positions "$tmp/selfplay.tsv" \
    --per-cell "$PER_CELL" --rollouts "$ROLLOUTS" --seed "$SEED" --commit "$COMMIT" \
    --shard "{}/$JOBS" --out "$tmp/suite-{}.tsv" ::: $shards
for i in $shards; do cat "$tmp/suite-$i.tsv"; done | gzip -9n > "$tmp/suite.tsv.gz"
mv "$tmp/suite.tsv.gz" "$out"
echo "make-suite: wrote $out ($(zcat "$out" | grep -vc '^#') positions)" >&2
