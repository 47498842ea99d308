#!/bin/sh
# tune.sh: r3 tune eval end to end (docs/tuning.md): a fit of made-up labelled
# positions (--synthetic) that ends with its validation loss line and writes a
# weights file the engine loads with EvalFile and the plots; the start file's
# comments kept; usage errors; bad data, bad start weights, an empty data set
# and a validation set of too few games refused with one message naming
# file:line and no output written (a previous one left whole); Ctrl-C while
# reading. Usage: sh tests/tune.sh ./r3
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
    "--seed K" "--fix NAME[,NAME...]" "--plot DIR" "--iterations N" "--bench" "--synthetic GAMES" "validation loss: START -> FITTED"; do
    grep -qF -- "$word" "$tmp/help" || { ok=1; echo "help lacks $word"; }
done
check "r3 --help gives tune eval and its options" $ok

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

# the start file's comments stay; the output may be the start file itself
{ echo "# my own note"; cat eval/weights.txt; } > "$tmp/start.txt"
"$R3" tune eval --data "$tmp/data.tsv" --weights "$tmp/start.txt" --out "$tmp/start.txt" --lambda 0.5 --l2 0.001 \
    --validation 0.2 --seed 9 --iterations 30 --threads 1 > "$tmp/out" 2>&1
[ $? = 0 ] && head -n 1 "$tmp/start.txt" | grep -q '^# my own note$' &&
    [ "$(grep -c '^#' "$tmp/start.txt")" = "$(grep -c '^#' eval/weights.txt | awk '{print $1 + 1}')" ] &&
    grep -q 'stopped after 30 evaluations' "$tmp/out" && grep -q '(--validation 0.2, --seed 9)' "$tmp/out"
check "--weights START: its comments kept, written over itself; --lambda, --l2, --validation, --seed, --iterations" $?

# --fix: the named weights keep their start values and are marked fixed in the table
"$R3" tune eval --data "$tmp/data.tsv" --fix king,usurpation --out "$tmp/fixed.txt" --iterations 40 --threads 1 \
    > "$tmp/out" 2>&1
[ $? = 0 ] && grep -q '^king .*fixed$' "$tmp/out" && grep -q '^usurpation .*fixed$' "$tmp/out" &&
    [ "$(grep -c 'fixed$' "$tmp/out")" = 2 ] &&
    [ "$(grep '^king ' "$tmp/fixed.txt")" = "$(grep '^king ' eval/weights.txt)" ] &&
    [ "$(grep '^usurpation ' "$tmp/fixed.txt")" = "$(grep '^usurpation ' eval/weights.txt)" ]
check "--fix king,usurpation: both kept at their start values, marked fixed, no other row" $?

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
# refuse NAME FILE WANT [ARGS...]: exit 1, one stderr line starting with WANT, --out untouched
refuse() {
    name=$1 file=$2 want=$3
    shift 3
    echo previous > "$tmp/prev.txt"
    "$R3" tune eval --data "$file" --out "$tmp/prev.txt" --plot "$tmp/badplots" "$@" > "$tmp/out" 2> "$tmp/err"
    status=$?
    [ $status = 1 ] && [ "$(wc -l < "$tmp/err")" = 1 ] && case "$(cat "$tmp/err")" in "$want"*) true ;; *) false ;; esac &&
        [ "$(cat "$tmp/prev.txt")" = previous ] && [ ! -e "$tmp/badplots" ] && [ -z "$(find "$tmp" -name '*.tmp-*')" ]
    check "$name refused (status $status: $(head -n 1 "$tmp/err"))" $?
}
head -n 30 "$tmp/data.tsv" > "$tmp/small.tsv"
# bad LINE AWK: small.tsv with line 5 changed by the awk program (fields $1..$7)
bad() {
    awk -F'\t' -v OFS='\t' "NR == 5 { $2 } { print }" "$tmp/small.tsv" > "$tmp/bad-$1.tsv"
}
bad side '$4 = "purple"'
refuse "an unknown side" "$tmp/bad-side.tsv" "r3: $tmp/bad-side.tsv:5: unknown side 'purple'"
bad scenario '$3 = "1999"'
refuse "an unknown scenario" "$tmp/bad-scenario.tsv" "r3: $tmp/bad-scenario.tsv:5: unknown scenario '1999'"
bad nan '$6 = "nan"'
refuse "a NaN win rate" "$tmp/bad-nan.tsv" "r3: $tmp/bad-nan.tsv:5: winrate 'nan'"
bad rate '$6 = "1.25"'
refuse "a win rate above 1" "$tmp/bad-rate.tsv" "r3: $tmp/bad-rate.tsv:5: winrate '1.25'"
bad result '$5 = "2"'
refuse "a result of 2" "$tmp/bad-result.tsv" "r3: $tmp/bad-result.tsv:5: result '2'"
bad game '$1 = "g7"'
refuse "a game id that is no number" "$tmp/bad-game.tsv" "r3: $tmp/bad-game.tsv:5: game 'g7'"
bad fields '$0 = $1 "\t" $2 "\t" $3'
refuse "a line of 3 fields" "$tmp/bad-fields.tsv" "r3: $tmp/bad-fields.tsv:5: expected 7 or 8 tab-separated fields"
bad position '$7 = substr($7, 1, 300)'
refuse "a position cut short" "$tmp/bad-position.tsv" "r3: $tmp/bad-position.tsv:5: position: column"
bad decider '$4 = ($4 == "york" ? "lancaster" : "york")'
refuse "the side that does not decide" "$tmp/bad-decider.tsv" "r3: $tmp/bad-decider.tsv:5: "
head -c -1 "$tmp/small.tsv" > "$tmp/cut.tsv"
refuse "a file cut short in its last line" "$tmp/cut.tsv" "r3: $tmp/cut.tsv:30: the line has no end"
printf '# nothing but comments\n\n' > "$tmp/empty.tsv"
refuse "an empty data set" "$tmp/empty.tsv" "r3: $tmp/empty.tsv: no labelled positions"
refuse "a missing data file" "$tmp/missing.tsv" "r3: $tmp/missing.tsv: cannot open"
head -n 1 "$tmp/data.tsv" > "$tmp/one.tsv"
refuse "a validation set of too few games" "$tmp/one.tsv" "r3: the validation set has 0 games, it needs at least 2"
sed 's/^king 0.3 0 5$/king 9 0 5/' eval/weights.txt > "$tmp/outside.txt"
refuse "a start weight outside its bounds" "$tmp/small.tsv" "r3: $tmp/outside.txt:8: weight 'king' is 9, outside its bounds [0, 5]" \
    --weights "$tmp/outside.txt"

"$R3" tune eval --data "$tmp/small.tsv" --out "$tmp/no/such/dir/w.txt" --plot "$tmp/newplots" --validation 0.5 \
    > "$tmp/out" 2> "$tmp/err"
status=$?
[ $status = 1 ] && [ "$(cat "$tmp/err")" = "r3: $tmp/no/such/dir/w.txt: cannot write: No such file or directory" ] &&
    [ ! -e "$tmp/newplots" ] && [ -z "$(find "$tmp" -name '*.tmp-*')" ]
check "an --out that cannot be written: status 1, no plots left either (status $status: $(cat "$tmp/err"))" $?

# ---- Ctrl-C while the data is still coming: status 130, nothing written ----
mkfifo "$tmp/fifo"
echo previous > "$tmp/prev.txt"
"$R3" tune eval --data "$tmp/fifo" --out "$tmp/prev.txt" > "$tmp/out" 2> "$tmp/err" &
pid=$!
exec 3> "$tmp/fifo"
head -n 20 "$tmp/data.tsv" >&3
sleep 1
kill -INT $pid
wait $pid
status=$?
exec 3>&-
[ $status = 130 ] && [ "$(cat "$tmp/prev.txt")" = previous ] && grep -q 'interrupted; nothing written' "$tmp/err"
check "Ctrl-C while reading: status 130, nothing written (status $status: $(cat "$tmp/err"))" $?

finish tune
