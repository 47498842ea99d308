#!/bin/sh
# cli.sh: end-to-end tests of the r3 command line: help and version, exit
# statuses and one-line errors for bad usage, r3 data against the TSV files,
# the position text through the binary, and decisions applied by r3 apply. Usage: sh tests/cli.sh ./r3
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

# reject STATUS STDERR-FIRST-LINE ARGS...: like expect, and nothing on stdout
reject() {
    want_status=$1; want_err=$2; shift 2
    "$R3" "$@" > "$tmp/out" 2> "$tmp/err"
    status=$?
    got_err=$(head -n 1 "$tmp/err")
    if [ "$status" = "$want_status" ] && [ "$got_err" = "$want_err" ] && [ ! -s "$tmp/out" ]; then
        check "r3 $*" 0
    else
        check "r3 $* (status $status, stderr '$got_err', $(wc -c < "$tmp/out") bytes out; wanted $want_status, '$want_err', none)" 1
    fi
}
help_ok=0
"$R3" --help > "$tmp/help" || help_ok=1
for word in "data TABLE" "show" "legal --scenario YEAR | --position TEXT" "apply DECISION..." "Options of apply:" "--board" "playout" "--games N" "--seed S" "--check" "--threads T" "--dump-at N" "--policy random|heuristic" "--scenario YEAR" "--position TEXT" "--text" "--help" "--version" "cheat READS THE TRUE WORLD"; do
    grep -q -- "$word" "$tmp/help" || { help_ok=1; echo "help lacks $word"; }
done
check "r3 --help lists every command and option" $help_ok
"$R3" -h | cmp -s - "$tmp/help"; check "r3 -h is r3 --help" $?
"$R3" tune eval --help > "$tmp/help-tune" && grep -q -- "--lambda L" "$tmp/help-tune" && ! grep -q "Options of show" "$tmp/help-tune" && ! grep -q -- "--record-visits" "$tmp/help-tune"
check "r3 tune eval --help prints the options of tune eval alone" $?
"$R3" show --scenario 1460 -h > "$tmp/help-show" && grep -q -- "--svg" "$tmp/help-show" && ! grep -q "Options of match" "$tmp/help-show"
check "r3 show ... -h prints the options of show, and shows no board" $?
"$R3" sample --help | grep -q -- "--speed"; check "r3 sample --help finds the section it shares with observe" $?
# A sanitizer's build runs on the sanitizer's allocator: R3_ALLOCATOR=none says so.
"$R3" --version | grep -Eq "^r3 [0-9]+\.[0-9]+\.[0-9]+ \(jemalloc ${R3_ALLOCATOR:-5\.[0-9.]+}, xxHash 0\.[0-9.]+\)\$"
check "r3 --version names r3, jemalloc and xxHash" $?

printf 'isready\n' | "$R3" > "$tmp/out" 2> "$tmp/err"
[ $? = 0 ] && [ "$(cat "$tmp/out")" = readyok ] && [ ! -s "$tmp/err" ]
check "r3 with no command speaks the protocol (isready -> readyok, exit 0 at EOF)" $?
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

# The 1460 start, its cards dealt and shown: Lancaster moving in the action phase (Henry VI
# on his way, in Leicester after one area), and a battle in Essex in the battle phase.
shown=$("$R3" show --scenario 1460 --text | sed 's/player1=- ap=0/player1=L ap=3/;
    s/hand-Y=- hand-L=- deck=1-25 played-Y=- played-L=-/hand-Y=1-6 hand-L=7-12 deck=15-25 played-Y=13 played-L=14/')
moving=$(echo "$shown" | sed 's/phase=deal step=0/phase=action step=0/; s/crossed=-/crossed=Middlesex\/Oxford:4/;
    s/ Middlesex=L:Henry-VI4 / Leicester=L:Henry-VI4 /; s/move=- /move=land\/Middlesex\/L:Henry-VI\/Leicester\/Middlesex\/1\/- /')
fighting=$(echo "$shown" | sed 's/phase=deal step=0/phase=battle step=4/; s/player1=L/player1=Y/; s/Calais=Y:March3,/Calais=/;
    s/Essex=L:Oxford3/Essex=Y:March3,L:Oxford3/; s/battle=-/battle=Essex\/2\/Y\/Y:March\/-\/0\/1\/swapped\/Rutland:1\/-/')
"$R3" show --position "$moving" > "$tmp/busy" && "$R3" show --position "$fighting" >> "$tmp/busy"
grep -qx "Move in progress: land from Middlesex, block L:Henry-VI, reached Leicester after 1 areas (last from Middlesex), Muster area -" "$tmp/busy" &&
    grep -qx "Battle in progress: Essex, round 2, attacker York, acting Y:March, hits to assign 1, swapped" "$tmp/busy" &&
    grep -qx "Borders crossed this turn: Middlesex-Oxford 4/4" "$tmp/busy"
check "the board shows the move, the battle and the crossings in progress" $?
"$R3" show --position "$moving" --text | grep -qx -- "$moving" && "$R3" show --position "$fighting" --text | grep -qx -- "$fighting"
check "positions with a move and with a battle round-trip through r3 show" $?

# Impossible positions are refused before any rule looks at them, naming what is wrong.
start=$("$R3" show --scenario 1460 --text)
impossible() { # impossible SED EXPECTED: the start edited by SED, refused by r3 legal with EXPECTED
    "$R3" legal --position "$(echo "$start" | sed "$1")" > "$tmp/out" 2> "$tmp/err"
    [ $? = 1 ] && [ ! -s "$tmp/out" ] && grep -q -e "$2" "$tmp/err"
    check "r3 legal refuses an impossible position ($1): $(cat "$tmp/err")" $?
}
impossible 's/phase=deal step=0/phase=battle step=1/' 'cannot arise in play: player1: the battle phase needs Player 1'
impossible 's/phase=deal step=0/phase=action step=0/' 'cannot arise in play: player1: the action phase needs Player 1'
impossible 's/phase=deal step=0/phase=deal step=3/' "cannot arise in play: step: 3 is past the deal phase's steps"
impossible 's/turn=1 phase=deal/turn=4 phase=deal/' 'cannot arise in play: turn: the deal phase comes only in'
impossible 's/Essex=L:Oxford3/Essex=L:Oxford3,Y:Essex3/; s/pool=Y:Essex3,/pool=/' 'cannot arise in play: .*contested'
impossible 's/deck=1-25/deck=1-20/' 'cannot arise in play: 20 cards held and 0 discarded'
"$R3" legal --position "$fighting" | grep -q '^hit '
check "a battle position that can arise is read and its hits listed" $?

# A block on its way that has reached no area: asking the rules where it may go next read
# the neighbours of area '-', past the end of the map's table, and the plain build went
# on. Refused before any rule is asked: status 1, nothing on stdout, and one line naming
# the field (under UBSan the old reading also exited 1, with the sanitizer's report).
stray=$(echo "$moving" | sed 's#move=[^ ]*#move=land/Middlesex/Y:York/-/-/3/-#')
"$R3" show --position "$stray" > "$tmp/out" 2> "$tmp/err"
status=$?
[ $status = 1 ] && [ ! -s "$tmp/out" ] && [ "$(wc -l < "$tmp/err")" = 1 ] &&
    grep -qx "r3: bad position: the position cannot arise in play: move: Y:York is on its way in a land move, but the move names no area it has reached" "$tmp/err"
check "r3 show refuses a block on its way with no area reached (status $status): $(cat "$tmp/err")" $?

# r3 alone: on a terminal (script(1) gives it one) a person is told what it waits for;
# on a pipe, as a GUI starts it, not a byte before the handshake.
(sleep 0.5; printf 'quit\n') | script -qc "$R3" /dev/null > "$tmp/tty" 2>&1
grep -q "^r3: speaking the engine protocol on stdin (docs/protocol.md): type 'r3p' to begin" "$tmp/tty" &&
    [ "$(echo quit | "$R3" 2>&1 | wc -c)" = 0 ]
check "r3 alone on a terminal says it speaks the engine protocol; on a pipe it says nothing" $?

"$R3" legal --position "$("$R3" show --scenario 1460 --text)" > "$tmp/legal"
[ "$(wc -l < "$tmp/legal")" = 25 ] && [ "$(head -n 1 "$tmp/legal")" = "deal 1" ] && [ "$(tail -n 1 "$tmp/legal")" = "deal 25" ]
check "r3 legal lists the 25 possible first cards of the deal" $?
"$R3" legal --scenario 1460 | cmp -s - "$tmp/legal"
check "r3 legal --scenario 1460 takes the scenario as show does: the same 25 deals" $?
expect 2 "r3: legal needs exactly one of --scenario YEAR and --position TEXT" legal
expect 2 "r3: legal needs exactly one of --scenario YEAR and --position TEXT" legal --scenario 1460 --position x
expect 1 "r3: bad position: column 1: expected 'scenario=', found 'nonsense'" legal --position nonsense

# r3 apply: the deal of 1460 (chance), York keeps (Lancaster's hand is over AP13,
# so not asked), the cards, and York's first action, a recruit
start=$("$R3" show --scenario 1460 --text)
set --
for card in 1 2 3 4 5 6 7 8 9 10 11 12 13 14; do set -- "$@" "deal $card"; done
set -- "$@" keep "play 7" "play 14" "recruit Y:Herbert" "at Glamorgan"
"$R3" apply --scenario 1460 "$@" > "$tmp/applied"; status=$?
[ $status = 0 ] && [ "$(wc -l < "$tmp/applied")" = 1 ] &&
    grep -q ' phase=action .* ap=3 .* hand-Y=1-6 hand-L=8-13 deck=15-25 played-Y=7 played-L=14 ' "$tmp/applied" &&
    grep -q ' Glamorgan=Y:Herbert3' "$tmp/applied"
check "r3 apply plays 19 decisions from the 1460 start: the deal, keep, the cards, a recruit" $?
chain=$start chain_ok=0
for d in "$@"; do
    chain=$("$R3" apply --position "$chain" "$d") || chain_ok=1
done
[ $chain_ok = 0 ] && [ "$chain" = "$(cat "$tmp/applied")" ]
check "r3 apply of 19 decisions at once is r3 apply of one at a time, chained" $?
"$R3" apply --position "$start" "$@" | cmp -s - "$tmp/applied"
check "r3 apply from --position is r3 apply from --scenario" $?
[ "$("$R3" apply --scenario 1460)" = "$start" ]
check "r3 apply with no decision prints the position unchanged" $?
"$R3" apply --scenario 1460 --board "$@" > "$tmp/board-a"
"$R3" show --position "$(cat "$tmp/applied")" | cmp -s - "$tmp/board-a" && grep -q "phase: action" "$tmp/board-a" &&
    grep -Eq '^Hash: [0-9a-f]{16}$' "$tmp/board-a"
check "r3 apply --board prints the board r3 show prints of the result" $?
"$R3" apply --scenario 1460 "deal 1" "deal 2" --board | grep -q "phase: deal"
check "r3 apply takes options after the decisions" $?
reject 1 "r3: apply: decision 2: 'deal 1' is not legal here; r3 legal lists the 24 legal decisions" \
    apply --scenario 1460 "deal 1" "deal 1" "deal 2"
reject 1 "r3: apply: decision 20: 'keep' is not legal here; r3 legal lists the 11 legal decisions" \
    apply --scenario 1460 --board "$@" keep
reject 1 "r3: apply: decision 1: 'shuffle' is not legal here; r3 legal lists the 25 legal decisions" \
    apply --scenario 1460 shuffle
reject 1 "r3: apply: decision 1: 'deal 0' is not legal here; r3 legal lists the 25 legal decisions" \
    apply --scenario 1460 "deal 0"
reject 1 "r3: apply: decision 2: '--board' is not legal here; r3 legal lists the 24 legal decisions" \
    apply --scenario 1460 -- "deal 1" --board
over=$("$R3" playout --scenario 1460 --games 1 --dump-at 1000000000)
case $over in *" phase=over "*) over_ok=0 ;; *) over_ok=1 ;; esac
check "a random playout of 1460 ends in a finished game" $over_ok
reject 1 "r3: apply: decision 1: 'deal 1': the game is over, no decision is due" apply --position "$over" "deal 1"
# The rulebook's example of 6.4 through the command line: Lancaster's Stanley
# (B2, strength 3) has attacked March (3), Herbert (3) and Worcester (2) in
# Chester. He rolls 1, 2 and 5: two hits, one volley. York chooses once
# between his two 3s, and Herbert takes both hits; a hit on the weaker
# Worcester is refused.
stanley="scenario=1460 campaign=1 turn=1 phase=action step=1 king=L:Henry-VI pretender=Y:York pretender-side=Y"
stanley="$stanley player1=L ap=2 winner=- flags=- hand-Y=1-6 hand-L=7-12 deck=14-19,21-25 played-Y=20 played-L=13"
stanley="$stanley minors-due-Y=0 minors-due-L=0 Ireland=Y:York4 Chester=Y:March3,Y:Herbert3,Y:Worcester2,L:Stanley3m"
stanley="$stanley Lincoln=L:Henry-VI4 POOL other-side=Y:Buckingham4,Y:Exeter3,Y:Rivers2,Y:Northumberland4"
stanley="$stanley,Y:Shrewsbury3,Y:Stanley4,Y:Westmoreland3,Y:York-church3,L:Canterbury-church3,L:Warwick4,L:Kent3"
stanley="$stanley,L:Salisbury3,L:Clarence3 crossed=- entered-Y=- entered-L=Lancaster>Chester main=Chester/Lancaster"
stanley="$stanley acted=- move=- battle=- hidden=- strength=-"
pool="pool=Y:Rutland3,Y:Essex3,Y:Hastings3,Y:Suffolk3,Y:Norfolk4,Y:Arundel3,Y:Warwick4,Y:Kent3,Y:Salisbury3"
pool="$pool,Y:London-levy4,Y:Norwich-levy4,Y:Salisbury-levy4,Y:Bombard3,Y:Canterbury-church3,Y:Irish-mercenary4"
pool="$pool,Y:Burgundian-mercenary3,Y:Calais-mercenary3,R:Rebel4,L:Scots-mercenary4,L:Welsh-mercenary3"
pool="$pool,L:French-mercenary4,L:York-church3,L:Bombard3,L:Coventry-levy4,L:Bristol-levy4,L:Newcastle-levy4"
pool="$pool,L:Westmoreland3,L:Northumberland4,L:Shrewsbury3,L:York-levy4,L:Oxford3,L:Pembroke3,L:Devon2"
pool="$pool,L:Beaumont3,L:Buckingham4,L:Rivers2,L:Exeter3,L:Somerset3,L:Clifford3,L:Wiltshire3"
pool="$pool minor=Y:Clarence3,Y:Gloucester3,L:Prince-Edward3,L:Richmond3"
stanley=$(printf '%s' "$stanley" | sed "s/POOL/$pool/")
set -- pass "pass Y:March" "pass Y:Herbert" "pass Y:Worcester" "fire L:Stanley" "roll 1" "roll 2" "roll 5"
"$R3" legal --position "$("$R3" apply --position "$stanley" "$@")" > "$tmp/tie"
printf 'hit Y:March\nhit Y:Herbert\n' | cmp -s - "$tmp/tie"
check "6.4 by r3 apply: two hits from Stanley's 1, 2, 5; York chooses between March and Herbert (3 each)" $?
"$R3" apply --position "$stanley" "$@" "hit Y:Herbert" > "$tmp/volley"
grep -q ' Chester=Y:March3r,Y:Herbert1r,Y:Worcester2r,L:Stanley3mr ' "$tmp/volley" &&
    grep -q ' battle=Chester/2/' "$tmp/volley"
check "6.4 by r3 apply: the chosen Herbert takes the whole volley (3 -> 1), March stays at 3, round 2 begins" $?
reject 1 "r3: apply: decision 9: 'hit Y:Worcester' is not legal here; r3 legal lists the 2 legal decisions" \
    apply --position "$stanley" "$@" "hit Y:Worcester"
reject 1 "r3: apply: decision 2: a decision is one line of printable text, and this one holds a control character" \
    apply --scenario 1460 "deal 1" "$(printf 'deal 2\nroll 1')"
reject 2 "r3: apply needs exactly one of --position TEXT and --scenario YEAR" apply "deal 1"
reject 2 "r3: apply needs exactly one of --position TEXT and --scenario YEAR" apply --scenario 1460 --position "$start"
reject 2 "r3: unknown option '--text'" apply --scenario 1460 --text "deal 1"
reject 2 "r3: option '--position' needs an argument" apply --position
reject 2 "r3: unknown scenario '1999' (1460, 1470 or 1483)" apply --scenario 1999 "deal 1"
reject 1 "r3: bad position: column 1: expected 'scenario=', found 'garbage'" apply --position garbage "deal 1"

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
# the search's heuristic playout policy (search/policy.c) plays legal games too
"$R3" playout --games 2000 --check --policy heuristic > "$tmp/playout"
status=$?
grep -q "heuristic policy" "$tmp/playout" && grep -qx "violations:  0" "$tmp/playout" &&
    grep -qx "dead ends:   0" "$tmp/playout" && [ $status = 0 ]
check "2000 checked games by the heuristic playout policy: no violation, no dead end" $?
expect 2 "r3: unknown policy 'clever' (random or heuristic)" playout --policy clever

# observe, infokey and sample: one side's knowledge of a position
"$R3" infokey --scenario 1460 --side york > "$tmp/key-y"; status_y=$?
"$R3" infokey --scenario 1460 --side lancaster > "$tmp/key-l"; status_l=$?
[ $status_y = 0 ] && [ "$(wc -l < "$tmp/key-y")" = 1 ] && grep -Eqx '[0-9a-f]{16}' "$tmp/key-y"
check "r3 infokey --scenario 1460 --side york prints one 16-hex-digit key" $?
[ $status_l = 0 ] && [ "$(wc -l < "$tmp/key-l")" = 1 ] && grep -Eqx '[0-9a-f]{16}' "$tmp/key-l"
check "r3 infokey --scenario 1460 --side lancaster prints one 16-hex-digit key" $?
! cmp -s "$tmp/key-y" "$tmp/key-l"
check "York's and Lancaster's keys of the 1460 setup differ" $?

"$R3" observe --scenario 1460 --side lancaster > "$tmp/observe"; status=$?
[ $status = 0 ] && grep -q "Lancaster's view" "$tmp/observe" &&
    [ "$(sed -n 's/^Information-set key: //p' "$tmp/observe")" = "$(cat "$tmp/key-l")" ]
check "r3 observe --side lancaster shows Lancaster's view and its r3 infokey key" $?
"$R3" observe --scenario 1460 --side york | grep -q "^York's view"
check "r3 observe --side york shows York's view" $?

# a mid-game position where York cannot tell some face-down Lancaster blocks apart
mid=
for depth in 300 400 500 600; do
    mid=$("$R3" playout --scenario 1460 --games 5 --seed 3 --dump-at $depth | grep -E ' hidden=[^ ]*\+L:' | head -n 1)
    [ -n "$mid" ] && break
done
[ -n "$mid" ]
check "a random playout reaches a position with hidden pieces" $?
"$R3" observe --position "$mid" --side york | sed -n 's/^Information-set key: //p' > "$tmp/okey"
"$R3" infokey --position "$mid" --side york | cmp -s - "$tmp/okey" && grep -Eqx '[0-9a-f]{16}' "$tmp/okey"
check "mid-game: the key r3 observe prints is r3 infokey's" $?
# A side knows its own blocks' strengths, whatever the enemy knows of them: the
# ranges are the enemy's (Lancaster's view of York's blocks in Calais here).
calais=$("$R3" playout --games 1 --seed 2 --dump-at 300 | tail -n 1)
"$R3" observe --position "$calais" --side york | grep Calais > "$tmp/own"
"$R3" observe --position "$calais" --side lancaster | grep Calais > "$tmp/enemy"
grep -q ' Y:March1 ' "$tmp/own" && ! grep -q '(' "$tmp/own" && grep -q ' Y:March(1-3) ' "$tmp/enemy" &&
    "$R3" show --position "$calais" | grep -q 'Y:March 1/3'
check "observe: York's own blocks at their strength (Y:March1), Lancaster's view of them a range" $?
for side in york lancaster; do
    "$R3" sample --position "$mid" --side $side --count 5 --seed 7 > "$tmp/worlds-$side"; status=$?
    [ $status = 0 ] && [ "$(wc -l < "$tmp/worlds-$side")" = 5 ]
    check "r3 sample --count 5 --side $side prints 5 lines" $?
    want=$("$R3" infokey --position "$mid" --side $side)
    keys_ok=0 shows_ok=0
    while read -r world; do
        [ "$("$R3" infokey --position "$world" --side $side)" = "$want" ] || keys_ok=1
        "$R3" show --position "$world" > /dev/null 2>&1 || shows_ok=1
    done < "$tmp/worlds-$side"
    check "every world sampled for $side has the true position's $side key" $keys_ok
    check "every world sampled for $side is a position r3 show accepts" $shows_ok
done
"$R3" sample --position "$mid" --side york --count 5 --seed 7 | cmp -s - "$tmp/worlds-york"
check "r3 sample with the same seed prints the same worlds" $?
"$R3" sample --position "$mid" --side york --count 5 --seed 8 > "$tmp/worlds-seed8"
! cmp -s "$tmp/worlds-seed8" "$tmp/worlds-york" && [ "$(wc -l < "$tmp/worlds-seed8")" = 5 ]
check "r3 sample with another seed draws other worlds" $?
[ "$("$R3" sample --position "$mid" --side york | wc -l)" = 1 ]
check "r3 sample draws one world by default" $?
"$R3" sample --speed --count 20000 --position "$mid" --side york > "$tmp/speed"; status=$?
[ $status = 0 ] && grep -Eq '^samples/s: +[0-9]+$' "$tmp/speed" && grep -Eq '^samples: +20000$' "$tmp/speed"
check "r3 sample --speed reports samples/s" $?

reject 2 "r3: infokey needs --side york|lancaster" infokey --scenario 1460
reject 2 "r3: unknown side 'purple' (york or lancaster)" sample --scenario 1460 --side purple
reject 2 "r3: option '--side' needs an argument" observe --scenario 1460 --side
reject 2 "r3: observe needs exactly one of --position TEXT and --scenario YEAR" observe --scenario 1460 --position "$mid" --side york
reject 2 "r3: sample needs exactly one of --position TEXT and --scenario YEAR" sample --side york
reject 1 "r3: bad position: column 1: expected 'scenario=', found 'garbage'" observe --position garbage --side york
reject 1 "r3: bad position: column 1: expected 'scenario=', found 'garbage'" infokey --position garbage --side lancaster
reject 2 "r3: --count needs a whole number from 1 to 1000000000, not '0'" sample --scenario 1460 --side york --count 0
reject 2 "r3: --seed needs a whole number from 0 to 9223372036854775807, not 'x'" sample --scenario 1460 --side york --seed x
reject 2 "r3: unknown option '--speed'" infokey --scenario 1460 --side york --speed
reject 2 "r3: unknown scenario '1999' (1460, 1470 or 1483)" observe --scenario 1999 --side york

# r3 bench: its node count is the search's signature, the same on every run.
"$R3" bench --iterations 200 > "$tmp/bench1"
"$R3" bench --iterations 200 > "$tmp/bench2"
signature=$(sed -n 's/^Nodes searched: //p' "$tmp/bench1")
[ -n "$signature" ] && [ "$signature" -gt 0 ] && [ "$signature" = "$(sed -n 's/^Nodes searched: //p' "$tmp/bench2")" ] &&
    grep -Eq '^Nodes/second: [0-9]+$' "$tmp/bench1" && grep -q '^Iterations: 2400$' "$tmp/bench1" &&
    grep -Eq '^Iterations/second: [0-9]+$' "$tmp/bench1" && [ "$(grep -c '^Position ' "$tmp/bench1")" -ge 12 ]
check "r3 bench twice: the same signature, Nodes searched: $signature" $?
"$R3" bench --iterations 100 --seed 2 | grep -q "^Nodes searched: $signature$"
[ $? != 0 ]
check "r3 bench with another seed or budget searches other nodes" $?
reject 2 "r3: --iterations needs a whole number from 1 to 100000000, not '0'" bench --iterations 0
reject 2 "r3: bench: unexpected argument 'fast' (engine options are option.NAME=VALUE)" bench fast
reject 2 "r3: bench: Prior needs a whole number 0..1000, not 'wide'" bench option.Prior=wide
# The engine's options change the search, and its defaults are the bench's: UCB1
# (Prior 0) searches other nodes, and naming the default changes nothing.
"$R3" bench --iterations 200 option.Prior=50 | grep -q "^Nodes searched: $signature$" &&
    ! "$R3" bench --iterations 200 option.Prior=0 | grep -q "^Nodes searched: $signature$"
check "r3 bench option.NAME=VALUE searches with the engine's option" $?
"$R3" bench --iterations 200 --policy heuristic | grep -q "^Nodes searched: $signature$" &&
    ! "$R3" bench --iterations 200 --policy random | grep -q "^Nodes searched: $signature$"
check "r3 bench plays out by the heuristic policy unless --policy random" $?
reject 2 "r3: unknown policy 'clever' (random or heuristic)" bench --policy clever

# r3 quality-card: the peeker's score shown and not shown r3's card, by
# scenario, by peeker and in all; the same report whatever --concurrency.
"$R3" quality-card --games 6 --iterations 8 --seed 2 > "$tmp/card1" 2> /dev/null &&
    "$R3" quality-card --games 6 --iterations 8 --seed 2 --concurrency 2 > "$tmp/card2" 2> /dev/null
ok=$?
for row in 1460 1470 1483 "york peeks" "lancaster peeks" all; do
    grep -Eq "^$row +2|^$row +3|^$row +6" "$tmp/card1" || ok=1
done
grep -Eq '^all +6 +[0-9]+ +[01]\.[0-9]{3} +[01]\.[0-9]{3} +[-+][01]\.[0-9]{3} +[01]\.[0-9]{3}$' "$tmp/card1" &&
    cmp -s "$tmp/card1" "$tmp/card2"
[ $? = 0 ] && [ $ok = 0 ]
check "r3 quality-card: a row for each scenario, peeker and all, the same with --concurrency 2" $?
reject 2 "r3: quality-card: unknown scenario '1999' (1460, 1470, 1483 or all)" quality-card --scenario 1999
reject 2 "r3: quality-card: the peek is the ismcts player's (option.Player=ismcts)" quality-card option.Player=greedy
reject 2 "r3: --games needs a whole number from 1 to 1000000, not '0'" quality-card --games 0
"$R3" quality-card --games 3 --iterations 8 --show card option.MixedCard=true 2> /dev/null |
    grep -q '^r3 quality-card: 3 game pairs, seed 1, engine options: Iterations 8 option.MixedCard=true; shown: the card$'
check "r3 quality-card --show card with MixedCard: the peeker shown the card drawn" $?
reject 2 "r3: quality-card: --show 'hand' is neither strategy nor card" quality-card --show hand

echo "cli: $passed passed, $failed failed"
[ "$failed" = 0 ]
