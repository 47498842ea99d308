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
    /* No search goes past this many ms, whatever else is given or the
     * player's own budget (r3 host --restricted); 0: no such cap. */
    long most_ms;
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

/* Time management (the engine's TimeManagement, docs/search.md), on a game
 * clock: a search ends early once its choice is settled and banks the time
 * it saved; a search whose choice is close runs on past its planned share,
 * up to TIME_STRETCH times it, spending from the bank. Close is the usual
 * case (the playouts' noise is ten times the choices' differences), so a
 * stretch paid from the clock instead borrowed from the end of the game, and
 * lost (docs/history/strength.md). Times are in microseconds of clock_us. */
struct time_plan {
    bool on; /* a game clock limits the search */
    long started, planned, stretched;
};

#define TIME_STRETCH 2
#define TIME_CHECK_EVERY 64 /* iterations between two looks at the root */
/* Never settled before this share of the planned time: a kept tree's root
 * comes with the visits of the search before, and the speed is not yet
 * known. */
#define TIME_LEAST 0.25
/* Close: the runner-up has at least this share of the leader's visits. */
#define TIME_CLOSE 0.7

/* The plan of a search for 'side' in w begun at started_us, with 'banked'
 * microseconds in the bank: the planned deadline (limits_deadline_us) and
 * the stretched one, TIME_STRETCH times the share but at most the bank
 * beyond it, and never into the clock's reserve. Off without a game clock. */
struct time_plan time_plan_make(const struct limits *l, const struct world *w, int side, long started_us, long banked);

/* Whether the search ends at now_us, its leader and runner-up at 'most' and
 * 'second' visits after 'iterations': past the planned deadline (the
 * stretched one while the choice is close), or, once TIME_LEAST of the share
 * has passed, settled: the runner-up could not catch the leader before that
 * deadline even if every iteration at the search's speed so far went to it. */
bool time_plan_ends(const struct time_plan *t, long most, long second, long iterations, long now_us);

/* The bank after a search that ended at now_us: what the plan gave less
 * what was spent, added (saved) or taken (stretched), never below 0. */
long time_plan_bank(const struct time_plan *t, long banked, long now_us);

/* Whether a search that has made 'nodes' nodes is past its deadline or its
 * node limit. */
bool limits_spent(const struct limits *l, long nodes, long deadline_us);

#endif
