/*
 * quality.c: see quality.h. Each worker has a driver of its own and a
 * belief made from the position (the true world, of which the search reads
 * only its side's view; the cheat player alone is handed it whole). Trees
 * are never kept from one position to the next.
 */
#include "tuning/quality/quality.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <xxhash.h>

#include "engine/core/clock.h"
#include "engine/core/tables.h"
#include "tuning/quality/figures.h"
#include "tuning/quality/pool.h"

struct grading {
    const struct quality_options *o;
    struct driver *driver[POOL_MAX_WORKERS];
    struct belief *belief; /* [worker]: what each worker's search starts from */
    decision *choice;      /* [position * seeds + seed] */
};

/* ---- the figures ---- */

/* A figure's mean over n positions and its standard error. */
struct tally {
    double sum, squares;
};

static void tally_add(struct tally *t, double x) { t->sum += x, t->squares += x * x; }

static void tally_mean(const struct tally *t, int n, double *mean, double *se)
{
    *mean = n ? t->sum / n : 0;
    *se = n > 1 ? sqrt(fmax(t->squares / n - *mean * *mean, 0) / (n - 1)) : 0;
}

/* The share of the position's pairs of searches that chose alike. */
static double agreement(const decision *choice, int seeds)
{
    int pairs = 0, alike = 0;
    for (int a = 0; a < seeds; a++)
        for (int b = a + 1; b < seeds; b++)
            pairs++, alike += choice[a] == choice[b];
    return pairs ? (double)alike / pairs : 0;
}

static double value_of(const struct suite_position *p, decision d)
{
    for (int i = 0; i < p->count; i++)
        if (p->decision[i] == d)
            return p->value[i].mean;
    return 0; /* never: every choice is legal there */
}

void quality_position(const struct suite_position *p, const decision *choice, int seeds, struct quality_figures *out)
{
    double best = 0, lost = 0, blunders = 0;
    for (int s = 0; s < seeds; s++) {
        double gap = p->value[p->best].mean - value_of(p, choice[s]);
        best += gap == 0; /* a decision as good as the best is a best one */
        lost += gap;
        blunders += gap > QUALITY_BLUNDER;
    }
    *out = (struct quality_figures){best / seeds, lost / seeds, agreement(choice, seeds), blunders / seeds};
}

void quality_grade(const struct suite *suite, const decision *choice, int seeds, int scenario, int phase,
                   struct quality_row *row)
{
    struct tally top1 = {0}, regret = {0}, agree = {0}, blunder = {0};
    int n = 0;
    for (int i = 0; i < suite->count; i++) {
        const struct suite_position *p = &suite->position[i];
        if ((scenario >= 0 && p->w.scenario != scenario) || (phase >= 0 && p->phase != phase))
            continue;
        struct quality_figures f;
        quality_position(p, &choice[i * seeds], seeds, &f);
        tally_add(&top1, f.top1);
        tally_add(&regret, f.regret);
        tally_add(&agree, f.agree);
        tally_add(&blunder, f.blunder);
        n++;
    }
    row->positions = n;
    tally_mean(&top1, n, &row->top1, &row->top1_se);
    tally_mean(&regret, n, &row->regret, &row->regret_se);
    tally_mean(&agree, n, &row->agree, &row->agree_se);
    tally_mean(&blunder, n, &row->blunder, &row->blunder_se);
}

/* The paired differences with another run's figures, position by position. */
static void print_against(const struct grading *g, FILE *out)
{
    const struct quality_options *o = g->o;
    struct tally top1 = {0}, regret = {0}, blunder = {0};
    double top1_mean, top1_se, regret_mean, regret_se, blunder_mean, blunder_se;
    for (int i = 0; i < o->suite->count; i++) {
        struct quality_figures f;
        quality_position(&o->suite->position[i], &g->choice[i * o->seeds], o->seeds, &f);
        tally_add(&top1, f.top1 - o->against[i].top1);
        tally_add(&regret, f.regret - o->against[i].regret);
        tally_add(&blunder, f.blunder - o->against[i].blunder);
    }
    tally_mean(&top1, o->suite->count, &top1_mean, &top1_se);
    tally_mean(&regret, o->suite->count, &regret_mean, &regret_se);
    tally_mean(&blunder, o->suite->count, &blunder_mean, &blunder_se);
    fprintf(out,
            "Against %s (%s), paired over the %d positions: top-1 %+.1f%% ± %.1f, regret %+.4f ± %.4f, "
            "blunders %+.1f%% ± %.1f\n",
            o->against_path, o->against_player, o->suite->count, 100 * top1_mean, 100 * top1_se, regret_mean, regret_se,
            100 * blunder_mean, 100 * blunder_se);
}

/* ---- the searches ---- */

static void on_progress(void *context, const struct driver_progress *p) { (void)context, (void)p; }
static void on_note(void *context, enum driver_note note, long count) { (void)context, (void)note, (void)count; }
static void on_bestmove(void *context, decision best) { *(decision *)context = best; }

static bool search_position(void *context, long item, int worker, char *why, size_t size)
{
    struct grading *g = context;
    const struct quality_options *o = g->o;
    const struct suite_position *p = &o->suite->position[item];
    struct driver *d = g->driver[worker];
    struct limits limits = {.movetime = o->movetime_ms, .clock = {-1, -1}};
    struct belief *b = &g->belief[worker];
    (void)why, (void)size;
    for (int s = 0; s < o->seeds; s++) {
        decision *choice = &g->choice[item * o->seeds + s];
        const struct driver_callbacks report = {on_progress, on_note, on_bestmove, choice, NULL};
        *b = (struct belief){.w = p->w, .side = p->side};
        b->rng = d->rng = (o->seed + (uint64_t)s) ^ XXH3_64bits(p->id, strlen(p->id));
        driver_start(d, b, o->player->kind == PLAYER_CHEAT ? &p->w : NULL, o->player, &limits, &report);
        driver_settle(d);
        driver_forget(d);
    }
    return true;
}

/* ---- the report ---- */

static void print_row(FILE *out, const char *name, const struct quality_row *r, int seeds)
{
    if (!r->positions)
        return;
    fprintf(out, "%-10s %9d   %5.1f%% ± %4.1f   %6.4f ± %6.4f   %5.1f%% ± %4.1f", name, r->positions, 100 * r->top1,
            100 * r->top1_se, r->regret, r->regret_se, 100 * r->blunder, 100 * r->blunder_se);
    if (seeds > 1)
        fprintf(out, "   %5.1f%% ± %4.1f", 100 * r->agree, 100 * r->agree_se);
    fputc('\n', out);
}

static void print_report(const struct grading *g, double seconds, FILE *out)
{
    const struct quality_options *o = g->o;
    struct quality_row row;
    fprintf(out, "Quality of %s on %d positions of %s, %d search%s each\n", o->player_text, o->suite->count,
            o->suite_path, o->seeds, o->seeds == 1 ? "" : "es");
    fprintf(out, "Suite made by: %s\n", *o->suite->made_by ? o->suite->made_by : "(not said)");
    fprintf(out, "%-10s %9s   %-13s   %-15s   %-13s%s\n", "part", "positions", "top-1", "regret", "blunders",
            o->seeds > 1 ? "   seed agreement" : "");
    quality_grade(o->suite, g->choice, o->seeds, -1, -1, &row);
    print_row(out, "all", &row, o->seeds);
    for (int s = 0; s < SCENARIO_COUNT; s++) {
        char name[16];
        snprintf(name, sizeof name, "%d", SCENARIO_INFO[s].year);
        quality_grade(o->suite, g->choice, o->seeds, s, -1, &row);
        print_row(out, name, &row, o->seeds);
    }
    for (int k = 0; k < SUITE_PHASES; k++) {
        quality_grade(o->suite, g->choice, o->seeds, -1, k, &row);
        print_row(out, SUITE_PHASE_NAME[k], &row, o->seeds);
    }
    if (o->against)
        print_against(g, out);
    long searches = (long)o->suite->count * o->seeds;
    fprintf(out, "%ld searches in %.1f s on %d thread%s (%.1f ms a search)\n", searches, seconds, o->concurrency,
            o->concurrency == 1 ? "" : "s", 1000 * seconds * o->concurrency / (double)searches);
}

static bool save(const struct grading *g, char *why, size_t size)
{
    const struct quality_options *o = g->o;
    struct quality_figures *f = malloc((size_t)o->suite->count * sizeof *f);
    if (!f)
        return snprintf(why, size, "no memory for the figures"), false;
    for (int i = 0; i < o->suite->count; i++)
        quality_position(&o->suite->position[i], &g->choice[i * o->seeds], o->seeds, &f[i]);
    bool ok = figures_write(o->save, o->suite, f, o->player_text, why, size);
    free(f);
    return ok;
}

int quality_run(const struct quality_options *o, FILE *out, FILE *report)
{
    char why[1000];
    bool ok = true;
    struct grading g = {.o = o,
                        .belief = calloc((size_t)o->concurrency, sizeof(struct belief)),
                        .choice = calloc((size_t)o->suite->count * (size_t)o->seeds, sizeof(decision))};
    for (int i = 0; i < o->concurrency && ok; i++)
        ok = (g.driver[i] = calloc(1, sizeof *g.driver[i])) != NULL;
    double start = clock_seconds();
    if (ok && g.belief && g.choice) {
        const struct pool_job job = {o->suite->count, o->concurrency, search_position, &g,
                                     "positions",     "quality",      report};
        ok = pool_run(&job, why, sizeof why);
    } else
        ok = false, snprintf(why, sizeof why, "no memory for the searches");
    if (ok && o->save)
        ok = save(&g, why, sizeof why);
    if (ok)
        print_report(&g, clock_seconds() - start, out);
    else
        fprintf(report, "r3: quality: %s\n", why);
    for (int i = 0; i < o->concurrency; i++)
        if (g.driver[i])
            driver_finish(g.driver[i]), free(g.driver[i]);
    free(g.belief);
    free(g.choice);
    return ok ? 0 : 1;
}
