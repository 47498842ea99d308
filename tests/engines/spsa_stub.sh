#!/bin/bash
# spsa_stub.sh R3: a protocol engine for the test of r3 tune spsa. It declares
# two spin options of its own, X and Y (0 to 100), and hides an optimum at
# X=70, Y=30. It is R3 with a filter before it: each decision is R3's tree
# search (30 iterations) with the chance q = 1 - d / 120, d the distance of
# (X, Y) from the optimum, and R3's random player otherwise; so the nearer the
# options are to the optimum, the more often it wins. Its draws are seeded by
# the game's first observations, so a game is played the same whenever it is
# played. R3's answers go straight out: the filter only writes to R3.
R3=${1:?usage: spsa_stub.sh R3}
X=0 Y=0 chance=
exec 3>&1
# q as a share of bash's RANDOM range, 0 to 32768.
odds() { awk -v x="$X" -v y="$Y" 'BEGIN { d = sqrt((x - 70) ^ 2 + (y - 30) ^ 2); q = 1 - d / 120
                                          printf "%d", 32768 * (q < 0 ? 0 : q) }'; }
while IFS= read -r input; do
    case $input in
    r3p)
        printf 'option name X type spin default 0 min 0 max 100\noption name Y type spin default 0 min 0 max 100\n' >&3
        printf 'r3p\nsetoption name Iterations value 30\nsetoption name PlayoutTurns value 1\n' ;;
    'setoption name X value '*) X=${input##* } chance= ;;
    'setoption name Y value '*) Y=${input##* } chance= ;;
    newgame*) seen= seeded=; printf '%s\n' "$input" ;;
    go*)
        [ -n "$chance" ] || chance=$(odds)
        [ -n "$seeded" ] || { RANDOM=$(printf '%s' "$seen" | cksum | cut -d' ' -f1); seeded=1; }
        if [ "$RANDOM" -lt "$chance" ]; then echo 'setoption name Player value ismcts'
        else echo 'setoption name Player value random'; fi
        printf '%s\n' "$input" ;;
    *) [ -n "$seeded" ] || seen="$seen$input;"; printf '%s\n' "$input" ;;
    esac
done | "$R3"
