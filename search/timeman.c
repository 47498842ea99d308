/* timeman.c: see timeman.h. */
#include "search/timeman.h"

#include <limits.h>

#include "engine/core/clock.h"

#define CLOCK_SHARE 40      /* with a clock and no movestogo, a decision gets 1/40 of it */
#define CLOCK_RESERVE_MS 50 /* never planned into: pipes and scheduling cost time too */

/* The fuzz build (make fuzz) caps every search, so that "go nodes 999999999999"
 * or "go infinite" in a mutated input costs microseconds, not the run. */
#ifndef SEARCH_MAX_NODES
#define SEARCH_MAX_NODES LONG_MAX
#endif
#ifndef SEARCH_MAX_MS
#define SEARCH_MAX_MS LONG_MAX
#endif

/* How long 'side' may think under l, in ms, or -1 for no time limit. */
static long budget_ms(const struct limits *l, int side)
{
    long budget = l->movetime > 0 ? l->movetime : -1;
    if (l->clock[side] >= 0) {
        long clock = l->clock[side], share = l->movestogo > 0 ? l->movestogo : CLOCK_SHARE;
        long planned = clock / share + l->increment[side];
        long most = clock - CLOCK_RESERVE_MS;
        planned = planned < most ? planned : most;
        planned = planned > 1 ? planned : 1;
        budget = budget < 0 || planned < budget ? planned : budget;
    }
    return budget;
}

bool limits_given(const struct limits *l, int side) { return l->infinite || l->nodes > 0 || budget_ms(l, side) >= 0; }

long limits_deadline_us(const struct limits *l, int side, long started_us)
{
    long budget = budget_ms(l, side);
    if (SEARCH_MAX_MS != LONG_MAX && (budget < 0 || budget > SEARCH_MAX_MS))
        budget = SEARCH_MAX_MS;
    if (budget > LIMITS_MAX) /* a caller that did not read its limits through go's reader */
        budget = LIMITS_MAX;
    return budget >= 0 ? started_us + budget * 1000 : -1;
}

bool limits_spent(const struct limits *l, long nodes, long deadline_us)
{
    if (deadline_us >= 0 && clock_us() >= deadline_us)
        return true;
    return (l->nodes > 0 && nodes >= l->nodes) || nodes >= SEARCH_MAX_NODES;
}
