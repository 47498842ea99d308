#!/bin/sh
# install.sh: make install into a temporary DESTDIR puts r3, its manual page
# r3(6), its documents and its bash completion where GNU's conventions say
# (PREFIX=/usr here); the installed r3 runs; the manual page reads with no
# groff warning and names every command; the completion is valid bash and
# completes commands, tuners, options and their values; make uninstall leaves
# no file behind.
# Usage: sh tests/install.sh
cd "$(dirname "$0")/.." || exit 1
. tests/lib.sh
dest="$tmp/dest"

make -s install DESTDIR="$dest" PREFIX=/usr > "$tmp/install.log" 2>&1
check "make install DESTDIR=... PREFIX=/usr succeeds" $?
for f in usr/bin/r3 usr/share/man/man6/r3.6 usr/share/doc/r3/README.md usr/share/doc/r3/protocol.md \
    usr/share/doc/r3/host.md usr/share/bash-completion/completions/r3; do
    [ -f "$dest/$f" ]
    check "installed $f" $?
done
[ -x "$dest/usr/bin/r3" ] && "$dest/usr/bin/r3" --version | grep -q '^r3 [0-9]'
check "the installed r3 runs: --version" $?
[ "$("$dest/usr/bin/r3" show --scenario 1460 --text)" = "$(./r3 show --scenario 1460 --text)" ]
check "the installed r3 runs: show --scenario 1460 --text" $?

# -P-cbu: plain text, no overstrike for bold and underline, to be read by grep
# (groff justifies a heading that wraps, so runs of spaces are squeezed to one)
groff -ww -man -Tutf8 -P-cbu "$dest/usr/share/man/man6/r3.6" 2> "$tmp/man.err" | tr -s ' ' > "$tmp/man.txt" && [ ! -s "$tmp/man.err" ]
check "groff -ww -man reads r3.6 with no warning" $?
ok=0
./r3 --help | sed -n '/^Commands:/,/^$/p' | grep '^  [a-z]' | cut -c3-28 | sed 's/ *$//' > "$tmp/commands"
while read -r command; do
    grep -qF "r3 $command" "$tmp/man.txt" || { ok=1; echo "the manual page lacks r3 $command"; }
done < "$tmp/commands"
[ "$(wc -l < "$tmp/commands")" -ge 19 ] || ok=1
grep -q -- "--sample-every" "$tmp/man.txt" && grep -q "EXIT STATUS" "$tmp/man.txt" || ok=1
check "the manual page has every command, their options and the exit status" $ok

completion="$dest/usr/share/bash-completion/completions/r3"
bash -n "$completion"
check "the completion script is valid bash" $?
complete_words() { # the words bash would offer after 'r3 WORD...'
    bash -c '. "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _r3; echo "${COMPREPLY[*]}"' sh "$completion" r3 "$@"
}
[ "$(complete_words matc)" = "match match-merge" ]
check "completion: r3 matc offers match and match-merge" $?
[ "$(complete_words tune p)" = "policy" ]
check "completion: r3 tune p offers policy" $?
[ "$(complete_words play --side '')" = "york lancaster" ] && [ "$(complete_words selfplay --scenario 14)" = "1460 1470 1483" ]
check "completion: the values of --side and --scenario" $?
[ "$(complete_words selfplay --record)" = "--record-visits" ]
check "completion: r3 selfplay --record offers --record-visits" $?

make -s uninstall DESTDIR="$dest" PREFIX=/usr > "$tmp/uninstall.log" 2>&1
check "make uninstall succeeds" $?
[ -z "$(find "$dest" -type f)" ]
check "make uninstall leaves no file" $?

finish install
