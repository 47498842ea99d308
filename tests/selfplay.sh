#!/bin/sh
# selfplay.sh: r3 selfplay end to end (docs/selfplay.md), on tiny games: the
# file is the same whatever --concurrency, the shards' files concatenated
# (by hand and by GNU parallel) are the one run's, every line has its fields
# and a position r3 reads back whose legal decisions are the visits' names,
# one result per game that the summary agrees with, the win rates and visits
# each player has, gzip, and bad input, an error or a signal leaving no file
# and a file from before intact. Usage: sh tests/selfplay.sh ./r3
R3=${1:-./r3}
. "$(dirname "$0")/lib.sh"

run() { # run FILE ARGS...: a quiet selfplay into $tmp/FILE, its stderr in $tmp/err
    out=$1; shift
    "$R3" selfplay "$@" --out "$tmp/$out" 2> "$tmp/err"
}

small="option.Iterations=20 --games 4 --scenario all --seed 5 --sample-every 4 --record-visits"
run a.tsv $small
check "selfplay runs: $(tail -n 1 "$tmp/err")" $?
cp "$tmp/err" "$tmp/a.err"
run b.tsv $small --concurrency 2
cmp -s "$tmp/a.tsv" "$tmp/b.tsv"
check "--concurrency 2 writes the same file as 1" $?

for i in 0 1 2; do run part$i.tsv $small --shard $i/3 --concurrency 2; done
cat "$tmp/part0.tsv" "$tmp/part1.tsv" "$tmp/part2.tsv" | cmp -s - "$tmp/a.tsv"
check "--shard 0/3, 1/3, 2/3 concatenated are the one run's file" $?
! grep -q '^#' "$tmp/part1.tsv" "$tmp/part2.tsv" && grep -q '^#' "$tmp/part0.tsv"
check "only shard 0 writes the header" $?

if command -v parallel > /dev/null 2>&1; then
    parallel --will-cite --jobs 2 "$R3" selfplay $small --shard {}/4 --out "$tmp/gnu{}.tsv" 2> /dev/null ::: 0 1 2 3
    cat "$tmp/gnu0.tsv" "$tmp/gnu1.tsv" "$tmp/gnu2.tsv" "$tmp/gnu3.tsv" | cmp -s - "$tmp/a.tsv"
    check "GNU parallel's four shards concatenated are the one run's file" $?
else
    echo "selfplay: GNU parallel is not installed (Debian package parallel): its check is skipped"
fi

version=$("$R3" --version | cut -d' ' -f2)
[ "$(sed -n 1p "$tmp/a.tsv")" = "# r3 $version selfplay" ] &&
    [ "$(sed -n 2p "$tmp/a.tsv")" = "# engine options: option.Iterations=20" ] &&
    [ "$(sed -n 3p "$tmp/a.tsv")" = "# --games 4 --scenario all --seed 5 --sample-every 4 --record-visits" ] &&
    [ "$(sed -n 4p "$tmp/a.tsv")" = "$(printf '# game\tply\tscenario\tside\tresult\twinrate\tposition\tvisits')" ]
check "the header names the version, the options, the seed and the columns" $?

grep -v '^#' "$tmp/a.tsv" > "$tmp/lines"
awk -F'\t' 'BEGIN { split("1460 1470 1483", year, " ") }
    NF != 8 || $1 !~ /^[0-9]+$/ || $2 !~ /^[0-9]+$/ || $3 != year[$1 % 3 + 1] ||
    ($4 != "york" && $4 != "lancaster") || ($5 != "1" && $5 != "0" && $5 != "0.5") || $6 < 0 || $6 > 1 ||
    $6 !~ /^[01]\.[0-9][0-9][0-9][0-9]$/ { bad++ } END { exit bad > 0 || NR < 20 }' "$tmp/lines"
check "every line has 8 fields: game, ply, the game's scenario, side, result, win rate, position, visits" $?
awk -F'\t' '$1 < game || ($1 == game && $2 <= ply) { bad++ } { game = $1; ply = $2; if (!($1 in seen)) games++; seen[$1] = 1 }
    END { exit bad > 0 || games != 4 }' "$tmp/lines"
check "the lines come in game order, and in each game in its order; every game has some" $?

cut -f7 "$tmp/lines" | while read -r position; do
    "$R3" legal --position "$position" | paste -sd';' || echo unreadable
done > "$tmp/legal"
awk -F'\t' '{ n = split($8, pair, ";"); names = ""
    for (i = 1; i <= n; i++) { sub(/=[0-9]+$/, "", pair[i]); names = names (i > 1 ? ";" : "") pair[i] }
    print names }' "$tmp/lines" > "$tmp/names"
cmp -s "$tmp/legal" "$tmp/names" && ! grep -qv ';' "$tmp/legal"
check "each position reads back, with more than one legal decision, and they are the visits' names" $?

awk -F'\t' '{ split($8, pair, ";"); sum = 0; for (i in pair) { sub(/.*=/, "", pair[i]); sum += pair[i] } }
    sum < 20 { bad++ } END { exit bad > 0 }' "$tmp/lines"
check "ismcts's visits sum to the iterations at least (more where a kept tree was reused)" $?

awk -F'\t' '{ if ($1 in result && result[$1] != $5) bad++; result[$1] = $5 } END { exit bad > 0 }' "$tmp/lines"
check "all lines of a game share its result" $?
york=$(awk -F'\t' '$5 == "1" && !($1 in won) { won[$1] = 1; n++ } END { print n + 0 }' "$tmp/lines")
grep -q "(York won $york, Lancaster $((4 - york)), drawn 0, dropped 0)" "$tmp/a.err"
check "the summary's York wins ($york) are the games labelled 1" $?

run flat.tsv option.Player=flatmc option.Iterations=15 --games 2 --scenario 1470 --seed 2 --record-visits --sample-every 4
awk -F'\t' '/^#/ { next } { split($8, pair, ";"); sum = 0; for (i in pair) { sub(/.*=/, "", pair[i]); sum += pair[i] } }
    sum != 15 { bad++ } END { exit bad > 0 || NR < 5 }' "$tmp/flat.tsv"
check "flatmc's visits (no tree kept) sum to the iterations exactly" $?

run random.tsv option.Player=random --games 2 --scenario 1483 --seed 2 --sample-every 5
awk -F'\t' '/^#/ { next } NF != 7 || $6 != "-" { bad++ } END { exit bad > 0 || NR < 10 }' "$tmp/random.tsv"
check "the random player: 7 fields, no win rate" $?
run greedy.tsv option.Player=greedy option.Samples=2 --games 2 --scenario 1483 --seed 2 --sample-every 5
awk -F'\t' '/^#/ { next } $6 == "-" { bad++ } END { exit bad > 0 || NR < 10 }' "$tmp/greedy.tsv"
check "the greedy player: its mean evaluation as the win rate" $?
run again.tsv option.Player=greedy option.Samples=2 option.Seed=7 --games 2 --scenario 1483 --seed 2 --sample-every 5
! cmp -s "$tmp/greedy.tsv" "$tmp/again.tsv"
check "option.Seed moves the searches" $?

run a.tsv.gz $small --concurrency 2 && [ ! -e "$tmp/a.tsv.gz.tmp" ] && gzip -dc "$tmp/a.tsv.gz" | cmp -s - "$tmp/a.tsv"
check "FILE.gz is the file through gzip" $?

# refuse NAME STATUS STDERR-FIRST-LINE ARGS...: the status, the message, and no file (a file from before intact)
refuse() {
    want_status=$1; want_err=$2; shift 2
    echo before > "$tmp/old.tsv"
    "$R3" selfplay "$@" 2> "$tmp/err" > "$tmp/out"
    status=$?
    got_err=$(head -n 1 "$tmp/err")
    [ "$status" = "$want_status" ] && [ "$got_err" = "$want_err" ] && [ ! -s "$tmp/out" ] &&
        [ "$(cat "$tmp/old.tsv")" = before ] && [ ! -e "$tmp/old.tsv.tmp" ] && [ ! -e "$tmp/new.tsv" ]
    check "r3 selfplay $* (status $status, '$got_err'; wanted $want_status, '$want_err')" $?
}
args="--games 2 --scenario 1460 --seed 1"
refuse 2 "r3: selfplay: no option 'Frob'; the options are Player Samples Iterations Hash Threads Exploration FirstPlayUrgency PlayoutTurns PlayoutPolicy Seed Widening Komi Parallel MultiPV Ponder TimeManagement Prior Level UCI_LimitStrength UCI_Elo MaxThinkTime MinThinkTime Rave PlayoutTemperature Inference MixedCard EvalFile PolicyFile ValueFile PriorFile" \
    option.Frob=1 $args --out "$tmp/old.tsv"
refuse 2 "r3: selfplay: Iterations needs a whole number 1..1000000000, not '0'" option.Iterations=0 $args --out "$tmp/old.tsv"
refuse 2 "r3: selfplay: no Player 'deep'; it takes random, greedy, ismcts, flatmc, pimc or cheat" option.Player=deep $args \
    --out "$tmp/old.tsv"
refuse 2 "r3: selfplay: --shard takes I/N with 0 <= I < N <= 1000000, not '3/2'" $args --shard 3/2 --out "$tmp/old.tsv"
refuse 2 "r3: selfplay: --shard takes I/N with 0 <= I < N <= 1000000, not '2/2'" $args --shard 2/2 --out "$tmp/old.tsv"
refuse 2 "r3: --games needs a whole number from 1 to 1000000000, not '0'" --games 0 --scenario 1460 --seed 1 \
    --out "$tmp/old.tsv"
refuse 2 "r3: unknown scenario '1461' (1460, 1470, 1483 or all)" --games 1 --scenario 1461 --seed 1 --out "$tmp/old.tsv"
refuse 2 "r3: selfplay needs --games N, --scenario 1460|1470|1483|all, --seed K and --out FILE" $args
refuse 2 "r3: unknown option '--frob'" $args --frob 1 --out "$tmp/old.tsv"
refuse 2 "r3: option '--out' needs an argument" $args --out
refuse 2 "r3: selfplay: unexpected argument 'Iterations=3' (engine options are option.NAME=VALUE)" Iterations=3 $args \
    --out "$tmp/old.tsv"
refuse 2 "r3: selfplay: --record-visits needs a tree player (Player ismcts, flatmc, pimc or cheat); random and greedy have no root visits" \
    option.Player=greedy --record-visits $args --out "$tmp/old.tsv"
refuse 1 "r3: selfplay: cannot write '$tmp/no/such/dir/new.tsv.tmp': No such file or directory" option.Player=random \
    $args --out "$tmp/no/such/dir/new.tsv"

# a signal in the middle of a run: no file, and the file from before intact
for signal in INT TERM; do
    echo before > "$tmp/old.tsv"
    "$R3" selfplay option.Iterations=3000 --games 50 --scenario 1460 --seed 1 --out "$tmp/old.tsv" 2> /dev/null &
    pid=$!
    for i in 1 2 3 4 5 6 7 8 9 10; do [ -e "$tmp/old.tsv.tmp" ] && break; sleep 0.1; done
    sleep 0.3
    kill -$signal $pid
    { wait $pid; } 2> /dev/null
    status=$?
    [ "$status" -gt 128 ] && [ "$(cat "$tmp/old.tsv")" = before ] && [ ! -e "$tmp/old.tsv.tmp" ]
    check "SIG$signal mid-run: status $status, no FILE.tmp, the FILE from before intact" $?
done

"$R3" --help | grep -q '^  selfplay ' && "$R3" --help | grep -q -- '--record-visits'
check "r3 --help has selfplay and its options" $?

finish selfplay
