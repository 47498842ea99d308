/*
 * learned.c: see learned.h. Two tests. What the side saw: anything but its
 * own decision and what that did to its own blocks is news (the enemy's card,
 * a reveal, a loss, a block appearing). What it could not see directly:
 * worlds it could not tell from 'before' are drawn, the same decision applied
 * in each, and if any would have left it knowing something else than it now
 * does, the outcome turned on a hidden fact. The draws are seeded from the
 * position, so the answer is the same every time the transition is replayed.
 */
#include "engine/hidden/learned.h"

#include "engine/hidden/sample.h"
#include "engine/hidden/view.h"
#include "engine/rules/rules.h"

/* Worlds drawn to see whether an outcome could have been otherwise. A hidden
 * fact that changes the outcome in fewer than one world in this many may slip
 * through; the observations' own test above catches the common cases exactly. */
#define PROBES 32

/* Whether an observation made after the side's own decision d says only what
 * the side knew already: d itself, a consequence for everyone to see (checked
 * by the probes), or something of its own blocks. */
static bool old_news(const struct world *after, const struct observation *o, decision d, int side)
{
    switch (o->kind) {
    case OBS_DECISION: return o->value == d;
    case OBS_PHASE:
    case OBS_KING:
    case OBS_PRETENDER:
    case OBS_CAMPAIGN:
    case OBS_WINNER: return true;
    case OBS_MOVE:
    case OBS_STRENGTH:
    case OBS_REVEAL: return o->piece < BLOCK_COUNT && world_block_side(after, o->piece) == side;
    default: return false;
    }
}

/* The decision of w that 'side' names 'named', if it is legal there. */
static bool legal_named(const struct world *w, decision named, int side, decision *out)
{
    struct decisions legal;
    rules_legal(w, &legal);
    for (int i = 0; i < legal.count; i++)
        if (observe_named(w, legal.list[i], side) == named) {
            *out = legal.list[i];
            return true;
        }
    return false;
}

/* Whether some world the side could not tell from 'before' would have left
 * it knowing something else after the same decision. One view and one
 * sampler serve every draw. */
static bool outcome_turned_on_hidden(const struct world *before, decision d, const struct world *after, int side)
{
    struct view view;
    struct sampler sampler;
    struct world probe;
    uint64_t rng = world_hash(before), now = infokey(after, side);
    decision named = observe_named(before, d, side), there;
    view_of(before, side, &view);
    if (!sampler_init(&sampler, &view, &rng))
        return true;
    for (int i = 0; i < PROBES; i++) {
        sampler_draw(&sampler, &rng, &probe);
        if (!legal_named(&probe, named, side, &there))
            return true;
        rules_apply(&probe, there);
        if (infokey(&probe, side) != now)
            return true;
    }
    return false;
}

enum lesson learned_from_own(const struct world *before, decision d, const struct world *after, int side,
                             const struct observations *seen, struct observation *what)
{
    for (int i = 0; i < seen->count; i++)
        if (!old_news(after, &seen->list[i], d, side)) {
            *what = seen->list[i];
            return LEARNED_SEEN;
        }
    return outcome_turned_on_hidden(before, d, after, side) ? LEARNED_OUTCOME : LEARNED_NOTHING;
}
