/*
 * serve.h: r3 web, r3's web page on the network (docs/web.md). One process
 * serves the page's files over HTTP and, for each WebSocket opened, starts
 * one `r3 host --restricted` whose input and output are the socket's
 * messages, a line each (protocol/web/relay.h); a binary message reaches the
 * host as the line `binary-frame N`, which it refuses in turn. Built on
 * libwebsockets' event loop: the sockets and the hosts' pipes are all
 * watched by it, so no host and no visitor can stall another.
 */
#ifndef R3_SERVE_H
#define R3_SERVE_H

struct serve_options {
    const char *address; /* the address to listen on: 127.0.0.1 */
    int port;
    int max_games;             /* the most hosts at once; a socket past them is closed as the server is full */
    const char *root;          /* a folder to read the page's files from, or NULL for the built-in ones */
    long idle_s, line_limit_s; /* each host's --idle and --line-limit in seconds, 0 for its defaults */
};

/* Serves until SIGINT or SIGTERM, then stops every host. 0 then, or 1 when
 * it cannot listen (its reason on stderr). */
int serve_run(const struct serve_options *o);

#endif
