#!/bin/sh
# cli.sh: end-to-end tests of the r3 command line: help and version, exit
# statuses and one-line errors for bad usage, r3 data against the TSV files,
# and the position text through the binary. Usage: sh tests/cli.sh ./r3
R3=${1:-./r3}
passed=0
failed=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

check() { # check NAME: counts the result of the test just run ($? of a { } group)
    if [ "$2" = 0 ]; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL: $1"; fi
}

# expect STATUS STDERR-FIRST-LINE ARGS...: the exit status and the first line of stderr
expect() {
    want_status=$1; want_err=$2; shift 2
    "$R3" "$@" > "$tmp/out" 2> "$tmp/err"
    status=$?
    got_err=$(head -n 1 "$tmp/err")
    if [ "$status" = "$want_status" ] && [ "$got_err" = "$want_err" ]; then
        check "r3 $*" 0
    else
        check "r3 $* (status $status, stderr '$got_err'; wanted $want_status, '$want_err')" 1
    fi
}

help_ok=0
"$R3" --help > "$tmp/help" || help_ok=1
for word in "data TABLE" "show" "legal --position TEXT" "playout" "--games N" "--seed S" "--check" "--threads T" "--dump-at N" "--scenario YEAR" "--position TEXT" "--text" "--help" "--version"; do
    grep -q -- "$word" "$tmp/help" || { help_ok=1; echo "help lacks $word"; }
done
check "r3 --help lists every command and option" $help_ok
"$R3" -h | cmp -s - "$tmp/help"; check "r3 -h is r3 --help" $?
"$R3" --version | grep -Eq '^r3 [0-9]+\.[0-9]+\.[0-9]+ \(jemalloc 5\.[0-9.]+, xxHash 0\.[0-9.]+\)$'
check "r3 --version names r3, jemalloc and xxHash" $?

expect 2 "r3: the engine protocol is not built yet; use a command (r3 --help lists them)"
expect 2 "r3: unknown command 'frobnicate'" frobnicate
expect 2 "r3: unknown option '--frobnicate'" --frobnicate
expect 2 "r3: unknown option '-x'" -x
expect 2 "r3: unknown option '--frobnicate'" show --frobnicate
expect 2 "r3: option '--scenario' needs an argument" show --scenario
expect 2 "r3: unknown scenario '1999' (1460, 1470 or 1483)" show --scenario 1999
expect 2 "r3: unknown scenario '1460x' (1460, 1470 or 1483)" show --scenario 1460x
expect 2 "r3: show needs exactly one of --scenario YEAR and --position TEXT" show
expect 2 "r3: show: unexpected argument 'extra'" show --scenario 1460 extra
expect 2 "r3: unknown table 'area' (areas, borders, blocks, cards, scenarios, scenario_info)" data area
expect 2 "r3: data needs a TABLE: areas, borders, blocks, cards, scenarios or scenario_info" data
expect 1 "r3: bad position: column 1: expected 'scenario=', found 'garbage'" show --position garbage
"$R3" frobnicate 2>&1 | sed -n 2p | grep -qx "Try 'r3 --help' for more information."
check "bad usage points to --help" $?

for table in areas borders blocks cards scenarios scenario_info; do
    for dir in engine/data ../shared/data; do
        [ -f "$dir/$table.tsv" ] || continue
        "$R3" data "$table" > "$tmp/t"
        head -n 1 "$tmp/t" | cmp -s - "$dir/$table.tsv" -n "$(head -n 1 "$dir/$table.tsv" | wc -c)"
        header=$?
        sort "$tmp/t" > "$tmp/a"; sort "$dir/$table.tsv" > "$tmp/b"
        cmp -s "$tmp/a" "$tmp/b"; rows=$?
        check "r3 data $table matches $dir/$table.tsv" $((header + rows))
    done
done

for year in 1460 1470 1483; do
    "$R3" show --scenario $year --text > "$tmp/text"
    "$R3" show --position "$(cat "$tmp/text")" --text | cmp -s - "$tmp/text"
    check "position text of $year round-trips through r3 show" $?
    "$R3" show --position "$(cat "$tmp/text")" > "$tmp/board1"
    "$R3" show --scenario $year > "$tmp/board2"
    cmp -s "$tmp/board1" "$tmp/board2"
    check "board of $year is the same from --scenario and --position" $?
done
"$R3" show --scenario 1460 > "$tmp/board"
grep -q "King: L:Henry-VI (Lancaster)   Pretender: Y:York (York)" "$tmp/board" &&
    grep -Eq "^  Ireland .*Y:York 4/4, Y:Rutland 3/3, Y:Irish-mercenary 4/4$" "$tmp/board" &&
    grep -q "phase: deal" "$tmp/board"
check "r3 show --scenario 1460 prints the board" $?
"$R3" show --scenario 1470 | grep -A1 '^Prisoner' | grep -q 'L:Henry-VI 4/4'
check "r3 show --scenario 1470 shows Henry VI a prisoner" $?

busy=$("$R3" show --scenario 1460 --text | sed 's/crossed=-/crossed=Middlesex\/Oxford:4/;
    s/move=- battle=-/move=land\/Middlesex\/L:Henry-VI\/Leicester\/Middlesex\/1\/- battle=Essex\/2\/Y\/Y:March\/-\/0\/1\/swapped\/Rutland:1\/-/')
"$R3" show --position "$busy" > "$tmp/busy"
grep -qx "Move in progress: land from Middlesex, block L:Henry-VI, reached Leicester after 1 areas (last from Middlesex), Muster area -" "$tmp/busy" &&
    grep -qx "Battle in progress: Essex, round 2, attacker York, acting Y:March, hits to assign 1, swapped" "$tmp/busy" &&
    grep -qx "Borders crossed this turn: Middlesex-Oxford 4/4" "$tmp/busy"
check "the board shows the move, the battle and the crossings in progress" $?
"$R3" show --position "$busy" --text | grep -qx -- "$busy"
check "a position with a move and a battle round-trips through r3 show" $?

"$R3" legal --position "$("$R3" show --scenario 1460 --text)" > "$tmp/legal"
[ "$(wc -l < "$tmp/legal")" = 25 ] && [ "$(head -n 1 "$tmp/legal")" = "deal 1" ] && [ "$(tail -n 1 "$tmp/legal")" = "deal 25" ]
check "r3 legal lists the 25 possible first cards of the deal" $?
expect 2 "r3: legal needs --position TEXT" legal
expect 1 "r3: bad position: column 1: expected 'scenario=', found 'nonsense'" legal --position nonsense

# 10,000 random games across the three scenarios, every transition audited
"$R3" playout --games 10000 --check --threads 2 > "$tmp/playout"
status=$?
grep -qx "violations:  0" "$tmp/playout" && grep -qx "dead ends:   0" "$tmp/playout" && [ $status = 0 ]
check "10000 checked random games: no violation, no dead end" $?
"$R3" playout --games 300 --seed 7 | grep signature > "$tmp/sig1"
"$R3" playout --games 300 --seed 7 --threads 2 | grep signature > "$tmp/sig2"
"$R3" playout --games 300 --seed 8 | grep signature > "$tmp/sig3"
cmp -s "$tmp/sig1" "$tmp/sig2" && ! cmp -s "$tmp/sig1" "$tmp/sig3"
check "the playout signature depends on the seed, not on the threads" $?
"$R3" playout --scenario 1470 --games 3 --dump-at 60 > "$tmp/dumps"
dumps_ok=0
[ "$(wc -l < "$tmp/dumps")" = 3 ] || dumps_ok=1
while read -r line; do
    [ "$("$R3" show --position "$line" --text)" = "$line" ] || dumps_ok=1
done < "$tmp/dumps"
check "playout --dump-at prints positions that parse back" $dumps_ok
expect 2 "r3: --games needs a whole number from 1 to 1000000000, not '0'" playout --games 0
expect 2 "r3: --threads needs a whole number from 1 to 64, not 'many'" playout --threads many
expect 2 "r3: unknown scenario '1066' (1460, 1470, 1483 or all)" playout --scenario 1066

echo "cli: $passed passed, $failed failed"
[ "$failed" = 0 ]
