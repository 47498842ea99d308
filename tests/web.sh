#!/bin/sh
# web.sh: r3's web page (protocol/web/, docs/web.md) in a real browser. It
# serves the page with r3 web, its built-in copy, on a free port, and drives
# it in Debian's headless chromium (tests/web/browser.mjs, through
# puppeteer-core): the page's files as served, a 1483 game with a practice
# seed played to its result by clicking, a refused load, the page at a phone's
# width with no seed sent, 20 tabs at once, the attacks a visitor could send
# down the socket, binary and malformed messages, a server whose hosts close
# an idle connection, and a server of one game that is full. The screenshots
# it took and the browser's lines are kept in build/web/ to be looked at.
# Usage: sh tests/web.sh ./r3
R3=${1:-./r3}
. "$(dirname "$0")/lib.sh"

# listening PORT: whether some process listens on 127.0.0.1:PORT (or any address).
listening() {
    awk -v port=":$(printf '%04X' "$1")" '$2 ~ port "$" && $4 == "0A" { found = 1 } END { exit !found }' /proc/net/tcp
}

# serve LOG OPTION...: r3 web with these options on a port nobody listens on;
# sets port and server (its pid). It waits for r3 web to listen, or to end (it
# cannot listen there), however slow the machine.
serve() {
    log=$1
    shift
    for port in $(seq $((20000 + $$ % 20000)) $((20040 + $$ % 20000))); do
        listening "$port" && continue
        "$R3" web --port "$port" "$@" >> "$log" 2>&1 &
        server=$!
        for _ in $(seq 1200); do
            kill -0 "$server" 2> /dev/null || break
            listening "$port" && return 0
            sleep 0.1
        done
        kill "$server" 2> /dev/null
        wait "$server" 2> /dev/null
    done
    echo "no port for r3 web:" && cat "$log"
    return 1
}

serve "$tmp/web-idle.log" --idle 1
idle=$server idle_port=$port
serve "$tmp/web-full.log" --max-games 1
full=$server full_port=$port
serve "$tmp/web.log" --max-games 32
main=$server
mkdir -p "$tmp/shots"
node tests/web/browser.mjs "http://127.0.0.1:$port/" "$tmp/shots" "$main" "http://127.0.0.1:$idle_port/" \
    "http://127.0.0.1:$full_port/" > "$tmp/out" 2>&1
status=$?
# An address or a port it cannot listen on: one line saying why, status 1, at once.
timeout 20 "$R3" web --port "$port" > "$tmp/taken" 2>&1
taken=$?
timeout 20 "$R3" web --address no-such-host.invalid --port "$port" > "$tmp/nowhere" 2>&1
nowhere=$?
kill "$main" "$full" "$idle" 2> /dev/null
wait "$main" 2> /dev/null
main_status=$?
wait "$full" "$idle" 2> /dev/null
while read -r result what; do
    case $result in ok) check "$what" 0 ;; FAIL) check "$what" 1 ;; *) echo "  $result $what" ;; esac
done < "$tmp/out"
[ "$status" = 0 ] && [ "$passed" -ge 10 ]
check "the browser test ran whole ($passed checks; node exited $status)" $?
[ "$main_status" = 0 ]
check "r3 web stopped at SIGTERM with status 0 ($main_status)" $?
grep -v '^r3 web: the page is at ' "$tmp/web.log" > "$tmp/web-said"
[ ! -s "$tmp/web-said" ]
check "r3 web wrote no error ($(head -c 200 "$tmp/web-said"))" $?
[ "$taken" = 1 ] && [ "$(cat "$tmp/taken")" = "r3 web: cannot listen on 127.0.0.1 port $port: Address already in use" ] &&
    [ "$nowhere" = 1 ] && [ "$(wc -l < "$tmp/nowhere")" = 1 ] && grep -q '^r3 web: cannot listen on no-such-host.invalid' "$tmp/nowhere"
check "r3 web on a port in use or an unknown address: one line each, status 1 ($(cat "$tmp/taken" "$tmp/nowhere" | tr '\n' ' '))" $?
mkdir -p build/web && cp "$tmp"/shots/*.png build/web/ 2> /dev/null
cp "$tmp/out" build/web/browser.txt
finish web
