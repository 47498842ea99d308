#!/bin/sh
# web.sh: r3's web page (protocol/web/, docs/web.md) in a real browser. It
# serves the page as make web does, on a free port, and drives it in Debian's
# headless chromium (tests/web/browser.mjs, through puppeteer-core): a 1483
# game with a practice seed played to its result by clicking, a refused load,
# the page at a phone's width with no seed sent, 20 tabs at once, the attacks a
# visitor could send down the socket, and a host that closes the connection.
# The screenshots it took and the browser's lines are kept in build/web/ to be
# looked at. Usage: sh tests/web.sh ./r3
R3=${1:-./r3}
. "$(dirname "$0")/lib.sh"

# listening PORT: whether some process listens on 127.0.0.1:PORT (or any address).
listening() {
    awk -v port=":$(printf '%04X' "$1")" '$2 ~ port "$" && $4 == "0A" { found = 1 } END { exit !found }' /proc/net/tcp
}

# serve PROGRAM...: websocketd serving the page, PROGRAM behind each socket, on a
# port nobody listens on; sets port and server (websocketd's pid). It waits for
# websocketd to listen, or to end (it cannot bind the port), however slow the machine.
serve() {
    for port in $(seq $((20000 + $$ % 20000)) $((20040 + $$ % 20000))); do
        listening "$port" && continue
        websocketd --address=127.0.0.1 --port="$port" --maxforks=32 --loglevel=error --passenv=HOME,XDG_STATE_HOME \
            --staticdir=protocol/web "$@" >> "$tmp/websocketd.log" 2>&1 &
        server=$!
        for _ in $(seq 1200); do
            kill -0 "$server" 2> /dev/null || break
            listening "$port" && return 0
            sleep 0.1
        done
        kill "$server" 2> /dev/null
        wait "$server" 2> /dev/null
    done
    echo "no port for websocketd:" && cat "$tmp/websocketd.log"
    return 1
}

# A host that closes a connection idle for a second.
serve "$R3" host --restricted --idle 1
idle_server=$server idle_port=$port
serve "$R3" host --restricted
mkdir -p "$tmp/shots"
node tests/web/browser.mjs "http://127.0.0.1:$port/" "$tmp/shots" "$server" "http://127.0.0.1:$idle_port/" > "$tmp/out" 2>&1
status=$?
kill "$server" "$idle_server" 2> /dev/null
wait "$server" "$idle_server" 2> /dev/null
while read -r result what; do
    case $result in ok) check "$what" 0 ;; FAIL) check "$what" 1 ;; *) echo "  $result $what" ;; esac
done < "$tmp/out"
[ "$status" = 0 ] && [ "$passed" -ge 10 ]
check "the browser test ran whole ($passed checks; node exited $status)" $?
mkdir -p build/web && cp "$tmp"/shots/*.png build/web/ 2> /dev/null
cp "$tmp/out" build/web/browser.txt
finish web
