#!/bin/sh
# tune.sh: r3 tune eval and r3 tune policy end to end (docs/tuning.md). For
# each: a fit (of made-up labelled positions, --synthetic, and for the policy
# of real self-play with its visits too) that ends with its validation loss
# line and writes a file the engine loads (EvalFile, PolicyFile) and the
# plots; the start file's comments kept; usage errors; bad data, bad start
# weights, an empty data set and a validation set of too few games refused
# with one message naming file:line and no output written (a previous one left
# whole); Ctrl-C while reading. Usage: sh tests/tune.sh ./r3
R3=${1:-./r3}
. "$(dirname "$0")/lib.sh"

# expect_usage ARGS...: exit status 2 with a one-line usage error and its hint
expect_usage() {
    "$R3" tune "$@" > "$tmp/out" 2> "$tmp/err"
    status=$?
    [ "$status" = 2 ] && [ "$(wc -l < "$tmp/err")" = 2 ] && grep -q "^Try 'r3 --help'" "$tmp/err" && [ ! -s "$tmp/out" ]
    check "r3 tune $* is a usage error (status $status: $(head -n 1 "$tmp/err"))" $?
}

"$R3" --help > "$tmp/help"
ok=0
for word in "tune eval" "--data FILE..." "--out WEIGHTS" "--weights START" "--lambda L" "--l2 R" "--validation F" \
    "--seed K" "--fix NAME[,NAME...]" "--plot DIR" "--iterations N" "--bench" "--synthetic GAMES" \
    "validation loss: START -> FITTED" "tune policy" "Options of tune policy" "--out POLICY" \
    "start from this policy file" "as PolicyFile reads"; do
    grep -qF -- "$word" "$tmp/help" || { ok=1; echo "help lacks $word"; }
done
check "r3 --help gives tune eval, tune policy and their options" $ok

"$R3" tune eval --synthetic 40 --seed 3 > "$tmp/data.tsv"
[ $? = 0 ] && [ "$(wc -l < "$tmp/data.tsv")" -gt 1000 ] && awk -F'\t' 'NF != 7 { exit 1 }' "$tmp/data.tsv"
check "r3 tune eval --synthetic 40 prints over 1000 lines of 7 fields" $?

# ---- a fit ----
"$R3" tune eval --data "$tmp/data.tsv" --out "$tmp/w.txt" --plot "$tmp/plots" > "$tmp/out" 2> "$tmp/err"
status=$?
[ $status = 0 ] && [ ! -s "$tmp/err" ] && tail -n 1 "$tmp/out" | grep -Eq '^validation loss: [0-9]+\.[0-9]+ -> [0-9]+\.[0-9]+$'
check "r3 tune eval ends with 'validation loss: START -> FITTED' (status $status, $(tail -n 1 "$tmp/out"))" $?
start=$(tail -n 1 "$tmp/out" | awk '{print $3}') fitted=$(tail -n 1 "$tmp/out" | awk '{print $5}')
awk -v a="$start" -v b="$fitted" 'BEGIN { exit !(b < a) }'
check "the fit lowers the validation loss ($start -> $fitted)" $?
grep -q '^iteration 1: train loss [0-9.]*, validation loss [0-9.]*$' "$tmp/out" &&
    grep -Eq '^weight +start +fitted +se$' "$tmp/out" && grep -Eq '^usurpation +0\.4 ' "$tmp/out" &&
    grep -q '^stopped after [0-9]* evaluations: ' "$tmp/out"
check "the losses per iteration and the table of weights are printed" $?
printf 'setoption name EvalFile value %s\nisready\n' "$tmp/w.txt" | "$R3" > "$tmp/engine" 2>&1
[ "$(cat "$tmp/engine")" = readyok ]
check "the engine loads the weights file with setoption name EvalFile ($(head -n 1 "$tmp/engine"))" $?
ok=0
for plot in loss calibration-1460 calibration-1470 calibration-1483; do
    head -n 1 "$tmp/plots/$plot.svg" | grep -q '^<?xml' && tail -n 1 "$tmp/plots/$plot.svg" | grep -q '^</svg>$' || ok=1
done
grep -q 'mean cross-entropy' "$tmp/plots/loss.svg" && grep -q 'observed York score' "$tmp/plots/calibration-1470.svg" || ok=1
check "--plot writes loss.svg and the three calibration plots, whole" $ok
[ -z "$(find "$tmp" -name '*.tmp-*')" ]
check "no temporary file is left" $?
modes=$(umask 022 && "$R3" tune eval --data "$tmp/data.tsv" --out "$tmp/umask.txt" --plot "$tmp/umask-plots" --iterations 5 \
    > /dev/null 2>&1 && stat -c %a "$tmp/umask.txt" "$tmp/umask-plots/loss.svg" | sort -u)
[ "$modes" = 644 ]
check "under umask 022 the weights and plots are 644, as any new file ($modes)" $?

# the start file's comments stay; the output may be the start file itself
{ echo "# my own note"; cat eval/weights.txt; } > "$tmp/start.txt"
"$R3" tune eval --data "$tmp/data.tsv" --weights "$tmp/start.txt" --out "$tmp/start.txt" --lambda 0.5 --l2 0.001 \
    --validation 0.2 --seed 9 --iterations 30 --threads 1 > "$tmp/out" 2>&1
[ $? = 0 ] && head -n 1 "$tmp/start.txt" | grep -q '^# my own note$' &&
    [ "$(grep -c '^#' "$tmp/start.txt")" = "$(grep -c '^#' eval/weights.txt | awk '{print $1 + 1}')" ] &&
    grep -q 'stopped after 30 evaluations' "$tmp/out" && grep -q '(--validation 0.2, --seed 9)' "$tmp/out"
check "--weights START: its comments kept, written over itself; --lambda, --l2, --validation, --seed, --iterations" $?

# expect_fixed TUNER DATA START A B: --fix A,B keeps both at their START values, each
# marked fixed in the table, and no other row
expect_fixed() {
    "$R3" tune "$1" --data "$2" --fix "$4,$5" --out "$tmp/fixed.txt" --iterations 40 --threads 1 > "$tmp/out" 2>&1
    [ $? = 0 ] && grep -q "^$4 .*fixed\$" "$tmp/out" && grep -q "^$5 .*fixed\$" "$tmp/out" &&
        [ "$(grep -c 'fixed$' "$tmp/out")" = 2 ] &&
        [ "$(grep "^$4 " "$tmp/fixed.txt")" = "$(grep "^$4 " "$3")" ] &&
        [ "$(grep "^$5 " "$tmp/fixed.txt")" = "$(grep "^$5 " "$3")" ]
    check "tune $1 --fix $4,$5: both kept at their start values, marked fixed, no other row" $?
}
expect_fixed eval "$tmp/data.tsv" eval/weights.txt king usurpation

# ---- usage ----
expect_usage
expect_usage policy
expect_usage eval
expect_usage eval --data
expect_usage eval --data "$tmp/data.tsv"
expect_usage eval --out "$tmp/x.txt"
expect_usage eval --data "$tmp/data.tsv" --out
expect_usage eval --data "$tmp/data.tsv" --out "$tmp/x.txt" --lambda 2
expect_usage eval --data "$tmp/data.tsv" --out "$tmp/x.txt" --lambda x
expect_usage eval --data "$tmp/data.tsv" --out "$tmp/x.txt" --l2 -1
expect_usage eval --data "$tmp/data.tsv" --out "$tmp/x.txt" --validation 0
expect_usage eval --data "$tmp/data.tsv" --out "$tmp/x.txt" --validation 1
expect_usage eval --data "$tmp/data.tsv" --out "$tmp/x.txt" --iterations 0
expect_usage eval --data "$tmp/data.tsv" --out "$tmp/x.txt" --seed -1
expect_usage eval --data "$tmp/data.tsv" --out "$tmp/x.txt" --frobnicate 1
expect_usage eval --data "$tmp/data.tsv" --out "$tmp/x.txt" stray
expect_usage eval --data "$tmp/data.tsv" --out "$tmp/x.txt" --fix king,bogus
expect_usage eval --data "$tmp/data.tsv" --out "$tmp/x.txt" --fix ""

# ---- bad input: one message naming file:line, the previous output left whole ----
# refuse TUNER NAME FILE WANT [ARGS...]: exit 1, one stderr line starting with WANT, --out untouched
refuse() {
    tuner=$1 name=$2 file=$3 want=$4
    shift 4
    echo previous > "$tmp/prev.txt"
    "$R3" tune "$tuner" --data "$file" --out "$tmp/prev.txt" --plot "$tmp/badplots" "$@" > "$tmp/out" 2> "$tmp/err"
    status=$?
    [ $status = 1 ] && [ "$(wc -l < "$tmp/err")" = 1 ] && case "$(cat "$tmp/err")" in "$want"*) true ;; *) false ;; esac &&
        [ "$(cat "$tmp/prev.txt")" = previous ] && [ ! -e "$tmp/badplots" ] && [ -z "$(find "$tmp" -name '*.tmp-*')" ]
    check "tune $tuner: $name refused (status $status: $(head -n 1 "$tmp/err"))" $?
}
head -n 30 "$tmp/data.tsv" > "$tmp/small.tsv"
# bad NAME AWK [FROM]: FROM (small.tsv) with line 5 changed by the awk program (fields $1..$8)
bad() {
    awk -F'\t' -v OFS='\t' "NR == 5 { $2 } { print }" "${3:-$tmp/small.tsv}" > "$tmp/bad-$1.tsv"
}
bad side '$4 = "purple"'
refuse eval "an unknown side" "$tmp/bad-side.tsv" "r3: $tmp/bad-side.tsv:5: unknown side 'purple'"
bad scenario '$3 = "1999"'
refuse eval "an unknown scenario" "$tmp/bad-scenario.tsv" "r3: $tmp/bad-scenario.tsv:5: unknown scenario '1999'"
bad nan '$6 = "nan"'
refuse eval "a NaN win rate" "$tmp/bad-nan.tsv" "r3: $tmp/bad-nan.tsv:5: winrate 'nan'"
bad rate '$6 = "1.25"'
refuse eval "a win rate above 1" "$tmp/bad-rate.tsv" "r3: $tmp/bad-rate.tsv:5: winrate '1.25'"
bad result '$5 = "2"'
refuse eval "a result of 2" "$tmp/bad-result.tsv" "r3: $tmp/bad-result.tsv:5: result '2'"
bad game '$1 = "g7"'
refuse eval "a game id that is no number" "$tmp/bad-game.tsv" "r3: $tmp/bad-game.tsv:5: game 'g7'"
bad fields '$0 = $1 "\t" $2 "\t" $3'
refuse eval "a line of 3 fields" "$tmp/bad-fields.tsv" "r3: $tmp/bad-fields.tsv:5: expected 7 or 8 tab-separated fields"
bad position '$7 = substr($7, 1, 300)'
refuse eval "a position cut short" "$tmp/bad-position.tsv" "r3: $tmp/bad-position.tsv:5: position: column"
bad decider '$4 = ($4 == "york" ? "lancaster" : "york")'
refuse eval "the side that does not decide" "$tmp/bad-decider.tsv" "r3: $tmp/bad-decider.tsv:5: "
head -c -1 "$tmp/small.tsv" > "$tmp/cut.tsv"
refuse eval "a file cut short in its last line" "$tmp/cut.tsv" "r3: $tmp/cut.tsv:30: the line has no end"
printf '# nothing but comments\n\n' > "$tmp/empty.tsv"
refuse eval "an empty data set" "$tmp/empty.tsv" "r3: $tmp/empty.tsv: no labelled positions"
refuse eval "a missing data file" "$tmp/missing.tsv" "r3: $tmp/missing.tsv: cannot open"
head -n 1 "$tmp/data.tsv" > "$tmp/one.tsv"
refuse eval "a validation set of too few games" "$tmp/one.tsv" "r3: the validation set has 0 games, it needs at least 2"
sed 's/^king 0.3 0 5$/king 9 0 5/' eval/weights.txt > "$tmp/outside.txt"
refuse eval "a start weight outside its bounds" "$tmp/small.tsv" "r3: $tmp/outside.txt:8: weight 'king' is 9, outside its bounds [0, 5]" \
    --weights "$tmp/outside.txt"

"$R3" tune eval --data "$tmp/small.tsv" --out "$tmp/no/such/dir/w.txt" --plot "$tmp/newplots" --validation 0.5 \
    > "$tmp/out" 2> "$tmp/err"
status=$?
[ $status = 1 ] && [ "$(cat "$tmp/err")" = "r3: $tmp/no/such/dir/w.txt: cannot write: No such file or directory" ] &&
    [ ! -e "$tmp/newplots" ] && [ -z "$(find "$tmp" -name '*.tmp-*')" ]
check "an --out that cannot be written: status 1, no plots left either (status $status: $(cat "$tmp/err"))" $?

# ---- Ctrl-C while the data is still coming: status 130, nothing written ----
# interrupt TUNER DATA: Ctrl-C once 20 lines of DATA are in
interrupt() {
    rm -f "$tmp/fifo"
    mkfifo "$tmp/fifo"
    echo previous > "$tmp/prev.txt"
    "$R3" tune "$1" --data "$tmp/fifo" --out "$tmp/prev.txt" > "$tmp/out" 2> "$tmp/err" &
    pid=$!
    exec 3> "$tmp/fifo"
    head -n 20 "$2" >&3
    sleep 1
    kill -INT $pid
    wait $pid
    status=$?
    exec 3>&-
    [ $status = 130 ] && [ "$(cat "$tmp/prev.txt")" = previous ] && grep -q 'interrupted; nothing written' "$tmp/err"
    check "tune $1: Ctrl-C while reading: status 130, nothing written (status $status: $(cat "$tmp/err"))" $?
}
interrupt eval "$tmp/data.tsv"

# ---- r3 tune policy: real self-play with its visits ----
"$R3" selfplay option.Iterations=50 --games 3 --scenario all --seed 1 --record-visits --out "$tmp/play.tsv" 2> /dev/null
[ $? = 0 ] && [ "$(grep -vc '^#' "$tmp/play.tsv")" -gt 300 ]
check "r3 selfplay --record-visits: 3 games of 50 iterations a decision for r3 tune policy" $?
# 3 games: --validation 0.5 --seed 1 keeps 2 for validation and fits to 1
"$R3" tune policy --data "$tmp/play.tsv" --out "$tmp/p.txt" --plot "$tmp/pplots" --validation 0.5 --seed 1 \
    > "$tmp/out" 2> "$tmp/err"
status=$?
[ $status = 0 ] && [ ! -s "$tmp/err" ] && tail -n 1 "$tmp/out" | grep -Eq '^validation loss: [0-9]+\.[0-9]+ -> [0-9]+\.[0-9]+$'
check "r3 tune policy ends with 'validation loss: START -> FITTED' (status $status, $(tail -n 1 "$tmp/out"))" $?
grep -q '^read [0-9]* positions with visits (0 without visits' "$tmp/out" &&
    grep -q '^train: [0-9]* positions of 1 game; validation: [0-9]* positions of 2 games' "$tmp/out" &&
    grep -q '^iteration 1: train loss [0-9.]*, validation loss [0-9.]*$' "$tmp/out" &&
    grep -Eq '^weight +decisions +start +fitted$' "$tmp/out" && grep -Eq '^pass_with_ap +[0-9]+ +-2\.7726 ' "$tmp/out" &&
    grep -Eq '^top-1 agreement on validation: [0-9.]+ -> [0-9.]+$' "$tmp/out" &&
    grep -q '^stopped after [0-9]* evaluations: ' "$tmp/out"
check "tune policy prints what it read, the split, the losses per iteration, the table and the top-1 agreement" $?
printf 'setoption name PolicyFile value %s\nisready\n' "$tmp/p.txt" | "$R3" > "$tmp/engine" 2>&1
[ "$(cat "$tmp/engine")" = readyok ]
check "the engine loads the policy file with setoption name PolicyFile ($(head -n 1 "$tmp/engine"))" $?
head -n 1 "$tmp/pplots/loss.svg" | grep -q '^<?xml' && tail -n 1 "$tmp/pplots/loss.svg" | grep -q '^</svg>$' &&
    grep -q 'r3 tune policy: the loss' "$tmp/pplots/loss.svg" && [ -z "$(find "$tmp" -name '*.tmp-*')" ]
check "tune policy --plot writes loss.svg, whole; no temporary file is left" $?

"$R3" tune policy --synthetic 40 --seed 3 > "$tmp/pdata.tsv"
[ $? = 0 ] && [ "$(wc -l < "$tmp/pdata.tsv")" -gt 1000 ] && awk -F'\t' 'NF != 8 || $8 !~ /=/ { exit 1 }' "$tmp/pdata.tsv"
check "r3 tune policy --synthetic 40 prints over 1000 lines of 8 fields, the last the visits" $?
{ echo "# my own policy"; cat search/policy-hand.txt; } > "$tmp/start.txt"
"$R3" tune policy --data "$tmp/pdata.tsv" --weights "$tmp/start.txt" --out "$tmp/start.txt" --l2 0.001 \
    --validation 0.2 --seed 9 --iterations 30 --threads 1 > "$tmp/out" 2>&1
status=$?
start=$(tail -n 1 "$tmp/out" | awk '{print $3}') fitted=$(tail -n 1 "$tmp/out" | awk '{print $5}')
[ $status = 0 ] && head -n 1 "$tmp/start.txt" | grep -q '^# my own policy$' &&
    [ "$(grep -c '^#' "$tmp/start.txt")" = "$(grep -c '^#' search/policy-hand.txt | awk '{print $1 + 1}')" ] &&
    grep -q '(--validation 0.2, --seed 9)' "$tmp/out" && awk -v a="$start" -v b="$fitted" 'BEGIN { exit !(b < a) }'
check "tune policy --weights START: its comments kept, written over itself; made-up visits fitted ($start -> $fitted)" $?

expect_fixed policy "$tmp/pdata.tsv" search/policy-hand.txt fire heir_moves

# --chosen fits to each position's most visited decision alone: a harder target than the
# share of the visits, so the fitted weights lie farther from 0.
for how in shares chosen; do
    flag=$([ $how = chosen ] && echo --chosen)
    "$R3" tune policy --data "$tmp/pdata.tsv" --out "$tmp/$how.txt" --l2 0.001 --iterations 60 --threads 1 $flag \
        > "$tmp/out" 2>&1 || echo "tune policy $flag failed" >&2
done
spread() { awk '/^[a-z_]+ / { s += ($2 < 0 ? -$2 : $2) } END { printf "%.3f", s }' "$1"; }
shares=$(spread "$tmp/shares.txt") chosen=$(spread "$tmp/chosen.txt")
awk -v a="$shares" -v b="$chosen" 'BEGIN { exit !(b > a + 1) }'
check "tune policy --chosen: weights farther from 0 than fitted to the visits' shares (sum |w| $chosen against $shares)" $?

expect_usage policy --data "$tmp/pdata.tsv"
expect_usage policy --out "$tmp/x.txt"
expect_usage policy --data --out "$tmp/x.txt"
expect_usage policy --data "$tmp/pdata.tsv" --out "$tmp/x.txt" --lambda 0.5
expect_usage policy --data "$tmp/pdata.tsv" --out "$tmp/x.txt" --policy search/policy-hand.txt
expect_usage policy --data "$tmp/pdata.tsv" --out "$tmp/x.txt" --bench --seed 1
expect_usage policy --data "$tmp/pdata.tsv" --out "$tmp/x.txt" --validation 1
expect_usage policy --data "$tmp/pdata.tsv" --out "$tmp/x.txt" --iterations 0
expect_usage policy --data "$tmp/pdata.tsv" --out "$tmp/x.txt" stray
expect_usage policy --data "$tmp/pdata.tsv" --out "$tmp/x.txt" --fix fire,king
expect_usage eval --data "$tmp/pdata.tsv" --out "$tmp/x.txt" --chosen

# ---- tune policy: bad input, one message naming file:line, nothing written ----
play="$tmp/play.tsv"
bad fields '$0 = $1 "\t" $2 "\t" $3' "$play"
refuse policy "a line of 3 fields" "$tmp/bad-fields.tsv" "r3: $tmp/bad-fields.tsv:5: expected 7 or 8 tab-separated fields"
head -n 30 "$play" | head -c -1 > "$tmp/cut.tsv"
refuse policy "a file cut short in its last line" "$tmp/cut.tsv" "r3: $tmp/cut.tsv:30: the line has no end"
bad name 'sub(/^[^=]*/, "frobnicate", $8)' "$play"
refuse policy "an unknown decision" "$tmp/bad-name.tsv" "r3: $tmp/bad-name.tsv:5: visits: entry 1: 'frobnicate' is no decision"
bad order 'n = split($8, e, ";"); t = e[1]; e[1] = e[2]; e[2] = t; $8 = e[1]; for (i = 2; i <= n; i++) $8 = $8 ";" e[i]' "$play"
refuse policy "visits out of the legal order" "$tmp/bad-order.tsv" "r3: $tmp/bad-order.tsv:5: visits: entry 1 is '"
bad fewer 'sub(/;[^;]*$/, "", $8)' "$play"
refuse policy "a legal decision without its visits" "$tmp/bad-fewer.tsv" "r3: $tmp/bad-fewer.tsv:5: visits: "
bad nan 'sub(/=[0-9]+/, "=nan", $8)' "$play"
refuse policy "a NaN count" "$tmp/bad-nan.tsv" "r3: $tmp/bad-nan.tsv:5: visits: entry 1 '"
bad negative 'sub(/=[0-9]+/, "=-5", $8)' "$play"
refuse policy "a negative count" "$tmp/bad-negative.tsv" "r3: $tmp/bad-negative.tsv:5: visits: entry 1 '"
bad zero 'gsub(/=[0-9]+/, "=0", $8)' "$play"
refuse policy "visits all 0" "$tmp/bad-zero.tsv" "r3: $tmp/bad-zero.tsv:5: visits: every count is 0"
sed 's/^fire [^ ]*/fire 9/' search/policy-hand.txt > "$tmp/outside.txt"
refuse policy "a start weight outside its bounds" "$play" "r3: $tmp/outside.txt:" --weights "$tmp/outside.txt"
grep -q "weight 'fire' is 9, outside its bounds \[-3, 6\]" "$tmp/err"
check "tune policy: the start weight's message says which and why ($(cat "$tmp/err"))" $?
refuse policy "an empty data set" "$tmp/empty.tsv" "r3: $tmp/empty.tsv: no positions with visits"
cut -f 1-7 "$play" > "$tmp/unvisited.tsv"
refuse policy "a data set without visits" "$tmp/unvisited.tsv" "r3: $tmp/unvisited.tsv: no positions with visits ("
refuse policy "a missing data file" "$tmp/missing.tsv" "r3: $tmp/missing.tsv: cannot open"
refuse policy "a validation set of 1 game" "$play" "r3: the validation set has 1 game, it needs at least 2" \
    --validation 0.5 --seed 2
refuse policy "a validation set of no game" "$play" "r3: the validation set has 0 games, it needs at least 2" \
    --validation 0.01
interrupt policy "$play"

# r3 tune value: the learned value's network trained on self-play positions
# (docs/tuning.md), written as a net file of the size docs/eval.md gives; a
# bad line is named by file and line, and no net is written.
"$R3" selfplay option.Iterations=30 --games 8 --scenario all --seed 2 --out "$tmp/value.tsv" 2> /dev/null
"$R3" tune value --data "$tmp/value.tsv" --out "$tmp/value.nnue" --epochs 3 --threads 2 > "$tmp/out" 2> "$tmp/err"
line=$(grep '^validation loss: ' "$tmp/out")
[ "$(wc -c < "$tmp/value.nnue")" = "$(wc -c < eval/net.nnue)" ] && [ "$(grep -c '^ *[1-3]  *[0-9.]*  *[0-9.]*$' "$tmp/out")" = 3 ] &&
    echo "$line" | awk '{ exit !($5 < $3) }' && [ ! -e "$tmp/value.nnue.tmp" ]
check "tune value: three epochs, a net file of the built-in one's size, the held-out loss lower ($line)" $?
grep -q '^held out: [0-9]* positions; cross-entropy: network 0\.[0-9]*, the 17 weights 0\.[0-9]*; correlation with the targets: network \(-*[01]\.[0-9]*\|-\), the 17 weights \(-*[01]\.[0-9]*\|-\)$' "$tmp/out"
check "tune value reports the held-out cross-entropy and correlation of the network and the 17 weights" $?
"$R3" tune value --data "$tmp/value.tsv" --out "$tmp/labelled.nnue" --epochs 2 --label-playouts 2 > "$tmp/out" 2>&1
grep -q "^the 17 weights' held-out loss on these targets: 0\.[0-9]*$" "$tmp/out" && [ -s "$tmp/labelled.nnue" ]
check "tune value --label-playouts: targets from playouts, with the 17 weights' loss on them as the baseline" $?
"$R3" bench --value "$tmp/value.nnue" > "$tmp/bench1" && "$R3" bench --value "$tmp/value.nnue" > "$tmp/bench2" &&
    grep -q '^Value evaluations/second: [0-9]' "$tmp/bench1" && [ "$(grep '^Mean' "$tmp/bench1")" = "$(grep '^Mean' "$tmp/bench2")" ]
check "bench --value: the net's speed, and the same mean logit twice ($(grep '^Value' "$tmp/bench1"))" $?
head -n 100 "$tmp/value.tsv" > "$tmp/no-net.tsv" # a file shorter than a net: refused for what it holds, not its size
"$R3" bench --value built-in > "$tmp/bench1" && "$R3" bench --value eval/net.nnue > "$tmp/bench2" &&
    grep -q '^Mean logit' "$tmp/bench1" && [ "$(grep '^Mean' "$tmp/bench1")" = "$(grep '^Mean' "$tmp/bench2")" ]
check "bench --value built-in: the network inside r3 is eval/net.nnue ($(grep '^Mean' "$tmp/bench1"))" $?
"$R3" bench --value "$tmp/no-net.tsv" > /dev/null 2> "$tmp/err"
[ $? = 1 ] && grep -q "no-net.tsv: not a net file" "$tmp/err"
check "bench --value with a file that is no net: refused, naming it" $?
sed '6s/\t[01]\t/\tmaybe\t/' "$tmp/value.tsv" > "$tmp/value-bad.tsv"
"$R3" tune value --data "$tmp/value-bad.tsv" --out "$tmp/never.nnue" > /dev/null 2> "$tmp/err"
[ $? = 1 ] && grep -q "value-bad.tsv:6: " "$tmp/err" && [ ! -e "$tmp/never.nnue" ]
check "tune value: a bad line is named by file and line, and no net is written ($(head -n 1 "$tmp/err"))" $?

# Labels read by a network where their playouts stop (the generations of
# docs/tuning.md), the plots, --check, and data compressed by gzip.
"$R3" tune value --data "$tmp/value.tsv" --out "$tmp/gen2.nnue" --epochs 2 --label-playouts 2 \
    --label-value "$tmp/value.nnue" --plot "$tmp/value-plots" > "$tmp/out" 2>&1
ok=0
for plot in loss calibration-1460 calibration-1470 calibration-1483; do
    tail -n 1 "$tmp/value-plots/$plot.svg" | grep -q '^</svg>$' || ok=1
done
[ $ok = 0 ] && [ -s "$tmp/gen2.nnue" ] && ! ls "$tmp/value-plots" | grep -q tmp
check "tune value --label-value NET --plot DIR: a network and its four plots, whole" $?
"$R3" tune value --data "$tmp/value.tsv" --label-playouts 2 --label-value "$tmp/no-net.tsv" --out "$tmp/never.nnue" \
    > /dev/null 2> "$tmp/err"
[ $? = 1 ] && grep -q "no-net.tsv: not a net file" "$tmp/err" && [ ! -e "$tmp/never.nnue" ]
check "tune value --label-value with a file that is no net: refused, naming it, nothing written" $?
"$R3" tune value --data "$tmp/value.tsv" --check "$tmp/gen2.nnue" > "$tmp/out-plain" 2>&1 &&
    grep -q "^$tmp/gen2.nnue: [0-9]* positions; cross-entropy: network 0\.[0-9]*" "$tmp/out-plain"
check "tune value --check NET measures a network on every position and trains none" $?
"$R3" tune value --data "$tmp/value.tsv" --label-playouts 2 --check "$tmp/no-net.tsv" > "$tmp/out" 2> "$tmp/err"
[ $? = 1 ] && grep -q "no-net.tsv: not a net file" "$tmp/err" && [ ! -s "$tmp/out" ]
check "tune value --check with a file that is no net: refused before any data is read or labelled" $?
expect_usage value --data "$tmp/value.tsv" --check "$tmp/gen2.nnue" --out "$tmp/never.nnue"
expect_usage value --data "$tmp/value.tsv" --label-value "$tmp/gen2.nnue" --out "$tmp/never.nnue"
# --advance: each position played on by one playout first, as the search reads the value
# where its playouts stop; the same positions read, other ones measured, the same twice.
"$R3" tune value --data "$tmp/value.tsv" --label-playouts 2 --check "$tmp/gen2.nnue" > "$tmp/out-here" 2>&1 &&
    "$R3" tune value --data "$tmp/value.tsv" --label-playouts 2 --advance 1 --check "$tmp/gen2.nnue" \
        > "$tmp/out-advanced" 2>&1 &&
    "$R3" tune value --data "$tmp/value.tsv" --label-playouts 2 --advance 1 --check "$tmp/gen2.nnue" \
        > "$tmp/out-again" 2>&1 &&
    [ "$(grep '^read' "$tmp/out-here")" = "$(grep '^read' "$tmp/out-advanced")" ] &&
    [ "$(tail -n 1 "$tmp/out-here")" != "$(tail -n 1 "$tmp/out-advanced")" ] &&
    [ "$(cat "$tmp/out-advanced")" = "$(cat "$tmp/out-again")" ]
check "tune value --advance 1: the positions read, each played on a turn before it is measured, the same twice" $?
expect_usage value --data "$tmp/value.tsv" --advance 1 --out "$tmp/never.nnue"
gzip -c "$tmp/value.tsv" > "$tmp/value.tsv.gz"
"$R3" tune value --data "$tmp/value.tsv.gz" --check "$tmp/gen2.nnue" > "$tmp/out-gz" 2>&1 &&
    [ "$(cat "$tmp/out-plain")" = "$(cat "$tmp/out-gz")" ]
check "the tuners read gzip data as they read plain text" $?
# Cut at several places, since where a cut falls in the compressed blocks decides
# what a reader sees last (zlib's gzread ended some cuts as cleanly as a whole file).
cuts_seen=0
for cut in 3000 3004 5000 9000 20000; do
    head -c $cut "$tmp/value.tsv.gz" > "$tmp/cut.tsv.gz"
    "$R3" tune value --data "$tmp/cut.tsv.gz" --out "$tmp/never.nnue" > /dev/null 2> "$tmp/err"
    [ $? = 1 ] && grep -q "cut.tsv.gz:[0-9]*: damaged gzip data: unexpected end of file" "$tmp/err" &&
        [ "$(wc -l < "$tmp/err")" = 1 ] && [ ! -e "$tmp/never.nnue" ] && cuts_seen=$((cuts_seen + 1))
done
[ $cuts_seen = 5 ]
check "a gzip file cut short, at 5 places: one error naming file, line and damage, nothing written ($(head -n 1 "$tmp/err"))" $?

# Two generations by tuning/fit/value-generation.sh: the second's self-play
# and labels use the first network, and it trains on both generations' files.
gen="$tmp/generations"
R3="$R3" GAMES=30 ITERATIONS=10 PLAYOUTS=1 DATA="$gen/data" SEED=1 JOBS=2 \
    sh tuning/fit/value-generation.sh "$gen/n1.nnue" > "$tmp/gen1" 2>&1 &&
    R3="$R3" GAMES=30 ITERATIONS=10 PLAYOUTS=1 DATA="$gen/data" SEED=2 JOBS=2 \
        sh tuning/fit/value-generation.sh "$gen/n2.nnue" "$gen/n1.nnue" > "$tmp/gen2" 2>&1
status=$?
first=$(sed -n 's/^read \([0-9]*\) positions.*/\1/p' "$tmp/gen1")
second=$(sed -n 's/^read \([0-9]*\) positions.*/\1/p' "$tmp/gen2")
[ $status = 0 ] && [ -s "$gen/n2.nnue" ] && [ -s "$gen/n2-plots/loss.svg" ] && [ "$(ls "$gen/data" | wc -l)" = 4 ] &&
    grep -q "read by $gen/n1.nnue" "$tmp/gen2" && [ "$second" -gt "$first" ]
check "value-generation.sh: a second generation from the first network, trained on both ($first, then $second positions)" $?
R3="$R3" sh tuning/fit/value-generation.sh "$gen/n3.nnue" "$gen/none.nnue" > /dev/null 2> "$tmp/err"
[ $? = 1 ] && grep -q "none.nnue: cannot read the current network" "$tmp/err" && [ ! -e "$gen/n3.nnue" ]
check "value-generation.sh with a current network that is not there: one error, nothing made" $?

finish tune
