/*
 * restrict.c: see restrict.h.
 */
#include "protocol/host/restrict.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/core/fail.h"
#include "engine/io/number.h"

/* The options with a cap, and the caps: as docs/web.md lists them. */
static const struct {
    const char *name;
    long most;
} CAP[] = {{"Threads", 2}, {"Hash", 256}, {"Iterations", 100000}, {"Samples", 1000}, {"MinThinkTime", 5000}};

/* Options a visitor may not set at all: these read a server file, or search without end. */
static const char *const REFUSED[] = {"EvalFile", "PolicyFile", "ValueFile", "PriorFile"};

bool restrict_option(const char *name, const char *value, char *why, size_t size)
{
    for (size_t i = 0; i < sizeof REFUSED / sizeof REFUSED[0]; i++)
        if (strcmp(name, REFUSED[i]) == 0)
            return fail(why, size, "%s reads a file of the server, which a restricted host does not allow", name);
    if (strcmp(name, "Player") == 0 && strcmp(value, "cheat") == 0)
        return fail(why, size, "Player cheat reads the true world, which a restricted host offers no visitor");
    if (strcmp(name, "Ponder") == 0 && strcmp(value, "false") != 0)
        return fail(why, size, "Ponder searches while the person thinks, which a restricted host does not allow");
    for (size_t i = 0; i < sizeof CAP / sizeof CAP[0]; i++) {
        if (strcmp(name, CAP[i].name) != 0)
            continue;
        long long n;
        if (!number_whole(value, LLONG_MIN + 1, CAP[i].most, &n))
            return fail(why, size, "%s=%s: a restricted host allows %s up to %ld", name, value, name, CAP[i].most);
    }
    return true;
}

bool line_rate_admits(struct line_rate *r, long now_us)
{
    if (r->last_us == 0)
        r->tokens = RESTRICT_LINE_BURST;
    else
        r->tokens += (double)(now_us - r->last_us) * RESTRICT_LINES_A_SECOND / 1e6;
    if (r->tokens > RESTRICT_LINE_BURST)
        r->tokens = RESTRICT_LINE_BURST;
    r->last_us = now_us;
    if (r->tokens < 1)
        return false;
    r->tokens -= 1;
    return true;
}
