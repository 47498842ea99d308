#!/bin/sh
# signature.sh: r3 bench's node count, the search's signature, must be the one
# the last commit message with a "Bench: N" line gives, as Stockfish's CI reads
# it. Any change to the rules, the search, the playout policy or the evaluation
# that changes what is searched changes it; one that should not (a refactoring,
# a speed-up) must leave it alone. Outside a git checkout (a release tarball)
# there is no history to read, and the check says so and passes.
# Usage: sh tests/signature.sh ./r3
R3=${1:-./r3}
cd "$(dirname "$0")/.." || exit 1
if ! git rev-parse --verify -q HEAD > /dev/null 2>&1; then
    echo "signature: not a git checkout, no commit's 'Bench: N' line to compare with: skipped"
    exit 0
fi
want=$(git log --format=%B HEAD | sed -n 's/^Bench: *\([0-9][0-9]*\) *$/\1/p' | head -n 1)
got=$("$R3" bench | sed -n 's/^Nodes searched: //p')
if [ -n "$got" ] && [ "$got" = "$want" ]; then
    echo "signature: Nodes searched: $got, as the last commit's 'Bench:' line says"
    exit 0
fi
echo "FAIL: signature: r3 bench searched ${got:-no} nodes; the last 'Bench:' line of the git log says ${want:-nothing}."
echo "  If the change is meant to change the search, give the reason in the commit message"
echo "  and end it with the line 'Bench: ${got:-N}' (make bench prints it)."
exit 1
