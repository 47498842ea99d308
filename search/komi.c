/* komi.c: see komi.h. */
#include "search/komi.h"

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
        sum += evaluate_york_logit(w, e);
    }
    return share * sum / worlds;
}
