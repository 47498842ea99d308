#!/bin/sh
# referee.sh: r3 match between real engine processes. Two r3 engines play
# whole games; engines that crash, hang, play an illegal decision or write
# garbage lose those games with the reason recorded, and the match completes
# with every game record written; r3 replay verifies the records. Usage: sh tests/referee.sh ./r3
R3=${1:-./r3}
. "$(dirname "$0")/lib.sh"

"$R3" match --engine cmd="$R3" name=alpha --engine cmd="$R3" name=beta option.Seed=5 --games 6 --seed 3 \
    --out "$tmp/games" > "$tmp/out" 2> "$tmp/err"
status=$?
last=$(tail -n 1 "$tmp/out")
echo "$last" | grep -Eq '^Score of alpha vs beta: [0-6] - [0-6] - [0-6]$' && [ "$status" = 0 ] && [ ! -s "$tmp/err" ]
check "two r3 engines play 6 games: '$last'" $?
[ "$(grep -c '^Finished game' "$tmp/out")" = 6 ] && [ "$(ls "$tmp/games" | wc -l)" = 6 ] && ! grep -q "by forfeit:" "$tmp/out"
check "6 games finished by the rules, 6 records written" $?
# A pair plays one seed from both chairs: the same cards and dice open both games.
[ "$(sed -n 6,19p "$tmp/games/game-00001.r3g")" = "$(sed -n 6,19p "$tmp/games/game-00002.r3g")" ]
check "a pair of games deals the same cards" $?

for mode in crash hang illegal garbage; do
    "$R3" match --engine cmd="$R3" name=r3 --engine cmd="sh tests/engines/misbehave.sh $mode" name=$mode \
        --games 2 --scenario 1483 --tc movetime=50 --out "$tmp/$mode" > "$tmp/out" 2> "$tmp/err"
    status=$?
    forfeits=$(grep -c "by forfeit: $mode" "$tmp/out")
    records=$(ls "$tmp/$mode" | wc -l)
    [ "$status" = 0 ] && [ "$forfeits" = 2 ] && [ "$records" = 2 ] && grep -q "^Score of r3 vs $mode: 2 - 0 - 0$" "$tmp/out"
    check "an engine that does '$mode' loses both games, the reason recorded ($forfeits forfeits, $records records)" $?
done
grep -h "by forfeit" "$tmp"/*/game-* | sed 's/^# result /  /' | sort -u

# Every record replays: legal decisions, the seed's chance outcomes, the recorded result.
"$R3" replay "$tmp"/*/game-* > "$tmp/replayed" 2> "$tmp/err"
[ $? = 0 ] && [ "$(grep -c ', as recorded$' "$tmp/replayed")" = 14 ] && [ ! -s "$tmp/err" ]
check "r3 replay verifies all 14 records" $?
sed 's/^roll \([1-5]\)$/roll 6/' "$tmp/games/game-00001.r3g" > "$tmp/tampered.r3g"
"$R3" replay "$tmp/tampered.r3g" > /dev/null 2> "$tmp/err"
[ $? = 1 ] && grep -q "but the seed gives" "$tmp/err"
check "a record with a die changed fails to replay, naming the line: $(cat "$tmp/err")" $?

# Bad usage: one clear line on stderr, a non-zero status, nothing played.
reject() { # reject STATUS STDERR-FIRST-LINE ARGS...
    want_status=$1; want_err=$2; shift 2
    "$R3" "$@" > "$tmp/out" 2> "$tmp/err"
    status=$?
    [ "$status" = "$want_status" ] && [ "$(grep -v '^sh: ' "$tmp/err" | head -n 1)" = "$want_err" ] && [ ! -s "$tmp/out" ]
    check "r3 $* -> $status, '$(head -n 1 "$tmp/err")'" $?
}
reject 2 "r3: match needs two engines: --engine cmd=PATH [name=NAME] [option.NAME=VALUE ...] twice" match --engine cmd="$R3"
reject 2 "r3: unknown scenario '1475' (1460, 1470, 1483 or all)" match --scenario 1475 --engine cmd="$R3" --engine cmd="$R3"
reject 2 "r3: match: --tc takes movetime=MS, not 'nodes=5'" match --tc nodes=5 --engine cmd="$R3" --engine cmd="$R3"
reject 2 "r3: unknown option '--frob'" match --frob 1 --engine cmd="$R3" --engine cmd="$R3"
reject 2 "r3: match: unknown engine setting 'colour=red' (cmd=, name=, option.NAME=)" match --engine cmd="$R3" colour=red --engine cmd="$R3"
reject 1 "r3: match: /nonexistent/engine: exited waiting for 'r3pok'" match --engine cmd=/nonexistent/engine --engine cmd="$R3"
reject 2 "r3: replay needs a FILE, a game record written by r3 match --out" replay
printf 'scenario 1460\nseed 1\ndeal 16\n' > "$tmp/cut.r3g"
"$R3" replay "$tmp/cut.r3g" > /dev/null 2> "$tmp/err"
[ $? = 1 ] && grep -q "the record is cut short" "$tmp/err"
check "a record cut short fails to replay: $(cat "$tmp/err")" $?

finish referee
