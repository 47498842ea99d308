#!/bin/sh
# run.sh TARGET SECONDS: runs build/fuzz/fuzz_TARGET for SECONDS from a copy of
# tests/fuzz/corpus/TARGET, in build/fuzz/TARGET. A crash, a sanitizer report or
# a leak fails, its input left there as crash-* or leak-* (add it to the seed
# corpus once fixed, so it is tried again ever after). Prints one line:
# the runs, the runs a second, and the corpus before and after.
target=$1 seconds=$2
dir=build/fuzz/$target
rm -rf "$dir" && mkdir -p "$dir/corpus" && cp "tests/fuzz/corpus/$target"/* "$dir/corpus/"
seeds=$(ls "$dir/corpus" | wc -l)
(cd "$dir" && "../fuzz_$target" -max_total_time="$seconds" -max_len=8192 -print_final_stats=1 -timeout=10 \
    -rss_limit_mb=2048 corpus > log 2>&1)
status=$?
runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$dir/log")
rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$dir/log")
echo "fuzz $target: $seconds s, ${runs:-0} runs (${rate:-0}/s), corpus $seeds -> $(ls "$dir/corpus" | wc -l)$([ $status = 0 ] || echo ", FAILED: see $dir/log")"
[ $status = 0 ] || { grep -m 3 -E 'ERROR|SUMMARY|runtime error' "$dir/log"; exit 1; }
