/* value_bench.c: see value_bench.h. */
#include "tuning/bench/value_bench.h"

#include <stdlib.h>

#include "engine/core/clock.h"
#include "engine/rules/game.h"
#include "engine/rules/rules.h"
#include "engine/text/scenario.h"
#include "eval/eval.h"
#include "eval/features.h"
#include "eval/value.h"

/* Keeps every 7th world a side decides in, until the array is full. */
struct keeping {
    struct world *world;
    long count, most, seen;
};

static bool keep(void *context, const struct world *before, decision d, const struct world *after, long played)
{
    struct keeping *k = context;
    (void)before, (void)d, (void)played;
    if (after->phase != PHASE_OVER && rules_actor(after) < SIDE_COUNT && ++k->seen % 7 == 0)
        k->world[k->count++] = *after;
    return k->count < k->most;
}

static void collect(struct keeping *k, uint64_t seed)
{
    uint64_t rng = seed;
    const struct game_player random = {game_uniform, &rng};
    const struct game_hooks hooks = {.after = keep, .context = k};
    for (int g = 0; k->count < k->most; g++) {
        struct world w;
        scenario_setup(&w, g % SCENARIO_COUNT);
        w.flags |= WORLD_NO_KNOWLEDGE;
        game_play(&w, (const struct game_player[GAME_ACTORS]){random, random, random}, &hooks);
    }
}

int value_bench_run(const char *path, long worlds, int rounds, uint64_t seed, FILE *out)
{
    char why[600];
    uint64_t id;
    const struct net_q *net = value_net_load(path, &id, why, sizeof why);
    struct keeping k = {.world = malloc((size_t)worlds * sizeof *k.world), .most = worlds};
    if (!net || !k.world) {
        fprintf(stderr, "r3: bench: %s\n", net ? "no memory for the worlds" : why);
        free(k.world);
        return 1;
    }
    collect(&k, seed);
    uint16_t index[FEATURES_MAX_ACTIVE];
    long active = 0;
    double start = clock_seconds(), sum = 0;
    for (int r = 0; r < rounds; r++)
        for (long i = 0; i < worlds; i++)
            active += features_active(&k.world[i], index);
    double features = clock_seconds() - start;
    start = clock_seconds();
    const struct evaluation e = {&EVAL_DEFAULT, net};
    for (int r = 0; r < rounds; r++)
        for (long i = 0; i < worlds; i++)
            sum += value_york_logit(&k.world[i], &e);
    double both = clock_seconds() - start, n = (double)worlds * rounds;
    fprintf(out, "Worlds: %ld, %d rounds, %.1f active features on average\n", worlds, rounds, (double)active / n);
    fprintf(out, "Features/second: %.0f\nValue evaluations/second: %.0f (features, the int16 pass, the 17 weights)\n",
            n / (features > 0 ? features : 1e-9), n / (both > 0 ? both : 1e-9));
    fprintf(out, "Mean logit: %.6f (net %016llx)\n", sum / n, (unsigned long long)id);
    free(k.world);
    return 0;
}
