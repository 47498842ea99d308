#!/bin/sh
# valgrind.sh: runs r3 commands under valgrind's memcheck and fails on any
# memory error or leak. jemalloc is named so that valgrind tracks its heap.
R3=${1:-./r3}
passed=0
failed=0
run() {
    if valgrind -q --soname-synonyms=somalloc='*jemalloc*' --leak-check=full \
        --errors-for-leak-kinds=definite,indirect,possible --error-exitcode=99 "$R3" "$@" > /dev/null 2>&1; [ $? != 99 ]; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1)); echo "FAIL: valgrind r3 $*"
    fi
}
run --help
run --version
run data blocks
run show --scenario 1460
run show --scenario 1470 --text
run show --position "$("$R3" show --scenario 1483 --text)"
run show --position "scenario=1460 campaign=9"
run frobnicate
run legal --position "$("$R3" show --scenario 1460 --text)"
run apply --scenario 1460 --board "deal 1" "deal 2"
run apply --scenario 1460 "deal 1" "deal 1"
run playout --games 30 --check --threads 2
run playout --scenario 1470 --games 2 --dump-at 40
mid=$("$R3" playout --scenario 1460 --games 1 --seed 3 --dump-at 300)
run observe --position "$mid" --side york
run observe --scenario 1470 --side lancaster
run infokey --position "$mid" --side lancaster
run sample --position "$mid" --side york --count 3 --seed 7
run sample --position "$mid" --side lancaster --count 3 --speed
run sample --position "$mid" --side purple
run bench --iterations 10
# r3 tune eval: reading on 2 threads, the fit, the weights file and the plots; a refused file
tune=$(mktemp -d)
"$R3" tune eval --synthetic 4 --seed 2 > "$tune/data.tsv"
run tune eval --data "$tune/data.tsv" --out "$tune/w.txt" --plot "$tune/plots" --threads 2 --validation 0.3 --iterations 20
run tune eval --data "$tune/data.tsv" --weights eval/weights.txt --out "$tune/w.txt" --lambda 0.5 --iterations 5
run tune eval --data "$tune/missing.tsv" --out "$tune/w.txt"
# r3 tune policy: reading on 2 threads, the fit, the policy file and its plot; a refused file
"$R3" tune policy --synthetic 4 --seed 2 > "$tune/visits.tsv"
run tune policy --data "$tune/visits.tsv" --out "$tune/p.txt" --plot "$tune/plots" --threads 2 --validation 0.3 \
    --iterations 20
run tune policy --data "$tune/visits.tsv" --weights search/policy-hand.txt --out "$tune/p.txt" --iterations 5
run tune policy --data "$tune/w.txt" --out "$tune/p.txt"
rm -rf "$tune"
# the protocol engine: a session's stdin from a file
session() { # session NAME FILE
    if valgrind -q --soname-synonyms=somalloc='*jemalloc*' --leak-check=full \
        --errors-for-leak-kinds=definite,indirect,possible --error-exitcode=99 "$R3" < "$2" > /dev/null 2>&1; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1)); echo "FAIL: valgrind r3 < $1"
    fi
}
host=$(mktemp)
# a whole 1483 game as York with the greedy player, then bad lines
{ printf 'setoption name Player value greedy\nsetoption name Samples value 2\n'
  "$R3" playout --games 1 --seed 11 --scenario 1483 --transcript york
  printf 'frobnicate\nsetoption name Seed value x\n\nquery phase\n'; } > "$host"
session "a 1483 protocol transcript" "$host"
# a search on its thread stopped, a position line, and a search left running at the end of input
history=$("$R3" playout --games 1 --seed 11 --scenario 1460 --transcript york | sed -n '2,/^go$/p' | grep -v '^go$' | paste -sd, -)
{ "$R3" playout --games 1 --seed 11 --scenario 1460 --transcript york | sed -n '1,/^go$/p' | sed '$d'
  printf 'setoption name Player value ismcts\nsetoption name Threads value 2\nsetoption name Hash value 4\ngo nodes 3000\n'
  printf 'setoption name PolicyFile value search/policy-hand.txt\nsetoption name PolicyFile value eval/weights.txt\n'
  printf 'setoption name Player value greedy\ngo nodes 3000\ngo infinite\nisready\nstop\n'
  echo "position scenario 1460 side york observations $history"
  echo "position scenario 1460 side york observations $history, frob"
  printf 'go infinite\n'; } > "$host"
session "go, stop, position and go infinite at the end of input" "$host"
rm -f "$host"
# the referee (its engines run outside valgrind) and a replay of its record
records=$(mktemp -d)
run match --engine cmd="$R3" name=a --engine cmd="$R3" name=b --games 2 --scenario 1483 --out "$records"
run replay "$records/game-00001.r3g"
run match --engine cmd="$R3" name=a --engine cmd="$R3" name=b --games 5 --scenario 1483 --concurrency 2 --shard 1/2 \
    --sprt 0 50 0.05 0.05 --tc nodes=3 --out "$records"
run match-merge --sprt 0 50 0.05 0.05 "$records"
printf '1\t1460\t1\ta\tb\tyork\trules\n' > "$records/results.tsv"
run match-merge "$records"
rm -rf "$records"
# self-play: two games at once, each side's driver on its thread, gzip; and a refused option
selfplay=$(mktemp -d)
run selfplay option.Iterations=5 option.Hash=4 --games 2 --scenario 1483 --seed 1 --concurrency 2 --record-visits \
    --sample-every 20 --out "$selfplay/positions.tsv.gz"
run selfplay option.Frob=1 --games 1 --scenario 1460 --seed 1 --out "$selfplay/none.tsv"
rm -rf "$selfplay"
echo "valgrind: $passed passed, $failed failed"
[ "$failed" = 0 ]
