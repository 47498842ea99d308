#!/bin/sh
# web.sh: r3's web page (protocol/web/, docs/web.md) in a real browser. It
# serves the page as make web does, on a free port, and drives it in Debian's
# headless chromium (tests/web/browser.mjs, through puppeteer-core): a seeded
# 1483 game played to its result by clicking, the page at a phone's width,
# 20 tabs at once, and the attacks a visitor could send down the socket. The
# screenshots it took are kept in build/web/ to be looked at. Usage:
# sh tests/web.sh ./r3
R3=${1:-./r3}
. "$(dirname "$0")/lib.sh"

# A port nobody listens on: websocketd says so at once when it cannot bind one.
for port in $(seq $((20000 + $$ % 20000)) $((20040 + $$ % 20000))); do
    websocketd --address=127.0.0.1 --port="$port" --maxforks=32 --loglevel=error --passenv=HOME,XDG_STATE_HOME \
        --staticdir=protocol/web \
        "$R3" host --restricted > "$tmp/websocketd.log" 2>&1 &
    server=$!
    sleep 0.5
    kill -0 "$server" 2> /dev/null && break
done
mkdir -p "$tmp/shots"
node tests/web/browser.mjs "http://127.0.0.1:$port/" "$tmp/shots" > "$tmp/out" 2>&1
status=$?
kill "$server" 2> /dev/null
wait "$server" 2> /dev/null
while read -r result what; do
    case $result in ok) check "$what" 0 ;; FAIL) check "$what" 1 ;; *) echo "  $result $what" ;; esac
done < "$tmp/out"
[ "$status" = 0 ] && [ "$passed" -ge 10 ]
check "the browser test ran whole ($passed checks; node exited $status)" $?
mkdir -p build/web && cp "$tmp"/shots/*.png build/web/ 2> /dev/null
finish web
