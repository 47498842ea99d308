#!/bin/sh
# signature.sh: r3 bench's node count, the search's signature, must be the one
# recorded in tests/bench-signature. Any change to the rules, the search, the
# playout policy or the evaluation that changes what is searched changes it;
# one that should not (a refactoring, a speed-up) must leave it alone.
# Usage: sh tests/signature.sh ./r3
R3=${1:-./r3}
file="$(dirname "$0")/bench-signature"
want=$(cat "$file")
got=$("$R3" bench | sed -n 's/^Nodes searched: //p')
if [ -n "$got" ] && [ "$got" = "$want" ]; then
    echo "signature: Nodes searched: $got, as recorded"
    exit 0
fi
echo "FAIL: signature: r3 bench searched ${got:-no} nodes; tests/bench-signature holds $want."
echo "  If the change is meant to change the search, write the new count into tests/bench-signature"
echo "  (make bench prints it) and give the reason in the commit message, with the line 'BENCH: ${got:-N}'."
exit 1
