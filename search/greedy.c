/*
 * greedy.c: see greedy.h. The same drawn world scores every decision, so the
 * comparison between decisions is not blurred by different draws.
 */
#include "search/greedy.h"

#include "engine/core/random.h"
#include "engine/rules/rules.h"
#include "search/evaluate.h"

void greedy_begin(struct greedy *g, const struct world *w, int side, const struct eval_weights *weights, uint64_t *rng)
{
    struct view v;
    rules_legal(w, &g->legal);
    for (int i = 0; i < g->legal.count; i++)
        g->total[i] = 0;
    g->side = side;
    g->evaluation = (struct evaluation){weights, NULL, 0};
    g->worlds = 0;
    view_of(w, side, &v);
    g->can_sample = sampler_init(&g->sampler, &v, rng);
}

int greedy_draw(struct greedy *g, uint64_t *rng)
{
    struct world drawn;
    if (!g->can_sample || g->legal.count == 0)
        return 0;
    sampler_draw(&g->sampler, rng, &drawn);
    drawn.flags |= WORLD_NO_KNOWLEDGE; /* only the outcome is evaluated */
    for (int i = 0; i < g->legal.count; i++) {
        struct world next = drawn;
        rules_apply(&next, g->legal.list[i]);
        g->total[i] += evaluate(&next, g->side, &g->evaluation);
    }
    g->worlds++;
    return g->legal.count;
}

decision greedy_best(const struct greedy *g, uint64_t *rng, double *mean)
{
    int best = 0, ties = 0;
    double best_score = -1e300;
    for (int i = 0; i < g->legal.count; i++) {
        double total = g->total[i];
        if (total > best_score + 1e-9) {
            best_score = total;
            best = i;
            ties = 1;
        } else if (total > best_score - 1e-9 && random_below(rng, ++ties) == 0) {
            best = i; /* equal scores: a uniform choice among them, not the first listed */
        }
    }
    if (mean)
        *mean = g->worlds ? best_score / g->worlds : 0;
    return g->legal.list[best];
}
