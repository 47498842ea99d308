#!/bin/sh
# svg.sh: r3 show --svg. The picture is valid XML (xmllint), renders
# (rsvg-convert, to PNG), and shows every area and every block on the board:
# by name and strength in the true world, face-down as L?n for the enemy's
# hidden blocks in a side's picture. Usage: sh tests/svg.sh ./r3
R3=${1:-./r3}
. "$(dirname "$0")/lib.sh"

# Every block the position text puts on the map, as "ID STRENGTH" (Y:York4 -> Y:York 4).
on_map() { echo "$1" | tr ' ' '\n' | grep -v '^\(pool\|minor\|other-side\|dead\|prisoner\|hidden\|strength\|crossed\|entered\|main\|acted\|move\|battle\)' |
    sed -n 's/^[A-Za-z-]*=\(.*\)$/\1/p' | tr ',' '\n' | sed -n 's/^\([YLR]:[A-Za-z-]*\)\([1-4]\).*/\1 \2/p'; }

for year in 1460 1470 1483; do
    "$R3" show --scenario $year --svg > "$tmp/$year.svg"
    xmllint --noout "$tmp/$year.svg" && rsvg-convert -o "$tmp/$year.png" "$tmp/$year.svg" && [ -s "$tmp/$year.png" ]
    check "$year: valid SVG, rendered to PNG" $?
    missing=0
    for area in $("$R3" data areas | sed 1d | cut -f1 | tr ' ' '_'); do
        grep -q ">$(echo "$area" | tr '_' ' ')[ <]" "$tmp/$year.svg" || missing=$((missing + 1))
    done
    on_map "$("$R3" show --scenario $year --text)" > "$tmp/blocks"
    while read -r block; do grep -q ">$block<" "$tmp/$year.svg" || missing=$((missing + 1)); done < "$tmp/blocks"
    [ "$missing" = 0 ] && [ "$(wc -l < "$tmp/blocks")" -ge 15 ]
    check "$year: all 33 areas and all $(wc -l < "$tmp/blocks") blocks on the board appear ($missing missing)" $?
done

position=$("$R3" playout --scenario 1460 --games 1 --seed 1 --dump-at 200)
"$R3" show --position "$position" --svg --side york > "$tmp/york.svg"
hidden=$(echo "$position" | tr ' ' '\n' | sed -n 's/^hidden=//p' | tr ',' '\n' | grep -c '^L:')
xmllint --noout "$tmp/york.svg" && [ "$(grep -c '>L?[0-9]*<' "$tmp/york.svg")" = "$hidden" ] && [ "$hidden" -gt 0 ] &&
    grep -q '(battle)' "$tmp/york.svg" && grep -q 'Seen by York' "$tmp/york.svg"
check "York's picture of a battle: its $hidden hidden Lancaster blocks face-down, the battle area marked" $?
"$R3" show --scenario 1460 --side york > /dev/null 2>&1
[ $? = 2 ]
check "--side without --svg: a usage error" $?

finish svg
