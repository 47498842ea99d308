/* timeman.c: see timeman.h. */
#include "search/timeman.h"

#include <limits.h>

#include "engine/core/clock.h"
#include "engine/core/tables.h"

#define CLOCK_RESERVE_MS 50 /* never planned into: pipes and scheduling cost time too */
#define TURNS_A_CAMPAIGN 7
/* A side's searches in a game turn: r3 selfplay and r3 match in 1460 ask for
 * about 260 a side in a game of 21 turns, some 12 a turn. */
#define SEARCHES_A_TURN 12
/* Never planned for fewer: the last turn has several searches still, and
 * a game may go on past the plan. */
#define FEWEST_LEFT 16

/* The fuzz build (make fuzz) caps every search, so that "go nodes 999999999999"
 * or "go infinite" in a mutated input costs microseconds, not the run. */
#ifndef SEARCH_MAX_NODES
#define SEARCH_MAX_NODES LONG_MAX
#endif
#ifndef SEARCH_MAX_MS
#define SEARCH_MAX_MS LONG_MAX
#endif

long limits_searches_left(const struct world *w)
{
    long turns = (long)(SCENARIO_INFO[w->scenario].last_campaign - w->campaign) * TURNS_A_CAMPAIGN +
                 (TURNS_A_CAMPAIGN - w->turn) + 1;
    long left = turns * SEARCHES_A_TURN;
    return left > FEWEST_LEFT ? left : FEWEST_LEFT;
}

/* How long 'side' may think under l in w, in ms, or -1 for no time limit.
 * On a clock each search left in the game gets an even share of it, so that
 * the last campaign is played with as much thought as the first. */
static long budget_ms(const struct limits *l, const struct world *w, int side)
{
    long budget = l->movetime > 0 ? l->movetime : -1;
    if (l->clock[side] >= 0) {
        long clock = l->clock[side], share = l->movestogo > 0 ? l->movestogo : limits_searches_left(w);
        long planned = (clock - CLOCK_RESERVE_MS) / share + l->increment[side];
        long most = clock - CLOCK_RESERVE_MS;
        planned = planned < most ? planned : most;
        planned = planned > 1 ? planned : 1;
        budget = budget < 0 || planned < budget ? planned : budget;
    }
    if (l->most_ms > 0 && (budget < 0 || l->most_ms < budget))
        budget = l->most_ms;
    return budget;
}

bool limits_given(const struct limits *l, int side)
{
    return l->infinite || l->nodes > 0 || l->movetime > 0 || l->clock[side] >= 0;
}

long limits_deadline_us(const struct limits *l, const struct world *w, int side, long started_us)
{
    long budget = budget_ms(l, w, side);
    if (SEARCH_MAX_MS != LONG_MAX && (budget < 0 || budget > SEARCH_MAX_MS))
        budget = SEARCH_MAX_MS;
    if (budget > LIMITS_MAX) /* a caller that did not read its limits through go's reader */
        budget = LIMITS_MAX;
    return budget >= 0 ? started_us + budget * 1000 : -1;
}

struct time_plan time_plan_make(const struct limits *l, const struct world *w, int side, long started_us, long banked)
{
    struct time_plan t = {.started = started_us, .planned = limits_deadline_us(l, w, side, started_us)};
    t.stretched = t.planned;
    t.on = t.planned >= 0 && l->clock[side] >= 0 && !l->infinite;
    if (!t.on)
        return t;
    long stretched = started_us + (t.planned - started_us) * TIME_STRETCH;
    long most = started_us + (l->clock[side] - CLOCK_RESERVE_MS) * 1000;
    stretched = stretched < t.planned + banked ? stretched : t.planned + banked;
    stretched = stretched < most ? stretched : most;
    t.stretched = stretched > t.planned ? stretched : t.planned;
    return t;
}

bool time_plan_ends(const struct time_plan *t, long most, long second, long iterations, long now_us)
{
    long until = second >= TIME_CLOSE * (double)most ? t->stretched : t->planned;
    if (now_us >= until)
        return true;
    if (now_us - t->started < TIME_LEAST * (double)(t->planned - t->started))
        return false;
    double per_us = (double)iterations / (double)(now_us - t->started + 1);
    return (double)(most - second) > per_us * (double)(until - now_us);
}

long time_plan_bank(const struct time_plan *t, long banked, long now_us)
{
    banked += t->planned - now_us;
    return banked > 0 ? banked : 0;
}

bool limits_spent(const struct limits *l, long nodes, long deadline_us)
{
    if (deadline_us >= 0 && clock_us() >= deadline_us)
        return true;
    return (l->nodes > 0 && nodes >= l->nodes) || nodes >= SEARCH_MAX_NODES;
}
