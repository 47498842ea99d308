/*
 * test_tune.c: r3 tune eval's parts (tuning/fit/eval_data.h, tuning/fit/eval_fit.h,
 * tuning/report/plot_svg.h). Labelled positions come from random games played by
 * game_play() with rules_chance() from a seed, their results drawn from the
 * logistic of known weights (tuning/fit/fit_bench.h): the fit recovers those
 * weights, within four of its standard errors from noisy results and within
 * 0.002 from exact win rates; a bound stops a weight the data pushes past it;
 * the split by game keeps every game whole; bad lines are refused by
 * file:line; the weights file keeps the start file's comments and loads.
 */
/* gnulib's unistd.h, first on the include path, needs its config.h first (which also asks for asprintf). */
#include <config.h>

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "engine/text/position.h"
#include "eval/eval.h"
#include "tests/support.h"
#include "tuning/fit/eval_data.h"
#include "tuning/fit/eval_fit.h"
#include "tuning/fit/fit_bench.h"
#include "tuning/fit/fit_files.h"
#include "tuning/report/plot_svg.h"

#define N EVAL_WEIGHT_COUNT

/* ---- making and reading data ---- */

/* Reads text as a data file named name: true, or false with why. */
static bool read_text(const char *text, const char *name, int threads, struct eval_data *d, char *why, size_t size)
{
    FILE *in = fmemopen((void *)text, strlen(text), "r");
    assert_non_null(in);
    bool ok = eval_data_read_stream(d, in, name, threads, why, size);
    fclose(in);
    return ok;
}

static void read_synthetic(const struct fit_synthetic *s, struct eval_data *d)
{
    char why[512];
    char *text = synthetic_text(s, NULL);
    if (!read_text(text, "synthetic", 2, d, why, sizeof why))
        fail_msg("%s", why);
    free(text);
}

/* Weights well inside their bounds, none equal to its default. */
static struct eval_weights known_weights(void)
{
    struct eval_weights w = {{0}};
    const double value[N] = {
        [EVAL_USURPATION] = 1.2,    [EVAL_KING] = 0.8,           [EVAL_HEIRS] = 0.6,
        [EVAL_LAST_HEIR] = -0.7,    [EVAL_HEIRS_IN_PLAY] = 0.25, [EVAL_HEIRS_AT_RISK] = -0.3,
        [EVAL_KING_AT_RISK] = -0.5, [EVAL_STRENGTH_MAP] = 0.06,  [EVAL_STRENGTH_POOL] = 0.04,
        [EVAL_LONDON] = 0.3,        [EVAL_CROWNS] = 0.1,         [EVAL_SHIELDS] = 0.08,
        [EVAL_CITIES] = 0.15,       [EVAL_THREATENED] = -0.15,   [EVAL_CARDS_AP] = 0.05,
        [EVAL_CARDS_EVENTS] = 0.15,
    };
    memcpy(w.w, value, sizeof w.w);
    return w;
}

static struct eval_fit fit_of(const struct eval_data *train, const struct eval_data *validation, double lambda,
                              double l2)
{
    struct fit_options o = {.lambda = lambda, .l2 = l2, .iterations = 2000};
    struct eval_fit fit;
    char why[256];
    if (!eval_fit(train, validation, &EVAL_DEFAULT, &o, &fit, why, sizeof why))
        fail_msg("%s", why);
    return fit;
}

/* ---- the loss ---- */

struct loss_context {
    const struct eval_data *d;
    const double *target;
};

static double loss_of(const double *w, const void *context)
{
    const struct loss_context *c = context;
    return eval_fit_loss(c->d, c->target, w, NULL);
}

/* The analytic gradient is the loss's slope, weight by weight. */
static void the_gradient_is_the_slope_of_the_loss(void **state)
{
    (void)state;
    struct eval_weights truth = known_weights();
    struct fit_synthetic s = {.games = 30, .seed = 3, .every = 7, .truth = &truth};
    struct eval_data d = {0};
    read_synthetic(&s, &d);
    double *target = malloc((size_t)d.count * sizeof *target), gradient[N];
    eval_fit_targets(&d, 0.3, target);
    eval_fit_loss(&d, target, EVAL_DEFAULT.w, gradient);
    struct loss_context c = {&d, target};
    assert_gradient_is_slope(N, EVAL_DEFAULT.w, gradient, loss_of, &c, EVAL_WEIGHT_INFO);
    free(target);
    eval_data_free(&d);
}

/* The loss is eval_win_probability's cross-entropy: York's chance from the
 * features read equals the evaluation of the world itself. */
static void the_loss_is_the_evaluations_cross_entropy(void **state)
{
    (void)state;
    struct fit_synthetic s = {.games = 6, .seed = 4, .every = 9};
    struct eval_data d = {0};
    char *text = synthetic_text(&s, NULL), why[512];
    assert_true(read_text(text, "data", 1, &d, why, sizeof why));
    double sum = 0;
    long i = 0;
    for (char *line = text; *line; line = strchr(line, '\n') + 1, i++) {
        char *position = line;
        for (int tab = 0; tab < 6; tab++)
            position = strchr(position, '\t') + 1;
        char *end = strchr(position, '\n');
        *end = '\0';
        struct world w;
        char error[256];
        assert_true(position_parse(position, &w, error, sizeof error));
        *end = '\n';
        double p = eval_win_probability(&w, SIDE_YORK, &EVAL_DEFAULT), t = d.result[i];
        sum -= t * log(p) + (1 - t) * log(1 - p);
    }
    assert_int_equal(i, d.count);
    double *target = malloc((size_t)d.count * sizeof *target);
    eval_fit_targets(&d, 0, target);
    assert_true(fabs(eval_fit_loss(&d, target, EVAL_DEFAULT.w, NULL) - sum / (double)d.count) < 1e-12);
    free(target);
    free(text);
    eval_data_free(&d);
}

/* ---- the fit ---- */

/* Results drawn from known weights: the fit from the defaults (no pull
 * toward them) lands within four standard errors of each, and the standard
 * errors are small enough to mean something. */
static void the_fit_recovers_known_weights(void **state)
{
    (void)state;
    struct eval_weights truth = known_weights();
    struct fit_synthetic s = {.games = 900, .seed = 11, .every = 4, .truth = &truth};
    struct eval_data all = {0}, train = {0}, validation = {0};
    read_synthetic(&s, &all);
    eval_data_split(&all, 0.1, 1, &train, &validation);
    struct eval_fit fit = fit_of(&train, &validation, 0, 0);
    int sharp = 0;
    for (int j = 0; j < N; j++) {
        double off = fit.fitted.w[j] - truth.w[j];
        print_message("%-16s truth %7.3f fitted %7.3f se %.3f (%+.1f se)\n", EVAL_WEIGHT_INFO[j].name, truth.w[j],
                      fit.fitted.w[j], fit.se[j], off / fit.se[j]);
        if (fit.at_bound[j] || !(fabs(off) <= 4 * fit.se[j]))
            fail_msg("%s: fitted %g, truth %g, se %g", EVAL_WEIGHT_INFO[j].name, fit.fitted.w[j], truth.w[j],
                     fit.se[j]);
        sharp += fit.se[j] < 0.25 * fabs(truth.w[j]);
    }
    assert_true(sharp >= N / 2);
    assert_true(fit.validation < fit.start_validation && fit.train < fit.start_train);
    eval_fit_free(&fit);
    eval_data_free(&all);
    eval_data_free(&train);
    eval_data_free(&validation);
}

/* With lambda 1 the targets are the known weights' own chances, with no
 * noise: their cross-entropy is least at those weights exactly. */
static void exact_win_rates_give_the_known_weights_back(void **state)
{
    (void)state;
    struct eval_weights truth = known_weights();
    struct fit_synthetic s = {.games = 300, .seed = 12, .every = 4, .truth = &truth};
    struct eval_data all = {0}, train = {0}, validation = {0};
    read_synthetic(&s, &all);
    eval_data_split(&all, 0.1, 1, &train, &validation);
    struct eval_fit fit = fit_of(&train, &validation, 1, 0);
    for (int j = 0; j < N; j++)
        if (fabs(fit.fitted.w[j] - truth.w[j]) > 0.002)
            fail_msg("%s: fitted %g, truth %g", EVAL_WEIGHT_INFO[j].name, fit.fitted.w[j], truth.w[j]);
    eval_fit_free(&fit);
    eval_data_free(&all);
    eval_data_free(&train);
    eval_data_free(&validation);
}

/* threatened's bounds are [-1, 0]: made from +0.5, the data pushes it up,
 * and it stops at 0, marked as at its bound in the report; the others are
 * still found. */
static void a_bound_stops_a_weight_the_data_pushes_past_it(void **state)
{
    (void)state;
    struct eval_weights truth = known_weights();
    truth.w[EVAL_THREATENED] = 0.5;
    struct fit_synthetic s = {.games = 300, .seed = 13, .every = 4, .truth = &truth};
    struct eval_data all = {0}, train = {0}, validation = {0};
    read_synthetic(&s, &all);
    eval_data_split(&all, 0.1, 1, &train, &validation);
    struct eval_fit fit = fit_of(&train, &validation, 1, 0);
    assert_true(fit.fitted.w[EVAL_THREATENED] == EVAL_WEIGHT_INFO[EVAL_THREATENED].max);
    assert_true(fit.at_bound[EVAL_THREATENED]);
    for (int j = 0; j < N; j++)
        assert_true(fit.at_bound[j] == (j == EVAL_THREATENED));
    assert_true(fabs(fit.fitted.w[EVAL_USURPATION] - truth.w[EVAL_USURPATION]) < 0.3);
    char *report = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&report, &size);
    eval_fit_report(out, &fit);
    fclose(out);
    assert_only_marked(report, "threatened", "bound");
    free(report);
    eval_fit_free(&fit);
    eval_data_free(&all);
    eval_data_free(&train);
    eval_data_free(&validation);
}

/* --fix: a fixed weight keeps its start value while the others fit, and the
 * table marks it "fixed", with no standard error. */
static void a_fixed_weight_keeps_its_start(void **state)
{
    (void)state;
    struct eval_weights truth = known_weights();
    struct fit_synthetic s = {.games = 300, .seed = 13, .every = 4, .truth = &truth};
    struct eval_data all = {0}, train = {0}, validation = {0};
    read_synthetic(&s, &all);
    eval_data_split(&all, 0.1, 1, &train, &validation);
    struct fit_options o = {.lambda = 1, .iterations = 2000};
    o.fixed[EVAL_KING] = true;
    struct eval_fit fit;
    char why[256];
    if (!eval_fit(&train, &validation, &EVAL_DEFAULT, &o, &fit, why, sizeof why))
        fail_msg("%s", why);
    assert_true(fit.fitted.w[EVAL_KING] == EVAL_DEFAULT.w[EVAL_KING]);
    assert_true(fit.fixed[EVAL_KING] && !fit.at_bound[EVAL_KING] && isnan(fit.se[EVAL_KING]));
    assert_true(fabs(fit.fitted.w[EVAL_USURPATION] - EVAL_DEFAULT.w[EVAL_USURPATION]) > 0.1);
    char *report = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&report, &size);
    eval_fit_report(out, &fit);
    fclose(out);
    assert_only_marked(report, "king", "fixed");
    free(report);
    eval_fit_free(&fit);
    eval_data_free(&all);
    eval_data_free(&train);
    eval_data_free(&validation);
}

/* The pull toward the start: a huge l2 keeps the weights at the start. */
static void l2_pulls_toward_the_start(void **state)
{
    (void)state;
    struct eval_weights truth = known_weights();
    struct fit_synthetic s = {.games = 60, .seed = 14, .every = 4, .truth = &truth};
    struct eval_data all = {0}, train = {0}, validation = {0};
    read_synthetic(&s, &all);
    eval_data_split(&all, 0.2, 1, &train, &validation);
    struct eval_fit loose = fit_of(&train, &validation, 0, 0), tight = fit_of(&train, &validation, 0, 1000);
    double moved_loose = 0, moved_tight = 0;
    for (int j = 0; j < N; j++) {
        moved_loose += fabs(loose.fitted.w[j] - EVAL_DEFAULT.w[j]);
        moved_tight += fabs(tight.fitted.w[j] - EVAL_DEFAULT.w[j]);
    }
    assert_true(moved_tight < 0.01 && moved_loose > 1);
    eval_fit_free(&loose);
    eval_fit_free(&tight);
    eval_data_free(&all);
    eval_data_free(&train);
    eval_data_free(&validation);
}

/* A stop flag already set (a Ctrl-C) ends the fit at its first evaluation, marked interrupted. */
static void a_stop_flag_interrupts_the_fit(void **state)
{
    (void)state;
    struct eval_weights truth = known_weights();
    struct fit_synthetic s = {.games = 9, .seed = 15, .every = 4, .truth = &truth};
    struct eval_data all = {0}, train = {0}, validation = {0};
    read_synthetic(&s, &all);
    eval_data_split(&all, 0.3, 1, &train, &validation);
    volatile sig_atomic_t stop = 1;
    struct fit_options o = {.iterations = 1000, .stop = &stop};
    struct eval_fit fit;
    char why[256];
    assert_true(eval_fit(&train, &validation, &EVAL_DEFAULT, &o, &fit, why, sizeof why));
    assert_true(fit.run.interrupted);
    assert_int_equal(fit.run.evaluations, 1);
    eval_fit_free(&fit);
    eval_data_free(&all);
    eval_data_free(&train);
    eval_data_free(&validation);
}

/* ---- the split ---- */

static bool has_game(const struct eval_data *d, int64_t game) { return ids_have(d->game, d->count, game); }

/* Games of many positions each, labelled with their own results: every game
 * goes wholly to one side, about a tenth to validation, the same way for the
 * same seed and another way for another seed. */
static void the_split_keeps_every_game_whole(void **state)
{
    (void)state;
    struct fit_synthetic s = {.games = 300, .seed = 16, .every = 10};
    struct eval_data all = {0};
    read_synthetic(&s, &all);
    assert_int_equal(eval_data_games(&all), 300);
    assert_true(all.count > 3000);
    int differ = 0;
    for (uint64_t seed = 1; seed <= 3; seed++) {
        struct eval_data train = {0}, validation = {0}, again_train = {0}, again_validation = {0};
        eval_data_split(&all, 0.1, seed, &train, &validation);
        eval_data_split(&all, 0.1, seed, &again_train, &again_validation);
        assert_int_equal(train.count + validation.count, all.count);
        long validation_games = eval_data_games(&validation);
        assert_int_equal(eval_data_games(&train) + validation_games, 300);
        assert_in_range(validation_games, 15, 50);
        for (long i = 0; i < validation.count; i++)
            assert_false(has_game(&train, validation.game[i]));
        for (long i = 0; i < all.count; i++)
            assert_true(has_game(&validation, all.game[i]) == fit_in_validation(all.game[i], 0.1, seed));
        assert_int_equal(validation.count, again_validation.count);
        assert_memory_equal(validation.game, again_validation.game, (size_t)validation.count * sizeof(int64_t));
        for (int64_t g = 0; g < 300; g++)
            differ += fit_in_validation(g, 0.1, seed) != fit_in_validation(g, 0.1, seed + 1);
        eval_data_free(&train);
        eval_data_free(&validation);
        eval_data_free(&again_train);
        eval_data_free(&again_validation);
    }
    assert_true(differ > 20);
    eval_data_free(&all);
}

/* ---- reading ---- */

/* The rows do not depend on the number of threads that read them. */
static void threads_do_not_change_the_rows(void **state)
{
    (void)state;
    struct eval_weights truth = known_weights();
    struct fit_synthetic s = {.games = 100, .seed = 17, .every = 3, .truth = &truth};
    char *text = synthetic_text(&s, NULL), why[512];
    struct eval_data one = {0}, three = {0};
    assert_true(read_text(text, "data", 1, &one, why, sizeof why));
    assert_true(read_text(text, "data", 3, &three, why, sizeof why));
    assert_true(one.count > 2048 * 3); /* more than one batch */
    assert_int_equal(one.count, three.count);
    assert_memory_equal(one.features, three.features, (size_t)one.count * N * sizeof(double));
    assert_memory_equal(one.result, three.result, (size_t)one.count * sizeof(double));
    assert_memory_equal(one.game, three.game, (size_t)one.count * sizeof(int64_t));
    free(text);
    eval_data_free(&one);
    eval_data_free(&three);
}

/* The first line of s's data with its fields, for making bad lines. */
struct fields {
    char game[32], ply[32], scenario[32], side[32], result[32], winrate[64];
    char *position;
};

static void first_line_fields(struct fields *f)
{
    struct fit_synthetic s = {.games = 1, .seed = 18, .every = 50};
    char *text = synthetic_text(&s, NULL);
    *strchr(text, '\n') = '\0';
    char *field[7], *rest = text;
    for (int i = 0; i < 7; i++) {
        field[i] = rest;
        rest = strchr(rest, '\t');
        if (rest)
            *rest++ = '\0';
    }
    snprintf(f->game, sizeof f->game, "%s", field[0]);
    snprintf(f->ply, sizeof f->ply, "%s", field[1]);
    snprintf(f->scenario, sizeof f->scenario, "%s", field[2]);
    snprintf(f->side, sizeof f->side, "%s", field[3]);
    snprintf(f->result, sizeof f->result, "%s", field[4]);
    snprintf(f->winrate, sizeof f->winrate, "%s", field[5]);
    f->position = strdup(field[6]);
    free(text);
}

static char *line_of(const char *game, const char *ply, const char *scenario, const char *side, const char *result,
                     const char *winrate, const char *position, const char *more)
{
    char *line;
    assert_true(asprintf(&line, "%s\t%s\t%s\t%s\t%s\t%s\t%s%s", game, ply, scenario, side, result, winrate, position,
                         more) > 0);
    return line;
}

/* data (a good line, then the bad one as line 3 after a comment) is refused
 * naming bad.tsv:3 and saying why. */
static void assert_refused(const char *bad, const char *why_part)
{
    struct fields f;
    first_line_fields(&f);
    char *good = line_of(f.game, f.ply, f.scenario, f.side, f.result, f.winrate, f.position, "");
    char *text, why[1024];
    assert_true(asprintf(&text, "%s\n# a comment\n%s", good, bad) > 0);
    struct eval_data d = {0};
    assert_refused_by_line(read_text(text, "bad.tsv", 2, &d, why, sizeof why), why, "bad.tsv:3: ", why_part);
    eval_data_free(&d);
    free(text);
    free(good);
    free(f.position);
}

static void bad_lines_are_refused_by_line(void **state)
{
    (void)state;
    struct fields f;
    first_line_fields(&f);
    const char *other_side = strcmp(f.side, "york") == 0 ? "lancaster" : "york";
    const char *other_scenario = strcmp(f.scenario, "1460") == 0 ? "1470" : "1460";
    char *cut = strdup(f.position);
    cut[strlen(cut) / 2] = '\0';
    struct {
        char *line;
        const char *why;
    } bad[] = {
        {line_of(f.game, f.ply, f.scenario, f.side, f.result, f.winrate, f.position, "\t12\textra\n"),
         "expected 7 or 8 tab-separated fields"},
        {strdup("1\t2\t1460\tyork\t1\t-\n"), "expected 7 or 8 tab-separated fields"},
        {strdup("1 2 1460 york 1 - scenario=1460\n"), "found 1"},
        {line_of("x1", f.ply, f.scenario, f.side, f.result, f.winrate, f.position, "\n"), "game 'x1'"},
        {line_of(f.game, "-3", f.scenario, f.side, f.result, f.winrate, f.position, "\n"), "ply '-3'"},
        {line_of(f.game, f.ply, "1999", f.side, f.result, f.winrate, f.position, "\n"), "unknown scenario '1999'"},
        {line_of(f.game, f.ply, f.scenario, "York", f.result, f.winrate, f.position, "\n"), "unknown side 'York'"},
        {line_of(f.game, f.ply, f.scenario, f.side, "2", f.winrate, f.position, "\n"), "result '2'"},
        {line_of(f.game, f.ply, f.scenario, f.side, "0.7", f.winrate, f.position, "\n"), "result '0.7'"},
        {line_of(f.game, f.ply, f.scenario, f.side, "nan", f.winrate, f.position, "\n"), "result 'nan'"},
        {line_of(f.game, f.ply, f.scenario, f.side, f.result, "1.5", f.position, "\n"), "winrate '1.5'"},
        {line_of(f.game, f.ply, f.scenario, f.side, f.result, "NaN", f.position, "\n"), "winrate 'NaN'"},
        {line_of(f.game, f.ply, f.scenario, f.side, f.result, "inf", f.position, "\n"), "winrate 'inf'"},
        {line_of(f.game, f.ply, f.scenario, f.side, f.result, "", f.position, "\n"), "winrate ''"},
        {line_of(f.game, f.ply, f.scenario, f.side, f.result, f.winrate, "scenario=1460 garbage", "\n"),
         "position: column"},
        {line_of(f.game, f.ply, f.scenario, f.side, f.result, f.winrate, cut, "\n"), "position: column"},
        {line_of(f.game, f.ply, other_scenario, f.side, f.result, f.winrate, f.position, "\n"), "the position is of"},
        {line_of(f.game, f.ply, f.scenario, other_side, f.result, f.winrate, f.position, "\n"),
         "is to decide in the position"},
        {line_of(f.game, f.ply, f.scenario, f.side, f.result, f.winrate, f.position, ""), "cut short"},
        {line_of(f.game, f.ply, f.scenario, f.side, strcmp(f.result, "1") ? "1" : "0", f.winrate, f.position, "\n"),
         "another result"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        assert_refused(bad[i].line, bad[i].why);
        free(bad[i].line);
    }
    free(cut);
    free(f.position);
}

/* Comments, blank lines, CRLF ends, a visits field and a '-' win rate are all read. */
static void comments_blanks_and_visits_are_read(void **state)
{
    (void)state;
    struct fields f;
    first_line_fields(&f);
    char *with_visits = line_of(f.game, f.ply, f.scenario, f.side, f.result, "-", f.position, "\t4000\r\n");
    char *text, why[1024];
    assert_true(asprintf(&text, "# selfplay\n\n   \n%s# end\n", with_visits) > 0);
    struct eval_data d = {0};
    if (!read_text(text, "ok.tsv", 1, &d, why, sizeof why))
        fail_msg("%s", why);
    assert_int_equal(d.count, 1);
    assert_true(isnan(d.winrate[0]));
    double *target = malloc(sizeof *target);
    eval_fit_targets(&d, 0.5, target);
    assert_true(target[0] == d.result[0]); /* no win rate: the result alone */
    free(target);
    eval_data_free(&d);
    free(text);
    free(with_visits);
    free(f.position);
}

/* A Lancaster line's win rate is turned into York's. */
static void win_rates_are_turned_to_york(void **state)
{
    (void)state;
    struct fields f;
    first_line_fields(&f);
    char *line = line_of(f.game, f.ply, f.scenario, f.side, f.result, "0.25", f.position, "\n"), why[512];
    struct eval_data d = {0};
    assert_true(read_text(line, "one", 1, &d, why, sizeof why));
    assert_true(d.winrate[0] == (strcmp(f.side, "york") == 0 ? 0.25 : 0.75));
    double target;
    eval_fit_targets(&d, 0.5, &target);
    assert_true(fabs(target - (0.5 * d.result[0] + 0.5 * d.winrate[0])) < 1e-15);
    eval_data_free(&d);
    free(line);
    free(f.position);
}

/* ---- the files ---- */

/* Written from eval/weights.txt, the file keeps its every comment and
 * spacing, loads with eval_weights_load, and gives the weights exactly. */
static void the_weights_file_keeps_the_start_files_comments(void **state)
{
    (void)state;
    char dir[] = "/tmp/r3-test-tune-XXXXXX", path[128], *temporary;
    assert_non_null(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/tuned.txt", dir);
    struct eval_weights w = known_weights(), back;
    w.w[EVAL_CITIES] = 0.123457;
    char why[512];
    assert_true(fit_write_weights(&EVAL_WEIGHTS, path, "eval/weights.txt", w.w, &temporary, why, sizeof why));
    assert_int_equal(access(path, F_OK), -1); /* only the temporary file so far */
    assert_int_equal(rename(temporary, path), 0);
    free(temporary);
    assert_true(eval_weights_load(path, &back, why, sizeof why));
    assert_memory_equal(back.w, w.w, sizeof w.w);
    char *written = file_text(path), *start = file_text("eval/weights.txt");
    char *a = written, *b = start;
    for (;;) { /* line by line: the comments alike, the values new */
        char *a_end = strchr(a, '\n'), *b_end = strchr(b, '\n');
        assert_true(!a_end == !b_end);
        if (!a_end)
            break;
        if (*b == '#' || *b == '\n')
            assert_true(a_end - a == b_end - b && strncmp(a, b, (size_t)(a_end - a)) == 0);
        a = a_end + 1;
        b = b_end + 1;
    }
    assert_non_null(strstr(written, "\ncities 0.123457 0 1\n"));
    free(written);
    free(start);
    unlink(path);
    /* without a start file: eval_weights_write's form */
    assert_true(fit_write_weights(&EVAL_WEIGHTS, path, NULL, w.w, &temporary, why, sizeof why));
    assert_true(eval_weights_load(temporary, &back, why, sizeof why));
    assert_memory_equal(back.w, w.w, sizeof w.w);
    unlink(temporary);
    free(temporary);
    rmdir(dir);
}

/* The plots are whole SVG files, with their titles, axis labels and counts. */
static void the_plots_are_whole_svg_files(void **state)
{
    (void)state;
    struct eval_weights truth = known_weights();
    struct fit_synthetic s = {.games = 30, .seed = 19, .every = 4, .truth = &truth};
    struct eval_data all = {0}, train = {0}, validation = {0};
    read_synthetic(&s, &all);
    eval_data_split(&all, 0.3, 1, &train, &validation);
    struct eval_fit fit = fit_of(&train, &validation, 0, 1e-5);
    char dir[] = "/tmp/r3-test-plots-XXXXXX", plots[128], why[512];
    assert_non_null(mkdtemp(dir));
    snprintf(plots, sizeof plots, "%s/plots", dir);
    char *final[EVAL_FIT_PLOTS], *temporary[EVAL_FIT_PLOTS];
    int count;
    assert_true(eval_fit_write_plots(plots, &fit, &validation, final, temporary, &count, why, sizeof why));
    assert_int_equal(count, EVAL_FIT_PLOTS);
    const char *expect[EVAL_FIT_PLOTS] = {"loss.svg", "calibration-1460.svg", "calibration-1470.svg",
                                          "calibration-1483.svg"};
    for (int i = 0; i < count; i++) {
        assert_non_null(strstr(final[i], expect[i]));
        char *text = file_text(temporary[i]);
        assert_true(strncmp(text, "<?xml", 5) == 0);
        assert_true(strcmp(text + strlen(text) - 7, "</svg>\n") == 0);
        assert_non_null(strstr(text, i == 0 ? "mean cross-entropy" : "predicted York win probability"));
        assert_non_null(strstr(text, i == 0 ? ">validation</text>" : ">n="));
        free(text);
        unlink(temporary[i]);
        free(temporary[i]);
        free(final[i]);
    }
    rmdir(plots);
    rmdir(dir);
    eval_fit_free(&fit);
    eval_data_free(&all);
    eval_data_free(&train);
    eval_data_free(&validation);
}

/* Calibration bins: each position counted once, in the bin of its chance. */
static void calibration_bins_count_each_position_once(void **state)
{
    (void)state;
    struct eval_weights truth = known_weights();
    struct fit_synthetic s = {.games = 30, .seed = 20, .every = 4, .truth = &truth};
    struct eval_data d = {0};
    read_synthetic(&s, &d);
    long total = 0, count[EVAL_FIT_BINS];
    double predicted[EVAL_FIT_BINS], observed[EVAL_FIT_BINS];
    for (int scenario = 0; scenario < 3; scenario++) {
        eval_fit_calibration(&d, truth.w, scenario, count, predicted, observed);
        for (int k = 0; k < EVAL_FIT_BINS; k++) {
            total += count[k];
            if (count[k])
                assert_true(predicted[k] >= k / 10.0 && predicted[k] <= (k + 1) / 10.0 && observed[k] >= 0 &&
                            observed[k] <= 1);
        }
    }
    assert_int_equal(total, d.count);
    eval_data_free(&d);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_gradient_is_the_slope_of_the_loss),
        cmocka_unit_test(the_loss_is_the_evaluations_cross_entropy),
        cmocka_unit_test(the_fit_recovers_known_weights),
        cmocka_unit_test(exact_win_rates_give_the_known_weights_back),
        cmocka_unit_test(a_bound_stops_a_weight_the_data_pushes_past_it),
        cmocka_unit_test(a_fixed_weight_keeps_its_start),
        cmocka_unit_test(l2_pulls_toward_the_start),
        cmocka_unit_test(a_stop_flag_interrupts_the_fit),
        cmocka_unit_test(the_split_keeps_every_game_whole),
        cmocka_unit_test(threads_do_not_change_the_rows),
        cmocka_unit_test(bad_lines_are_refused_by_line),
        cmocka_unit_test(comments_blanks_and_visits_are_read),
        cmocka_unit_test(win_rates_are_turned_to_york),
        cmocka_unit_test(the_weights_file_keeps_the_start_files_comments),
        cmocka_unit_test(the_plots_are_whole_svg_files),
        cmocka_unit_test(calibration_bins_count_each_position_once),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
