#!/bin/sh
# docs.sh: the maps of the tree cannot drift from the tree. It fails when
#   - docs/HACKING.md names a file (a backquoted path in the first column of its
#     table) that does not exist, or misses one that git tracks (a name ending in
#     "/" stands for everything under that folder);
#   - a folder's README.md names a source file (a backquoted name ending in .c,
#     .h, .sh or .md) that is neither under that folder (by its path from there
#     or by its name) nor at that path from the top, or misses a file under that
#     folder (a header counts as named with its .c; data files, .nnue, .tsv, .txt,
#     .svg and .gz, count as named too, but a name of those may be an output's);
#   - docs/architecture.md's line of counts differs from the summary line that
#     tests/layers.sh prints.
# Usage: sh tests/docs.sh
cd "$(dirname "$0")/.." || exit 1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
problems=0
problem() {
    echo "FAIL: docs: $*"
    problems=$((problems + 1))
}

if git rev-parse --verify -q HEAD > /dev/null 2>&1; then
    git ls-files --cached --others --exclude-standard | LC_ALL=C sort -u > "$tmp/files"
else
    find . -path ./build -prune -o -path ./.git -prune -o -type f -print | sed 's|^\./||' |
        grep -v -e '^r3$' -e '^r3-native$' | LC_ALL=C sort > "$tmp/files"
fi

# ---- docs/HACKING.md: one line for every file ----
# The first column's names; a name without a folder is in the folder of the one before.
sed -n 's/^| \(`[^|]*\) |.*/\1/p' docs/HACKING.md | grep -o '`[^`]*`' | tr -d '`' |
    awk '/\// { dir = $0; sub(/[^\/]*$/, "", dir); print; next } { print dir $0 }' | LC_ALL=C sort -u > "$tmp/hacking"
while read -r name; do
    case "$name" in
    */) grep -q "^$name" "$tmp/files" || problem "docs/HACKING.md names the folder $name, which holds no file" ;;
    *) grep -qxF "$name" "$tmp/files" || problem "docs/HACKING.md names $name, which does not exist" ;;
    esac
done < "$tmp/hacking"
while read -r file; do
    grep -qxF "$file" "$tmp/hacking" && continue
    covered=no
    dir=$file
    while [ "$dir" != "${dir%/*}" ]; do
        dir=${dir%/*}
        grep -qxF "$dir/" "$tmp/hacking" && covered=yes && break
    done
    [ "$covered" = yes ] || problem "docs/HACKING.md has no line for $file"
done < "$tmp/files"

# ---- each folder's README.md ----
grep '/README\.md$' "$tmp/files" | grep -v '^docs/' > "$tmp/readmes"
while read -r readme; do
    dir=${readme%/README.md}
    grep -o '`[^` ]*\.\(c\|h\|nnue\|tsv\|txt\|md\|sh\|svg\|gz\|mjs\|json\|js\|html\|css\)`' "$readme" | tr -d '`' | LC_ALL=C sort -u > "$tmp/named"
    grep "^$dir/" "$tmp/files" | grep -vxF "$readme" > "$tmp/under"
    grep -E '[.](c|h|sh|md)$' "$tmp/named" > "$tmp/sources"
    while read -r name; do
        grep -qxF "$dir/$name" "$tmp/under" && continue
        grep -q "/$(printf '%s' "$name" | sed 's/[.]/[.]/g')\$" "$tmp/under" && continue
        grep -qxF "$name" "$tmp/files" && continue
        problem "$readme names $name, which is not under $dir/ nor at that path"
    done < "$tmp/sources"
    while read -r file; do
        rel=${file#"$dir"/}
        base=${file##*/}
        grep -qxF -e "$rel" -e "$base" "$tmp/named" && continue
        case "$file" in *.h) grep -qxF -e "${rel%.h}.c" -e "${base%.h}.c" "$tmp/named" && continue ;; esac
        problem "$readme does not name $rel"
    done < "$tmp/under"
done < "$tmp/readmes"

# ---- docs/architecture.md's counts ----
counts=$(sh tests/layers.sh | tail -n 1)
grep -qxF "$counts" docs/architecture.md ||
    problem "docs/architecture.md does not hold the line tests/layers.sh prints: $counts"

if [ "$problems" -gt 0 ]; then
    echo "docs: $problems problems"
    exit 1
fi
echo "docs: $(wc -l < "$tmp/hacking") names in docs/HACKING.md, $(wc -l < "$tmp/readmes") folder READMEs and the layer counts agree with the tree"
