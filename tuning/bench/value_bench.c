/* value_bench.c: see value_bench.h. */
#include "tuning/bench/value_bench.h"

#include <stdlib.h>
#include <string.h>

#include "engine/core/clock.h"
#include "engine/core/scenario.h"
#include "engine/rules/game.h"
#include "engine/rules/rules.h"
#include "eval/eval.h"
#include "eval/features.h"
#include "eval/value.h"
#include "search/evaluate.h"

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

/* The worlds' features, each list FEATURES_MAX_ACTIVE long, for timing the
 * network's pass alone. */
struct lists {
    uint16_t *index;
    int *count;
};

/* What every timing reads: the worlds kept, their features, the network. */
struct timed {
    const struct keeping *kept;
    const struct lists *lists;
    const struct net_q *net;
};

static double per_second(double n, double seconds) { return n / (seconds > 0 ? seconds : 1e-9); }

/* Seconds for 'rounds' passes of one of the four parts over the first
 * 'worlds' worlds; *sum gets the logits' sum (or the features' count). */
enum part { PART_FEATURES, PART_WEIGHTS, PART_NET, PART_VALUE };

static double time_worlds(enum part part, enum net_pass pass, const struct timed *t, long worlds, long rounds,
                          double *sum)
{
    uint16_t index[FEATURES_MAX_ACTIVE];
    const struct lists *l = t->lists;
    const struct evaluation e = {&EVAL_DEFAULT, t->net, 0};
    double start = clock_seconds();
    *sum = 0;
    for (long r = 0; r < rounds; r++)
        for (long i = 0; i < worlds; i++) {
            const struct world *w = &t->kept->world[i];
            *sum += part == PART_FEATURES  ? features_active(w, index)
                    : part == PART_WEIGHTS ? eval_york_logit(w, &EVAL_DEFAULT)
                    : part == PART_NET ? net_q_logit_by(pass, t->net, l->index + i * FEATURES_MAX_ACTIVE, l->count[i])
                                       : evaluate_york_logit(w, &e);
        }
    return clock_seconds() - start;
}

static double time_part(enum part part, enum net_pass pass, const struct timed *t, int rounds, double *sum)
{
    return time_worlds(part, pass, t, t->kept->count, rounds, sum);
}

/* The worlds above (20,000 of them, 17 MB) come from memory; a search
 * reads a world it has just played. The same number of evaluations again
 * over the first few worlds, which stay in the cache with the rows they
 * read: the evaluation's own cost, too many worlds for the branch predictor
 * to learn by heart. In a search the playout between two evaluations
 * pushes some rows out, so it lies between the two. */
#define WORLDS_IN_CACHE 256

static void time_in_cache(const struct timed *t, int rounds, FILE *out)
{
    const struct keeping *k = t->kept;
    long worlds = k->count < WORLDS_IN_CACHE ? k->count : WORLDS_IN_CACHE;
    long again = (k->count * rounds + worlds - 1) / worlds;
    double sum, seconds = time_worlds(PART_VALUE, NET_PASS_PORTABLE, t, worlds, again, &sum);
    fprintf(out, "Value evaluations/second, in cache: %.0f (%ld worlds over and over, their rows cached)\n",
            per_second((double)worlds * again, seconds), worlds);
}

/* Every vector pass the CPU runs, timed alone (the portable one only where
 * there is none: it is some 20 times slower). The search takes AVX-512
 * where the CPU runs it, else AVX2. */
static void time_passes(const struct timed *t, int rounds, FILE *out)
{
    static const char *const name[NET_PASSES] = {"portable C", "AVX2", "AVX-512"};
    double n = (double)t->kept->count * rounds, sum;
    fprintf(out, "Network passes/second:");
    bool vector = net_pass_usable(NET_PASS_AVX2) || net_pass_usable(NET_PASS_AVX512), first = true;
    for (int p = vector ? NET_PASS_AVX2 : NET_PASS_PORTABLE; p < NET_PASSES; p++)
        if (net_pass_usable((enum net_pass)p)) {
            fprintf(out, "%s %s %.0f", first ? "" : ",", name[p],
                    per_second(n, time_part(PART_NET, (enum net_pass)p, t, rounds, &sum)));
            first = false;
        }
    fprintf(out, " (the int16 pass, its features made before)\n");
}

int value_bench_run(const char *path, long worlds, int rounds, uint64_t seed, FILE *out)
{
    char why[600];
    uint64_t id;
    /* "built-in", as ValueFile says it: the network inside r3. */
    const struct net_q *net =
        strcmp(path, "built-in") == 0 ? value_net_built_in(&id) : value_net_load(path, &id, why, sizeof why);
    struct keeping k = {.world = malloc((size_t)worlds * sizeof *k.world), .most = worlds};
    struct lists l = {malloc((size_t)worlds * FEATURES_MAX_ACTIVE * sizeof *l.index),
                      malloc((size_t)worlds * sizeof *l.count)};
    int status = 0;
    if (!net || !k.world || !l.index || !l.count) {
        fprintf(stderr, "r3: bench: %s\n", net ? "no memory for the worlds" : why);
        status = 1;
    } else {
        collect(&k, seed);
        for (long i = 0; i < worlds; i++)
            l.count[i] = features_active(&k.world[i], l.index + i * FEATURES_MAX_ACTIVE);
        const struct timed t = {&k, &l, net};
        double active, weights, value, n = (double)worlds * rounds;
        double features = time_part(PART_FEATURES, NET_PASS_PORTABLE, &t, rounds, &active);
        double weights_time = time_part(PART_WEIGHTS, NET_PASS_PORTABLE, &t, rounds, &weights);
        double value_time = time_part(PART_VALUE, NET_PASS_PORTABLE, &t, rounds, &value);
        fprintf(out, "Worlds: %ld, %d rounds, %.1f active features on average\n", worlds, rounds, active / n);
        fprintf(out, "Features/second: %.0f\n", per_second(n, features));
        fprintf(out, "17 weights/second: %.0f (the base's logit)\n", per_second(n, weights_time));
        time_passes(&t, rounds, out);
        fprintf(out, "Value evaluations/second: %.0f (features, the int16 pass, the 17 weights)\n",
                per_second(n, value_time));
        time_in_cache(&t, rounds, out);
        fprintf(out, "Mean logit: %.6f (net %016llx)\n", value / n, (unsigned long long)id);
    }
    free(k.world);
    free(l.index);
    free(l.count);
    return status;
}
