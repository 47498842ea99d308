/*
 * restrict.h: what r3 host --restricted allows, the host a web page puts on
 * the network (docs/web.md). A visitor names no program and no file, so the
 * engine options that read files are refused and the rest capped, and only
 * the players a person can meet are offered (not cheat); every search stops
 * after RESTRICT_SEARCH_MS and every line's after RESTRICT_LINE_MS; lines
 * are taken at a bounded rate.
 * host.c refuses seats, files and the rest by these rules.
 */
#ifndef R3_RESTRICT_H
#define R3_RESTRICT_H

#include <stdbool.h>
#include <stddef.h>

#define RESTRICT_SEARCH_MS 10000 /* the longest search, a decision's or a hint's */
/* The longest a line may take: all the engine's decisions until the
 * person's turn (a search past it takes a millisecond, and the pace gives
 * way), as docs/web.md says. */
#define RESTRICT_LINE_MS 30000
#define RESTRICT_IDLE_S 600 /* a restricted host closes after this long with no line, unless told otherwise */
#define RESTRICT_LINES_A_SECOND 50
#define RESTRICT_LINE_BURST 100

/* Whether the option NAME=VALUE is allowed; false with why it is not. */
bool restrict_option(const char *name, const char *value, char *why, size_t size);

/* A token bucket of lines: RESTRICT_LINE_BURST at once, refilled at
 * RESTRICT_LINES_A_SECOND. Zeroed, it is full at its first line. */
struct line_rate {
    double tokens;
    long last_us; /* when it was last filled, 0 before the first line */
};

/* Whether a line that comes at now_us (microseconds, any monotonic clock) is taken. */
bool line_rate_admits(struct line_rate *r, long now_us);

#endif
