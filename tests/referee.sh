#!/bin/sh
# referee.sh: r3 match between real engine processes. Two r3 engines play
# whole games; engines that crash, hang, play an illegal decision or write
# garbage lose those games with the reason recorded, and the match completes
# with every game record written; r3 replay verifies the records. The same
# match played 3 games at a time, or in 2 shards merged by r3 match-merge,
# gives the same results; nodes limits and the SPRT work. Usage: sh tests/referee.sh ./r3
R3=${1:-./r3}
. "$(dirname "$0")/lib.sh"

"$R3" match --engine cmd="$R3" name=alpha option.Player=random --engine cmd="$R3" name=beta option.Player=random option.Seed=5 --games 6 --seed 3 \
    --out "$tmp/games" > "$tmp/games.out" 2> "$tmp/err"
status=$?
cp "$tmp/games.out" "$tmp/out"
last=$(grep '^Score of' "$tmp/out" | tail -n 1)
echo "$last" | grep -Eq '^Score of alpha vs beta: [0-6] - [0-6] - [0-6]$' && [ "$status" = 0 ] && [ ! -s "$tmp/err" ]
check "two r3 engines play 6 games: '$last'" $?
[ "$(grep -c '^Finished game' "$tmp/out")" = 6 ] && [ "$(ls "$tmp"/games/game-* | wc -l)" = 6 ] && ! grep -q "by forfeit:" "$tmp/out"
check "6 games finished by the rules, 6 records written" $?
# An engine whose belief weighs the enemy's choices plays whole games through the protocol.
"$R3" match --engine cmd="$R3" name=inferring option.Inference=on option.Iterations=30 \
    --engine cmd="$R3" name=plain option.Iterations=30 --games 2 --seed 4 > "$tmp/infer.out" 2> "$tmp/err"
[ $? = 0 ] && [ "$(grep -c '^Finished game' "$tmp/infer.out")" = 2 ] && ! grep -q "by forfeit:" "$tmp/infer.out"
check "an engine with Inference on plays 2 games to their end: $(tail -n 1 "$tmp/err")" $?
# Each result names the winner's engine beside its side, and the last line where the records are.
! grep '^Finished game' "$tmp/out" | grep -Evq '^Finished game [0-9]+ \((alpha vs beta|beta vs alpha), 14[0-9]{2}, seed [0-9]+\): (York \((alpha|beta)\) wins|Lancaster \((alpha|beta)\) wins|draw at the bound)' &&
    awk -F'[(),]' '/^Finished game/ { split($2, e, " vs "); w = $0 ~ /York \(/ ? e[1] : e[2]; if ($0 ~ /wins/ && index($0, "(" w ") wins") == 0) bad = 1 } END { exit bad }' "$tmp/out" &&
    tail -n 1 "$tmp/out" | grep -qx "The game records are in $tmp/games/ (game-00001.r3g ...): r3 replay --print $tmp/games/game-00001.r3g tells one."
check "each result names the winning engine (the York of 'A vs B' is A), and the records' place is told" $?
# Each game ended by the rules is counted once by how (9.0 heirs, 8.2 usurpation, or the last campaign),
# and the report, the progress lines and results.tsv agree.
ended=$(sed -n 's/^Ended: \([0-9]*\) by heirs, \([0-9]*\) by usurpation, \([0-9]*\) at the end of the last campaign; .*/\1 \2 \3/p' "$tmp/out")
set -- $ended
[ $(($1 + $2 + $3)) = 6 ] && [ "$(grep -c 'wins by heirs' "$tmp/out")" = "$1" ] &&
    [ "$(grep -c 'wins at the end of the last campaign' "$tmp/out")" = "$3" ] &&
    [ "$(grep -c '	last-campaign	' "$tmp/games/results.tsv")" = "$3" ]
check "how the 6 games ended: $1 by heirs, $2 by usurpation, $3 at the end of the last campaign" $?
# The PGN's movetext holds every decision of the record, each as a comment,
# in lines under 80 characters; r3 replay --print shows the game as a side saw it.
decisions=$(grep -vc '^#\|^scenario \|^seed \|^york \|^lancaster ' "$tmp/games/game-00001.r3g")
comments=$(awk '/^\[Round "1"\]/ {on=1} /^\[Round "2"\]/ {on=0} on' "$tmp/games/games.pgn" | grep -o '{[^}]*}' | grep -vc '^{campaign ')
[ "$decisions" -gt 100 ] && [ "$comments" = "$decisions" ] && awk 'length > 79 {bad=1} END {exit bad}' "$tmp/games/games.pgn"
check "games.pgn: game 1's movetext holds its $decisions decisions as comments ($comments)" $?
"$R3" replay --print --side lancaster "$tmp/games/game-00001.r3g" > "$tmp/print"
[ "$(head -n 1 "$tmp/print")" = "The game as Lancaster saw it:" ] && grep -q '^1\. Lancaster: ' "$tmp/print" &&
    grep -q -- '-- action phase --' "$tmp/print" && grep -q 'as recorded$' "$tmp/print"
check "r3 replay --print --side lancaster: $(grep -c '^[0-9]*\. Lancaster: ' "$tmp/print") decisions of its own, the events as sentences" $?
"$R3" replay --print --side tudor "$tmp/games/game-00001.r3g" > "$tmp/out" 2> "$tmp/err"
[ $? = 2 ] && [ "$(head -n 1 "$tmp/err")" = "r3: unknown side 'tudor' (york or lancaster)" ] && [ ! -s "$tmp/out" ]
check "r3 replay --print --side tudor: status 2, one message" $?

# A pair plays one seed from both chairs: the same cards and dice open both games.
[ "$(sed -n 6,19p "$tmp/games/game-00001.r3g")" = "$(sed -n 6,19p "$tmp/games/game-00002.r3g")" ]
check "a pair of games deals the same cards" $?

for mode in crash hang illegal garbage; do
    "$R3" match --engine cmd="$R3" name=r3 option.Player=random --engine cmd="sh tests/engines/misbehave.sh $mode" name=$mode \
        --games 2 --scenario 1483 --tc movetime=50 --out "$tmp/$mode" > "$tmp/out" 2> "$tmp/err"
    status=$?
    forfeits=$(grep -c "by forfeit: $mode" "$tmp/out")
    records=$(ls "$tmp/$mode"/game-* | wc -l)
    [ "$status" = 0 ] && [ "$forfeits" = 2 ] && [ "$records" = 2 ] && grep -q "^Score of r3 vs $mode: 2 - 0 - 0$" "$tmp/out"
    check "an engine that does '$mode' loses both games, the reason recorded ($forfeits forfeits, $records records)" $?
    # how it ended is named by its kind: in the report, in results.tsv and in the PGN's Termination
    grep -q "forfeits: .*\b2 $mode\b" "$tmp/out" && [ "$(grep -c "	$mode	" "$tmp/$mode/results.tsv")" = 2 ] &&
        [ "$(grep -c "^\[Termination \"forfeit ($mode): " "$tmp/$mode/games.pgn")" = 2 ]
    check "the '$mode' forfeits are counted as '$mode': $(grep '^Ended' "$tmp/out" | sed 's/.*forfeits: //')" $?
done

# Under a game clock (--tc SECONDS+INCREMENT) every go carries both clocks and
# the increments; an engine that does not answer within its time and the
# grace loses on time, counted and recorded as such, and the records replay.
"$R3" match --engine cmd="sh -c 'tee -a $tmp/clock.log | $R3'" name=r3 option.Player=random \
    --engine cmd="sh tests/engines/misbehave.sh hang" name=slow --games 2 --scenario 1483 --tc 0.3+0.01 \
    --out "$tmp/time" > "$tmp/out" 2> "$tmp/err"
[ $? = 0 ] && [ "$(grep -c "by forfeit: slow lost on time: no bestmove within the 300 ms on its clock" "$tmp/out")" = 2 ] \
    && grep -q "forfeits: .*, 2 on time;" "$tmp/out" && [ "$(grep -c "	time	" "$tmp/time/results.tsv")" = 2 ] \
    && [ "$(grep -c '^\[Termination "forfeit (time): ' "$tmp/time/games.pgn")" = 2 ] \
    && "$R3" replay "$tmp"/time/game-* > /dev/null
check "under a clock an engine out of time loses on time: $(grep -m 1 'by forfeit' "$tmp/out" | sed 's/.*by forfeit: //')" $?
grep -q "^go wtime [0-9]* btime [0-9]* winc 10 binc 10$" "$tmp/clock.log" \
    && [ "$(grep -c '^go ' "$tmp/clock.log")" = "$(grep -c '^go wtime' "$tmp/clock.log")" ]
check "under a clock each go sends wtime, btime, winc and binc: $(grep -m 2 '^go ' "$tmp/clock.log" | tail -n 1)" $?

grep -h "by forfeit" "$tmp"/*/game-* | sed 's/^# result /  /' | sort -u

# An engine is a process group, ended whole: a hung engine's child, and a crashed engine's
# child that still holds its output (which must read as a crash, not as a hang), are gone
# when the match ends.
for mode in hang-child crash-child; do
    "$R3" match --engine cmd="$R3" name=r3 option.Player=random --engine cmd="sh tests/engines/misbehave.sh $mode" \
        name=$mode --games 2 --scenario 1483 --timeout 100 > "$tmp/out" 2>&1
    want=hang && [ $mode = crash-child ] && want=crash
    [ "$(grep -c "by forfeit: $mode" "$tmp/out")" = 2 ] && grep -q "forfeits: .*\b2 $want\b" "$tmp/out" &&
        ! pgrep -f 'sleep 59[678]' > /dev/null
    check "'$mode': both games lost as '$want', and nothing of the engine left running ($(pgrep -fc 'sleep 59[678]'))" $?
done
# An engine answering with "\r\n" line ends, one writing an info line of 20,000 bytes before
# each bestmove, and one writing each bestmove twice: the first two play as any engine
# does; the third loses its second game's first decision as garbage, a bestmove before go.
crlf="$R3 | sed -u 's/\$/\r/'"
long="$R3 | sed -u '/^bestmove/i info string $(printf '%020000d' 0)'"
twice="$R3 | sed -u '/^bestmove/p'"
for engine in crlf long twice; do
    eval cmd=\$$engine
    "$R3" match --engine cmd="$R3" name=r3 option.Player=random --engine cmd="$cmd" name=$engine option.Player=random \
        --games 2 --scenario 1483 --seed 2 --out "$tmp/$engine" > "$tmp/out" 2>&1
    if [ $engine = twice ]; then
        grep -q "by forfeit: twice sent 'bestmove .*' before go: a second bestmove" "$tmp/out"
    else
        ! grep -q 'by forfeit' "$tmp/out" && [ "$(ls "$tmp/$engine"/game-* | wc -l)" = 2 ] &&
            ! grep -q "$(printf '\r')" "$tmp/$engine"/game-*
    fi
    check "an engine '$engine': $(grep -c 'by forfeit' "$tmp/out") forfeits; $(grep -h 'by forfeit' "$tmp/out" | head -n 1 | cut -c1-90)" $?
done

# Every record replays: legal decisions, the seed's chance outcomes, the recorded result.
"$R3" replay "$tmp"/*/game-* > "$tmp/replayed" 2> "$tmp/err"
[ $? = 0 ] && [ "$(grep -c ', as recorded$' "$tmp/replayed")" = 22 ] && [ ! -s "$tmp/err" ]
check "r3 replay verifies all 22 records (2 of them lost on time)" $?
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
reject 2 "r3: unknown scenario '1475' (1460, 1470, 1483, a list such as 1460,1483, or all)" match --scenario 1475 --engine cmd="$R3" --engine cmd="$R3"
reject 2 "r3: unknown scenario '1460,' (1460, 1470, 1483, a list such as 1460,1483, or all)" match --scenario 1460, --engine cmd="$R3" --engine cmd="$R3"
# --scenario 1460,1483: the pairs play the two in turn.
"$R3" match --engine cmd="$R3" name=a option.Player=random --engine cmd="$R3" name=b option.Player=random --games 6 \
    --scenario 1483,1460 --seed 1 > "$tmp/out" 2>&1
[ "$(sed -n 's/^Finished game [0-9]* (.*, \([0-9]*\), seed.*/\1/p' "$tmp/out" | paste -sd' ' -)" = "1483 1483 1460 1460 1483 1483" ]
check "--scenario 1483,1460: the pairs play 1483, 1460, 1483 in turn" $?
reject 2 "r3: match: --tc takes SECONDS+INCREMENT (such as 60+0.5), movetime=MS, nodes=N or none, not 'depth=5'" match --tc depth=5 --engine cmd="$R3" --engine cmd="$R3"
reject 2 "r3: match: --tc takes SECONDS+INCREMENT (such as 60+0.5), movetime=MS, nodes=N or none, not '60+x'" \
    match --tc 60+x --engine cmd="$R3" --engine cmd="$R3"
reject 2 "r3: --tc nodes needs a whole number from 1 to 1000000000000, not '0'" match --tc nodes=0 --engine cmd="$R3" --engine cmd="$R3"
reject 2 "r3: --concurrency needs a whole number from 1 to 64, not '65'" match --concurrency 65 --engine cmd="$R3" --engine cmd="$R3"
reject 2 "r3: match: --shard takes I/N with 1 <= I <= N <= 1000000, not '3/2'" match --shard 3/2 --engine cmd="$R3" --engine cmd="$R3"
reject 2 "r3: match: --sprt needs ELO0 below ELO1" match --sprt 5 0 0.05 0.05 --engine cmd="$R3" --engine cmd="$R3"
reject 2 "r3: match: --sprt takes four numbers: ELO0 ELO1 ALPHA BETA, as in --sprt 0 5 0.05 0.05" match --engine cmd="$R3" --engine cmd="$R3" --sprt 0 5 0.05
reject 2 "r3: match: both engines are named '$R3'; tell them apart with name=" match --engine cmd="$R3" --engine cmd="$R3"
reject 2 "r3: unknown option '--frob'" match --frob 1 --engine cmd="$R3" --engine cmd="$R3"
reject 2 "r3: match: an engine's name has 1 to 128 bytes; give one with name= (not '')" match --engine cmd="$R3" name= --engine cmd="$R3"
reject 2 "r3: match: unknown engine setting 'colour=red' (cmd=, name=, option.NAME=)" match --engine cmd="$R3" colour=red --engine cmd="$R3"
reject 1 "r3: match: /nonexistent/engine: exited waiting for 'r3pok'" match --engine cmd=/nonexistent/engine --engine cmd="$R3"
reject 2 "r3: replay needs a FILE, a game record written by r3 match --out" replay
printf 'scenario 1460\nseed 1\ndeal 16\n' > "$tmp/cut.r3g"
"$R3" replay "$tmp/cut.r3g" > /dev/null 2> "$tmp/err"
[ $? = 1 ] && grep -q "the record is cut short" "$tmp/err"
check "a record cut short fails to replay: $(cat "$tmp/err")" $?

# Records that lie: each fails to replay, naming its line and what is wrong.
lie() { # lie FILE EXPECTED WHAT: r3 replay FILE fails, saying EXPECTED
    "$R3" replay "$1" > /dev/null 2> "$tmp/err"
    [ $? = 1 ] && grep -q -e "$2" "$tmp/err"
    check "a record that lies, $3: $(cat "$tmp/err")" $?
}
crashed=$(ls "$tmp"/crash/game-* | head -n 1)
sed 's/^# result York by/# result SWAP by/; s/^# result Lancaster by/# result York by/; s/^# result SWAP by/# result Lancaster by/' \
    "$crashed" > "$tmp/flipped.r3g"
lie "$tmp/flipped.r3g" "the forfeit's reason names crash, .*'s engine, yet .* is given the win" "the forfeit's winner flipped"
sed 's/^\(# result [A-Za-z]* by forfeit: \).*/\1made up/' "$tmp/flipped.r3g" > "$tmp/unnamed.r3g"
lie "$tmp/unnamed.r3g" "the forfeit's reason 'made up' does not begin with .*'s engine, '.*', the one that lost" \
    "the forfeit's winner flipped, its reason naming no engine"
{ sed -n '1,40p' "$tmp/games/game-00001.r3g"; echo '# result none'; } > "$tmp/unfinished.r3g"
lie "$tmp/unfinished.r3g" "line 41: the game is unfinished, and '# result none' does not say why" "a game cut short as 'none'"
{ sed -n '1,40p' "$tmp/games/game-00001.r3g"; echo '# result none at the decision bound'; } > "$tmp/bound.r3g"
lie "$tmp/bound.r3g" "short of the bound of 100000" "'at the decision bound' after 35 decisions"
sed 's/^scenario 1460/scenari0 1460/; s/^scenario 1470/scenari0 1470/; s/^scenario 1483/scenari0 1483/' \
    "$tmp/games/game-00001.r3g" > "$tmp/damaged.r3g"
lie "$tmp/damaged.r3g" "line 2: expected the header (scenario, seed, york, lancaster) before the decisions, not 'scenari0" \
    "a damaged scenario line"
{ cat "$tmp/games/game-00001.r3g"; echo 'deal 4'; } > "$tmp/junk.r3g"
lie "$tmp/junk.r3g" "more after the '# result' line" "junk after the result"
sed '20s/$/\x0/' "$tmp/games/game-00001.r3g" > "$tmp/nul.r3g"
lie "$tmp/nul.r3g" "line 20: a NUL byte" "a NUL byte"
sed '30i seed 7' "$tmp/games/game-00001.r3g" > "$tmp/reseeded.r3g"
lie "$tmp/reseeded.r3g" "line 30: a header line among the decisions: 'seed 7'" "a second seed line in mid-record"

# What is not a record is refused before it is read: a FIFO that nobody writes (which would
# block the open for ever), /dev/zero (which never ends), a line over 512 bytes and a file over
# the bound (100,000 decisions of 64 bytes and a header) are each refused at once, in little
# memory. ulimit -v keeps an r3 that reads a whole line before it checks it from taking the
# machine's memory; timeout, one that blocks, from hanging the test.
refused() { # refused FILE EXPECTED WHAT: r3 replay FILE fails within 10 s in under 10 MB, saying EXPECTED
    rm -f "$tmp/rss"
    ( ulimit -v 400000; timeout 10 /usr/bin/time -f '%M' -o "$tmp/rss" "$R3" replay "$1" ) > /dev/null 2> "$tmp/err"
    status=$? rss=$(tail -n 1 "$tmp/rss" 2> /dev/null)
    [ "$status" = 1 ] && [ "${rss:-99999}" -lt 10240 ] && grep -q -e "$2" "$tmp/err"
    check "r3 replay of $3: status $status, ${rss:-no} KB: $(head -c 200 "$tmp/err")" $?
}
mkfifo "$tmp/fifo"
refused "$tmp/fifo" "fifo: a FIFO, not a regular file" "a FIFO nobody writes"
refused /dev/zero "/dev/zero: a character device, not a regular file" "/dev/zero"
{ sed -n '1,4p' "$tmp/games/game-00001.r3g"; printf '# '; head -c 6000000 /dev/zero | tr '\0' x; echo
    sed -n '5,$p' "$tmp/games/game-00001.r3g"; } > "$tmp/long.r3g"
refused "$tmp/long.r3g" "line 5: over 512 bytes, the most a record's line may be" "a line of 6,000,000 bytes"
{ sed -n '1,4p' "$tmp/games/game-00001.r3g"; awk 'BEGIN { for (i = 0; i < 70000; i++) printf "# padding %090d\n", i }'
    sed -n '5,$p' "$tmp/games/game-00001.r3g"; } > "$tmp/big.r3g"
refused "$tmp/big.r3g" "[0-9]* bytes, over the bound of 6432768 (100000 decisions of at most 64 bytes" \
    "a true record padded with comments to $(wc -c < "$tmp/big.r3g") bytes"

# --concurrency 3 plays the first match again: game g keeps its seed, scenario
# and sides, so the score, the results and the records are the same.
body() { grep -v '^#' "$1/results.tsv" | sort -n; }
"$R3" match --engine cmd="$R3" name=alpha option.Player=random --engine cmd="$R3" name=beta option.Player=random option.Seed=5 --games 6 --seed 3 \
    --concurrency 3 --out "$tmp/threes" > "$tmp/out3" 2> "$tmp/err"
[ $? = 0 ] && [ "$(grep '^Score of' "$tmp/out3" | tail -n 1)" = "$last" ] && [ "$(body "$tmp/threes")" = "$(body "$tmp/games")" ] \
    && [ "$(cat "$tmp"/threes/game-*)" = "$(cat "$tmp"/games/game-*)" ] && [ ! -s "$tmp/err" ]
check "--concurrency 3 gives the same score line, results.tsv and records: '$(grep '^Score of' "$tmp/out3" | tail -n 1)'" $?
grep -q '^Score of alpha vs beta: [0-6] - [0-6] - [0-6] \[1/6\], about [0-9]* s left$' "$tmp/out3"
check "the progress line gives the time left: '$(grep -m 1 '\[1/6\]' "$tmp/out3")'" $?
[ "$(grep -c '^\[Result "\(1-0\|0-1\|1/2-1/2\)"\]$' "$tmp/games/games.pgn")" = 6 ] \
    && [ "$(grep -c '^\[White ' "$tmp/games/games.pgn")" = 6 ] && [ "$(body "$tmp/games" | wc -l)" = 6 ]
check "games.pgn has a [Result for each of the 6 games, results.tsv a line for each" $?

# Two shards of the match, merged, are the whole match.
for i in 1 2; do
    "$R3" match --engine cmd="$R3" name=alpha option.Player=random --engine cmd="$R3" name=beta option.Player=random option.Seed=5 --games 6 --seed 3 \
        --shard $i/2 --out "$tmp/shard$i" > "$tmp/shard$i.out" || echo "FAIL: shard $i/2 exited $?"
done
cat "$tmp/shard1/results.tsv" "$tmp/shard2/results.tsv" | grep -v '^#' | sort -n > "$tmp/union"
[ "$(cut -f1 "$tmp/union" | tr '\n' ' ')" = "1 2 3 4 5 6 " ] && [ "$(cat "$tmp/union")" = "$(body "$tmp/games")" ]
check "shards 1/2 and 2/2 play games 1 2 5 6 and 3 4, as in the whole match" $?
"$R3" match-merge "$tmp/shard1" "$tmp/shard2" > "$tmp/merged" 2> "$tmp/err"
[ $? = 0 ] && [ "$(tail -n 1 "$tmp/merged")" = "$last" ] && [ ! -s "$tmp/err" ] \
    && [ "$(cat "$tmp/merged")" = "$(tail -n 7 "$tmp/games.out" | head -n 6)" ]
check "match-merge of the two shards gives the whole match's report: '$(tail -n 1 "$tmp/merged")'" $?

# match-merge names the file and line of what does not belong.
merge_reject() { # merge_reject NAME STDERR DIR...
    name=$1; want=$2; shift 2
    "$R3" match-merge "$@" > "$tmp/out" 2> "$tmp/err"
    [ $? = 1 ] && [ "$(cat "$tmp/err")" = "$want" ] && [ ! -s "$tmp/out" ]
    check "match-merge rejects $name: '$(cat "$tmp/err")'" $?
}
mkdir -p "$tmp/bad"
sed '3s/\tlast-campaign\t/\twon\t/; 3s/\theirs\t/\twon\t/; 3s/\tusurpation\t/\twon\t/' "$tmp/shard2/results.tsv" > "$tmp/bad/results.tsv"
merge_reject "a malformed line" "r3: match-merge: $tmp/bad/results.tsv line 3: end 'won' is not heirs, usurpation, last-campaign, illegal, crash, hang, garbage or bound" \
    "$tmp/shard1" "$tmp/bad"
merge_reject "a game twice" "r3: match-merge: $tmp/shard1/results.tsv line 3: game 1 appears twice: $tmp/games/results.tsv line 3 has it too" \
    "$tmp/games" "$tmp/shard1"
sed 's/\talpha\t/\tgamma\t/' "$tmp/shard2/results.tsv" > "$tmp/bad/results.tsv"
merge_reject "another engine" "r3: match-merge: $tmp/bad/results.tsv line 3: game 3 is of 'gamma' vs 'beta', but $tmp/shard1/results.tsv line 3 is of 'alpha' vs 'beta'" \
    "$tmp/shard1" "$tmp/bad"
merge_reject "a missing file" "r3: match-merge: cannot read '$tmp/nowhere/results.tsv': No such file or directory" "$tmp/nowhere"

# Four workers at once: each crash is still seen as an exit (no engine holds another's pipes).
"$R3" match --engine cmd="$R3" name=r3 option.Player=random --engine cmd="sh tests/engines/misbehave.sh crash" name=crash --games 8 \
    --concurrency 4 --scenario 1483 --tc movetime=50 > "$tmp/out" 2> "$tmp/err"
[ $? = 0 ] && [ "$(grep -c 'by forfeit: crash crashed (it exited)$' "$tmp/out")" = 8 ] && grep -q '^Score of r3 vs crash: 8 - 0 - 0$' "$tmp/out"
check "--concurrency 4 against an engine that crashes: 8 exits seen, '$(tail -n 1 "$tmp/out")'" $?

# --tc nodes=N sends "go nodes N" (seen through tee) and the games finish by the rules.
"$R3" match --engine cmd="tee -a $tmp/seen | $R3" name=teed option.Player=random --engine cmd="$R3" name=plain option.Player=random --tc nodes=5 --games 2 \
    --scenario 1483 > "$tmp/out" 2> "$tmp/err"
[ $? = 0 ] && grep -q '^go nodes 5$' "$tmp/seen" && ! grep -q '^go movetime' "$tmp/seen" \
    && [ "$(grep -c '^Finished game.*wins \(by heirs\|by usurpation\|at the end\)' "$tmp/out")" = 2 ]
check "--tc nodes=5 sends 'go nodes 5' and plays 2 games: '$(tail -n 1 "$tmp/out")'" $?

# Without --tc each go is bare: every engine searches its own budget (here 30
# iterations; a movetime would lift it). Under --timeout 100 an engine that
# never answers has hung 2.1 s after its go.
"$R3" match --engine cmd="tee -a $tmp/bare | $R3" name=teed option.Iterations=30 --engine cmd="$R3" name=plain option.Iterations=30 \
    --games 2 --scenario 1483 --out "$tmp/bare-games" > "$tmp/out" 2> "$tmp/err"
[ $? = 0 ] && grep -qx 'go' "$tmp/bare" && ! grep -q '^go .' "$tmp/bare" && grep -q ' --tc none ' "$tmp/bare-games/results.tsv" &&
    [ "$(grep -c '^Finished game.*wins \(by heirs\|by usurpation\|at the end\)' "$tmp/out")" = 2 ]
check "no --tc: a bare 'go' for every decision, 2 games by the rules" $?
"$R3" match --engine cmd="$R3" name=r3 option.Player=random --engine cmd="sh tests/engines/misbehave.sh hang" name=hang \
    --games 1 --scenario 1483 --timeout 100 > "$tmp/out" 2> "$tmp/err"
grep -q 'by forfeit: hang hung: no bestmove within 2100 ms' "$tmp/out"
check "--timeout 100: a hanging engine forfeits 2100 ms after its go" $?

# --sprt stops the match once H1 is accepted: the illegal engine loses every game.
"$R3" match --engine cmd="$R3" name=r3 option.Player=random --engine cmd="sh tests/engines/misbehave.sh illegal" name=illegal \
    --games 100 --concurrency 2 --scenario 1483 --sprt 0 50 0.05 0.05 > "$tmp/out" 2> "$tmp/err"
status=$?
games=$(grep -c '^Finished game' "$tmp/out")
[ "$status" = 0 ] && grep -q '^SPRT: llr [0-9.]* ([0-9.]*%), lbound -2.94, ubound 2.94 - H1 was accepted$' "$tmp/out" \
    && [ "$games" -ge 6 ] && [ "$games" -le 12 ] && grep -q "^Score of r3 vs illegal: $games - 0 - 0$" "$tmp/out"
check "--sprt 0 50 0.05 0.05 accepts H1 after $games of 100 games: '$(grep '^SPRT' "$tmp/out")'" $?

# Every baseline plays whole games under the referee, the cheat player fed the true world
# ("truth") before each go: no forfeits.
for pair in "cheat pimc 1483" "flatmc ismcts 1460"; do
    set -- $pair
    "$R3" match --engine cmd="$R3" name=$1 option.Player=$1 option.Iterations=30 \
        --engine cmd="$R3" name=$2 option.Player=$2 option.Iterations=30 --games 2 --scenario $3 \
        > "$tmp/out" 2> "$tmp/err"
    [ $? = 0 ] && grep -q '^Ended: .*forfeits: 0 illegal, 0 crash, 0 hang, 0 garbage' "$tmp/out" && [ ! -s "$tmp/err" ]
    check "$1 vs $2 ($3): two whole games, no forfeits: '$(tail -n 1 "$tmp/out")'" $?
done

# r3 ratings: one scale over several matches. a beats b 3 games of 4 and b
# beats c 3 of 4, then a beats c 9 of 10: the odds multiply, so the
# maximum-likelihood ratings are those of each score, 400 log10(3) = 190.8 a
# step (tests/test_rating.c checks the fit itself).
mkdir -p "$tmp/rate"
results_lines() { # results_lines YORK LANCASTER YORK_WINS LANCASTER_WINS
    i=0
    while [ $i -lt $(($3 + $4)) ]; do
        i=$((i + 1))
        winner=york
        [ $i -gt "$3" ] && winner=lancaster
        printf '%d\t1460\t%d\t%s\t%s\t%s\tlast-campaign\t-\n' $i $i "$1" "$2" $winner
    done
}
{ echo "# game	scenario	seed	york	lancaster	winner	end	reason"; results_lines a b 3 1; results_lines b c 3 1; } > "$tmp/rate/ab.tsv"
{ results_lines a c 9 1; } > "$tmp/rate/ac.tsv"
"$R3" ratings --anchor c=1000 "$tmp/rate/ab.tsv" "$tmp/rate/ac.tsv" > "$tmp/rate/out" 2> "$tmp/err"
[ $? = 0 ] && grep -q "^   1  a  *+1381.7 " "$tmp/rate/out" && grep -q "^   2  b  *+1190.8 " "$tmp/rate/out" \
    && grep -q "^   3  c  *+1000.0 *0.0 " "$tmp/rate/out" && [ ! -s "$tmp/err" ]
check "r3 ratings: consistent scores give their own ratings ($(sed -n 3p "$tmp/rate/out"))" $?
reject 2 "r3: ratings: --anchor names no engine of the results: 'nobody'" ratings --anchor nobody=0 "$tmp/rate/ab.tsv"
printf '3\t1460\tseven\ta\tb\tyork\tlast-campaign\t-\n' >> "$tmp/rate/ac.tsv"
"$R3" ratings "$tmp/rate/ab.tsv" "$tmp/rate/ac.tsv" > "$tmp/out" 2> "$tmp/err"
[ $? = 1 ] && grep -q "^r3: ratings: .*ac.tsv line 11: " "$tmp/err" && [ ! -s "$tmp/out" ]
check "r3 ratings: a damaged line is named by file and line, and no table is printed ($(head -n 1 "$tmp/err"))" $?
results_lines a b 4 0 > "$tmp/rate/sweep.tsv"
"$R3" ratings "$tmp/rate/sweep.tsv" > "$tmp/out" 2> "$tmp/err"
[ $? = 1 ] && grep -q "'a' won every one of its 4 games" "$tmp/err" && [ ! -s "$tmp/out" ]
check "r3 ratings: an engine that won every game has no finite rating, and says so" $?
# Game pairs: the +/- counts the two games of a seed together. Pairs that each split
# 1-1 (York wins every game) say the two are equal beyond doubt; the same results on
# seeds of their own are 16 independent games at 50%: 1.96 x 2 / sqrt(16) in the
# logistic's units, +/- 170.2 Elo.
results_paired() { # 8 pairs of a and b, York winning each game, one seed a pair
    for pair in 1 2 3 4 5 6 7 8; do
        printf '%d\t1460\t%d\ta\tb\tyork\tlast-campaign\t-\n%d\t1460\t%d\tb\ta\tyork\tlast-campaign\t-\n' \
            $((2 * pair - 1)) $pair $((2 * pair)) "${1:-$pair}"
    done
}
results_paired > "$tmp/rate/paired.tsv"
"$R3" ratings --anchor b=0 "$tmp/rate/paired.tsv" > "$tmp/out" 2>&1
grep -q "+/- from game pairs" "$tmp/out" && grep -q "^   [12]  a  *+0.0  *0.0  *16 " "$tmp/out"
check "r3 ratings: pairs that each split 1-1 leave no doubt ($(grep ' a ' "$tmp/out"))" $?
results_paired 100 | awk -F'\t' -v OFS='\t' '{ $3 = NR; print }' > "$tmp/rate/apart.tsv"
"$R3" ratings --anchor b=0 "$tmp/rate/apart.tsv" > "$tmp/out" 2>&1
grep -q "^   [12]  a  *+0.0  *170.2  *16 " "$tmp/out"
check "r3 ratings: the same games on seeds of their own are independent ($(grep ' a ' "$tmp/out"))" $?

# The frozen gauntlet (tuning/arena/gauntlet.sh): an unknown member is refused before
# anything is built or played; a candidate is rated on the members' stored scale.
sh tuning/arena/gauntlet.sh -o "$tmp/gauntlet" ismcts-250 nobody 2> "$tmp/err"
[ $? = 2 ] && grep -qx "gauntlet: unknown member 'nobody': the members are ismcts-250 ismcts-1000 ismcts-4000 flatmc-4000 greedy" "$tmp/err" &&
    [ ! -e "$tmp/gauntlet" ]
check "gauntlet: an unknown member is named, status 2, nothing written" $?
R3="$R3" GAUNTLET_R3="$R3" ITER_SCALE=50 sh tuning/arena/gauntlet.sh -g 2 -o "$tmp/gauntlet" \
    -e "cmd=$R3 name=candidate option.Iterations=5" ismcts-250 > /dev/null 2>&1
[ "$(grep -v '^#' "$tmp/gauntlet/games.tsv" | grep -c candidate)" = 2 ] && [ "$(grep -vc '^#' "$tmp/gauntlet/games.tsv")" -gt 200 ] &&
    grep -q " candidate  .*  2  " "$tmp/gauntlet/ratings.txt" && grep -q " ismcts-4000  .*  85  " "$tmp/gauntlet/ratings.txt"
check "gauntlet -e: the candidate's games rated with the stored ones ($(grep candidate "$tmp/gauntlet/ratings.txt"))" $?

# The levels' Elo (search/level.c, which UCI_Elo chooses by) is what their stored games
# give when rated with the gauntlet's (docs/STRENGTH.md, "Levels").
grep -v greedy docs/gauntlet/1460-0cccbe3.tsv > "$tmp/members.tsv"
"$R3" ratings --anchor ismcts-250=0 "$tmp/members.tsv" docs/gauntlet/1460-levels.tsv > "$tmp/levels" 2>&1
want=$(sed -n 's/.*LEVEL_ELO\[LEVEL_MOST + 1\] = {0, \(.*\)};/\1/p' search/level.c | tr -d ' ')
got=$(for level in 1 2 3 4 5 6 7 8 9 10; do
    awk -v n="level-$level" '$2 == n { printf "%.0f", $3 }' "$tmp/levels"; [ $level = 10 ] || printf ','
done)
[ -n "$want" ] && [ "$got" = "$want" ]
check "the levels' Elo in search/level.c ($want) is the rating of their stored games ($got)" $?

finish referee
