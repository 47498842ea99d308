/*
 * greedy.c: see greedy.h. The same drawn worlds score every decision, so the
 * comparison between decisions is not blurred by different draws.
 */
#include "greedy.h"

#include "../engine/random.h"
#include "../engine/sample.h"
#include "../eval/eval.h"

#define GREEDY_MAX_SAMPLES 64

decision greedy_choose(const struct world *w, int side, int samples, uint64_t *rng)
{
    static _Thread_local struct sampler sampler;
    static _Thread_local struct world drawn[GREEDY_MAX_SAMPLES];
    struct decisions legal;
    struct view v;
    rules_legal(w, &legal);
    if (samples > GREEDY_MAX_SAMPLES)
        samples = GREEDY_MAX_SAMPLES;
    view_of(w, side, &v);
    if (!sampler_init(&sampler, &v, rng))
        return legal.list[0];
    for (int s = 0; s < samples; s++) {
        sampler_draw(&sampler, rng, &drawn[s]);
        drawn[s].flags |= WORLD_NO_KNOWLEDGE; /* only the outcome is evaluated */
    }
    int best = 0, ties = 0;
    double best_score = -1e300;
    for (int i = 0; i < legal.count; i++) {
        double total = 0;
        for (int s = 0; s < samples; s++) {
            struct world next = drawn[s];
            rules_apply(&next, legal.list[i]);
            total += evaluate(&next, side, &EVAL_DEFAULT);
        }
        if (total > best_score + 1e-9) {
            best_score = total;
            best = i;
            ties = 1;
        } else if (total > best_score - 1e-9 && random_below(rng, ++ties) == 0) {
            best = i; /* equal scores: a uniform choice among them, not the first listed */
        }
    }
    return legal.list[best];
}
