#!/bin/sh
# One generation of the learned value (docs/tuning.md, "Generations"):
# self-play by the engine with the current network, sharded over the cores
# with GNU parallel and compressed into DATA; then a new network trained on
# every self-play file in DATA (earlier generations' too), each position
# labelled by playouts read where they stop by the current network. The
# first generation has no current network: self-play and labels use the 17
# weights. The network and its plots are written all or nothing.
#
# Usage: sh tuning/fit/value-generation.sh NEW.nnue [CURRENT.nnue]
# Settings, from the environment:
#   R3=./r3  JOBS=(cores)  GAMES=2400  ITERATIONS=100  EVERY=2  PLAYOUTS=8  TURNS=2
#   SEED=1 (self-play's and training's; give each generation its own)
#   DATA=(a temporary folder; give one to keep the self-play files for the next generation)
set -eu
[ $# -ge 1 ] && [ $# -le 2 ] || { echo "usage: value-generation.sh NEW.nnue [CURRENT.nnue]" >&2; exit 2; }
new=$1
current=${2:-}
R3=${R3:-./r3}
JOBS=${JOBS:-$(nproc)}
GAMES=${GAMES:-2400}
ITERATIONS=${ITERATIONS:-100}
EVERY=${EVERY:-2}
PLAYOUTS=${PLAYOUTS:-8}
TURNS=${TURNS:-2}
SEED=${SEED:-1}
command -v parallel > /dev/null || { echo "value-generation: GNU parallel is missing (apt-get install parallel)" >&2; exit 1; }
[ -z "$current" ] || [ -r "$current" ] || { echo "value-generation: $current: cannot read the current network" >&2; exit 1; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
data=${DATA:-$tmp}
mkdir -p "$data"
shards=$(seq 0 $((JOBS - 1)))
value=""
label=""
if [ -n "$current" ]; then
    value="option.ValueFile=$current"
    label="--label-value $current"
fi

echo "value-generation: $GAMES self-play games at $ITERATIONS iterations${current:+ with $current}, $JOBS shards" >&2
# shellcheck disable=SC2086 # $value is one word or none
parallel -j "$JOBS" --halt now,fail=1 "$R3" selfplay "option.Iterations=$ITERATIONS" $value --games "$GAMES" \
    --scenario all --seed "$SEED" --sample-every "$EVERY" --shard "{}/$JOBS" \
    --out "$data/selfplay-$SEED-{}.tsv.gz" ::: $shards

echo "value-generation: labels of $PLAYOUTS playouts of $TURNS turns${current:+ read by $current}; training" >&2
files=$(ls "$data"/selfplay-*.tsv.gz)
# shellcheck disable=SC2086 # $files and $label are lists of words
"$R3" tune value --data $files --label-playouts "$PLAYOUTS" --label-turns "$TURNS" $label --seed "$SEED" \
    --out "$new" --plot "${new%.nnue}-plots"
