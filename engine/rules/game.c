/*
 * game.c: see game.h. The loop keeps a copy of the world before each
 * transition: the hooks see both sides of it, and the last one tells how the
 * game was won.
 */
#include "engine/rules/game.h"

#include "engine/core/crown.h"
#include "engine/core/random.h"
#include "engine/rules/eliminate.h"
#include "engine/rules/rules.h"

struct game_result game_result_of(const struct world *before, const struct world *after)
{
    struct game_result r = {.winner = after->winner, .campaign = after->campaign, .turn = after->turn};
    if (!heirs_remaining(after, 1 - after->winner))
        r.how = GAME_HEIRS;
    else
        r.how = after->winner != royal_side(before) ? GAME_USURPATION : GAME_END_OF_GAME;
    return r;
}

bool game_uniform(void *rng, const struct world *w, decision *d)
{
    *d = rules_chance(w, random_next(rng));
    return true;
}

enum { GOES_ON = -1 };

/* Why the game cannot go on from w (enum game_status), or GOES_ON. */
static int halt(const struct world *w, long played)
{
    if (w->phase == PHASE_OVER)
        return GAME_OVER;
    if (played >= GAME_DECISION_BOUND)
        return GAME_BOUND;
    return rules_actor(w) == ACTOR_NONE ? GAME_DEAD_END : GOES_ON;
}

struct game_outcome game_play(struct world *w, const struct game_player player[GAME_ACTORS],
                              const struct game_hooks *hooks)
{
    static const struct game_hooks NONE = {0};
    struct game_outcome o = {.actor = ACTOR_NONE};
    struct world before = *w; /* a game over before it began was ended by no transition of its own */
    const struct game_hooks *h = hooks ? hooks : &NONE;
    while ((o.status = halt(w, o.decisions)) == GOES_ON) {
        if (h->before && !h->before(h->context, w, o.decisions)) {
            o.status = GAME_STOPPED;
            return o;
        }
        int actor = rules_actor(w);
        decision d;
        if (!player[actor].decide(player[actor].context, w, &d)) {
            o.status = GAME_GIVEN_UP;
            o.actor = actor;
            return o;
        }
        before = *w;
        rules_apply(w, d);
        o.decisions++;
        if (h->after && !h->after(h->context, &before, d, w, o.decisions)) {
            o.status = GAME_STOPPED;
            break;
        }
    }
    if (w->phase == PHASE_OVER)
        o.result = game_result_of(&before, w);
    return o;
}
