#!/bin/sh
# games.sh: seeded games must play as recorded in tests/game-signatures, every
# decision, die and deal (and, where a line asks, every world with the
# knowledge in it). A speed change must pass this unchanged.
# Usage: sh tests/games.sh ./r3
R3=${1:-./r3}
file="$(dirname "$0")/game-signatures"
failed=0 runs=0
while read -r line; do
    case "$line" in '#'* | '') continue ;; esac
    want=${line##* }
    args=${line% *}
    # shellcheck disable=SC2086 # the arguments are words
    got=$("$R3" playout $args | sed -n 's/^signature: *//p')
    runs=$((runs + 1))
    if [ "$got" != "$want" ]; then
        echo "FAIL: games: r3 playout $args gave signature ${got:-none}; tests/game-signatures holds $want."
        failed=1
    fi
done <"$file"
if [ "$failed" = 0 ]; then
    echo "games: $runs seeded runs played as recorded"
    exit 0
fi
echo "  A change meant only for speed must not change a game. For a rules change, write the new"
echo "  signatures into tests/game-signatures and name the rules change in the commit message."
exit 1
