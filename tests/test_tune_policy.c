/*
 * test_tune_policy.c: r3 tune policy's parts (tuning/fit/policy_data.h,
 * tuning/selfplay/visits.h, tuning/fit/policy_fit.h). Positions come from random games
 * played by game_play() with rules_chance() from a seed, their visits drawn
 * from the softmax of known weights (tuning/fit/fit_bench.h): the analytic
 * gradient is the loss's slope; the loss is the softmax's cross-entropy; the
 * fit recovers the known weights, every one whose feature 150 training
 * decisions have within 0.1; a bound stops a weight the data pushes past it;
 * a fixed weight keeps its start value; the split keeps games whole; threads do not change what is read; bad visits
 * are refused by line; top-1 agreement shares out ties; the policy file
 * written loads. (The stop flag is fit_lbfgs.c's, tested in test_tune.c.)
 */
/* gnulib's headers, first on the include path, need its config.h first (which also asks for asprintf). */
#include <config.h>

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/core/random.h"
#include "engine/rules/rules.h"
#include "engine/text/position.h"
#include "search/policy.h"
#include "tests/support.h"
#include "tuning/fit/fit_bench.h"
#include "tuning/fit/fit_files.h"
#include "tuning/fit/policy_data.h"
#include "tuning/fit/policy_fit.h"
#include "tuning/selfplay/visits.h"

#define N POLICY_WEIGHT_COUNT
#define VISITS 100
#define TOLERANCE 0.1 /* of a recovered weight */
#define WELL_SEEN 150 /* training decisions that make a weight's feature well seen */

/* ---- making and reading data ---- */

static struct fit_synthetic synthetic(long games, uint64_t seed, const struct policy_weights *truth)
{
    return (struct fit_synthetic){.games = games, .seed = seed, .every = 5, .policy = truth, .visits = VISITS};
}

/* Reads text as a data file named name: true, or false with why. */
static bool read_text(const char *text, const char *name, int threads, struct policy_data *d, char *why, size_t size)
{
    FILE *in = fmemopen((void *)text, strlen(text), "r");
    assert_non_null(in);
    struct fit_reader r = policy_data_reader(d);
    bool ok = fit_read_stream(&r, in, name, threads, why, size);
    fclose(in);
    return ok;
}

static void read_synthetic(const struct fit_synthetic *s, struct policy_data *d)
{
    char why[512], *text = synthetic_text(s, NULL);
    if (!read_text(text, "synthetic", 2, d, why, sizeof why))
        fail_msg("%s", why);
    free(text);
}

/* Known weights drawn from seed, within a quarter of each bound's range of the default. */
static struct policy_weights random_weights(uint64_t seed)
{
    struct policy_weights w = POLICY_DEFAULT;
    for (int j = 0; j < N; j++) {
        const struct weight_info *info = &POLICY_WEIGHT_INFO[j];
        double unit = (double)(random_next(&seed) >> 11) * 0x1p-53 - 0.5;
        w.w[j] = fmin(info->max, fmax(info->min, w.w[j] + unit * (info->max - info->min) / 4));
    }
    return w;
}

/* The positions of games made-up games with visits drawn from truth, split
 * by game with this fraction (seed 1). */
static void split_synthetic(long games, uint64_t seed, const struct policy_weights *truth, double fraction,
                            struct policy_data *all, struct policy_data *train, struct policy_data *validation)
{
    struct fit_synthetic s = synthetic(games, seed, truth);
    read_synthetic(&s, all);
    policy_data_split(all, fraction, 1, train, validation);
}

static struct policy_fit fit_of(const struct policy_data *train, const struct policy_data *validation, double l2)
{
    struct fit_options o = {.l2 = l2, .iterations = 2000};
    struct policy_fit fit;
    char why[256];
    if (!policy_fit(train, validation, &POLICY_DEFAULT, &o, &fit, why, sizeof why))
        fail_msg("%s", why);
    return fit;
}

static void free_all(struct policy_data *a, struct policy_data *b, struct policy_data *c)
{
    policy_data_free(a);
    policy_data_free(b);
    policy_data_free(c);
}

/* ---- the loss ---- */

static double loss_of(const double *w, const void *d) { return policy_fit_loss(d, w, NULL); }

/* The analytic gradient is the loss's slope, weight by weight, at the
 * defaults and at weights away from them. */
static void the_gradient_is_the_slope_of_the_loss(void **state)
{
    (void)state;
    struct policy_weights truth = policy_fit_truth();
    struct fit_synthetic s = synthetic(30, 3, &truth);
    struct policy_data d = {0};
    read_synthetic(&s, &d);
    assert_true(d.count > 300);
    for (int at = 0; at < 2; at++) {
        struct policy_weights w = at ? random_weights(7) : POLICY_DEFAULT;
        double gradient[N];
        policy_fit_loss(&d, w.w, gradient);
        assert_gradient_is_slope(N, w.w, gradient, loss_of, &d, POLICY_WEIGHT_INFO);
    }
    policy_data_free(&d);
}

/* The visits' cross-entropy of one line's position, worked out from the
 * position itself: its legal decisions, each one's weight by
 * policy_weight's table, the visits read back. */
static double line_loss(char *line, const struct policy_table *t)
{
    char *field[8], error[256];
    for (int i = 0; i < 8; i++) {
        field[i] = line;
        line = strchr(line, '\t');
        if (line)
            *line++ = '\0';
    }
    struct world w;
    struct decisions legal;
    long count[MAX_DECISIONS], total = 0;
    assert_true(position_parse(field[6], &w, error, sizeof error));
    rules_legal(&w, &legal);
    assert_true(visits_read(field[7], &legal, count, error, sizeof error));
    double sum = 0, loss = 0;
    for (int i = 0; i < legal.count; i++) {
        sum += policy_weight(t, &w, legal.list[i]);
        total += count[i];
    }
    for (int i = 0; i < legal.count; i++)
        loss -= (double)count[i] / (double)total * log(policy_weight(t, &w, legal.list[i]) / sum);
    return loss;
}

/* With the defaults, whose table is exact, the loss is the mean of each
 * position's cross-entropy under the playouts' own draw weights. */
static void the_loss_is_the_cross_entropy_of_the_policy(void **state)
{
    (void)state;
    struct policy_weights truth = policy_fit_truth();
    struct fit_synthetic s = synthetic(6, 4, &truth);
    struct policy_data d = {0};
    long lines;
    char *text = synthetic_text(&s, &lines), why[512];
    assert_true(read_text(text, "data", 1, &d, why, sizeof why));
    assert_int_equal(d.count, lines);
    double sum = 0;
    for (char *line = text; *line;) {
        char *end = strchr(line, '\n');
        *end = '\0';
        sum += line_loss(line, policy_table_builtin());
        line = end + 1;
    }
    double loss = policy_fit_loss(&d, POLICY_DEFAULT.w, NULL);
    /* the defaults are the hand weights to 4 decimals: exp of them within 1e-4 */
    assert_true(fabs(loss - sum / (double)d.count) < 1e-4);
    free(text);
    policy_data_free(&d);
}

/* ---- the fit ---- */

/* Visits drawn from known weights: the fit from the defaults finds every
 * weight whose feature is well seen within TOLERANCE, and its validation
 * loss and top-1 agreement are better than the defaults'. */
static void the_fit_recovers_known_weights(void **state)
{
    (void)state;
    struct policy_weights truth = policy_fit_truth();
    struct policy_data all = {0}, train = {0}, validation = {0};
    split_synthetic(300, 11, &truth, 0.1, &all, &train, &validation);
    struct policy_fit fit = fit_of(&train, &validation, FIT_DEFAULT_L2);
    int checked = 0;
    for (int j = 0; j < N; j++) {
        double off = fit.fitted.w[j] - truth.w[j];
        print_message("%-20s seen %6ld truth %8.4f fitted %8.4f (%+.4f)\n", POLICY_WEIGHT_INFO[j].name, fit.seen[j],
                      truth.w[j], fit.fitted.w[j], off);
        if (fit.seen[j] < WELL_SEEN)
            continue;
        checked++;
        if (fit.at_bound[j] || !(fabs(off) <= TOLERANCE))
            fail_msg("%s: fitted %g, truth %g", POLICY_WEIGHT_INFO[j].name, fit.fitted.w[j], truth.w[j]);
    }
    assert_true(checked >= 20);
    assert_true(fit.validation < fit.start_validation && fit.train < fit.start_train);
    assert_true(fit.agreement > fit.start_agreement);
    policy_fit_free(&fit);
    free_all(&all, &train, &validation);
}

static void write_report(FILE *out, const void *fit) { policy_fit_report(out, fit); }

/* enter_city's bounds are [-3, 3]: made from 5, the data pushes it up, and
 * it stops at 3, marked as at its bound in the report; no other is. */
static void a_bound_stops_a_weight_the_data_pushes_past_it(void **state)
{
    (void)state;
    struct policy_weights truth = policy_fit_truth();
    truth.w[POLICY_ENTER_CITY] = 5;
    struct policy_data all = {0}, train = {0}, validation = {0};
    split_synthetic(120, 13, &truth, 0.1, &all, &train, &validation);
    struct policy_fit fit = fit_of(&train, &validation, FIT_DEFAULT_L2);
    assert_true(fit.fitted.w[POLICY_ENTER_CITY] == POLICY_WEIGHT_INFO[POLICY_ENTER_CITY].max);
    for (int j = 0; j < N; j++)
        assert_true(fit.at_bound[j] == (j == POLICY_ENTER_CITY));
    char *report = capture(write_report, &fit);
    assert_only_marked(report, "enter_city", "bound");
    assert_non_null(strstr(report, "\ntop-1 agreement on validation: "));
    free(report);
    policy_fit_free(&fit);
    free_all(&all, &train, &validation);
}

/* --fix: fire, which the truth moves by 0.4, is held at its start value
 * exactly and marked "fixed" (and never "bound"); the weights left free
 * still move (battle_pass, fire's rival in a battle turn, may so end at its
 * bound: the data wants their difference 0.4 larger). */
static void a_fixed_weight_keeps_its_start(void **state)
{
    (void)state;
    struct policy_weights truth = policy_fit_truth();
    struct policy_data all = {0}, train = {0}, validation = {0};
    split_synthetic(60, 19, &truth, 0.1, &all, &train, &validation);
    struct fit_options o = {.l2 = FIT_DEFAULT_L2, .iterations = 2000};
    o.fixed[POLICY_FIRE] = true;
    struct policy_fit fit;
    char why[256];
    if (!policy_fit(&train, &validation, &POLICY_DEFAULT, &o, &fit, why, sizeof why))
        fail_msg("%s", why);
    assert_true(fit.fitted.w[POLICY_FIRE] == POLICY_DEFAULT.w[POLICY_FIRE]);
    assert_true(fit.fixed[POLICY_FIRE] && !fit.at_bound[POLICY_FIRE]);
    assert_true(fabs(fit.fitted.w[POLICY_PASS_WITH_AP] - POLICY_DEFAULT.w[POLICY_PASS_WITH_AP]) > 0.3);
    char *report = capture(write_report, &fit);
    assert_only_marked(report, "fire", "fixed");
    free(report);
    policy_fit_free(&fit);
    free_all(&all, &train, &validation);
}

/* Top-1 agreement: a position whose most visited decision the policy likes
 * most counts 1, one it does not 0, and a tie among the policy's favourites
 * the share of them that are most visited. */
static void top_1_agreement_shares_out_ties(void **state)
{
    (void)state;
    uint16_t fire = (uint16_t)policy_cell_make(POLICY_FIRE, 0),
             pass = (uint16_t)policy_cell_make(POLICY_BATTLE_PASS, 0), hit = (uint16_t)policy_cell_make(POLICY_HIT, 0);
    long first[] = {0, 2, 4, 7};
    uint16_t cell[] = {fire, pass, fire, pass, hit, hit, hit};
    double target[] = {0.8, 0.2, 0.3, 0.7, 0.5, 0.25, 0.25};
    int64_t game[] = {1, 2, 3};
    struct policy_data d = {.count = 3, .decisions = 7, .first = first, .cell = cell, .target = target, .game = game};
    /* fire is liked most: 1 for the first, 0 for the second; three hits tie: 1 of 3 */
    assert_true(fabs(policy_fit_agreement(&d, POLICY_DEFAULT.w) - (1 + 0 + 1.0 / 3) / 3) < 1e-12);
    assert_true(isnan(policy_fit_agreement(&(struct policy_data){0}, POLICY_DEFAULT.w)));
}

/* ---- the split and reading ---- */

static bool has_game(const struct policy_data *d, int64_t game) { return ids_have(d->game, d->count, game); }

/* Every game goes wholly to one side, as fit_in_validation says, with all
 * its decisions. */
static void the_split_keeps_every_game_whole(void **state)
{
    (void)state;
    struct policy_weights truth = policy_fit_truth();
    struct fit_synthetic s = synthetic(60, 16, &truth);
    struct policy_data all = {0}, train = {0}, validation = {0};
    read_synthetic(&s, &all);
    assert_int_equal(policy_data_games(&all), 60);
    policy_data_split(&all, 0.2, 5, &train, &validation);
    assert_int_equal(train.count + validation.count, all.count);
    assert_int_equal(train.decisions + validation.decisions, all.decisions);
    assert_int_equal(policy_data_games(&train) + policy_data_games(&validation), 60);
    assert_in_range(policy_data_games(&validation), 4, 25);
    for (long i = 0; i < all.count; i++) {
        assert_true(has_game(&validation, all.game[i]) == fit_in_validation(all.game[i], 0.2, 5));
        assert_true(has_game(&train, all.game[i]) != has_game(&validation, all.game[i]));
    }
    free_all(&all, &train, &validation);
}

/* What is read does not depend on the number of threads: 1 and 3. */
static void threads_do_not_change_the_positions(void **state)
{
    (void)state;
    struct policy_weights truth = policy_fit_truth();
    struct fit_synthetic s = synthetic(40, 17, &truth);
    char *text = synthetic_text(&s, NULL), why[512];
    struct policy_data d[2] = {{0}, {0}};
    for (int k = 0; k < 2; k++)
        if (!read_text(text, "data", 1 + 2 * k, &d[k], why, sizeof why))
            fail_msg("%s", why);
    free(text);
    assert_true(d[0].count > 256 * 3); /* more than one batch */
    assert_true(d[0].count == d[1].count && d[0].decisions == d[1].decisions);
    assert_memory_equal(d[0].first, d[1].first, (size_t)(d[0].count + 1) * sizeof *d[0].first);
    assert_memory_equal(d[0].cell, d[1].cell, (size_t)d[0].decisions * sizeof *d[0].cell);
    assert_memory_equal(d[0].target, d[1].target, (size_t)d[0].decisions * sizeof *d[0].target);
    for (int k = 0; k < 2; k++)
        policy_data_free(&d[k]);
}

/* The first line of made-up data, cut before its visits (the tab kept),
 * and its visits. */
static void first_line(char **head, char **visits)
{
    struct policy_weights truth = policy_fit_truth();
    struct fit_synthetic s = synthetic(1, 18, &truth);
    char *text = synthetic_text(&s, NULL);
    *strchr(text, '\n') = '\0';
    char *tab = strrchr(text, '\t');
    *visits = strdup(tab + 1);
    tab[1] = '\0';
    *head = text;
}

/* The good line (head and visits), a comment, then head + bad as line 3:
 * refused naming bad.tsv:3 and saying why_part. */
static void assert_refused(const char *head, const char *visits, const char *bad, const char *why_part)
{
    char *text, why[1024];
    struct policy_data d = {0};
    assert_true(asprintf(&text, "%s%s\n# a comment\n%s%s\n", head, visits, head, bad) > 0);
    bool read = read_text(text, "bad.tsv", 2, &d, why, sizeof why);
    free(text);
    policy_data_free(&d);
    assert_refused_by_line(read, why, "bad.tsv:3: ", why_part);
}

/* visits with entry i's text replaced by entry (i from 0). */
static char *with_entry(const char *visits, int i, const char *entry)
{
    char *out = calloc(1, strlen(visits) + strlen(entry) + 1);
    const char *at = visits;
    for (int k = 0; k < i; k++)
        at = strchr(at, ';') + 1;
    const char *end = at + strcspn(at, ";");
    memcpy(out, visits, (size_t)(at - visits));
    strcat(out, entry);
    strcat(out, end);
    return out;
}

static void bad_visits_are_refused_by_line(void **state)
{
    (void)state;
    char *head, *visits, first_name[64];
    first_line(&head, &visits);
    snprintf(first_name, sizeof first_name, "%.*s", (int)strcspn(visits, "="), visits);
    char *second = strchr(visits, ';') + 1, swapped[64];
    snprintf(swapped, sizeof swapped, "%.*s=1", (int)strcspn(second, "="), second);
    char zero[8192] = "";
    for (const char *p = visits; *p;) { /* every count 0 */
        size_t name = strcspn(p, "=");
        strncat(zero, p, name + 1);
        strcat(zero, "0");
        p += name + 1 + strcspn(p + name + 1, ";");
        if (*p)
            strcat(zero, ";"), p++;
    }
    char named[80], nan[80], negative[80], plus[80];
    snprintf(nan, sizeof nan, "%s=nan", first_name);
    snprintf(negative, sizeof negative, "%s=-3", first_name);
    snprintf(plus, sizeof plus, "%s=+3", first_name);
    snprintf(named, sizeof named, "frobnicate Kent=3");
    struct {
        char *visits;
        const char *why;
    } bad[] = {
        {with_entry(visits, 0, named), "visits: entry 1: 'frobnicate' is no decision"},
        {with_entry(visits, 0, swapped), "visits: entry 1 is '"},
        {with_entry(visits, 0, nan), "the count 'nan' is not a whole number from 0"},
        {with_entry(visits, 0, negative), "the count '-3' is not a whole number from 0"},
        {with_entry(visits, 0, plus), "the count '+3' is not a whole number from 0"},
        {with_entry(visits, 1, "no equals sign"), "visits: entry 2 'no equals sign' is not DECISION=COUNT"},
        {strdup(zero), "visits: every count is 0"},
        {strdup(first_name), "entr"},
        {strdup(""), "legal decisions"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        assert_refused(head, visits, bad[i].visits, bad[i].why);
        free(bad[i].visits);
    }
    free(head);
    free(visits);
}

/* Lines without visits ('-' or no column), and finished games, are counted
 * and left out; the positions with visits are read. */
static void lines_without_visits_are_counted(void **state)
{
    (void)state;
    char *head, *visits, *text, why[512];
    first_line(&head, &visits);
    size_t cut = strlen(head) - 1; /* the line without its visits' tab: 7 fields */
    assert_true(asprintf(&text, "%s-\n%.*s\n%s%s\n", head, (int)cut, head, head, visits) > 0);
    struct policy_data d = {0};
    if (!read_text(text, "some.tsv", 1, &d, why, sizeof why))
        fail_msg("%s", why);
    assert_int_equal(d.count, 1);
    assert_int_equal(d.unvisited, 2);
    assert_int_equal(d.first[1], d.decisions);
    double sum = 0;
    for (long k = 0; k < d.decisions; k++)
        sum += d.target[k];
    assert_true(fabs(sum - 1) < 1e-12);
    policy_data_free(&d);
    free(text);
    free(head);
    free(visits);
}

/* ---- the file ---- */

/* The fitted weights written in search/policy-hand.txt's layout load with
 * policy_weights_load, exactly. */
static void the_policy_file_written_loads(void **state)
{
    (void)state;
    char dir[] = "/tmp/r3-test-tune-policy-XXXXXX", path[128], *temporary, why[512];
    assert_non_null(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/policy.txt", dir);
    struct policy_weights w = random_weights(21), back;
    assert_true(fit_write_weights(&POLICY_WEIGHTS, path, "search/policy-hand.txt", w.w, &temporary, why, sizeof why));
    assert_int_equal(rename(temporary, path), 0);
    free(temporary);
    assert_true(policy_weights_load(path, &back, why, sizeof why));
    assert_memory_equal(back.w, w.w, sizeof w.w);
    char *text = file_text(path);
    assert_non_null(strstr(text, "\n# a block firing in its battle turn (6.2, 6.4)\nfire "));
    free(text);
    remove(path);
    remove(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_gradient_is_the_slope_of_the_loss),
        cmocka_unit_test(the_loss_is_the_cross_entropy_of_the_policy),
        cmocka_unit_test(the_fit_recovers_known_weights),
        cmocka_unit_test(a_bound_stops_a_weight_the_data_pushes_past_it),
        cmocka_unit_test(a_fixed_weight_keeps_its_start),
        cmocka_unit_test(top_1_agreement_shares_out_ties),
        cmocka_unit_test(the_split_keeps_every_game_whole),
        cmocka_unit_test(threads_do_not_change_the_positions),
        cmocka_unit_test(bad_visits_are_refused_by_line),
        cmocka_unit_test(lines_without_visits_are_counted),
        cmocka_unit_test(the_policy_file_written_loads),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
