#!/bin/sh
# spsa.sh: r3 tune spsa (docs/tuning.md) through the real binary. SPSA finds
# the hidden optimum of a stub engine (tests/engines/spsa_stub.sh), holds a
# parameter at its bound, resumes a killed run to the same end as a whole one,
# refuses a resume from files that a run did not write as they are (params.tsv
# or results.tsv spoiled, a FIFO, /dev/zero) with the directory unchanged, but
# drops a last game line cut short by a crash, tunes an evaluation weight into
# a file the engine loads, and refuses every bad input before a game is played
# or DIR is made. Usage: sh tests/spsa.sh ./r3
R3=${1:-./r3}
. "$(dirname "$0")/lib.sh"
stub="bash $(dirname "$0")/engines/spsa_stub.sh $R3"

# ---- the stub's optimum: X=70, Y=30, found from X=10, Y=90 in 160 games ----
"$R3" tune spsa --engine cmd="$stub" name=stub --param X=10,0,100,10,0.6 --param Y=90,0,100,10,0.6 \
    --iterations 40 --pairs-per-iteration 2 --scenario 1460 --seed 1 --concurrency 2 --out "$tmp/stub" \
    > "$tmp/out" 2> "$tmp/err"
status=$?
final=$(tail -n 1 "$tmp/stub/params.tsv")
x=$(echo "$final" | cut -f5) y=$(echo "$final" | cut -f6)
[ $status = 0 ] && awk -v x="$x" -v y="$y" 'BEGIN { exit !(x > 55 && x < 85 && y > 15 && y < 45) }' &&
    [ "$(grep -vc '^#' "$tmp/stub/params.tsv")" = 41 ] && [ "$(grep -vc '^#' "$tmp/stub/results.tsv")" = 160 ] &&
    grep -q "^setoption name X value $(printf '%.0f' "$x")$" "$tmp/stub/tuned.txt"
check "the stub's optimum (70, 30) from (10, 90) in 40 iterations of 2 pairs: X $x, Y $y" $?
xmllint --noout "$tmp/stub/spsa-X.svg" "$tmp/stub/spsa-Y.svg" && grep -q 'X by iteration' "$tmp/stub/spsa-X.svg"
check "a plot of each parameter's path, valid SVG" $?
grep -q '^spsa: iteration 40/40: plus [0-9]*, minus [0-9]*, draws [0-9]*; [0-9.]* games/s; X ' "$tmp/err" &&
    grep -q 'spsa: iteration 1/40: .* left; X ' "$tmp/err"
check "progress on stderr: the iteration, the games, games/s, the time left, theta" $?

# ---- a bound holds: the optimum of X lies above MAX 40 ----
"$R3" tune spsa --engine cmd="$stub" name=stub --param X=30,0,40,10,0.6 --iterations 12 --pairs-per-iteration 2 \
    --scenario 1460 --seed 1 --concurrency 2 --out "$tmp/bound" > /dev/null 2>&1
highest=$(grep -v '^#' "$tmp/bound/params.tsv" | cut -f5 | sort -g | tail -n 1)
[ "$highest" = 40 ] && grep -q '^setoption name X value 40$' "$tmp/bound/tuned.txt"
check "theta is clamped to MAX (40) when the results push past it, and the option sent is rounded: $highest" $?

# ---- resume: a run killed in its fourth iteration ends as a whole run does ----
set -- tune spsa --engine cmd="$R3" name=r3 option.Iterations=30 option.PlayoutTurns=1 \
    --param Exploration=20,0,200,10,0.5 --param Widening=30,0,100,5,0.5 --iterations 10 --pairs-per-iteration 2 \
    --scenario 1483 --seed 3 --concurrency 2
"$R3" "$@" --out "$tmp/whole" > /dev/null 2>&1
"$R3" "$@" --out "$tmp/killed" > /dev/null 2>&1 &
pid=$!
rows() { awk '!/^#/' "$tmp/killed/params.tsv" 2> /dev/null | wc -l; }
until [ "$(rows)" -ge 4 ]; do sleep 0.02; done
kill -9 $pid; wait $pid 2> /dev/null
rows=$(rows)
"$R3" "$@" --out "$tmp/killed" --resume > /dev/null 2> "$tmp/err"
# results.tsv lists each iteration's games as they finished, two at a time: compare them in order.
cmp -s "$tmp/whole/params.tsv" "$tmp/killed/params.tsv" && cmp -s "$tmp/whole/tuned.txt" "$tmp/killed/tuned.txt" &&
    [ "$(sort -n "$tmp/whole/results.tsv")" = "$(sort -n "$tmp/killed/results.tsv")" ] && grep -q '^spsa: resuming ' "$tmp/err" && [ "$rows" -lt 11 ]
check "killed after $((rows - 1)) iterations and resumed: params.tsv, results.tsv and tuned.txt as a whole run's" $?

# ---- resume reads params.tsv and results.tsv back strictly: a spoiled copy of the whole run is refused ----
tree() { # tree DIR: every name in DIR and the checksum of every regular file, to see that a refusal changed nothing
    (cd "$1" && find . | sort && find . -type f -exec cksum {} + | sort)
}
spoil() { # spoil WHAT FILE MESSAGE EDIT ARGS...: the whole run's FILE ($f) changed by the command EDIT, resumed with ARGS
    what=$1 file=$2 message=$3 edit=$4
    shift 4
    rm -rf "$tmp/spoilt" && cp -r "$tmp/whole" "$tmp/spoilt"
    f="$tmp/spoilt/$file"
    eval "$edit"
    before=$(tree "$tmp/spoilt")
    timeout 10 "$R3" "$@" --out "$tmp/spoilt" --resume > /dev/null 2> "$tmp/err"
    status=$?
    [ $status = 1 ] && grep -q -e "$message" "$tmp/err" && [ "$(grep -c . "$tmp/err")" = 1 ] &&
        [ "$(tree "$tmp/spoilt")" = "$before" ]
    check "--resume refused, $what (exit $status): $(head -n 1 "$tmp/err")" $?
}
last_theta() { sed -i "\$ s/\t[^\t]*\$/\t$1/" "$f"; } # the last row's last theta (Widening, 0..100) made $1
at="params.tsv:13: Widening is"
spoil "a theta not a number" params.tsv "$at 'abc', not a number" "last_theta abc" "$@"
spoil "a theta nan" params.tsv "$at 'nan', not a finite number" "last_theta nan" "$@"
spoil "a theta inf" params.tsv "$at 'inf', not a finite number" "last_theta inf" "$@"
spoil "a theta -inf" params.tsv "$at '-inf', not a finite number" "last_theta -inf" "$@"
spoil "a theta outside MIN..MAX" params.tsv "$at 500, outside its MIN..MAX 0..100" "last_theta 500" "$@"
spoil "a row without its newline" params.tsv "params.tsv:13: no newline at its end" \
    'printf %s "$(cat "$f")" > "$f.new" && mv "$f.new" "$f"' "$@"
spoil "a NUL byte" params.tsv "params.tsv:5: a NUL byte" \
    'sed "5 s/\t/@/" "$f" | tr @ "\000" > "$f.new" && mv "$f.new" "$f"' "$@"
spoil "a row of too few fields" params.tsv "params.tsv:6: 5 tab-separated fields where 6 are due" \
    'sed -i "6 s/\t[^\t]*\$//" "$f"' "$@"
spoil "a line of 5,000 characters" params.tsv "params.tsv:4: longer than 4095 characters" \
    'awk "NR == 4 { \$0 = \$0 sprintf(\"%5000s\", \"\") } 1" "$f" > "$f.new" && mv "$f.new" "$f"' "$@"
spoil "a parameter missing" params.tsv "params.tsv:2: the column names are not this run's" \
    'sed -i "2,\$ s/\t[^\t]*\$//" "$f"' "$@"
spoil "a parameter too many" params.tsv "params.tsv:2: the column names are not this run's" \
    'sed -i "2 s/\$/\tZ/; 3,\$ s/\$/\t1/" "$f"' "$@"
spoil "params.tsv a FIFO (timeout 10)" params.tsv "params.tsv': a FIFO, not a regular file" \
    'rm "$f" && mkfifo "$f"' "$@"
spoil "params.tsv a link to /dev/zero" params.tsv "params.tsv': a character device, not a regular file" \
    'rm "$f" && ln -s /dev/zero "$f"' "$@"
spoil "a junk line among the games" results.tsv "results.tsv:6: 1 tab-separated fields where 8 are due" \
    'sed -i "6 i junk" "$f"' "$@"
spoil "a game's winner not a side" results.tsv "results.tsv:4: winner 'nobody'" \
    'sed -i "4 s/\t\(york\|lancaster\)\t/\tnobody\t/" "$f"' "$@"
spoil "a game of another seed" results.tsv "results.tsv:3: game [0-9]* has seed 999, where this run's is" \
    'sed -i "3 s/^\([0-9]*\t[0-9]*\t\)[0-9]*/\\1999/" "$f"' "$@"
spoil "a game twice" results.tsv "results.tsv:42: game [0-9]* a second time" 'sed -n 3p "$f" >> "$f"' "$@"
spoil "a game missing" results.tsv "results.tsv': game [0-9]* is missing, though params.tsv counts" 'sed -i 3d "$f"' "$@"
spoil "results.tsv a FIFO (timeout 10)" results.tsv "results.tsv': a FIFO, not a regular file" \
    'rm "$f" && mkfifo "$f"' "$@"

# ---- a last game line cut short (a run killed mid-write) is dropped with a note: the run ends as a whole one ----
rm -rf "$tmp/torn" && cp -r "$tmp/whole" "$tmp/torn"
head -n 7 "$tmp/whole/params.tsv" > "$tmp/torn/params.tsv"    # rows 0 to 4: four iterations done
head -n 17 "$tmp/whole/results.tsv" > "$tmp/torn/results.tsv" # their 16 games
sed -n 18p "$tmp/whole/results.tsv" | cut -c 1 | tr -d '\n' >> "$tmp/torn/results.tsv" # a game of the fifth, cut
"$R3" "$@" --out "$tmp/torn" --resume > /dev/null 2> "$tmp/err"
[ $? = 0 ] && cmp -s "$tmp/whole/params.tsv" "$tmp/torn/params.tsv" &&
    [ "$(sort -n "$tmp/whole/results.tsv")" = "$(sort -n "$tmp/torn/results.tsv")" ] &&
    grep -q "^spsa: note: .*results.tsv:18 has no newline at its end, .*: dropped$" "$tmp/err"
check "a last game line cut short dropped with a note, the run resumed to a whole run's end: $(head -n 1 "$tmp/err")" $?

# ---- an evaluation weight: written into a weights file the engine loads ----
"$R3" tune spsa --engine cmd="$R3" name=r3 option.Iterations=8 option.PlayoutTurns=1 \
    --param eval.king=0.3,0,2,0.2,0.5 --iterations 2 --scenario 1483 --seed 1 --concurrency 2 --out "$tmp/eval" \
    > /dev/null 2>&1
printf 'r3p\nsetoption name EvalFile value %s\nisready\n' "$tmp/eval/eval.txt" | "$R3" | grep -q '^readyok$' &&
    ! printf 'r3p\nsetoption name EvalFile value %s\nisready\n' "$tmp/eval/eval.txt" | "$R3" | grep -q '^error' &&
    grep -q "^setoption name EvalFile value $tmp/eval/eval.txt$" "$tmp/eval/tuned.txt" &&
    grep -q '^king ' "$tmp/eval/eval.txt"
check "eval.king: tuned into eval.txt, which setoption name EvalFile loads" $?

# ---- bad input: refused before a game is played, one message, exit 2 or 1 ----
refuse() { # refuse WHAT STATUS MESSAGE ARGS...: the tuner exits with STATUS and says MESSAGE, and makes no DIR
    what=$1 want=$2 message=$3
    shift 3
    rm -rf "$tmp/bad"
    timeout 20 "$R3" tune spsa --engine cmd="$R3" name=r3 option.Iterations=30 option.PlayoutTurns=1 --iterations 2 \
        --out "$tmp/bad" "$@" > "$tmp/out" 2> "$tmp/err"
    status=$?
    [ $status = "$want" ] && grep -q -e "$message" "$tmp/err" && [ "$(grep -c . "$tmp/err")" -le 2 ] &&
        [ ! -e "$tmp/bad" ]
    check "refused, $what (exit $status): $(head -n 1 "$tmp/err")" $?
}
refuse "no such option" 1 "r3: tune spsa: --param Bogus: the engine has no option 'Bogus'" --param Bogus=1,0,2,1,0.1
refuse "not a spin" 1 "--param Player: the option is a combo, not a spin" --param Player=1,0,2,1,0.1
refuse "MIN not below MAX" 2 "MIN must be below MAX" --param Exploration=20,50,50,1,0.1
refuse "START outside" 2 "START is outside MIN..MAX" --param Exploration=300,0,200,1,0.1
refuse "a field not a number" 2 "must be five numbers" --param Exploration=20,0,lots,1,0.1
refuse "four fields" 2 "must be five numbers" --param Exploration=20,0,200,1
refuse "outside the option's range" 1 "outside the option's own 0..1000" --param Exploration=20,-5,200,1,0.1
refuse "no such weight" 2 "--param eval.crowns_x: no such weight" --param eval.crowns_x=1,0,2,1,0.1
refuse "given twice" 2 "--param Exploration is given twice" --param Exploration=20,0,200,1,0.1 \
    --param Exploration=20,0,200,1,0.1
refuse "C_END and R_END inf" 2 "C_END is 'inf', not a finite number" --param Exploration=20,0,1000,inf,inf
refuse "C_END 1e308" 2 "C_END must be above 0 and at most MAX - MIN, 1000" --param Exploration=20,0,1000,1e308,1
refuse "R_END 1e308" 2 "R_END must be above 0 and at most (MAX - MIN) / C_END, 100," \
    --param Exploration=20,0,1000,10,1e308
refuse "MIN -1e308" 2 "MIN and MAX must lie within -1e+15..1e+15" --param eval.king=0.3,-1e308,2,0.2,0.5
refuse "a NAME with a space" 2 "needs a NAME of 1 to 63 characters, no spaces" --param "Explo ration=20,0,200,1,0.1"
refuse "10^12 pairs" 2 "are 2000000000000 games; a run plays at most 100000000" --param Exploration=20,0,200,1,0.1 \
    --iterations 1000000 --pairs-per-iteration 1000000
refuse "seeds past 2^63 - 1" 2 "--seed 9223372036854775807 leaves no room for the run's 2 pairs" \
    --param Exploration=20,0,200,1,0.1 --seed 9223372036854775807
rm -rf "$tmp/bad"
timeout 20 "$R3" tune spsa --engine cmd="$R3" name="$(printf 'r\t3')" option.Iterations=30 option.PlayoutTurns=1 \
    --param Exploration=20,0,200,1,0.1 --iterations 2 --out "$tmp/bad" > /dev/null 2> "$tmp/err"
[ $? = 2 ] && grep -q "the engine name .* has a tab or line break" "$tmp/err" && [ ! -e "$tmp/bad" ]
check "refused, an engine name with a tab, which results.tsv cannot hold: $(head -n 1 "$tmp/err")" $?
mkdir -p "$tmp/run" && cp "$tmp/whole/params.tsv" "$tmp/run/"
"$R3" tune spsa --engine cmd="$R3" --param Exploration=20,0,200,1,0.1 --iterations 2 --out "$tmp/run" > /dev/null 2> "$tmp/err"
[ $? = 1 ] && grep -q "holds a tuning run (params.tsv): continue it with --resume" "$tmp/err" && [ ! -e "$tmp/run/games" ]
check "refused, a DIR holding another run without --resume: $(head -n 1 "$tmp/err")" $?
"$R3" tune spsa --engine cmd="$R3" --param Exploration=20,0,200,1,0.1 --iterations 2 --out "$tmp/run" --resume \
    > /dev/null 2> "$tmp/err"
[ $? = 1 ] && grep -q "is a run of other settings" "$tmp/err" && [ ! -e "$tmp/run/games/iteration-00001" ]
check "refused, --resume of a run with other settings: $(head -n 1 "$tmp/err")" $?
touch "$tmp/file"
"$R3" tune spsa --engine cmd="$R3" --param Exploration=20,0,200,1,0.1 --iterations 2 --out "$tmp/file/dir" \
    > /dev/null 2> "$tmp/err"
[ $? = 1 ] && grep -q "cannot create '$tmp/file/dir'" "$tmp/err"
check "refused, a DIR that cannot be made: $(head -n 1 "$tmp/err")" $?

finish spsa
