#!/bin/sh
# run.sh: the gauntlet of docs/STRENGTH.md: every pairing of five engines
# (ISMCTS at 250, 1,000 and 4,000 iterations, flat MC at 4,000, greedy) in
# 1460, each pairing a match of GAMES games on its own seed, all at once,
# each cut at LIMIT seconds (default 470); then every game in OUT/gauntlet.tsv
# and r3 ratings over them. R3 is the r3 binary (default: beside this
# script); ITER_SCALE divides every budget, for a quick trial.
# Usage: sh docs/gauntlet/run.sh GAMES CONCURRENCY OUT
games=$1 conc=$2 out=$3 scale=${ITER_SCALE:-1}
here=$(cd "$(dirname "$0")" && pwd)
[ -d "$here/lib" ] && export LD_LIBRARY_PATH="$here/lib" # libraries carried to a bare machine
R3=${R3:-$here/r3}
engine() { # engine NAME -> the --engine words
    case $1 in
    ismcts-250) echo "cmd=$R3 name=ismcts-250 option.Iterations=$((250 / scale))" ;;
    ismcts-1000) echo "cmd=$R3 name=ismcts-1000 option.Iterations=$((1000 / scale))" ;;
    ismcts-4000) echo "cmd=$R3 name=ismcts-4000 option.Iterations=$((4000 / scale))" ;;
    flatmc-4000) echo "cmd=$R3 name=flatmc-4000 option.Player=flatmc option.Iterations=$((4000 / scale))" ;;
    greedy) echo "cmd=$R3 name=greedy option.Player=greedy" ;;
    esac
}
mkdir -p "$out/runs"
set -- ismcts-250 ismcts-1000 ismcts-4000 flatmc-4000 greedy
pairs=""
for a in "$@"; do for b in "$@"; do [ "$a" \< "$b" ] && pairs="$pairs $a:$b"; done; done
i=0
for p in $pairs; do
    i=$((i + 1)); a=${p%%:*}; b=${p#*:}
    timeout "${LIMIT:-470}" $R3 match --engine $(engine $a) --engine $(engine $b) --games "$games" --scenario 1460 --seed $((1000 * i)) \
        --concurrency "$conc" --out "$out/runs/$a-vs-$b" > "$out/runs/$a-vs-$b.txt" 2>&1 &
done
wait
cat "$out"/runs/*/results.tsv > "$out/gauntlet.tsv"
for f in "$out"/runs/*.txt; do echo "== $f"; tail -n 7 "$f"; done > "$out/matches.txt"
$R3 ratings --anchor greedy=0 "$out/gauntlet.tsv" > "$out/ratings.txt" 2>&1
cat "$out/ratings.txt"
