#!/bin/sh
# quality.sh: the decision-quality suite end to end (docs/quality.md): r3
# quality-reference on a tiny self-play run writes the same suite whatever
# --concurrency, and its shards concatenated are the one run's; r3 quality
# reads it and reports every row, the same figures whatever --concurrency,
# and the paired differences with a run it saved;
# the shipped suite still fits today's rules; bad input is one message with
# the file and line, exit status 1, and no file. r3 quality-belief reports
# the bits of its beliefs, the same from the same seed.
# Usage: sh tests/quality.sh ./r3
R3=${1:-./r3}
. "$(dirname "$0")/lib.sh"

"$R3" selfplay option.Iterations=20 --games 3 --scenario all --seed 3 --out "$tmp/sp.tsv" 2> /dev/null
check "a tiny self-play run for the positions" $?

make_suite() { # make_suite FILE ARGS...: a tiny suite into $tmp/FILE, its stderr in $tmp/err
    out=$1; shift
    "$R3" quality-reference --positions "$tmp/sp.tsv" --rollouts 40 --per-cell 3 --min-z 0 --commit test \
        --out "$tmp/$out" "$@" 2> "$tmp/err"
}
make_suite a.tsv
check "quality-reference runs: $(tail -n 1 "$tmp/err")" $?
[ "$(grep -vc '^#' "$tmp/a.tsv")" -ge 10 ] && head -n 1 "$tmp/a.tsv" | grep -qx '# r3 quality suite 1' &&
    sed -n 2p "$tmp/a.tsv" | grep -q '^# made by: r3 .*, commit test; 40 rollouts a decision'
check "the suite has its format line, its maker and ten positions or more" $?
make_suite b.tsv --concurrency 2
cmp -s "$tmp/a.tsv" "$tmp/b.tsv"
check "--concurrency 2 writes the same suite" $?
make_suite part0.tsv --shard 0/2 && make_suite part1.tsv --shard 1/2
cat "$tmp/part0.tsv" "$tmp/part1.tsv" | cmp -s - "$tmp/a.tsv"
check "--shard 0/2 and 1/2 concatenated are the one run's suite" $?
! grep -v '^#' "$tmp/a.tsv" | cut -f6 | tr ';' '\n' | grep -qvE '^[^=]+=[01]\.[0-9]{4}/0\.[0-9]{4}/0\.[0-9]{4}$'
check "every value is DECISION=MEAN/SE/SE_GAP" $?

"$R3" quality option.Iterations=30 --suite "$tmp/a.tsv" > "$tmp/q1" 2> "$tmp/err"
check "quality runs" $?
for row in all 1460 1470 1483 cards action battle; do
    grep -q "^$row  *[0-9][0-9]*  *[0-9.]*% ± *[0-9.]*  *0\.[0-9]* ± 0\.[0-9]*  *[0-9.]*% ± *[0-9.]*  *[0-9.]*% ± " "$tmp/q1" ||
        { echo "no row $row in:"; cat "$tmp/q1"; false; }
    check "the report has its row $row with top-1, regret, blunders and seed agreement" $?
done
"$R3" quality option.Iterations=30 --suite "$tmp/a.tsv" --concurrency 2 > "$tmp/q2" 2> /dev/null
diff "$(grep -v searches "$tmp/q1" > "$tmp/q1f"; echo "$tmp/q1f")" "$(grep -v searches "$tmp/q2" > "$tmp/q2f"; echo "$tmp/q2f")" > /dev/null
check "--concurrency 2 gives the same figures" $?

"$R3" quality option.Iterations=30 --suite "$tmp/a.tsv" --save "$tmp/fig.tsv" > /dev/null 2>&1 &&
    "$R3" quality option.Iterations=30 --suite "$tmp/a.tsv" --against "$tmp/fig.tsv" > "$tmp/q3" 2> /dev/null
grep -q "^Against .*fig.tsv (option.Iterations=30), paired over the [0-9]* positions: top-1 +0.0% ± 0.0, regret +0.0000 ± 0.0000, blunders +0.0% ± 0.0$" "$tmp/q3" &&
    [ "$(grep -vc '^#' "$tmp/fig.tsv")" = "$(grep -vc '^#' "$tmp/a.tsv")" ]
check "--save then --against with the same player and seeds: every difference 0" $?
"$R3" quality option.Iterations=60 --suite "$tmp/a.tsv" --against "$tmp/fig.tsv" > "$tmp/q4" 2> /dev/null
grep -q "^Against .*paired over the [0-9]* positions: top-1 [-+][0-9.]*% ± [0-9.]*, regret [-+]0\.[0-9]* ± 0\.[0-9]*, blunders [-+][0-9.]*% ± [0-9.]*$" "$tmp/q4"
check "--against another budget: the paired differences ($(grep '^Against' "$tmp/q4" | sed 's/.*positions: //'))" $?
sed '5d' "$tmp/fig.tsv" > "$tmp/short.tsv"
"$R3" quality option.Iterations=30 --suite "$tmp/a.tsv" --against "$tmp/short.tsv" > "$tmp/out" 2> "$tmp/err"
[ $? = 1 ] && grep -q "short.tsv has no line for position .* of the suite" "$tmp/err" && [ ! -s "$tmp/out" ]
check "--against a file without every position of the suite: named, status 1, no report" $?
sed '6s/\t/\tx/' "$tmp/fig.tsv" > "$tmp/bad.tsv"
"$R3" quality --suite "$tmp/a.tsv" --against "$tmp/bad.tsv" > "$tmp/out" 2> "$tmp/err"
[ $? = 1 ] && grep -q "bad.tsv line 6: not 'id top1 regret agree blunder'" "$tmp/err"
check "--against a damaged figures file: its file and line" $?
sed '1s/figures 2/figures 1/' "$tmp/fig.tsv" > "$tmp/old.tsv"
"$R3" quality --suite "$tmp/a.tsv" --against "$tmp/old.tsv" > "$tmp/out" 2> "$tmp/err"
[ $? = 1 ] && grep -q "old.tsv line 1: saved by an older r3 quality, without the blunders; save it again" "$tmp/err" &&
    [ ! -s "$tmp/out" ]
check "--against a figures file of an older r3: said so, status 1, no report" $?

"$R3" quality option.Iterations=1 --seeds 1 > "$tmp/shipped" 2> "$tmp/err"
check "the shipped suite fits today's rules: $(cat "$tmp/err")" $?

# bad input: one message with the file and line, status 1, nothing written
line=$(grep -vn '^#' "$tmp/a.tsv" | head -n 1 | cut -d: -f1)
first=$(sed -n "${line}p" "$tmp/a.tsv" | cut -f6 | cut -d= -f1)
sed "${line}s/	$first=/	play 99=/" "$tmp/a.tsv" > "$tmp/stale.tsv"
"$R3" quality --suite "$tmp/stale.tsv" > "$tmp/out" 2> "$tmp/err"
[ $? = 1 ] && grep -q "stale.tsv line $line: position .*the rules changed since the suite was made" "$tmp/err" &&
    [ "$(wc -l < "$tmp/err")" = 1 ] && [ ! -s "$tmp/out" ]
check "a stale suite: one message with its file and line, status 1, no report" $?
head -c 3000 "$tmp/a.tsv" > "$tmp/cut.tsv"
"$R3" quality --suite "$tmp/cut.tsv" > "$tmp/out" 2> "$tmp/err"
[ $? = 1 ] && grep -q "cut.tsv line [0-9]*: " "$tmp/err" && [ ! -s "$tmp/out" ]
check "a damaged suite: its file and line, status 1, no report" $?
"$R3" quality --suite "$tmp/none.tsv" 2> "$tmp/err"
[ $? = 1 ] && grep -q "none.tsv" "$tmp/err"
check "a missing suite is named" $?
"$R3" quality --seeds 0 2> /dev/null
check "--seeds 0 is bad usage" $([ $? = 2 ]; echo $?)
printf 'not\ta\tselfplay\tline\n' > "$tmp/bad-sp.tsv"
"$R3" quality-reference --positions "$tmp/bad-sp.tsv" --out "$tmp/never.tsv" 2> "$tmp/err"
[ $? = 1 ] && grep -q "bad-sp.tsv line 1: 4 tab-separated fields" "$tmp/err" && [ ! -e "$tmp/never.tsv" ] &&
    [ ! -e "$tmp/never.tsv.tmp" ]
check "a bad selfplay file: its file and line, status 1, no suite written" $?

# quality-belief: every row, the same report from the same seed, and bad usage refused
"$R3" quality-belief --games 1 --iterations 20 --every 20 --draws 64 --seed 5 > "$tmp/b1" 2> /dev/null &&
    "$R3" quality-belief --games 1 --iterations 20 --every 20 --draws 64 --seed 5 > "$tmp/b2" 2> /dev/null
check "quality-belief runs" $?
[ "$(grep -cE '^(1460|1470|1483) ' "$tmp/b1")" = 12 ] && grep -q '^all    all ' "$tmp/b1" && grep -q '^cost: ' "$tmp/b1"
check "quality-belief reports each scenario's three turns and its whole, all, and the cost" $?
[ "$(grep -v '^cost' "$tmp/b1")" = "$(grep -v '^cost' "$tmp/b2")" ]
check "quality-belief: the same seed, the same bits" $?
"$R3" quality-belief --power 5 2> "$tmp/err"
[ $? = 2 ] && grep -q "power '5' is not a number from 0 to 4" "$tmp/err"
check "quality-belief --power 5 is bad usage, said so" $?

finish quality
