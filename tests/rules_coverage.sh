#!/bin/sh
# rules_coverage.sh: checks docs/rules-coverage.md, the table of the rulebook's
# sections and the tests that cover them. Every section of
# tests/rulebook-sections.tsv must have its row there, and every row a section;
# every test the document names must exist (a cmocka test defined in its file
# and registered in its main(), or a check of a shell test); and where the
# rulebook's text is beside the repository, its numbered headings and the
# section numbers of its index must all be in the list. Prints one line per
# problem, then a summary; exits 1 on any problem. Usage: sh tests/rules_coverage.sh
cd "$(dirname "$0")/.." || exit 1
list=tests/rulebook-sections.tsv
table=docs/rules-coverage.md
rulebook=../shared/rules/regeln-de.txt
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
: > "$tmp/problems"

problem() { echo "$*" >> "$tmp/problems"; }

# "section<TAB>title" of each section in the list
grep -v '^#' "$list" | cut -f1,2 > "$tmp/sections"
# "section<TAB>title<TAB>tests" of each row of the table (its first cell a number)
awk -F'|' '$2 ~ /^ [0-9][0-9.]* $/ {
    for (i = 2; i <= 5; i++) gsub(/^ +| +$/, "", $i)
    print $2 "\t" $3 "\t" $5
}' "$table" > "$tmp/rows"

# missing A B MESSAGE: a problem for each "section<TAB>title" of file A that file B lacks
missing() {
    awk -F'\t' -v why="$3" 'NR == FNR { have[$1 FS $2] = 1; next }
        !(($1 FS $2) in have) { print $1 " " $2 ": " why }' "$2" "$1" >> "$tmp/problems"
}
missing "$tmp/sections" "$tmp/rows" "no row in $table"
missing "$tmp/rows" "$tmp/sections" "a row of $table that is not in $list"
cut -f1,2 "$tmp/rows" | sort | uniq -d | while IFS='	' read -r section title; do
    problem "$section $title: two rows in $table"
done

# Every `FILE:NAME` of the document's tables: a cmocka test, or a shell check.
grep '^|' "$table" | awk '{
    line = $0
    while (match(line, /`[^`]*`/)) {
        print substr(line, RSTART + 1, RLENGTH - 2)
        line = substr(line, RSTART + RLENGTH)
    }
}' | sort -u > "$tmp/refs"
while IFS= read -r ref; do
    file=${ref%%:*} name=${ref#*:}
    if [ "$file" = "$ref" ] || [ ! -f "$file" ]; then
        problem "$ref: no such test file (write FILE:NAME)"
        continue
    fi
    case $file in
    *.c)
        grep -q "^static void $name(void \*\*state)" "$file" &&
            grep -q "cmocka_unit_test($name)" "$file" ||
            problem "$ref: no cmocka test of that name registered in $file" ;;
    *.sh)
        # a check's name may be cut short, but not to nothing that anything would match
        if [ ${#name} -lt 20 ]; then
            problem "$ref: give at least 20 characters of the check's name"
        else
            grep -qF -- "check \"$name" "$file" || problem "$ref: no check of that name in $file"
        fi ;;
    *) problem "$ref: not a .c or .sh test file" ;;
    esac
done < "$tmp/refs"

# The rulebook's numbered headings and its index's section numbers.
if [ ! -f "$rulebook" ]; then
    echo "rules coverage: $rulebook is not beside the repository; the list is not compared with it"
else
    grep -E '^[0-9]+\.[0-9]+(\.[0-9]+)? [^ ]' "$rulebook" | sed 's/ /	/' > "$tmp/headings"
    missing "$tmp/headings" "$tmp/sections" "a heading of the rulebook missing from $list"
    grep -E '^[0-9]+\.' "$tmp/sections" > "$tmp/numbered"
    missing "$tmp/numbered" "$tmp/headings" "in $list but no heading of the rulebook"
    grep -v '^#' "$list" | awk -F'\t' '{ print $1; n = split($3, a, ","); for (i = 1; i <= n; i++) if (a[i] != "-") print a[i] }' \
        > "$tmp/known"
    awk '/^INHALTSVERZEICHNIS/ { on = 1; next } on && /^RICHARD III$/ { exit } on {
        line = $0
        while (match(line, /[0-9]+\.[0-9]+(\.[0-9]+)?/)) {
            print substr(line, RSTART, RLENGTH)
            line = substr(line, RSTART + RLENGTH)
        }
    }' "$rulebook" | sort -u > "$tmp/index"
    awk 'NR == FNR { known[$1] = 1; next } !($1 in known) { print $1 ": named in the rulebook'"'"'s index, missing from '"$list"'" }' \
        "$tmp/known" "$tmp/index" >> "$tmp/problems"
fi

cat "$tmp/problems"
sections=$(wc -l < "$tmp/sections")
covered=$(awk -F'\t' 'NR == FNR { listed[$1 FS $2] = 1; next } (($1 FS $2) in listed) && $3 ~ /`/' \
    "$tmp/sections" "$tmp/rows" | wc -l)
echo "rules coverage: $((sections)) sections, $((covered)) covered, $((sections - covered)) not covered"
[ ! -s "$tmp/problems" ]
