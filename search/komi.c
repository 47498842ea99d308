/* komi.c: see komi.h. */
#include "search/komi.h"

#include <math.h>

#include "eval/eval.h"

double komi_of_root(double share, const struct eval_weights *weights, struct sampler *sampler,
                    const struct world *fixed, uint64_t *rng)
{
    struct world drawn;
    double sum = 0;
    int worlds = sampler ? KOMI_WORLDS : 1;
    for (int i = 0; i < worlds; i++) {
        const struct world *w = fixed;
        if (sampler)
            sampler_draw(sampler, rng, &drawn), w = &drawn;
        sum += eval_york_logit(w, weights);
    }
    return share * sum / worlds;
}

double komi_result(const struct world *w, double logit, const struct eval_weights *weights)
{
    if (w->phase == PHASE_OVER || logit == 0)
        return eval_win_probability(w, SIDE_YORK, weights);
    return 1.0 / (1.0 + exp(logit - eval_york_logit(w, weights)));
}
