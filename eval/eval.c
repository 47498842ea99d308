/*
 * eval.c: see eval.h. The weights are a first guess, to be tuned from
 * self-play (tuning/): an heir is worth three usurpation votes, a vote ten
 * steps of strength.
 */
#include "eval.h"

#include "../engine/eliminate.h"
#include "../engine/political.h"

const struct eval_weights EVAL_DEFAULT = {.heirs = 3.0, .usurpation = 1.0, .strength = 0.1};

static int strength_on_map(const struct world *w, int side)
{
    int total = 0;
    for (int a = 0; a < AREA_COUNT; a++)
        for (blockset left = blocks_in(w, side, a); left; left &= left - 1)
            total += world_steps(w, __builtin_ctzll(left));
    return total;
}

double evaluate(const struct world *w, int side, const struct eval_weights *weights)
{
    int enemy = 1 - side;
    if (w->phase == PHASE_OVER)
        return w->winner == side ? 1000.0 : w->winner == enemy ? -1000.0 : 0.0;
    double heirs = __builtin_popcountll(heirs_remaining(w, side)) - __builtin_popcountll(heirs_remaining(w, enemy));
    double votes = usurpation_count(w, side) - usurpation_count(w, enemy);
    double strength = strength_on_map(w, side) - strength_on_map(w, enemy);
    return weights->heirs * heirs + weights->usurpation * votes + weights->strength * strength;
}
