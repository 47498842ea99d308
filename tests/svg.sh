#!/bin/sh
# svg.sh: r3 show --svg. The picture is valid XML (xmllint), renders
# (rsvg-convert, to PNG), and shows every area and every block on the board:
# by name and strength in the true world. A side's picture shows what r3
# observe knows, in its order: the enemy's hidden blocks face-down as L?n by
# label, a named enemy block's uncertain strength as a range. Usage:
# sh tests/svg.sh ./r3
R3=${1:-./r3}
. "$(dirname "$0")/lib.sh"

# Every block the position text puts on the map, as "ID STRENGTH" (Y:York4 -> Y:York 4).
on_map() { echo "$1" | tr ' ' '\n' | grep -v '^\(pool\|minor\|other-side\|dead\|prisoner\|hidden\|strength\|crossed\|entered\|main\|acted\|move\|battle\)' |
    sed -n 's/^[A-Za-z-]*=\(.*\)$/\1/p' | tr ',' '\n' | sed -n 's/^\([YLR]:[A-Za-z-]*\)\([1-4]\).*/\1 \2/p'; }

# A PNG's width and height, from its header.
png_size() { od -An -tu4 --endian=big -j16 -N8 "$1" | awk '{print $1 " x " $2}'; }

# The labels were laid out with DejaVu Sans's widths (tests/test_board_svg.c checks they do not
# overlap): the picture names that font, and the renderer finds it.
fc-match "DejaVu Sans:bold" | grep -q '^DejaVuSans-Bold' && fc-match "DejaVu Sans" | grep -q '^DejaVuSans\.'
check "the font the labels were measured by is the one rsvg-convert draws with" $?

for year in 1460 1470 1483; do
    "$R3" show --scenario $year --svg > "$tmp/$year.svg"
    xmllint --noout "$tmp/$year.svg" && rsvg-convert -o "$tmp/$year.png" "$tmp/$year.svg" &&
        [ "$(png_size "$tmp/$year.png")" = "905 x 1092" ]
    check "$year: valid SVG, rendered to a 905 x 1092 PNG" $?
    cmp -s "$tmp/$year.svg" "docs/board-$year.svg"
    check "$year: docs/board-$year.svg is today's picture (make docs-boards redraws it)" $?
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
xmllint --noout "$tmp/york.svg" && [ "$(grep -c 'class="block"[^>]*>L?[0-9]*<' "$tmp/york.svg")" = "$hidden" ] && [ "$hidden" -gt 0 ] &&
    grep -q '(battle)' "$tmp/york.svg" && grep -q 'Seen by York' "$tmp/york.svg"
check "York's picture of a battle: its $hidden hidden Lancaster blocks face-down, the battle area marked" $?
# A side's picture draws what r3 observe knows, in its order: area by area, its own blocks,
# the enemy's it has named, then the face-down pieces by label (never in true block order);
# a named enemy block whose strength it knows only as a range shows the range (Y:Warwick 1-4
# where observe says Y:Warwick(1-4)), not the true strength.
names() { grep -o '[YLR]:[A-Za-z-]*\|[YL]?[0-9][0-9]*'; }
position=$("$R3" playout --scenario 1460 --games 1 --seed 2 --dump-at 300)
"$R3" observe --position "$position" --side lancaster | sed -n '/^On the map/,/^Face-down/p' > "$tmp/observe"
"$R3" show --position "$position" --svg --side lancaster > "$tmp/lancaster.svg"
names < "$tmp/observe" > "$tmp/observed"
sed -n 's/.*class="block"[^>]*>\([^<]*\)<.*/\1/p' "$tmp/lancaster.svg" | names > "$tmp/drawn"
cmp -s "$tmp/observed" "$tmp/drawn" && grep -q '^Y?' "$tmp/drawn"
check "Lancaster's picture: every block and piece where and in the order r3 observe lists it" $?
grep -o 'Y:[A-Za-z-]*(1-[1-4])' "$tmp/observe" | sed 's/(\(.*\))/ \1/' > "$tmp/ranges"
while read -r range; do grep -q ">$range<" "$tmp/lancaster.svg" || echo "$range"; done < "$tmp/ranges" > "$tmp/missing"
[ -s "$tmp/ranges" ] && [ ! -s "$tmp/missing" ]
check "Lancaster's picture: York blocks of uncertain strength as ranges ($(wc -l < "$tmp/ranges"), as observe says)" $?

"$R3" show --scenario 1460 --side york > /dev/null 2>&1
[ $? = 2 ]
check "--side without --svg: a usage error" $?

finish svg
