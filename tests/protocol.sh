#!/bin/sh
# protocol.sh: the line protocol (docs/protocol.md) through the real r3 binary
# over pipes: the handshake, full games fed to the engine as a host would feed
# them, a search ended by stop, and a corpus of bad lines, each answered by
# exactly one error line. Usage: sh tests/protocol.sh ./r3
R3=${1:-./r3}
. "$(dirname "$0")/lib.sh"

# ---- the handshake ----
printf 'r3p\nisready\nsetoption name Seed value 7\nsetoption name Player value random\nisready\nquit\n' | "$R3" > "$tmp/out"
cat > "$tmp/want" <<'TXT'
id name r3 0.2.0
id version 0.2.0
option name Player type combo default random var random var greedy
option name Samples type spin default 8 min 1 max 64
option name Seed type spin default 1 min 0 max 2147483647
r3pok
readyok
readyok
TXT
cmp -s "$tmp/out" "$tmp/want"; check "handshake: id, options, r3pok, readyok; setoption answers nothing" $?

# ---- whole games, as the referee's observations for one side ----
# r3 playout --transcript prints what a host sends: newgame, every observation
# of that side, go wherever it decides, query result at the end.
for side in york lancaster; do
    for scenario in 1460 1470 1483; do
        "$R3" playout --games 1 --seed 11 --scenario $scenario --transcript $side > "$tmp/host"
        "$R3" < "$tmp/host" > "$tmp/engine"
        gos=$(grep -c '^go$' "$tmp/host")
        bests=$(grep -c '^bestmove ' "$tmp/engine")
        errors=$(grep -c '^error' "$tmp/engine")
        winner=$("$R3" playout --games 1 --seed 11 --scenario $scenario | sed -n 's/^\(York\|Lancaster\) won: *1 .*/\1/p' | tr 'YL' 'yl')
        result=$(tail -n 1 "$tmp/engine")
        [ "$errors" = 0 ] && [ "$gos" = "$bests" ] && [ "$gos" -gt 10 ] && [ "$result" = "result $winner" ]
        check "$scenario as $side: $gos go, $bests bestmove, $errors errors, '$result' (winner $winner)" $?
    done
done

# The greedy player (eval/, search/greedy.c) plays a whole game the same way.
{ printf 'setoption name Player value greedy\nsetoption name Samples value 4\n'
  "$R3" playout --games 1 --seed 11 --scenario 1460 --transcript lancaster; } > "$tmp/host"
"$R3" < "$tmp/host" > "$tmp/engine"
[ "$(grep -c '^error' "$tmp/engine")" = 0 ] && [ "$(grep -c '^go$' "$tmp/host")" = "$(grep -c '^bestmove ' "$tmp/engine")" ] &&
    grep -q '^info string greedy choice among [0-9]* legal decisions over 4 sampled worlds$' "$tmp/engine"
check "the greedy player answers every go of a whole 1460 game as Lancaster" $?

# Every bestmove is legal where it was asked: the engine's 'legal' line lists it.
"$R3" playout --games 1 --seed 12 --scenario 1460 --transcript york | sed 's/^go$/legal\ngo/' > "$tmp/host"
"$R3" < "$tmp/host" > "$tmp/engine"
awk '/^legal /{ sub(/^legal /, ""); n = split($0, a, ", "); delete ok; for (i = 1; i <= n; i++) ok[a[i]] = 1; next }
     /^bestmove /{ sub(/^bestmove /, ""); total++; if (!($0 in ok)) bad++ }
     END { exit !(total > 10 && bad == 0) }' "$tmp/engine"
check "every bestmove is among the legal decisions the engine listed" $?

# ---- go infinite waits for stop, and bestmove still comes ----
"$R3" playout --games 1 --seed 11 --scenario 1460 --transcript york | sed -n '1,/^go$/p' | sed '$d' > "$tmp/host"
printf 'go infinite\nisready\nstop\nstop\nisready\n' >> "$tmp/host"
"$R3" < "$tmp/host" | grep -v '^info ' > "$tmp/engine"
[ "$(sed -n 1p "$tmp/engine")" = readyok ] && grep -q '^bestmove ' "$tmp/engine" && [ "$(sed -n 3p "$tmp/engine")" = readyok ] && [ "$(wc -l < "$tmp/engine")" = 3 ]
check "go infinite: readyok while searching, bestmove on stop, a second stop answers nothing" $?

# ---- bad input: each line gets exactly one error line, and nothing changes ----
{
    printf 'newgame scenario 1460 side york\n'
    cat <<'TXT'
frobnicate
GO
Go
uci
isready now
r3p extra
quit now
position
setoption
setoption name
setoption name Player
setoption name Player value
setoption name Player value clever
setoption name Samples value 65
setoption name Colour value red
setoption name Seed value -1
setoption name Seed value x
setoption name Seed value 99999999999
newgame
newgame scenario 1459 side york
newgame scenario 1460 side purple
newgame scenario 1460
newgame side york scenario 1460
newgame scenario 1460 side york extra
go
go wtime
go movetime x
go depth 5
go nodes -1
query
query colour
query phase turn
legal now
show board
stop now
move Y:York Ireland Kent
move L?3 Kent
move L?99 Kent Sussex
reveal L?1 L:Nobody 3
reveal L?1 L:Oxford 5
cards 0 7
campaign 9
phase lunch 0 -
phase deal 99 -
shows Y 26
shows X 1
lose ? Atlantis
play 26
roll 7
retreat Y:March
block Q?1
appear Y?1 Atlantis
strength Y:March 0
winner Rebel
king L:Oxford2
deal !
TXT
    printf '\n'
    printf '   \n'
    printf '\t\n'
    printf 'isready\001\002\n'
    printf 'caf\303\251\n'
    printf 'go\000go\n'
    head -c 5000 /dev/zero | tr '\0' 'x'; printf '\n'
} > "$tmp/bad"
lines=$(($(wc -l < "$tmp/bad") - 1))
{ cat "$tmp/bad"; printf 'isready\nquery phase\nquery tomove\n'; } | "$R3" > "$tmp/engine" 2> "$tmp/err"
status=$?
errors=$(grep -c '^error [a-z-]* ' "$tmp/engine")
[ "$lines" -ge 50 ] && [ "$errors" = "$lines" ] && [ "$(wc -l < "$tmp/engine")" = $((lines + 3)) ]
check "$lines bad lines, $errors error lines, nothing else" $?
echo "bad-input corpus: $lines lines, $errors error lines"
[ "$(tail -n 3 "$tmp/engine" | tr '\n' '|')" = "readyok|phase deal 0|tomove chance|" ] && [ "$status" = 0 ] && [ ! -s "$tmp/err" ]
check "after the bad lines: readyok, the game untouched, exit 0, nothing on stderr" $?

finish protocol
