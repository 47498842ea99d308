/* bench.c: see bench.h. */
#include "tuning/bench/bench.h"

#include "engine/core/clock.h"
#include "engine/core/tables.h"
#include "engine/rules/notation.h"
#include "engine/rules/rules.h"
#include "engine/text/position.h"
#include "search/ismcts.h"

#define BENCH_MEMORY (64u << 20)

/* One position's search; its nodes, or -1 after a message. */
static long bench_position(int i, long iterations, uint64_t seed, const struct ismcts_options *options, FILE *out)
{
    struct ismcts tree;
    struct world w;
    char error[300], text[64];
    if (!position_parse(BENCH_POSITION[i], &w, error, sizeof error)) {
        fprintf(stderr, "r3: bench: position %d: %s\n", i + 1, error);
        return -1;
    }
    int side = rules_actor(&w);
    uint64_t rng = seed + (uint64_t)i;
    if (side >= SIDE_COUNT || !ismcts_begin(&tree, &w, side, options, BENCH_MEMORY, &rng)) {
        fprintf(stderr, "r3: bench: position %d: %s\n", i + 1, side >= SIDE_COUNT ? "no side decides" : "no memory");
        return -1;
    }
    for (long n = 0; n < iterations; n++)
        ismcts_iterate(&tree, &rng);
    double value;
    decision_text(ismcts_best(&tree, 1, &value), text, sizeof text);
    fprintf(out, "Position %d/%d (%d, %s, %s): bestmove %s, winrate %.3f, nodes %ld, enemy in the tree %.0f%%\n", i + 1,
            BENCH_POSITIONS, SCENARIO_INFO[w.scenario].year, PHASE_NAME[w.phase], SIDE_NAME[side], text, value,
            tree.nodes, 100.0 * (double)tree.replies / (double)tree.iterations);
    long nodes = tree.nodes;
    ismcts_end(&tree);
    return nodes;
}

int bench_run(long iterations, uint64_t seed, const struct ismcts_options *options, FILE *out)
{
    long total = 0;
    double started = clock_seconds();
    for (int i = 0; i < BENCH_POSITIONS; i++) {
        long nodes = bench_position(i, iterations, seed, options, out);
        if (nodes < 0)
            return 1;
        total += nodes;
    }
    double elapsed = clock_seconds() - started, seconds = elapsed > 0 ? elapsed : 1e-9;
    long searched = iterations * BENCH_POSITIONS;
    fprintf(out, "\nTotal time (ms): %.0f\nIterations: %ld\nNodes searched: %ld\nNodes/second: %.0f\n", elapsed * 1000,
            searched, total, total / seconds);
    fprintf(out, "Iterations/second: %.0f\n", searched / seconds);
    return 0;
}
