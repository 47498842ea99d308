#!/bin/sh
# play.sh: r3 play as a person uses it. It runs in tmux; the test types with
# send-keys and reads the screen with capture-pane, plays a seeded 1460 game
# to its end (always the last decision listed, which goes to battle; a hint,
# an undo, a save and a load on the way), and checks the screen at the points
# that matter.
# Usage: sh tests/play.sh ./r3
R3=$(cd "$(dirname "${1:-./r3}")" && pwd)/$(basename "${1:-./r3}")
. "$(dirname "$0")/lib.sh"
session=r3-play-test-$$
t() { tmux -L "$session" "$@"; } # a server of its own, with room for the whole game
# One command: a server started alone may exit, having no session, before the next connects.
t -f /dev/null start-server \; set-option -g history-limit 100000 \; new-session -d -s "$session" -x 200 -y 50 \
    "$R3 play --scenario 1460 --side york --seed 3 option Iterations=20; echo PLAY-EXITED; sleep 5"
trap 't kill-server 2> /dev/null; rm -rf "$tmp"' EXIT
screen() { t capture-pane -p -t "$session" -S -100000; }
wait_for() { # wait_for PATTERN: up to 20 s for the screen to show it
    for _ in $(seq 400); do screen | grep -q "$1" && return 0; sleep 0.05; done
    return 1
}
type_line() { t send-keys -t "$session" "$1" Enter; }
last_board() { # the last board and its decisions on a screen, up to the prompt
    awk '/^York.s view:/ { board = "" } { board = board $0 "\n" } /^\[[0-9]+\] Your decision/ { shown = board } END { printf "%s", shown }' |
        sed '$d'
}
last_choice() { screen | sed -n 's/^\[[0-9]*\] Your decision (1-\([0-9]*\),.*/\1/p' | tail -n 1; }

wait_for '^\[1\] Your decision (1-'
screen > "$tmp/first"
grep -qx "York's view: 1460, campaign 1, turn 1, cards phase" "$tmp/first" &&
    grep -q '^Your decisions:' "$tmp/first" && grep -Eq '^ +1  play card [0-9]+: ' "$tmp/first" &&
    grep -Eq '^  You are dealt card [0-9]+(, [A-Za-z ]+)? \([0-4] AP\)\.$' "$tmp/first" &&
    grep -Eq '^Own hand: [0-9]+ ([A-Za-z ]+ )?\([0-4] AP\)(, [0-9]+ ([A-Za-z ]+ )?\([0-4] AP\))*$' "$tmp/first"
check "the first screen: the board, the cards dealt and held by number, event and AP, the decisions numbered, the prompt" $?

type_line h
wait_for '^  Hint: play [0-9]* | '
check "h: the engine's hint for the human side" $?

turn=1
while [ $turn -lt 400 ] && ! screen | grep -q '^Result: '; do
    type_line "$(last_choice)"
    turn=$((turn + 1))
    wait_for "^\\[$turn\\] Your decision\\|^Result: " || break
    if [ $turn = 2 ]; then # the engine has played its card since: undo says why it cannot
        screen > "$tmp/at2"
        type_line u
        wait_for '^! cannot-undo york has seen' &&
            type_line "s $tmp/saved.r3g" && wait_for '^  Saved\.'
        check "u after the engine answered: the reason it cannot; s FILE: Saved." $?
        type_line 99
        wait_for '^  99 is not one of the decisions: type 1 to [0-9]*, or a decision.s text\.$'
        check "a number out of range is answered with the range" $?
    fi
    if [ $turn = 6 ]; then # back to the game saved at the second decision
        type_line "l $tmp/saved.r3g"
        turn=$((turn + 1))
        wait_for "^  Loaded $tmp/saved.r3g\.\$" && wait_for "^\\[$turn\\] Your decision (1-" &&
            [ -n "$(last_board < "$tmp/at2")" ] && [ "$(last_board < "$tmp/at2")" = "$(screen | last_board)" ]
        check "l FILE: the saved game is loaded in place of this one: the board and decisions of its point again" $?
    fi
done
screen > "$tmp/last"
grep -Eq '^Result: (york|lancaster) (heirs|usurpation|last-campaign)$' "$tmp/last" && wait_for '^PLAY-EXITED'
check "typing the last decision at every prompt plays the game to its result ($turn prompts), and r3 play exits" $?
grep -Eq '^  [YL][:?][A-Za-z0-9-]+ (\([A-D][1-4]\) )?fires: the dice show [1-6]( [1-6])*, [0-9] hits?\.$' "$tmp/last" &&
    grep -Eq '^  [YL][:?][A-Za-z0-9-]+ is now at strength [0-9]\.$' "$tmp/last"
check "the battles on the screen: who fires, with its rating, the dice and the hits in one line, then the steps lost" $?
head -n 1 "$tmp/saved.r3g" | grep -qx '# r3 sealed game record' &&
    printf 'load %s\nquit\n' "$tmp/saved.r3g" | "$R3" host | grep -qx 'tomove york'
check "the game saved in play with s FILE is sealed, and r3 host loads it" $?
! grep -q '^Information-set key: \|, step [a-z0-9-]*$\|; Player 1 not yet$' "$tmp/last" &&
    echo q | "$R3" play --scenario 1470 --side york --seed 3 --verbose option Iterations=20 > "$tmp/verbose" &&
    grep -q '^Information-set key: [0-9a-f]\{16\}$' "$tmp/verbose" &&
    grep -qx "York's view: 1470, campaign 2, turn 1, cards phase, step york-plays" "$tmp/verbose"
check "quiet by default: no information-set key, step or 'Player 1 not yet'; --verbose shows them" $?
grep -q '^  Your only decision: ' "$tmp/last"
check "a decision with no choice is made at once and told: Your only decision: ..." $?
grep -q '^Seed 3: r3 play --scenario 1460 --side york --seed 3 plays this game again\.$' "$tmp/last"
check "the seed is printed with the command that plays the game again" $?
started=$(date +%s%N)
printf '5\nq\n' | "$R3" play --scenario 1460 --side york --seed 3 --level 2 --think 5000 --pace 1500 > "$tmp/paced"
ms=$(( ($(date +%s%N) - started) / 1000000 ))
grep -q '^Seed 3: r3 play --scenario 1460 --side york --seed 3 --level 2 --think 5000 --pace 1500 plays this game again\.$' "$tmp/paced" &&
    [ "$(grep -c 'is played\.' "$tmp/paced")" = 2 ] && [ "$ms" -ge 1500 ]
check "--think 5000 --pace 1500: said in the command that plays the game again; a card played, r3's came, the session took $ms ms" $?
# (The supply phase is told only when something happens in it, which the game
# played on from a load, drawn afresh, may not show: the cards phase always is.)
grep -q '^  -- action phase --' "$tmp/last" && grep -q '^  -- cards phase --' "$tmp/last" &&
    grep -Eq '^  L[:?][A-Za-z0-9-]+ goes from ' "$tmp/last" &&
    ! grep -Eq '^  (York|Lancaster) sees: (move-from|sea-from|block|to|end|halt|at|recruit|fire|roll)( |$)' "$tmp/last"
check "the events as sentences, each once: phases and moves, not the steps that made the moves" $?

# A battle told in full (r3 replay --print shares the narrator): who fires, with what
# rating, and the dice, in one line; the steps lost after it; retreats told once.
"$R3" match --engine cmd="$R3" name=a option.Player=random --engine cmd="$R3" name=b option.Player=random \
    --games 2 --scenario 1460 --seed 7 --out "$tmp/m" > /dev/null 2>&1 &&
    "$R3" replay --print "$tmp/m/game-00001.r3g" > "$tmp/told" && "$R3" replay --print "$tmp/m/game-00002.r3g" >> "$tmp/told"
grep -Eq '^  [YL]:[A-Za-z-]+ \([A-D][1-4]\) fires: the dice show [1-6]( [1-6])*, [0-9] hits?\.$' "$tmp/told" &&
    grep -q '^  Battle in [A-Za-z-]*\.$' "$tmp/told" && grep -q ' is now at strength [0-9]\.$' "$tmp/told" &&
    ! grep -Eq 'sees: (fire|roll|phase) ' "$tmp/told"
check "a battle as a person reads it: 'L:Oxford (A2) fires: the dice show 3 1 6, 2 hits.', and no raw dice" $?

# The board is drawn again only after something was told: the steps of one's own move
# (sea-from, the block) leave it be, the move done draws it.
(sleep 1; for d in 5 "sea-from Calais" 1 1; do echo "$d"; sleep 0.4; done; echo q) |
    "$R3" play --scenario 1460 --side york --seed 3 option Iterations=20 > "$tmp/steps"
awk '/^\[3\] Your decision/ { at3 = 1 } /^\[4\] Your decision/ { at4 = 1 }
     /^York.s view:/ { if (at3 && !at4) between++; boards++ } END { exit !(between == 0 && boards == 3) }' "$tmp/steps" &&
    grep -q '^\[4\] Your decision .*Y:March goes from Calais to Northumbria\.$' "$tmp/steps"
check "the board is drawn once a step of one's own move is done, not at each step" $?

# Undo takes back a decision with what followed it by force: the recruit of
# Y:Worcester (the 6th), whose only place r3 play took at once, comes back whole.
printf '2\n6\nu\nq\n' | "$R3" play --scenario 1460 --side york --seed 1945066235 > "$tmp/forced"
[ "$(grep -o '^\[[0-9]*\] Your decision (1-[0-9]*' "$tmp/forced" | sed 's/.*(1-//' | tr '\n' ' ')" = "7 12 11 12 " ] &&
    grep -q 'Your only decision: place the recruit Y:Worcester in Rutland' "$tmp/forced"
check "undo after a forced placement: back to the 12 decisions before the recruit, not to its only place" $?

# Without --seed, a secret seed each game, never shown (another r3 given it would
# deal the same hands); --load FILE resumes a saved game.
fresh() { echo q | "$R3" play --scenario 1460 --side lancaster option Iterations=20 > "$tmp/fresh"; grep '^Own hand' "$tmp/fresh" | head -n 1; }
one=$(fresh) two=$(fresh)
[ -n "$one" ] && [ "$one" != "$two" ] && grep -q '^A secret seed deals this game' "$tmp/fresh" && ! grep -q '^Seed ' "$tmp/fresh"
check "no --seed: a secret seed each game, not printed, two games dealt apart ($one / $two)" $?
echo q | "$R3" play --load "$tmp/saved.r3g" > "$tmp/resumed"
grep -q "^r3 play: resuming $tmp/saved.r3g\.$" "$tmp/resumed" && grep -q '^\[1\] Your decision (1-' "$tmp/resumed" &&
    grep -q "^York's view: 1460, campaign 1, turn 1" "$tmp/resumed"
check "r3 play --load FILE resumes the saved game at its decision" $?
echo garbage > "$tmp/bad.r3g"
echo q | "$R3" play --load "$tmp/bad.r3g" > "$tmp/out" 2>&1
status=$?
[ $status = 1 ] && grep -q "^! bad-record '$tmp/bad.r3g': line 1: " "$tmp/out" && [ "$(grep -c '^!' "$tmp/out")" = 1 ]
check "r3 play --load of a file that is no record: one message naming it and its line, status 1 ($status)" $?

finish play
