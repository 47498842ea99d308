#!/bin/sh
# idle-host.sh: for tests/web.sh, a stand-in for an r3 host --restricted that
# closes a connection nobody sent a line to for a second. It reads nothing, and
# a second after it started it says goodbye as such a host does (docs/web.md),
# "bye idle SECONDS | SENTENCE", and ends; websocketd then closes the socket. A
# line sent to it meanwhile is never answered: the page must give up on it.
sleep 1
echo 'bye idle 1 | No command came for 1 seconds: this game was closed.'
