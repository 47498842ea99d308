/*
 * audit.c: see audit.h. Each check is independent of the code it audits: it
 * recomputes what must hold from the two worlds and the decision.
 */
#include "audit.h"

#include <stdarg.h>
#include <stdio.h>

#include "battle.h"
#include "scenario.h"
#include "tables.h"

static bool fail(char *why, int size, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, (size_t)size, fmt, ap);
    va_end(ap);
    return false;
}

static bool in_play(const struct world *w, int block)
{
    int where = world_location(w, block);
    return where != LOC_OTHER_SIDE && where != LOC_DEAD;
}

static bool twins_apart(const struct world *w, char *why, int size)
{
    for (int b = 0; b < BLOCK_COUNT; b++) {
        int twin = twin_of(b);
        if (twin != BLOCK_NONE && b < twin && in_play(w, b) && in_play(w, twin))
            return fail(why, size, "both %s and %s are in play", BLOCK_INFO[b].id, BLOCK_INFO[twin].id);
    }
    return true;
}

static bool borders_within_limits(const struct world *w, char *why, int size)
{
    for (int e = 0; e < BORDER_COUNT; e++)
        if (world_crossed(w, e) > BORDER_INFO[e].limit + 1) /* +1 only under Surprise */
            return fail(why, size, "%d blocks crossed %s-%s, whose limit is %d", world_crossed(w, e),
                        AREA_INFO[BORDER_INFO[e].a].name, AREA_INFO[BORDER_INFO[e].b].name, BORDER_INFO[e].limit);
    return true;
}

static bool move_rules_kept(const struct world *before, decision d, const struct world *after, char *why, int size)
{
    if (before->phase != PHASE_ACTION)
        return true;
    int kind = decision_kind(d), arg = decision_arg(d);
    if (kind == DECIDE_BLOCK && before->move.via == AREA_NONE && (before->moved & block_bit(arg)))
        return fail(why, size, "%s moved twice in one turn", BLOCK_INFO[arg].id);
    if (kind == DECIDE_TO && before->move.kind != MOVE_SEA && after->phase == PHASE_ACTION) {
        int border = border_between(before->move.via, arg);
        if (border != BORDER_NONE && BORDER_INFO[border].colour == BORDER_RED && after->move.block != BLOCK_NONE)
            return fail(why, size, "%s crossed a red border and went on", BLOCK_INFO[before->move.block].id);
    }
    return true;
}

static bool contested_only_in_battle_time(const struct world *w, char *why, int size)
{
    if (w->phase == PHASE_ACTION || w->phase == PHASE_BATTLE || w->phase == PHASE_OVER)
        return true;
    for (int a = 0; a < AREA_COUNT; a++)
        if (area_contested(w, a))
            return fail(why, size, "%s is contested in the %s phase", AREA_INFO[a].name, PHASE_NAME[w->phase]);
    return true;
}

/* Every card is in a hand, the deck, a played slot, or among the turns' discards. */
static bool cards_accounted(const struct world *w, char *why, int size)
{
    if (w->phase == PHASE_OVER)
        return true;
    int held = __builtin_popcount(w->hand[0]) + __builtin_popcount(w->hand[1]) + __builtin_popcount(w->deck) +
               (w->played[0] != 0) + (w->played[1] != 0);
    int discarded = 2 * (w->turn - 1) + (w->phase == PHASE_POLITICAL ? 2 : 0);
    if (w->phase == PHASE_DEAL || w->phase == PHASE_MULLIGAN)
        discarded = 0;
    if (held + discarded != CARD_COUNT)
        return fail(why, size, "%d cards held and %d discarded: %d, not %d", held, discarded, held + discarded,
                    CARD_COUNT);
    return true;
}

/* At the start of a turn the King and the Pretender are their sides' senior heirs in play (B.7). */
static bool crowns_on_seniors(const struct world *w, char *why, int size)
{
    if (w->phase != PHASE_CARDS || w->step != 0)
        return true;
    if (w->king != BLOCK_NONE && w->king != senior_heir_in_play(w, BLOCK_INFO[w->king].side))
        return fail(why, size, "the King %s is not his side's senior heir in play", BLOCK_INFO[w->king].id);
    if (w->pretender != BLOCK_NONE && w->pretender != senior_heir_in_play(w, BLOCK_INFO[w->pretender].side))
        return fail(why, size, "the Pretender %s is not his side's senior heir in play", BLOCK_INFO[w->pretender].id);
    return true;
}

static bool decision_due(const struct world *w, char *why, int size)
{
    struct decisions legal;
    if (w->phase == PHASE_OVER)
        return true;
    rules_legal(w, &legal);
    if (rules_actor(w) == ACTOR_NONE || legal.count == 0)
        return fail(why, size, "a dead end: nobody can decide in the %s phase (step %d)", PHASE_NAME[w->phase], w->step);
    return true;
}

bool audit_transition(const struct world *before, decision d, const struct world *after, char *why, int size)
{
    return world_check(after, why, size) && twins_apart(after, why, size) &&
           borders_within_limits(after, why, size) && move_rules_kept(before, d, after, why, size) &&
           contested_only_in_battle_time(after, why, size) && cards_accounted(after, why, size) &&
           crowns_on_seniors(after, why, size) && decision_due(after, why, size);
}
