#!/bin/sh
# misbehave.sh MODE: a protocol engine that does the handshake properly and
# then, at its first "go", misbehaves in one way, for the referee's tests:
#   crash    exits
#   hang     never answers
#   illegal  answers a decision that is never legal
#   garbage  answers a line that is not protocol
#   hang-child   starts a child that holds its output (sleep 597), then never answers
#   crash-child  starts a child that holds its output (sleep 598), then exits
mode=$1
while IFS= read -r line; do
    case "$line" in
    r3p) printf 'id name misbehave-%s\nid version 1\nr3pok\n' "$mode" ;;
    isready) echo readyok ;;
    go*)
        case "$mode" in
        crash) exit 3 ;;
        hang) sleep 600 ;;
        illegal) echo "bestmove play 99" ;;
        garbage) echo "I would rather not" ;;
        hang-child) sleep 597 & sleep 596 ;;
        crash-child) sleep 598 & exit 3 ;;
        esac ;;
    quit) exit 0 ;;
    esac
done
