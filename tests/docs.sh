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
#   - docs/architecture.md differs from the code: its line of counts from the
#     summary line that tests/layers.sh prints; its number of layers ("in N
#     layers") and of rooms ("in N rooms") from LAYERS in tests/layers.sh; its
#     table of layers (a row a layer, lowest first) from LAYERS, in order; the
#     size of a search tree's node ("nodes are N bytes") from the
#     _Static_assert on sizeof(struct ismcts_node) in search/tree.h;
#   - the picture's source, docs/architecture.dot, differs from what
#     tests/layers.sh --dot prints, or docs/architecture.svg was not drawn from
#     it (its nodes, arrows and their counts).
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

# ---- docs/architecture.md against the code ----
arch=docs/architecture.md
counts=$(sh tests/layers.sh | tail -n 1)
grep -qxF "$counts" "$arch" ||
    problem "$arch does not hold the line tests/layers.sh prints: $counts"

layers=$(sed -n 's/^LAYERS="\(.*\)"$/\1/p' tests/layers.sh)
[ -n "$layers" ] || problem "tests/layers.sh has no LAYERS=\"...\" line"
printf '%s\n' $layers > "$tmp/layers"
printf '%s\n' $layers | sed 's|/.*||' | uniq > "$tmp/rooms"
# A number as the doc writes it (a word up to ninety-nine, or digits) as digits.
number() {
    printf '%s\n' "$1" | awk '{
        split("one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen " \
            "sixteen seventeen eighteen nineteen", small, " ")
        split("twenty thirty forty fifty sixty seventy eighty ninety", tens, " ")
        for (i = 1; i <= 19; i++) n[small[i]] = i
        for (t = 1; t <= 8; t++) { n[tens[t]] = 10 * (t + 1); for (i = 1; i <= 9; i++) n[tens[t] "-" small[i]] = 10 * (t + 1) + i }
        w = tolower($0); print (w ~ /^[0-9]+$/) ? w + 0 : (w in n) ? n[w] : "?"
    }'
}
# The doc's "in N WHAT" against the count of the lines of FILE.
count_check() {
    said=$(grep -o "in [a-z0-9-]* $1" "$arch" | head -n 1 | cut -d' ' -f2)
    want=$(wc -l < "$2" | tr -d ' ')
    if [ -z "$said" ]; then
        problem "$arch does not say \"in N $1\" ($want, from LAYERS in tests/layers.sh)"
    elif [ "$(number "$said")" != "$want" ]; then
        problem "$arch says in $said $1; LAYERS in tests/layers.sh has $want"
    fi
}
count_check layers "$tmp/layers"
count_check rooms "$tmp/rooms"
# The table of layers: the rows of the section "## The layers" whose first
# column is one backquoted name.
awk '/^## / { inside = ($0 == "## The layers") } inside' "$arch" |
    sed -n 's/^| `\([^`]*\)` |.*/\1/p' > "$tmp/rows"
cmp -s "$tmp/rows" "$tmp/layers" ||
    problem "$arch's table of layers is not LAYERS of tests/layers.sh, in order: $(diff "$tmp/layers" "$tmp/rows" | grep '^[<>]' | tr '\n' ' ')"

# A search tree's node: the size the doc states against the one the compiler holds the code to.
said=$(grep -o 'nodes are [0-9]* bytes' "$arch" | head -n 1 | cut -d' ' -f3)
held=$(sed -n 's/.*_Static_assert(sizeof(struct ismcts_node) == \([0-9]*\).*/\1/p' search/tree.h | head -n 1)
if [ -z "$said" ]; then
    problem "$arch does not say how big a search tree's node is (\"nodes are N bytes\")"
elif [ -z "$held" ]; then
    problem "search/tree.h has no _Static_assert(sizeof(struct ismcts_node) == N, ...) to hold $arch's $said bytes to"
elif [ "$said" != "$held" ]; then
    problem "$arch says nodes are $said bytes; search/tree.h asserts $held"
fi

# The picture: its dot text is what tests/layers.sh --dot prints, and its SVG
# holds the dot text's nodes and arrows with their counts (make docs).
sh tests/layers.sh --dot > "$tmp/dot"
cmp -s "$tmp/dot" docs/architecture.dot ||
    problem "docs/architecture.dot is not what tests/layers.sh --dot prints (make docs draws it and the SVG anew)"
sed -n 's/^ *"\([^"]*\)" \[label=.*/\1/p; s/^ *"\([^"]*\)" -> "\([^"]*\)" \[label="\([0-9]*\)".*/\1->\2 \3/p' \
    docs/architecture.dot | LC_ALL=C sort > "$tmp/dot-drawn"
sed 's/&#45;&gt;/->/g; s/:w->/->/; s/:w<\/title>/<\/title>/' docs/architecture.svg | awk '
    /<g id="node/ { kind = "node" } /<g id="edge/ { kind = "edge" } /<g id="clust/ { kind = "" }
    /<title>/ { t = $0; sub(/.*<title>/, "", t); sub(/<\/title>.*/, "", t); if (kind == "node") print t }
    kind == "edge" && /<text/ { x = $0; sub(/.*">/, "", x); sub(/<\/text>.*/, "", x); print t " " x; kind = "" }' |
    LC_ALL=C sort > "$tmp/svg-drawn"
cmp -s "$tmp/dot-drawn" "$tmp/svg-drawn" ||
    problem "docs/architecture.svg was not drawn from docs/architecture.dot (make docs): $(diff "$tmp/dot-drawn" "$tmp/svg-drawn" | grep '^[<>]' | head -n 4 | tr '\n' ' ')"

if [ "$problems" -gt 0 ]; then
    echo "docs: $problems problems"
    exit 1
fi
echo "docs: $(wc -l < "$tmp/hacking") names in docs/HACKING.md, $(wc -l < "$tmp/readmes") folder READMEs, and docs/architecture.md's $(wc -l < "$tmp/layers") layers, counts, node size and picture agree with the tree"
