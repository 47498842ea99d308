#!/bin/sh
# check.sh: make check, the quick test to run before each commit: every unit
# test and the fast suites (the layers, the maps of the tree, the command
# line, the engine protocol, the host, the signatures, the rules coverage, the
# decision-quality suite, the SVG and the format), as many at once as there are cores. It prints one line
# a job, in a fixed order, and the whole output of each job that failed. make
# test is the whole: the sanitizers, valgrind, the referee, self-play, the
# tuners and the fuzzers come only there.
# Usage: sh tests/check.sh ./r3 UNIT_TEST...
R3=${1:-./r3}
shift
cd "$(dirname "$0")/.." || exit 1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
start=$(date +%s)

{
    # the slowest first, so that the cores stay busy to the end
    echo "host sh tests/host.sh $R3"
    echo "protocol sh tests/protocol.sh $R3"
    for t in "$@"; do echo "${t##*/} $t"; done
    echo "cli sh tests/cli.sh $R3"
    echo "games sh tests/games.sh $R3"
    echo "signature sh tests/signature.sh $R3"
    echo "svg sh tests/svg.sh $R3"
    echo "quality sh tests/quality.sh $R3"
    echo "rules_coverage sh tests/rules_coverage.sh"
    echo "layers sh tests/layers.sh"
    echo "docs sh tests/docs.sh"
    echo "format make --no-print-directory format-check"
} > "$tmp/jobs"

cores=$(nproc 2> /dev/null || echo 2)
# Each job's output goes to its own file, named by its place in the list.
awk '{ print NR " " $0 }' "$tmp/jobs" |
    xargs -P "$cores" -L 1 sh -c 'n=$1; shift 2; "$@" > "'"$tmp"'/$n.log" 2>&1; echo $? > "'"$tmp"'/$n.rc"' job

failed=0
n=0
while read -r name command; do
    n=$((n + 1))
    rc=$(cat "$tmp/$n.rc" 2> /dev/null || echo 1)
    if [ "$rc" = 0 ]; then
        printf '%-24s %s\n' "$name" "$(grep -v '^$' "$tmp/$n.log" | tail -n 1)"
    else
        printf '%-24s FAILED (%s), its output:\n' "$name" "$command"
        sed 's/^/    /' "$tmp/$n.log"
        failed=$((failed + 1))
    fi
done < "$tmp/jobs"
seconds=$(($(date +%s) - start))
if [ "$failed" -gt 0 ]; then
    echo "make check: $failed of $n jobs FAILED in $seconds s"
    exit 1
fi
echo "make check: all $n jobs passed in $seconds s"
