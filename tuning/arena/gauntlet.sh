#!/bin/sh
# gauntlet.sh: the frozen gauntlet of docs/STRENGTH.md, one Elo scale that
# means the same next month. Its members are fixed engines of one pinned
# commit (ismcts at 250, 1,000 and 4,000 iterations, flat MC at 4,000,
# greedy), built on demand into build/gauntlet/COMMIT from git. Two uses:
#   - every pairing of the members named (all five by default) plays a match
#     in 1460, all at once, then r3 ratings rates them together;
#   - with -e, a candidate engine plays each member named, and is rated with
#     the members' stored games (docs/gauntlet/1460-COMMIT.tsv) on their scale,
#     ismcts-250 held at 0 (greedy, which lost every stored game, is left out
#     of the rating; its match is in matches.txt).
# Usage: sh tuning/arena/gauntlet.sh [-g GAMES] [-c CONCURRENCY] [-t TC] [-l SECONDS]
#            [-o OUT] [-e 'ENGINE WORDS'] [MEMBER...]
#   -g  games a pairing (default 64)           -c  games at once a pairing (default 1)
#   -t  r3 match --tc (default none: each engine's own budget)
#   -l  cut every match at this many seconds (default none)
#   -o  the folder for the runs, games and ratings (default build/gauntlet/run)
#   -e  the candidate's --engine words, such as 'cmd=./r3 name=new option.Iterations=1000'
# Environment: R3 runs the matches and the rating (default ./r3); GAUNTLET_R3 is the
# members' binary instead of the pinned build (for a quick trial); ITER_SCALE divides
# every member's budget.
set -u
COMMIT=0cccbe3
MEMBERS="ismcts-250 ismcts-1000 ismcts-4000 flatmc-4000 greedy"
games=64 conc=1 tc=none limit= out=build/gauntlet/run candidate=
usage() { echo "usage: sh tuning/arena/gauntlet.sh [-g GAMES] [-c C] [-t TC] [-l S] [-o OUT] [-e 'ENGINE WORDS'] [MEMBER...]" >&2; exit 2; }
while getopts g:c:t:l:o:e: option; do
    case $option in
    g) games=$OPTARG ;; c) conc=$OPTARG ;; t) tc=$OPTARG ;; l) limit=$OPTARG ;; o) out=$OPTARG ;;
    e) candidate=$OPTARG ;; *) usage ;;
    esac
done
shift $((OPTIND - 1))
[ $# -gt 0 ] || set -- $MEMBERS
for m in "$@"; do
    case " $MEMBERS " in *" $m "*) ;; *)
        echo "gauntlet: unknown member '$m': the members are $MEMBERS" >&2; exit 2 ;;
    esac
done
[ -n "$candidate" ] || [ $# -ge 2 ] || { echo "gauntlet: a gauntlet of one member plays nobody; name two or more, or a candidate with -e" >&2; exit 2; }
case $candidate in "" | *cmd=*name=* | *name=*cmd=*) ;; *)
    echo "gauntlet: -e needs the candidate's --engine words with cmd= and name=, not '$candidate'" >&2; exit 2 ;;
esac
cd "$(dirname "$0")/../.." || exit 1
R3=${R3:-./r3}
scale=${ITER_SCALE:-1}

# The members' r3, built from the pinned commit once.
members_r3() {
    [ -n "${GAUNTLET_R3:-}" ] && { echo "$GAUNTLET_R3"; return; }
    dir=build/gauntlet/$COMMIT
    if [ ! -x "$dir/r3" ]; then
        echo "gauntlet: building r3 at $COMMIT into $dir" >&2
        rm -rf "$dir" && mkdir -p "$dir" && git archive "$COMMIT" | tar -x -C "$dir" &&
            make -C "$dir" r3 > "$dir.log" 2>&1 || { echo "gauntlet: the build of $COMMIT failed: see $dir.log" >&2; exit 1; }
    fi
    echo "$(pwd)/$dir/r3"
}
G=$(members_r3) || exit 1
engine() { # the --engine words of a member
    case $1 in
    ismcts-*) n=${1#ismcts-}; echo "cmd=$G name=$1 option.Iterations=$((n / scale))" ;;
    flatmc-*) n=${1#flatmc-}; echo "cmd=$G name=$1 option.Player=flatmc option.Iterations=$((n / scale))" ;;
    greedy) echo "cmd=$G name=greedy option.Player=greedy" ;;
    esac
}
pairings=""
if [ -n "$candidate" ]; then
    for a in "$@"; do pairings="$pairings candidate:$a"; done
else
    for a in "$@"; do for b in "$@"; do [ "$a" \< "$b" ] && pairings="$pairings $a:$b"; done; done
fi
mkdir -p "$out/runs" || exit 1
i=0
for p in $pairings; do
    i=$((i + 1)); a=${p%%:*}; b=${p#*:}
    if [ "$a" = candidate ]; then words=$candidate; else words=$(engine "$a"); fi
    ${limit:+timeout "$limit"} "$R3" match --engine $words --engine $(engine "$b") --games "$games" --scenario 1460 \
        --seed $((1000 * i)) --tc "$tc" --concurrency "$conc" --out "$out/runs/$a-vs-$b" > "$out/runs/$a-vs-$b.txt" 2>&1 &
done
wait
cat "$out"/runs/*/results.tsv > "$out/games.tsv"
for f in "$out"/runs/*.txt; do echo "== $f"; tail -n 7 "$f"; done > "$out/matches.txt"
if [ -n "$candidate" ]; then # with the members' stored games; greedy has no finite rating among them
    cat "docs/gauntlet/1460-$COMMIT.tsv" "$out/games.tsv" | grep -v greedy > "$out/rated.tsv"
    mv "$out/rated.tsv" "$out/games.tsv"
fi
anchor=$1 # ismcts-250 at 0 where it plays: the stored games always have it
case " $* " in *" ismcts-250 "*) anchor=ismcts-250 ;; esac
[ -z "$candidate" ] || anchor=ismcts-250
"$R3" ratings --anchor "$anchor=0" "$out/games.tsv" > "$out/ratings.txt" 2>&1
status=$?
cat "$out/ratings.txt"
exit $status
