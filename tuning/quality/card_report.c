/*
 * card_report.c: see card_report.h. Each pair writes only its own result,
 * so the report does not depend on the number of workers.
 */
#include "tuning/quality/card_report.h"

#include <math.h>
#include <stdlib.h>

#include "engine/core/tables.h"
#include "tuning/quality/pool.h"

/* One pair's games: the peeker's score in each, 1 a win, 1/2 a draw. */
struct pair_result {
    double shown, hidden;
    long shown_plays;
};

struct run {
    const struct card_report_options *o;
    struct pair_result *result;
};

static double score_of(int winner, int peeker) { return winner == SIDE_NONE ? 0.5 : winner == peeker; }

static bool play_pair(void *context, long pair, int worker, char *why, size_t size)
{
    struct run *r = context;
    const struct card_peek_setup *s = &r->o->setup;
    int peeker = card_peek_peeker(pair), shown, hidden;
    long plays, none;
    (void)worker;
    if (!card_peek_play(s, pair, true, &shown, &plays, why, size) ||
        !card_peek_play(s, pair, false, &hidden, &none, why, size))
        return false;
    r->result[pair] = (struct pair_result){score_of(shown, peeker), score_of(hidden, peeker), plays};
    return true;
}

/* The pairs a row counts: of a scenario (-1: any) and a peeker (-1: either). */
struct row {
    long pairs, plays;
    double shown, hidden, difference, squares;
};

static struct row tally(const struct run *r, int scenario, int peeker)
{
    struct row t = {0};
    for (long i = 0; i < r->o->pairs; i++) {
        if ((scenario >= 0 && card_peek_scenario(&r->o->setup, i) != scenario) ||
            (peeker >= 0 && card_peek_peeker(i) != peeker))
            continue;
        double d = r->result[i].shown - r->result[i].hidden;
        t.pairs++, t.plays += r->result[i].shown_plays;
        t.shown += r->result[i].shown, t.hidden += r->result[i].hidden;
        t.difference += d, t.squares += d * d;
    }
    return t;
}

static void print_row(FILE *out, const char *name, const struct row *t)
{
    if (!t->pairs)
        return;
    double n = (double)t->pairs, mean = t->difference / n;
    fprintf(out, "%-16s %6ld %7ld %7.3f %7.3f %+8.3f", name, t->pairs, t->plays, t->shown / n, t->hidden / n, mean);
    if (t->pairs > 1) /* the paired differences' standard error */
        fprintf(out, " %6.3f\n", sqrt((t->squares - n * mean * mean) / (n - 1) / n));
    else
        fputs("      -\n", out);
}

static void print_report(const struct run *r, FILE *out)
{
    char name[32];
    fprintf(out, "r3 quality-card: %ld game pairs, seed %llu, engine options: %s\n", r->o->pairs,
            (unsigned long long)r->o->setup.seed, r->o->player_text);
    fprintf(out, "the peeker's score shown r3's card before choosing its own, and not shown (same seeds)\n");
    fprintf(out, "%-16s %6s %7s %7s %7s %8s %6s\n", "", "pairs", "plays", "shown", "hidden", "peek", "se");
    for (int s = 0; s < SCENARIO_COUNT; s++) {
        snprintf(name, sizeof name, "%d", SCENARIO_INFO[s].year);
        struct row t = tally(r, s, -1);
        print_row(out, name, &t);
    }
    for (int side = 0; side < SIDE_COUNT; side++) {
        snprintf(name, sizeof name, "%s peeks", SIDE_WORD[side]);
        struct row t = tally(r, -1, side);
        print_row(out, name, &t);
    }
    struct row all = tally(r, -1, -1);
    print_row(out, "all", &all);
}

int card_report_run(const struct card_report_options *o, FILE *out, FILE *report)
{
    struct run r = {o, calloc((size_t)o->pairs, sizeof *r.result)};
    char why[1000];
    if (!r.result) {
        fputs("r3: quality-card: no memory for the results\n", stderr);
        return 1;
    }
    const struct pool_job job = {.items = o->pairs,
                                 .workers = o->concurrency,
                                 .run = play_pair,
                                 .context = &r,
                                 .what = "game pairs",
                                 .name = "quality-card",
                                 .report = report};
    bool ok = pool_run(&job, why, sizeof why);
    if (ok)
        print_report(&r, out);
    else
        fprintf(stderr, "r3: quality-card: %s\n", why);
    free(r.result);
    return ok ? 0 : 1;
}
