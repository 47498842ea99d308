#!/bin/bash
# host_client.sh R3 SCENARIO SEED [york|both]: a client of r3 host that knows
# no rules. It sets up a game (York human, or both human), and whenever a side
# is to move it asks 'legal' and plays one of the listed decisions at random,
# to the end of the game. It prints the result line; it fails if the host
# answers a legal decision with an error or the game does not end.
R3=$1 YEAR=$2 RANDOM=$3 SEATS=${4:-york}
coproc HOST { "$R3" host; }
send() { printf '%s\n' "$*" >&"${HOST[1]}"; }
# Reads one answer: every line up to and including 'ok' or 'error ...'.
answer() {
    lines=()
    while IFS= read -r -t 60 line <&"${HOST[0]}"; do
        lines+=("$line")
        case $line in ok | error*) return 0 ;; esac
    done
    echo "FAIL: host_client: no answer (the host died or hung)" >&2
    exit 1
}
last_result() { printf '%s\n' "${lines[@]}" | grep '^result ' | tail -1; }
lancaster=engine
[ "$SEATS" = both ] && lancaster=human
send "new scenario $YEAR york human lancaster $lancaster seed $3 option Iterations=20"
answer
for ((turn = 0; turn < 5000; turn++)); do
    result=$(last_result)
    if [ -n "$result" ]; then
        echo "$result after $turn decisions"
        send quit
        exit 0
    fi
    case ${lines[-1]} in error*) echo "FAIL: host_client: ${lines[-1]}" >&2 && exit 1 ;; esac
    send legal
    answer
    mapfile -t choices < <(printf '%s\n' "${lines[@]}" | sed -n 's/^decision \(.*\) | .*/\1/p')
    [ ${#choices[@]} -gt 0 ] || { echo "FAIL: host_client: legal listed nothing: ${lines[-1]}" >&2 && exit 1; }
    send "play ${choices[RANDOM % ${#choices[@]}]}"
    answer
done
echo "FAIL: host_client: no result after $turn decisions" >&2
exit 1
