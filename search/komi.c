/* komi.c: see komi.h. */
#include "search/komi.h"

#include <math.h>

#include "eval/eval.h"

double komi_of_root(double share, const struct evaluation *e, struct sampler *sampler, const struct world *fixed,
                    uint64_t *rng)
{
    struct world drawn;
    double sum = 0;
    int worlds = sampler ? KOMI_WORLDS : 1;
    for (int i = 0; i < worlds; i++) {
        const struct world *w = fixed;
        if (sampler)
            sampler_draw(sampler, rng, &drawn), w = &drawn;
        sum += value_york_logit(w, e);
    }
    return share * sum / worlds;
}

double komi_result(const struct world *w, double logit, const struct evaluation *e)
{
    if (w->phase == PHASE_OVER || logit == 0)
        return value_york_chance(w, e);
    return 1.0 / (1.0 + exp(logit - value_york_logit(w, e)));
}
