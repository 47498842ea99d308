#!/bin/bash
# host_client.sh R3 SCENARIO SEED [york|both|program] [save|load FILE]: a
# client of r3 host that knows no rules. It sets up a game (York human against
# the engine in the host, both human, or York human against R3 as an engine
# program, cmd=R3), and
# whenever a side is to move asks 'legal' and plays one of the listed
# decisions at random, to the end. Along the way it asks for hints and takes
# decisions back with undo, checking that the same choices come back. With
# 'save FILE' it saves the game at its 30th decision (sealed, since it is in
# play); with 'load FILE' it starts from that file instead (allowing the
# engine program it names); from there on both draw the same choices, and
# both print a checksum of everything the host said after that point. It
# prints the result; it fails on any error answer to what it sends, and on an
# event line without its sentence. HOST_OPTIONS
# in the environment (option NAME=VALUE ...) goes on the end of the new line.
R3=$1 YEAR=$2 SEED=$3 SEATS=${4:-york} MODE=${5:-} FILE=${6:-}
RANDOM=$SEED
coproc HOST { "$R3" host; }
send() { printf '%s\n' "$*" >&"${HOST[1]}"; }
fail() { echo "FAIL: host_client: $*" >&2; exit 1; }
# An event line is its keyword form, then ' | ' and the sentence for the side that sees it (docs/host.md).
told() { [[ $1 != event\ * ]] || [[ $1 =~ ^event\ (york|lancaster)\ [^|]+\ \|\ [A-Z0-9][^|]*[.!?]$ ]]; }
answer() { # every line up to and including 'ok' or 'error ...'
    lines=()
    while IFS= read -r -t 60 line <&"${HOST[0]}"; do
        lines+=("$line") && [ -n "$traced" ] && trace+="$line;"
        told "$line" || fail "an event with no sentence: '$line'"
        case $line in ok) return 0 ;; error*) return 1 ;; esac
    done
    fail "no answer (the host died or hung)"
}
ask() { send "$*"; answer || fail "'$*' answered '${lines[-1]}'"; }
choices() { ask legal; mapfile -t choice < <(printf '%s\n' "${lines[@]}" | sed -n 's/^decision \(.*\) | .*/\1/p'); }
# York's own decisions only: no event but the kinds of its own action, and
# none naming a Lancaster block or piece (L:NAME, L?N), whose moves are told
# with the same words.
own_only() {
    [ "$(printf '%s\n' "${lines[@]}" | sed 's/ | .*//' | grep -vc '^event york \(to\|block\|move-from\|sea-from\|recruit\|end\|halt\|phase\|move\) \|^tomove york\|^ok')" = 0 ] &&
        ! printf '%s\n' "${lines[@]}" | sed 's/ | .*//' | grep -q '^event york [a-z-]* L[:?]'
}
lancaster=engine && [ "$SEATS" = both ] && lancaster=human
[ "$SEATS" = program ] && lancaster="engine cmd=$R3" allow="allow-engine $R3"
turn=0 traced=
if [ "$MODE" = load ]; then ask "load $FILE ${allow:-}" && turn=30 traced=1; else
    ask "new scenario $YEAR york human lancaster $lancaster seed $SEED option Iterations=20 ${HOST_OPTIONS:-}"; fi
for ((; turn < 5000; turn++)); do
    result=$(printf '%s\n' "${lines[@]}" | grep '^result ')
    [ -n "$result" ] && { echo "$result after $turn decisions${traced:+, trace $(echo "$trace" | md5sum | cut -c1-12)}"; send quit; exit 0; }
    choices
    [ ${#choice[@]} -gt 0 ] || fail "legal listed nothing"
    [ $((turn % 25)) = 7 ] && { ask hint; printf '%s\n' "${lines[@]}" | grep -q '^hint .* | winrate ' || fail "hint: ${lines[0]}"; }
    [ "$MODE" = save ] && [ $turn = 30 ] && { ask "save $FILE"; RANDOM=$SEED traced=1; choices; }
    pick=${choice[RANDOM % ${#choice[@]}]}
    before=$(printf '%s\n' "${choice[@]}")
    ask "play $pick"
    # (A lone decision is taken back with the choice before it: undo only a choice.)
    if [ $((turn % 10)) = 3 ] && [ ${#choice[@]} -gt 1 ] && own_only; then
        ask undo && choices && [ "$(printf '%s\n' "${choice[@]}")" = "$before" ] || fail "undo brought other choices back"
        ask "play $pick"
    fi
done
fail "no result after $turn decisions"
