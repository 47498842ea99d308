#!/bin/sh
# host.sh: r3 host (docs/host.md) through the real binary. A client that
# knows no rules (tests/host_client.sh) plays whole games of each scenario,
# and a corpus of bad lines each gets exactly one error naming what was
# wrong, with the game left as it was. Usage: sh tests/host.sh ./r3
R3=${1:-./r3}
. "$(dirname "$0")/lib.sh"
client="$(dirname "$0")/host_client.sh"

# ---- whole games, the client choosing at random from 'legal' ----
# Every event line the host sends must carry its sentence after ' | ': the
# client fails on one without.
# With hints and undos on the way; saved at the 30th decision, and played on
# from the saved file by a second client drawing the same choices: a sealed
# save goes on from a new secret, so what the host says after that point is
# not what the game saved went on to (its deals, dice and engine draws are
# drawn afresh), and the game still plays to its result.
for scenario in 1460 1470 1483; do
    out=$(bash "$client" "$R3" $scenario 5 york save "$tmp/$scenario.r3g")
    echo "$out" | grep -Eq '^result (york|lancaster) (heirs|usurpation|last-campaign) after [0-9]+ decisions, trace '
    check "$scenario, York human against the engine, to the end, every event told in a sentence: $out" $?
    again=$(bash "$client" "$R3" $scenario 5 york load "$tmp/$scenario.r3g")
    echo "$again" | grep -Eq '^result (york|lancaster) (heirs|usurpation|last-campaign) after [0-9]+ decisions, trace ' &&
        [ "$again" != "$out" ]
    check "$scenario, loaded at the 30th decision, plays on to a result from a new secret, not as saved: $again" $?
    head -n 1 "$tmp/$scenario.r3g" | grep -qx '# r3 sealed game record' && ! grep -Eq '^(seed|deal|play) ' "$tmp/$scenario.r3g"
    check "$scenario: the game saved in play is sealed: no seed, no deal, no card in the clear" $?
done
# The engine as a program (cmd=R3) rather than in the host: the same
# protocol r3 match speaks, the same save and load.
out=$(bash "$client" "$R3" 1460 5 program save "$tmp/program.r3g")
echo "$out" | grep -Eq '^result (york|lancaster) (heirs|usurpation|last-campaign) after [0-9]+ decisions, trace ' &&
    ! grep -q "$R3" "$tmp/program.r3g"
check "1460, York human against R3 as an engine program (cmd=), to the end: $out" $?
again=$(bash "$client" "$R3" 1460 5 program load "$tmp/program.r3g")
echo "$again" | grep -Eq '^result (york|lancaster) (heirs|usurpation|last-campaign) after [0-9]+ decisions, trace ' &&
    [ "$again" != "$out" ]
check "the program's game, loaded at the 30th decision with allow-engine (the program started again), plays on: $again" $?
for mode in crash illegal; do
    printf 'new scenario 1460 york human lancaster engine cmd="sh %s %s" seed 3\nplay play 4\nlegal\nquit\n' \
        "$(dirname "$0")/engines/misbehave.sh" $mode | "$R3" host > "$tmp/out" 2> /dev/null
    grep -q "^result york forfeit .*misbehave.sh $mode .*$mode" "$tmp/out" && grep -q '^error game-over' "$tmp/out" &&
        [ "$(grep -c '^ok$' "$tmp/out")" = 3 ]
    check "an engine program that answers go with a $mode loses by forfeit: $(grep '^result' "$tmp/out")" $?
done
misbehave="sh $(dirname "$0")/engines/misbehave.sh crash"
printf 'new scenario 1460 york human lancaster engine cmd="%s" seed 3\nplay play 4\nsave %s\nquit\n' "$misbehave" \
    "$tmp/forfeit.r3g" | "$R3" host > /dev/null 2>&1
printf 'load %s allow-engine "%s"\nsave %s\nquit\n' "$tmp/forfeit.r3g" "$misbehave" "$tmp/again.r3g" |
    "$R3" host > "$tmp/out" 2> /dev/null
"$R3" replay "$tmp/forfeit.r3g" | grep -q "York by forfeit: engine $misbehave crashed (it exited), as recorded\$" &&
    grep -qx "result york forfeit $misbehave crashed (it exited)" "$tmp/out" && cmp -s "$tmp/forfeit.r3g" "$tmp/again.r3g"
check "a forfeit's save names the engine and what it did; r3 replay verifies it; loaded, it says and saves the same" $?
out=$(bash "$client" "$R3" 1470 6 both)
echo "$out" | grep -Eq '^result (york|lancaster) (heirs|usurpation|last-campaign) after [0-9]+ decisions$'
check "1470, both sides human (hot seat), to the end, every event told in a sentence: $out" $?

# Ponder: the engine side searches while the human thinks, so the host spends
# CPU while it waits for the next line; without Ponder it sits idle. However
# busy the machine, a pondering host gets some CPU in the end: the test waits
# for it to spend 0.2 s (up to 120 s), and never asks how fast.
host_ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }
fifth=$(($(getconf CLK_TCK) / 5)) # 0.2 s of CPU in clock ticks
waiting_host() { # waiting_host PONDER: starts a host (pid in $host) whose human is to decide, its input held open
    rm -f "$tmp/to-host" && mkfifo "$tmp/to-host"
    "$R3" host < "$tmp/to-host" > "$tmp/ponder.out" &
    host=$!
    exec 7> "$tmp/to-host"
    printf 'new scenario 1460 york human lancaster engine seed 3 option Ponder=%s\n' "$1" >&7
    for _ in $(seq 1200); do grep -q '^ok$' "$tmp/ponder.out" && break; sleep 0.1; done
    start_ticks=$(host_ticks $host)
}
waiting_host true
for _ in $(seq 1200); do [ $(($(host_ticks $host) - start_ticks)) -ge $fifth ] && break; sleep 0.1; done
pondered=$(($(host_ticks $host) - start_ticks))
exec 7>&-
wait $host
waiting_host false
sleep 1.5
idle=$(($(host_ticks $host) - start_ticks))
exec 7>&-
wait $host
[ "$pondered" -ge $fifth ] && [ "$idle" -le $((fifth / 2)) ]
check "Ponder true: the host searched while the human thought ($pondered ticks of CPU); Ponder false: $idle ticks in 1.5 s" $?
# A whole game with Ponder: the engine ponders between the client's lines, and its
# trees are followed through York's decisions into its own searches.
out=$(HOST_OPTIONS='option Ponder=true' bash "$client" "$R3" 1483 4 york)
echo "$out" | grep -Eq '^result (york|lancaster) (heirs|usurpation|last-campaign) after [0-9]+ decisions$'
check "1483 to the end with Ponder true, hints and undos on the way: $out" $?

# ---- answers: every command ends with one ok or error line, in order ----
NEW='new scenario 1460 york human lancaster engine seed 3 option Iterations=20'
printf '%s\nlegal\nboard\nquit\n' "$NEW" | "$R3" host > "$tmp/out"
[ "$(grep -c '^ok$' "$tmp/out")" = 4 ] && [ "$(grep -c '^error' "$tmp/out")" = 0 ] &&
    grep -q '^tomove york$' "$tmp/out" && grep -q '^event york deal ? | A card is dealt, unseen\.$' "$tmp/out" &&
    grep -Eq '^decision play [0-9]+ \| play card [0-9]+: ' "$tmp/out" && grep -q "^York's view: 1460" "$tmp/out"
check "new, legal, board and quit: four answers, each ending in ok; events, tomove and labelled decisions" $?

# board svg: the human side's picture, as r3 show --svg --side draws it.
printf '%s\nboard svg\nquit\n' "$NEW" | "$R3" host | sed -n '/^<?xml/,/^<\/svg>/p' > "$tmp/board.svg"
xmllint --noout "$tmp/board.svg" && grep -q 'Seen by York' "$tmp/board.svg"
check "board svg: York's picture, a valid SVG" $?

# board json: the same view as one line of JSON (jq parses it).
printf '%s\nboard json\nquit\n' "$NEW" | "$R3" host | grep '^{' > "$tmp/board.json"
[ "$(wc -l < "$tmp/board.json")" = 1 ] && [ "$(jq -r '.side + " " + (.scenario|tostring) + " " + .king' "$tmp/board.json")" = "york 1460 L:Henry-VI" ] &&
    [ "$(jq '[.areas[].blocks[] | select(.side == "york")] | length' "$tmp/board.json")" -gt 0 ] &&
    jq -e '.hand | length == 7' "$tmp/board.json" > /dev/null
check "board json: York's view as one JSON object: $(jq -c '{side, phase, step, hand}' "$tmp/board.json")" $?

# belief json: what York may infer of Lancaster's face-down pieces, from its own view: the
# pieces board json shows, each block's chance among those it may be, most likely first,
# a piece's chances and its strengths' adding up to 1, the hand's to the cards it holds.
reveal="$(dirname "$0")/transcripts/host-undo-reveal.txt"
{ cat "$reveal"; printf 'board json\nbelief json\nbelief\nbelief york\n'; } | "$R3" host | sed -n '/^tomove york$/,$p' > "$tmp/out"
grep '^{"side"' "$tmp/out" | sed -n 1p > "$tmp/board.json"
grep '^{"side"' "$tmp/out" | sed -n 2p > "$tmp/belief.json"
jq -e --slurpfile board "$tmp/board.json" '
    ([$board[0].areas[].blocks[] | select(.piece) | {key: .piece, value: .may_be}] | from_entries) as $may |
    .side == "york" and .draws == 512 and ([.pieces[].piece] | sort) == ($may | keys) and
    all(.pieces[]; . as $p | ([.blocks[].block] - $may[$p.piece] == []) and
        ([.blocks[].chance] | . == (sort | reverse) and (add > 0.999 and add < 1.001)) and
        (.strength | length == 4 and add > 0.999 and add < 1.001)) and
    ([.hand[].chance] | add | . > $board[0].enemy_cards - 0.01 and . < $board[0].enemy_cards + 0.01) and
    (.played == null) == ($board[0].enemy_card_down | not) and
    any(.pieces[]; .blocks | length > 1)' "$tmp/belief.json" > /dev/null
check "belief json: York's belief of $(jq '.pieces | length' "$tmp/belief.json") face-down pieces: $(jq -c '[.pieces[] | select(.blocks | length > 1)][0] | {piece, blocks}' "$tmp/belief.json")" $?
sed -n '/^What York may infer/,/^ok$/p' "$tmp/out" > "$tmp/beliefs"
half=$(($(wc -l < "$tmp/beliefs") / 2))
head -n "$half" "$tmp/beliefs" > "$tmp/belief.txt"
[ "$(grep -c '^  L?[0-9]* in [A-Za-z ]*: L:[A-Za-z-]* [0-9]*%.*; strength [1-4] [0-9]*%' "$tmp/belief.txt")" = "$(jq '.pieces | length' "$tmp/belief.json")" ] &&
    grep -q "^Lancaster's hand, $(jq '.enemy_cards' "$tmp/board.json") cards\?: [0-9]" "$tmp/belief.txt" &&
    [ "$(grep -c '^What York may infer' "$tmp/beliefs")" = 2 ] && tail -n "$half" "$tmp/beliefs" | cmp -s - "$tmp/belief.txt"
check "belief: the same in words, a line a piece; belief york the same: $(grep -m 1 ' L:.*, L:' "$tmp/belief.txt" | cut -c1-70)" $?

# save pgn: the game so far as PGN, every decision a comment in the movetext.
printf '%s\nsave pgn %s\nquit\n' "$NEW" "$tmp/game.pgn" | "$R3" host > /dev/null
grep -q '^\[Event "r3 host"\]$' "$tmp/game.pgn" && grep -q '^\[White "human"\]$' "$tmp/game.pgn" &&
    grep -q '^\[Result "\*"\]$' "$tmp/game.pgn" && [ "$(grep -o '{deal [0-9]*}' "$tmp/game.pgn" | wc -l)" = 7 ] &&
    [ "$(grep -o '{deal ?}' "$tmp/game.pgn" | wc -l)" = 7 ] &&
    [ "$(tail -n 2 "$tmp/game.pgn" | head -n 1)" = '*' ] && ! awk 'length > 79 {exit 1}' "$tmp/game.pgn" | grep -q .
check "save pgn: the tags, the 14 cards dealt as comments (Lancaster's as York saw them), result *" $?

# ---- bad lines: one error each, the game unchanged ----
bad() { # bad LINE EXPECTED: LINE, sent in a game, gets the one error EXPECTED and changes nothing
    printf '%s\nlegal\n%s\nlegal\nquit\n' "$NEW" "$1" | "$R3" host > "$tmp/out"
    sed -n '/^tomove/,$p' "$tmp/out" > "$tmp/after-new"
    errors=$(grep -c '^error' "$tmp/out")
    first=$(sed -n '/^ok$/q;/^decision/p' "$tmp/after-new" | md5sum)
    second=$(awk 'seen==2 && /^decision/ {print} /^ok$|^error/ {seen++}' "$tmp/after-new" | md5sum)
    [ "$errors" = 1 ] && grep -q "^error $2" "$tmp/out" && [ "$first" = "$second" ]
    check "bad line '$1': one 'error $2', the legal decisions unchanged" $?
}
bad 'play play 1' 'illegal .play 1. is not legal here'
bad 'play play 99' 'bad-decision'
bad 'play' 'bad-arguments'
bad 'play fly-to Kent' 'bad-decision'
bad 'play to Nowhere' 'bad-decision'
bad 'dance' 'unknown-command'
bad 'binary-frame 12' 'binary-frame a binary WebSocket frame (12 bytes) is no command: send each command as a text message'
bad 'legal now' 'bad-arguments'
bad 'board tudor' 'bad-arguments'
bad 'board lancaster' "not-yours"
bad 'board svg lancaster' "not-yours"
bad 'board svgx' 'bad-arguments'
bad 'board json lancaster' "not-yours"
bad 'belief lancaster' "not-yours"
bad 'belief json lancaster' "not-yours"
bad 'belief tudor' 'bad-arguments .tudor. is not york, lancaster or json'
bad 'belief jsonx' 'bad-arguments'
bad 'save pgn' 'bad-arguments'

bad 'new scenario 1066 york human lancaster engine' 'bad-arguments unknown scenario'
bad 'new scenario 1460 york robot lancaster engine' 'bad-arguments'
bad 'new scenario 1460 york human lancaster engine option Iterations=0' 'bad-option'
bad 'new scenario 1460 york human lancaster engine seed -4' 'bad-arguments'
bad 'new scenario 1460 york human lancaster engine cmd=/no/such/engine' "engine-failed lancaster: '/no/such/engine' did not start"
bad 'new scenario 1460 york human lancaster engine cmd=' 'bad-arguments cmd= names no program'
bad 'new scenario 1460 york human lancaster engine "cmd=sh engine.sh' 'bad-arguments a double quote is not closed'
bad 'undo' 'cannot-undo york has seen a deal or a die'
bad 'undo twice' 'bad-arguments'
bad 'hint movetime 0' 'bad-arguments'
bad 'hint soon' 'bad-arguments'
bad "save $tmp/no-such-dir/game.r3g" 'cannot-write'
bad "load $tmp/no-such-file" 'cannot-read'
printf 'this is not a game\n' > "$tmp/garbage"
bad "load $tmp/garbage" 'bad-record'
"$R3" match --engine cmd="$R3" name=a option.Player=random --engine cmd="$R3" name=b option.Player=random \
    --games 1 --scenario 1470 --seed 4 --out "$tmp/match" > /dev/null 2>&1
bad "load $(ls "$tmp"/match/*.r3g | head -1)" 'bad-record .* not a record of r3 host'
sed '12s/.*/deal 99/' "$tmp/1470.r3g" > "$tmp/tampered.r3g"
bad "load $tmp/tampered.r3g" 'bad-record'
[ -z "$(find "$tmp" -name 'game.r3g.*')" ]
check "a save that fails leaves no partial file" $?
printf 'legal\nplay play 4\nboard\nbelief json\nresign\nquit\n' | "$R3" host > "$tmp/out"
[ "$(grep -c '^error no-game' "$tmp/out")" = 5 ] && [ "$(tail -n 1 "$tmp/out")" = ok ]
check "before any game: legal, play, board, belief and resign each answer 'error no-game'" $?
printf '%s\nresign\nlegal\nquit\n' "$NEW" | "$R3" host > "$tmp/out"
grep -q '^result lancaster resignation$' "$tmp/out" && grep -q '^error game-over' "$tmp/out"
check "resign: result lancaster resignation, then legal answers game-over" $?
( ulimit -v 400000; { head -c 268435456 /dev/zero | tr '\0' a; printf '\nquit\n'; } | "$R3" host > "$tmp/out" 2>&1 )
[ "$(tr '\n' '|' < "$tmp/out")" = "error line-too-long a line of 268435456 bytes; the limit is 1048576|ok|" ]
check "a 256 MiB line in 400 MB: one error line-too-long, then quit answers ok" $?
printf '%s\n\001\nquit\n' "$NEW" | "$R3" host > "$tmp/out"
grep -q '^error bad-bytes' "$tmp/out"
check "a control character: error bad-bytes" $?

# ---- undo never crosses a point where the side learned something ----
# Lancaster's card play turns York's card up (1.1): once seen, it stays seen.
LAN='new scenario 1460 york engine lancaster human seed 2 option Player=random'
printf '%s\nplay play 2\nlegal\nundo\nlegal\n' "$LAN" | "$R3" host > "$tmp/out"
first=$(awk '/^event lancaster cards/ {go=1} go && /^decision/ {print} go && /^ok$/ && ++n == 2 {exit}' "$tmp/out" | md5sum)
second=$(sed -n '/^error/,$p' "$tmp/out" | grep '^decision' | md5sum)
grep -q '^error cannot-undo lancaster has seen what its decision showed it (cards 11 2)' "$tmp/out" &&
    [ "$first" = "$second" ]
check "undo after the cards are shown: cannot-undo naming them, the game unchanged" $?
# York's move into Middlesex begins a battle that reveals Lancaster's blocks there (6.1).
{ cat "$(dirname "$0")/transcripts/host-undo-reveal.txt"; printf 'undo\n'; } | "$R3" host > "$tmp/out"
[ "$(tail -n 1 "$tmp/out")" = 'error cannot-undo york has seen what its decision showed it (reveal L:Stanley L:Stanley 4): undo goes back only over its own decisions that showed it nothing' ]
check "undo after a battle reveal: $(tail -n 1 "$tmp/out" | cut -c1-60)..." $?
# Decisions that showed the side nothing may still be taken back.
printf '%s\nplay play 2\nlegal\nplay muster Lancaster\nundo\nlegal\n' "$LAN" | "$R3" host > "$tmp/out"
first=$(awk '/^event lancaster cards/ {go=1} go && /^decision/ {print} go && /^ok$/ && ++n == 2 {exit}' "$tmp/out" | md5sum)
second=$(awk '/^event lancaster muster/ {go=1} go && /^decision/ {print}' "$tmp/out" | md5sum)
[ "$(grep -c '^error' "$tmp/out")" = 0 ] && [ "$first" = "$second" ]
check "undo of a muster that showed nothing: the decisions before it again" $?

# ---- lines: the whole line or nothing, and nothing unprintable echoed back ----
printf '%s\nquit now\nlegal\nquit\n' "$NEW" | "$R3" host > "$tmp/out"
grep -q '^error bad-arguments quit takes no arguments$' "$tmp/out" && grep -q '^decision' "$tmp/out"
check "quit now: refused like any command's extra words, the game goes on" $?
printf '%s\nlegal\rjunk\nquit\n' "$NEW" | "$R3" host > "$tmp/out"
grep -q '^error bad-bytes' "$tmp/out" && ! grep -q '^decision' "$tmp/out"
check "legal CR junk: a carriage return inside a line is refused, legal does not run" $?
printf 'legal\r\nquit\n' | "$R3" host > "$tmp/out"
grep -q '^error no-game' "$tmp/out"
check "a line ending in CR LF is still one command" $?
printf 'x\177y\nbad\351\303\251x\nquit\n' | "$R3" host > "$tmp/out"
grep -q '^error bad-bytes' "$tmp/out" &&
    grep -Fqx "error unknown-command 'bad\\xe9\\xc3\\xa9x' is not a command (new, legal, play, undo, hint, board, belief, save, load, resign, quit)" "$tmp/out" &&
    ! LC_ALL=C grep -q '[^ -~]' "$tmp/out"
check "DEL is refused, 8-bit bytes come back as \\xHH: every answer printable ASCII" $?

# ---- hint: bounded where it is read, stopped by the end of input ----
printf '%s\nhint movetime 9223372036854775\nquit\n' "$NEW" | timeout 20 "$R3" host > "$tmp/out"
grep -qx 'error bad-arguments hint: movetime needs a whole number from 0 to 999999999999, not .9223372036854775.' "$tmp/out"
check "hint movetime 9223372036854775: refused where it is read, the bound in the error" $?
start=$(date +%s%N)
printf '%s\nhint movetime 999999999\n' "$NEW" | timeout 20 "$R3" host > "$tmp/out"
took=$((($(date +%s%N) - start) / 1000000))
grep -q '^hint ' "$tmp/out" && [ "$(tail -n 1 "$tmp/out")" = ok ] && [ "$took" -lt 5000 ]
check "the end of input stops a hint of 11 days at once, its choice given: $took ms" $?
{ printf '%s\nhint movetime 600\n' "$NEW"; sleep 0.2; printf 'legal\n'; } | timeout 20 "$R3" host > "$tmp/out"
grep -q '^hint ' "$tmp/out" && [ "$(grep -c '^ok$' "$tmp/out")" = 3 ] && grep -q '^decision' "$tmp/out"
check "a line that comes during a hint waits for it, then is answered" $?

# ---- saves: sealed in play, open once over; loading runs no program unasked ----
printf '%s\nsave %s\nsave pgn %s\nquit\n' "$LAN" "$tmp/in-play.r3g" "$tmp/in-play.pgn" | "$R3" host > /dev/null
head -n 1 "$tmp/in-play.r3g" | grep -qx '# r3 sealed game record' && ! grep -Eq '^(seed|deal) ' "$tmp/in-play.r3g" &&
    [ "$(stat -c %a "$XDG_STATE_HOME/r3/host.key")" = 600 ] && [ "$(stat -c %a "$XDG_STATE_HOME/r3")" = 700 ]
check "a save in play is sealed, under a key only the user can read ($XDG_STATE_HOME/r3/host.key, 600)" $?
grep -q '^\[Seed "?"\]$' "$tmp/in-play.pgn" && [ "$(grep -o '{deal ?}' "$tmp/in-play.pgn" | wc -l)" = 7 ] &&
    [ "$(grep -o '{deal [0-9]*}' "$tmp/in-play.pgn" | wc -l)" = 7 ] && grep -q '{Y play ?}' "$tmp/in-play.pgn"
check "save pgn in play: York's cards and face-down play as Lancaster saw them, no seed" $?
printf 'load %s\nlegal\nquit\n' "$tmp/in-play.r3g" | "$R3" host > "$tmp/out"
grep -qx 'tomove lancaster' "$tmp/out" && [ "$(grep -c '^ok$' "$tmp/out")" = 3 ]
check "a sealed save loads in r3 host" $?
sed 's/^lancaster human$/lancaster engine/' "$tmp/in-play.r3g" > "$tmp/header.r3g"
awk '/^sealed / && !done { c = substr($0, 8, 1); $0 = "sealed " (c == "A" ? "B" : "A") substr($0, 9); done = 1 } 1' \
    "$tmp/in-play.r3g" > "$tmp/bytes.r3g"
head -n -1 "$tmp/in-play.r3g" > "$tmp/cut.r3g"
for f in header bytes cut; do
    printf 'load %s\nquit\n' "$tmp/$f.r3g" | "$R3" host > "$tmp/out"
    grep -q "^error bad-record .* does not open with this user's key\|^error bad-record .*damaged" "$tmp/out"
    check "a sealed save with its $f changed is refused: $(head -c 110 "$tmp/out")" $?
done
printf 'load %s\nquit\n' "$tmp/in-play.r3g" | XDG_STATE_HOME="$tmp/other-user" "$R3" host > "$tmp/out"
grep -q "^error bad-record .*there is no '$tmp/other-user/r3/host.key'" "$tmp/out"
check "another user's r3 cannot open the save: $(head -c 90 "$tmp/out")" $?
"$R3" replay "$tmp/in-play.r3g" > "$tmp/out" 2>&1
[ $? != 0 ] && grep -q 'sealed' "$tmp/out"
check "r3 replay refuses a sealed save, saying what it is: $(tail -n 1 "$tmp/out" | cut -c1-100)" $?
printf '%s\nresign\nsave %s\nsave pgn %s\nquit\n' "$LAN" "$tmp/over.r3g" "$tmp/over.pgn" | "$R3" host > /dev/null
"$R3" replay "$tmp/over.r3g" | grep -q 'York by resignation, as recorded$' && grep -q '^seed 2$' "$tmp/over.r3g" &&
    grep -q '^\[Seed "2"\]$' "$tmp/over.pgn" && grep -q '{deal 11}' "$tmp/over.pgn"
check "a finished game's save and PGN are open, everything shown, and r3 replay verifies the save" $?
sed "/^lancaster human$/a # host cmd lancaster touch $tmp/PWNED" "$tmp/over.r3g" | sed 's/^lancaster human$/lancaster engine/' > "$tmp/evil.r3g"
printf 'load %s\nquit\n' "$tmp/evil.r3g" | "$R3" host > "$tmp/out"
grep -q "^error engine-not-allowed .* runs the engine program 'touch $tmp/PWNED' for lancaster; .* allow-engine \"touch $tmp/PWNED\"" "$tmp/out" &&
    [ ! -e "$tmp/PWNED" ]
check "a record that names a program: refused, how to allow it said, nothing run: $(head -c 120 "$tmp/out")" $?
printf 'load %s allow-engine ./other\nquit\n' "$tmp/evil.r3g" | "$R3" host > "$tmp/out"
grep -q '^error engine-not-allowed' "$tmp/out" && [ ! -e "$tmp/PWNED" ]
check "allow-engine of another program allows nothing" $?
mkfifo "$tmp/fifo"
printf 'load %s\nload /dev/zero\nquit\n' "$tmp/fifo" | timeout 10 "$R3" host > "$tmp/out"
[ "$(grep -c '^error cannot-read .*not a regular file' "$tmp/out")" = 2 ] && [ "$(tail -n 1 "$tmp/out")" = ok ]
check "load of a FIFO and of /dev/zero: refused at once, not read" $?
sed 's/^# host rng york \(.*\)$/# host rng york \1x/' "$tmp/over.r3g" > "$tmp/rng.r3g"
sed 's/^# host rng york .*$/# host rgn york 5/' "$tmp/over.r3g" > "$tmp/rgn.r3g"
for f in rng rgn; do
    printf 'load %s\nquit\n' "$tmp/$f.r3g" | "$R3" host > "$tmp/out"
    grep -q "^error bad-record .*line 7: '# host r.. york .*' is damaged" "$tmp/out"
    check "a damaged host line ($f) is refused, naming its line: $(head -c 100 "$tmp/out")" $?
done

# ---- r3 host --restricted (docs/web.md): what a web page puts on the network ----
# No program, no file and no machine-sized option for a visitor; each refusal is
# one 'error restricted' line and the game in play goes on. The save travels
# over the connection (save data / load data) and plays on exactly as saved.
NEW='new scenario 1483 york human lancaster engine seed 9 option Iterations=100'
printf '%s\nnew scenario 1460 york human lancaster engine "cmd=touch %s"\nsave %s\nsave pgn %s\nload %s\n%s\n%s\n%s\n%s\nhint movetime 20000\nlegal\nquit\n' \
    "$NEW" "$tmp/PWNED" "$tmp/r.r3g" "$tmp/r.pgn" "$tmp/over.r3g" "$NEW option Threads=3" "$NEW option Hash=257" \
    "$NEW option PolicyFile=/etc/passwd" "$NEW option Ponder=true" | "$R3" host --restricted > "$tmp/out"
[ "$(grep -c '^error restricted ' "$tmp/out")" = 9 ] && grep -q '^decision ' "$tmp/out" &&
    [ ! -e "$tmp/PWNED" ] && [ ! -e "$tmp/r.r3g" ] && [ ! -e "$tmp/r.pgn" ] && [ "$(tail -n 1 "$tmp/out")" = ok ]
check "--restricted: cmd=, save/load FILE, Threads, Hash, PolicyFile, Ponder, a long hint: 9 refusals, the game goes on" $?
printf '%s\nplay play 12\nsave data\nboard\nlegal\nquit\n' "$NEW" | "$R3" host --restricted > "$tmp/out"
sed -n 's/^record //p' "$tmp/out" > "$tmp/data"
sed -n '/^record /,$p' "$tmp/out" | sed '1,2d' > "$tmp/before"
printf 'load data %s\nboard\nlegal\nquit\n' "$(cat "$tmp/data")" | "$R3" host --restricted | sed -n '/^tomove /,$p' | sed 1,2d > "$tmp/after"
base64 -d "$tmp/data" | head -n 1 | grep -qx '# r3 sealed game record' && cmp -s "$tmp/before" "$tmp/after" &&
    grep -q '^decision ' "$tmp/after"
check "save data sends the sealed save in base64; load data plays on with the same board and decisions" $?
yes legal | head -n 400 | "$R3" host --restricted > "$tmp/out"
answers=$(grep -c '^ok$\|^error ' "$tmp/out") refused=$(grep -c '^error rate-limit ' "$tmp/out")
[ "$answers" = 400 ] && [ "$refused" -gt 0 ] && [ "$refused" -lt 400 ]
check "--restricted: 400 lines at once, each answered, $refused refused by the line-rate limit" $?

# level N is option Level (search/level.h): 1 to 10, anything else refused with one error.
printf 'new scenario 1460 york human lancaster engine level 3 seed 2\nnew scenario 1460 york human lancaster engine level 11\nnew scenario 1460 york human lancaster engine level x\nlegal\nquit\n' |
    "$R3" host > "$tmp/out"
[ "$(grep -c "^error bad-option Level needs a whole number 1..10, not '" "$tmp/out")" = 2 ] && grep -q '^tomove york$' "$tmp/out" &&
    grep -q '^decision ' "$tmp/out"
check "new ... level 3 plays; level 11 and level x are refused, the game at level 3 going on" $?

# think MS and pace MS are options MaxThinkTime and MinThinkTime: the engine's card, a
# choice among its hand, comes no sooner than the pace; bad values are refused, and a
# restricted host allows a pace of 5 s at most.
started=$(date +%s%N)
printf 'new scenario 1460 york human lancaster engine seed 3 level 1 think 2000 pace 600\nplay play 11\nquit\n' |
    "$R3" host > "$tmp/out"
ms=$(( ($(date +%s%N) - started) / 1000000 ))
[ "$(grep -c '^event york play [0-9]' "$tmp/out")" = 2 ] && grep -q '^tomove york$' "$tmp/out" && [ "$ms" -ge 600 ]
check "new ... think 2000 pace 600: the engine's card played, its reply held to $ms ms" $?
printf 'new scenario 1460 york human lancaster engine pace 60001\nnew scenario 1460 york human lancaster engine think x\nquit\n' |
    "$R3" host > "$tmp/out"
printf 'new scenario 1460 york human lancaster engine pace 6000\nquit\n' | "$R3" host --restricted > "$tmp/restricted"
grep -q "^error bad-option MinThinkTime needs a whole number 0..60000, not '60001'" "$tmp/out" &&
    grep -q "^error bad-option MaxThinkTime needs a whole number 0..3600000, not 'x'" "$tmp/out" &&
    [ "$(grep -c '^error ' "$tmp/out")" = 2 ] &&
    grep -q '^error restricted MinThinkTime=6000: a restricted host allows MinThinkTime up to 5000' "$tmp/restricted"
check "pace 60001 and think x refused with one error each; a restricted host refuses pace 6000" $?

# ---- trust: what a visitor can make the host do, and what a save gives away ----
# A record's options are checked before any is set: a restricted host opens no
# file a record names, and quotes none.
rec=$(printf '# r3 game record\nscenario 1460\nseed 5\nyork human\nlancaster engine\n# host option %s\n# host rng york 6\n# host rng lancaster 7\n# result none: saved during play\n' EvalFile=/etc/os-release | base64 -w0)
for option in EvalFile PolicyFile PriorFile ValueFile; do
    printf 'load data %s\nquit\n' "$(printf '%s' "$rec" | base64 -d | sed "s/EvalFile/$option/" | base64 -w0)" |
        "$R3" host --restricted > "$tmp/out"
    grep -qx "error restricted $option reads a file of the server, which a restricted host does not allow" "$tmp/out" &&
        ! grep -q 'PRETTY\|Debian' "$tmp/out"
    check "a record naming $option=/etc/os-release: refused as restricted before the file is opened: $(head -c 80 "$tmp/out")" $?
done
# Every player the host runs ends its search: cheat is given the true world
# (and no hint reads it); a restricted host does not offer it.
printf 'new scenario 1460 york human lancaster engine seed 1 option Player=cheat option Iterations=200\nlegal\nquit\n' |
    timeout 60 "$R3" host > "$tmp/out"
grep -q '^tomove york$' "$tmp/out" && grep -q '^decision ' "$tmp/out" && [ "$(tail -n 1 "$tmp/out")" = ok ]
check "Player cheat in the host: its searches end, the human's turn comes" $?
printf 'new scenario 1460 york human lancaster human seed 3 option Player=cheat\nhint\nquit\n' | timeout 60 "$R3" host > "$tmp/out"
grep -q '^error bad-arguments no hint from Player cheat' "$tmp/out" && [ "$(tail -n 1 "$tmp/out")" = ok ]
check "hint with Player cheat: refused at once, the true world unread" $?
printf 'new scenario 1460 york human lancaster engine option Player=cheat\nquit\n' | timeout 60 "$R3" host --restricted > "$tmp/out"
grep -q '^error restricted Player cheat reads the true world' "$tmp/out" && [ "$(tail -n 1 "$tmp/out")" = ok ]
check "--restricted: Player cheat refused" $?
# A restricted host plays only with a person at the board, and bounds a line.
printf 'new scenario 1460 york engine lancaster engine option Iterations=100000\nquit\n' |
    timeout 60 "$R3" host --restricted > "$tmp/out"
grep -q '^error restricted a restricted host plays only a game with a person at it' "$tmp/out" &&
    ! grep -q '^event\|^result' "$tmp/out"
check "--restricted: a game with no human side refused, nothing played" $?
rec=$(printf '# r3 game record\nscenario 1460\nseed 5\nyork engine\nlancaster engine\n# result none: saved during play\n' | base64 -w0)
printf 'load data %s\nquit\n' "$rec" | timeout 60 "$R3" host --restricted > "$tmp/out"
grep -q '^error restricted a restricted host plays only a game with a person at it' "$tmp/out"
check "--restricted: a record with no human side refused" $?
# One line's answer is bounded: r3's decisions until the person's turn, here
# six of them held 5 s each by the pace (30 s unbounded), take 2 s together.
started=$(date +%s%N)
printf 'new scenario 1460 york human lancaster engine seed 5 pace 5000 option Iterations=50\nplay play 22\nquit\n' |
    timeout 120 "$R3" host --restricted --line-limit 2 > "$tmp/out"
ms=$((($(date +%s%N) - started) / 1000000))
grep -q '^tomove york$' "$tmp/out" && [ "$(grep -c '^ok$' "$tmp/out")" = 3 ] && [ "$ms" -lt 12000 ]
check "--line-limit 2: a line of six paced engine decisions answered in $ms ms, not 30 s" $?
# Idle: no line for S seconds after an answer closes the host with one bye line.
{ printf 'new scenario 1460 york human lancaster engine seed 3 option Iterations=20\n'; sleep 4; printf 'legal\n'; } |
    timeout 60 "$R3" host --restricted --idle 1 > "$tmp/out"
[ "$(tail -n 1 "$tmp/out")" = 'bye idle 1 | No command came for 1 second: this game was closed.' ] && ! grep -q '^decision' "$tmp/out"
check "--idle 1: the host closes after a second without a line, saying why: $(tail -n 1 "$tmp/out")" $?
# The seed is the host's secret unless given: two games without one are dealt apart.
hands=$(for i in 1 2 3; do printf 'new scenario 1460 york human lancaster human\nboard lancaster\nquit\n' | "$R3" host | grep '^Own hand'; done | sort -u | wc -l)
[ "$hands" = 3 ]
check "new without a seed: a secret one each time, three games dealt three hands" $?
# A sealed save can be resumed but not opened or replayed: its game's end stays
# sealed, and what had not happened is drawn afresh at each load.
RANDOM_NEW='new scenario 1460 york human lancaster engine seed 5 option Player=random'
printf '%s\nsave data\nlegal\nquit\n' "$RANDOM_NEW" | "$R3" host > "$tmp/out"
sed -n 's/^record //p' "$tmp/out" > "$tmp/sealed"
card=$(sed -n 's/^decision \(play [0-9]*\) |.*/\1/p' "$tmp/out" | head -n 1)
printf 'load data %s\nresign\nsave data\nsave pgn data\nquit\n' "$(cat "$tmp/sealed")" | "$R3" host > "$tmp/out"
sed -n 's/^record //p' "$tmp/out" | base64 -d > "$tmp/resigned.r3g"
sed -n 's/^pgn //p' "$tmp/out" | base64 -d > "$tmp/resigned.pgn"
grep -q '^result lancaster resignation$' "$tmp/out" && head -n 1 "$tmp/resigned.r3g" | grep -qx '# r3 sealed game record' &&
    ! grep -Eq '^(seed|deal) ' "$tmp/resigned.r3g" && grep -q '^\[Seed "?"\]$' "$tmp/resigned.pgn" &&
    [ "$(grep -o '{deal ?}' "$tmp/resigned.pgn" | wc -l)" = 7 ]
check "a sealed save loaded and resigned: its save stays sealed and its PGN shows no seed and no hidden card" $?
printf '%s\nsave data\nresign\nsave data\nquit\n' "$RANDOM_NEW" | "$R3" host | sed -n 's/^record //p' | tail -n 1 | base64 -d |
    head -n 1 | grep -qx '# r3 sealed game record'
check "a game saved sealed in play and then resigned: its last save is sealed too" $?
for i in 1 2 3 4 5 6 7 8; do
    printf 'load data %s\nplay %s\nsave pgn data\nquit\n' "$(cat "$tmp/sealed")" "$card" | "$R3" host > "$tmp/out.$i"
done
replies=$(cat "$tmp"/out.? | grep '^event york cards ' | sort -u | wc -l)
resumed=$(for i in 1 2 3 4 5 6 7 8; do sed -n 's/^pgn //p' "$tmp/out.$i" | base64 -d | grep -c '^\[Resumed "after decision 14"\]$'; done | sort -u)
[ "$replies" -ge 2 ] && [ "$resumed" = 1 ]
check "one sealed save loaded 8 times: the engine's card drawn afresh ($replies different), the PGN saying where it was resumed" $?
printf '%s\nsave data\nplay %s\nload data %s\nlegal\nsave pgn data\nquit\n' "$RANDOM_NEW" "$card" "$(cat "$tmp/sealed")" |
    "$R3" host > "$tmp/out"
sed -n 's/^pgn //p' "$tmp/out" | base64 -d | grep -q '^\[Resumed "after decision 14"\]$' && grep -q '^event york cards ' "$tmp/out"
check "a save loaded after its card was played and seen: the game says it was resumed, and from which decision" $?
# So is an open record whose game goes on with a person at it: a record cut
# short by hand, its seed known, does not deal its known future again.
rec=$(printf '# r3 game record\nscenario 1460\nseed 5\nyork human\nlancaster engine\n# host rng york 6\n# host rng lancaster 7\n# result none: saved during play\n' | base64 -w0)
for i in 1 2 3; do printf 'load data %s\nboard\nquit\n' "$rec" | "$R3" host --restricted | grep '^Own hand'; done > "$tmp/hands"
[ "$(sort -u "$tmp/hands" | wc -l)" = 3 ]
check "an open record of a game in play, loaded three times: dealt afresh each time, three hands" $?
# Undo takes back the person's last decision with what followed it by force:
# a recruit whose place was the only one.
FORCED='new scenario 1460 york human lancaster engine seed 1945066235'
printf '%s\nplay play 9\nlegal\nplay recruit Y:Worcester\nlegal\nplay at Rutland\nundo\nlegal\nquit\n' "$FORCED" |
    "$R3" host > "$tmp/out"
before=$(awk '/^decision/ {print} /^ok$/ && ++n == 3 {exit}' "$tmp/out" | md5sum)
after=$(sed -n '/^tomove york$/,$p' "$tmp/out" | tail -n 16 | grep '^decision' | md5sum)
[ "$(awk '/^decision/ {n++} /^ok$/ {if (n) print n; n = 0}' "$tmp/out" | tr '\n' ' ')" = "12 1 12 " ] && [ "$before" = "$after" ] &&
    [ "$(grep -c '^error' "$tmp/out")" = 0 ]
check "undo after a forced placement: the recruit is taken back with it, its 12 choices offered again" $?

finish host
