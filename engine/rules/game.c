/*
 * game.c: see game.h. The loop keeps the crown's side before each
 * transition, which the last one needs to tell how the game was won, and a
 * copy of the whole world only for an after() hook.
 */
#include "engine/rules/game.h"

#include "engine/core/crown.h"
#include "engine/core/random.h"
#include "engine/rules/eliminate.h"
#include "engine/rules/rules.h"

/* The result of a finished world whose crown was crown_before's side before
 * the transition that ended it. */
static struct game_result result(const struct world *over, int crown_before)
{
    struct game_result r = {.winner = over->winner, .campaign = over->campaign, .turn = over->turn};
    if (!heirs_remaining(over, 1 - over->winner))
        r.how = GAME_HEIRS;
    else
        r.how = over->winner != crown_before ? GAME_USURPATION : GAME_END_OF_GAME;
    return r;
}

struct game_result game_result_of(const struct world *before, const struct world *after)
{
    return result(after, royal_side(before));
}

bool game_uniform(void *rng, const struct world *w, decision *d)
{
    *d = rules_chance(w, random_next(rng));
    return true;
}

enum { GOES_ON = -1 };

/* Why the game cannot go on from w, whose actor is given (enum game_status),
 * or GOES_ON. */
static int halt(const struct world *w, int actor, long played)
{
    if (w->phase == PHASE_OVER)
        return GAME_OVER;
    if (played >= GAME_DECISION_BOUND)
        return GAME_BOUND;
    return actor == ACTOR_NONE ? GAME_DEAD_END : GOES_ON;
}

struct game_outcome game_play(struct world *w, const struct game_player player[GAME_ACTORS],
                              const struct game_hooks *hooks)
{
    static const struct game_hooks NONE = {0};
    const struct game_hooks *h = hooks ? hooks : &NONE;
    struct game_outcome o = {.actor = ACTOR_NONE};
    struct world before;
    int actor, crown = royal_side(w); /* a game over before it began was ended by no transition of its own */
    decision d;
    while ((o.status = halt(w, actor = rules_actor(w), o.decisions)) == GOES_ON) {
        if (h->before && !h->before(h->context, w, o.decisions)) {
            o.status = GAME_STOPPED;
            return o;
        }
        if (!player[actor].decide) {
            o.status = GAME_AWAITED;
            o.actor = actor;
            return o;
        }
        if (!player[actor].decide(player[actor].context, w, &d)) {
            o.status = GAME_GIVEN_UP;
            o.actor = actor;
            return o;
        }
        if (h->decided && !h->decided(h->context, w, d, o.decisions)) {
            o.status = GAME_STOPPED;
            return o;
        }
        crown = royal_side(w);
        if (h->after)
            world_copy(&before, w);
        rules_apply(w, d);
        o.decisions++;
        if (h->after && !h->after(h->context, &before, d, w, o.decisions)) {
            o.status = GAME_STOPPED;
            break;
        }
    }
    if (w->phase == PHASE_OVER)
        o.result = result(w, crown);
    return o;
}
