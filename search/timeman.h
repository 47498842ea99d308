/*
 * timeman.h: the limits of one search (go's, docs/protocol.md) and what they
 * allow it: a fixed time, a node count, or a game clock with increment, of
 * which a decision plans an even share over the searches the side has left
 * in the game (or 1/movestogo) and never the last 50 ms, which pipes and
 * scheduling cost. The search asks after every drawn world, so these checks
 * are cheap.
 */
#ifndef R3_TIMEMAN_H
#define R3_TIMEMAN_H

#include <stdbool.h>

#include "engine/core/world.h"

/* The most any limit may be (ms, nodes or moves): 12 digits, some 31 years
 * of milliseconds, so that a deadline in microseconds stays far inside a long.
 * go's reader refuses more, saying so. */
#define LIMITS_MAX 999999999999L

/* 0 or -1 means not given. */
struct limits {
    long movetime, nodes, movestogo;
    long clock[SIDE_COUNT], increment[SIDE_COUNT]; /* wtime/btime, winc/binc; clock -1 if not given */
    bool infinite;
    /* With infinite: a search while the other side decides (Ponder), its
     * trees kept to be followed through whatever that side decides next. */
    bool ponder;
};

/* Whether l sets any limit for 'side' (a time, nodes, infinite): then it
 * replaces the player's own budget (option Iterations or Samples) for that
 * search; a bare go searches that budget. */
bool limits_given(const struct limits *l, int side);

/* The searches a side is planned to have left in the game from w, if it
 * goes the distance: about 12 a game turn, and never fewer than 16. */
long limits_searches_left(const struct world *w);

/* When a search for 'side' in w begun at 'started_us' must end, in
 * microseconds of the monotonic clock (engine/core/clock.h), or -1 for never.
 * On a game clock it plans what is left (less 50 ms) over the searches left
 * (movestogo, or limits_searches_left), plus the increment. */
long limits_deadline_us(const struct limits *l, const struct world *w, int side, long started_us);

/* Whether a search that has made 'nodes' nodes is past its deadline or its
 * node limit. */
bool limits_spent(const struct limits *l, long nodes, long deadline_us);

#endif
