#!/bin/sh
# tsan.sh: the threaded parts of r3 built with ThreadSanitizer (make tsan-test):
# searches on 2 threads (ismcts with a tree each and with one shared tree,
# and pimc) with go limits, go infinite and stop, r3 host pondering, threaded random playouts, a
# match playing 2 games at once, self-play of 2 games at once, and r3 tune eval
# and r3 tune policy reading their data on 2 threads. Any data race
# report fails the test. Usage: sh tests/tsan.sh build/tsan/r3
R3=${1:-build/tsan/r3}
. "$(dirname "$0")/lib.sh"
export TSAN_OPTIONS="halt_on_error=1 exitcode=66"

clean() { # clean NAME STATUS: the run exited well and ThreadSanitizer said nothing
    [ "$2" = 0 ] && ! grep -q 'ThreadSanitizer' "$tmp/err"
    check "$1" $?
}

"$R3" playout --games 1 --seed 11 --scenario 1460 --transcript york | sed -n '1,/^go$/p' | sed '$d' > "$tmp/opening"
for search in ismcts:root ismcts:tree pimc:root; do
    player=${search%:*} parallel=${search#*:}
    { printf 'setoption name Player value %s\nsetoption name Threads value 2\nsetoption name Parallel value %s\n' $player $parallel
      printf 'setoption name PlayoutTurns value 2\n'
      cat "$tmp/opening"; printf 'go nodes 20000\ngo movetime 300\ngo infinite\n'; sleep 1.5; printf 'stop\nquit\n'; } |
        "$R3" > "$tmp/out" 2> "$tmp/err"
    clean "$player on 2 threads, Parallel $parallel: go nodes, go movetime, go infinite and stop ($(grep -c '^bestmove' "$tmp/out") bestmoves)" $?
done

# r3 host with Ponder: the engine searches on 2 threads while the human thinks,
# and every line stops it first (play, hint, save, legal).
{ printf 'new scenario 1460 york human lancaster engine seed 3 option Iterations=50 option Threads=2 option Ponder=true\n'
  sleep 0.5; printf 'legal\n'; sleep 0.3; printf 'hint movetime 100\n'; sleep 0.3; printf 'save %s\n' "$tmp/pondered.r3g"
  sleep 0.3; printf 'resign\nquit\n'; } | "$R3" host > "$tmp/out" 2> "$tmp/err"
[ "$(grep -c '^ok$' "$tmp/out")" = 6 ] && ! grep -q '^error' "$tmp/out"
clean "r3 host, pondering on 2 threads between lines: $(grep -c '^ok$' "$tmp/out") answers" $?

"$R3" playout --games 6 --threads 2 > "$tmp/out" 2> "$tmp/err"
clean "r3 playout --threads 2" $?

"$R3" match --engine cmd="$R3" name=a option.Threads=2 option.Iterations=50 option.PlayoutTurns=1 \
    --engine cmd="$R3" name=b option.Player=random --games 2 --scenario 1483 --concurrency 2 \
    > "$tmp/out" 2> "$tmp/err"
clean "r3 match --concurrency 2, an engine searching on 2 threads: '$(tail -n 1 "$tmp/out")'" $?

"$R3" selfplay option.Iterations=10 option.Threads=2 option.Hash=4 --games 3 --scenario 1483 --seed 1 \
    --concurrency 2 --record-visits --sample-every 10 --out "$tmp/selfplay.tsv" > "$tmp/out" 2> "$tmp/err"
clean "r3 selfplay --concurrency 2, each search on 2 threads: '$(tail -n 1 "$tmp/err")'" $?

"$R3" tune eval --synthetic 30 --seed 4 > "$tmp/data.tsv" && "$R3" tune eval --data "$tmp/data.tsv" --threads 2 \
    --out "$tmp/w.txt" --iterations 10 > "$tmp/out" 2> "$tmp/err"
clean "r3 tune eval reading on 2 threads: '$(tail -n 1 "$tmp/out")'" $?

"$R3" tune policy --synthetic 20 --seed 4 > "$tmp/visits.tsv" && "$R3" tune policy --data "$tmp/visits.tsv" \
    --threads 2 --out "$tmp/p.txt" --iterations 10 > "$tmp/out" 2> "$tmp/err"
clean "r3 tune policy reading on 2 threads: '$(tail -n 1 "$tmp/out")'" $?

finish tsan
