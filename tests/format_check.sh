#!/bin/sh
# format_check.sh: lists each of the given C files that clang-format (with
# .clang-format, and tests/.clang-format in tests/) would change, with the
# number of lines it would change, then the totals; exits 1 if there is any.
# Formats copies, in one clang-format run. Usage: sh tests/format_check.sh FILE...
cd "$(dirname "$0")/.." || exit 1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp --parents "$@" .clang-format tests/.clang-format "$tmp" || exit 1
(cd "$tmp" && clang-format -i "$@") || exit 1
files=0
lines=0
for f in "$@"; do
    n=$(diff "$f" "$tmp/$f" | grep -c '^[<>]')
    if [ "$n" -gt 0 ]; then
        echo "format-check: $f: $n lines"
        files=$((files + 1))
        lines=$((lines + n))
    fi
done
if [ "$files" -gt 0 ]; then
    echo "format-check: $files of $# files not formatted, $lines lines would change: make format rewrites them"
    exit 1
fi
echo "format-check: all $# files formatted"
