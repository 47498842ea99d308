# lib.sh: what the shell tests share. Source it after setting R3; it makes a
# scratch directory $tmp (removed at exit) and the check/finish helpers.
passed=0
failed=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# r3 host keeps the key that seals saves of games in play under the user's
# state folder: the tests' own, never the user's.
export XDG_STATE_HOME="$tmp/state"

check() { # check NAME STATUS: counts a result, naming it when it failed
    if [ "$2" = 0 ]; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL: $1"; fi
}

finish() { # finish SUITE: the summary line, and the exit status
    echo "$1: $passed passed, $failed failed"
    [ "$failed" = 0 ]
}
