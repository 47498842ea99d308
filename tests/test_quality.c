/*
 * test_quality.c: the decision-quality suite (tuning/quality/) on a
 * hand-made suite whose figures are worked out by hand: top-1 (a tie with
 * the best counts as the best), regret in win-probability points, seed
 * agreement, each with its standard error, for the whole suite and one
 * scenario. Then every kind of bad suite is refused with its file and line:
 * not a suite, damaged (fields, numbers, a gzip file cut short) and stale (a
 * position whose side or legal decisions are no longer its line's).
 */
#include <config.h>

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

#include "engine/core/scenario.h"
#include "engine/rules/notation.h"
#include "engine/rules/rules.h"
#include "support.h"
#include "tuning/quality/quality.h"
#include "tuning/quality/suite.h"

static char dir[64], path[128];

/* A position of the scenario where a side decides among 3 or more, the suite taking it. */
static void position_of(int scenario, struct suite_position *p, const double *mean)
{
    uint64_t rng = 7;
    struct decisions legal;
    for (int depth = 30;; depth += 7) {
        random_decision_point(&p->w, scenario, depth, &rng);
        rules_legal(&p->w, &legal);
        if (legal.count >= 3 && suite_phase_of(&p->w, &legal) >= 0)
            break;
    }
    snprintf(p->id, sizeof p->id, "hand%d", scenario);
    p->phase = suite_phase_of(&p->w, &legal);
    p->side = rules_actor(&p->w);
    p->rollouts = 100;
    p->count = legal.count;
    for (int i = 0; i < legal.count; i++) {
        p->decision[i] = legal.list[i];
        p->value[i] = (struct suite_value){i < 3 ? mean[i] : 0.0, 0.01, 0.02};
    }
}

/* The hand-made suite: A (1460) worth 0.40, 0.55, 0.30; B (1470) worth 0.70, 0.70, 0.65. */
static void write_hand_suite(struct suite_position *a, struct suite_position *b)
{
    position_of(SCENARIO_1460, a, (const double[]){0.40, 0.55, 0.30});
    position_of(SCENARIO_1470, b, (const double[]){0.70, 0.70, 0.65});
    FILE *out = fopen(path, "w");
    assert_non_null(out);
    suite_write_header(out, "the test, by hand");
    suite_write_position(out, a);
    suite_write_position(out, b);
    fclose(out);
}

static void the_figures_are_the_hand_worked_ones(void **state)
{
    (void)state;
    static struct suite_position a, b;
    static struct suite s;
    char why[2000];
    struct quality_row row;
    write_hand_suite(&a, &b);
    assert_true(suite_read(path, &s, why, sizeof why));
    assert_int_equal(s.count, 2);
    assert_string_equal(s.made_by, "the test, by hand");
    assert_int_equal(s.position[0].best, 1);
    assert_int_equal(s.position[1].best, 0);
    /* A: the best, then 0.15 below it; B: the decision tied with the best, twice. */
    const decision choice[4] = {a.decision[1], a.decision[0], b.decision[1], b.decision[1]};
    quality_grade(&s, choice, 2, -1, -1, &row);
    assert_int_equal(row.positions, 2);
    assert_float_equal(row.top1, 0.75, 1e-12);    /* (1/2 + 1) / 2 */
    assert_float_equal(row.top1_se, 0.25, 1e-12); /* sd 0.3536 over sqrt(2) */
    assert_float_equal(row.regret, 0.0375, 1e-9); /* (0.075 + 0) / 2 */
    assert_float_equal(row.regret_se, 0.0375, 1e-9);
    assert_float_equal(row.agree, 0.5, 1e-12); /* A's two searches differ, B's agree */
    assert_float_equal(row.agree_se, 0.5, 1e-12);
    /* A blunder loses over 0.1: A's second search (0.15), none of B's. */
    assert_float_equal(row.blunder, 0.25, 1e-12); /* (1/2 + 0) / 2 */
    assert_float_equal(row.blunder_se, 0.25, 1e-12);
    struct quality_figures a_figures; /* what --save keeps of A, and --against pairs */
    quality_position(&s.position[0], choice, 2, &a_figures);
    assert_float_equal(a_figures.blunder, 0.5, 1e-12);
    assert_float_equal(a_figures.regret, 0.075, 1e-9);
    quality_grade(&s, choice, 2, SCENARIO_1470, -1, &row);
    assert_int_equal(row.positions, 1);
    assert_float_equal(row.top1, 1.0, 1e-12);
    assert_float_equal(row.regret, 0.0, 1e-12);
    assert_float_equal(row.top1_se, 0.0, 1e-12);
    suite_free(&s);
}

/* The hand suite's text with 'from' replaced by 'to' (first match) in line 'line'. */
static void write_edited(int line, const char *from, const char *to)
{
    char *text = file_text(path), *at = text, edited[1 << 16];
    for (int i = 1; i < line; i++)
        at = strchr(at, '\n') + 1;
    char *hit = strstr(at, from);
    assert_non_null(hit);
    snprintf(edited, sizeof edited, "%.*s%s%s", (int)(hit - text), text, to, hit + strlen(from));
    FILE *out = fopen(path, "w");
    fputs(edited, out);
    fclose(out);
    free(text);
}

static void refused(int line, const char *why_part)
{
    static struct suite s;
    char why[2000], where[200];
    snprintf(where, sizeof where, "%s line %d: ", path, line);
    assert_refused_by_line(suite_read(path, &s, why, sizeof why), why, where, why_part);
    assert_null(s.position);
}

static void a_stale_suite_is_refused(void **state)
{
    (void)state;
    static struct suite_position a, b;
    char word[64], wrong[80];
    write_hand_suite(&a, &b);
    decision_text(a.decision[0], word, sizeof word);
    snprintf(wrong, sizeof wrong, "%s", "play 99");
    write_edited(4, word, wrong);
    refused(4, "the decision legal there today is");
    write_hand_suite(&a, &b);
    write_edited(5, b.side == SIDE_YORK ? "\tyork\t" : "\tlancaster\t",
                 b.side == SIDE_YORK ? "\tlancaster\t" : "\tyork\t");
    refused(5, "the rules changed since the suite was made");
}

static void a_damaged_suite_is_refused(void **state)
{
    (void)state;
    static struct suite_position a, b;
    write_hand_suite(&a, &b);
    write_edited(1, "suite 1", "suite 0");
    refused(1, "not a suite file of this r3");
    write_hand_suite(&a, &b);
    write_edited(4, "=0.5500/", "=1.5500/");
    refused(4, "between 0 and 1");
    write_hand_suite(&a, &b);
    write_edited(5, "\t100\t", "\t100 ");
    refused(5, "6 tab-separated fields, not 7");
    /* gzip-compressed, then cut short */
    write_hand_suite(&a, &b);
    char *text = file_text(path);
    gzFile z = gzopen(path, "wb");
    gzputs(z, text);
    gzclose(z);
    free(text);
    static struct suite s;
    char why[2000];
    assert_true(suite_read(path, &s, why, sizeof why));
    assert_int_equal(s.count, 2);
    suite_free(&s);
    FILE *f = fopen(path, "r+");
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fclose(f);
    assert_int_equal(truncate(path, size - 12), 0);
    assert_false(suite_read(path, &s, why, sizeof why));
    assert_non_null(strstr(why, "the file is damaged: it ends too soon"));
}

static int setup(void **state)
{
    (void)state;
    snprintf(dir, sizeof dir, "/tmp/r3-quality-XXXXXX");
    assert_non_null(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/suite.tsv", dir);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    remove(path);
    remove(dir);
    return 0;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_figures_are_the_hand_worked_ones),
        cmocka_unit_test(a_stale_suite_is_refused),
        cmocka_unit_test(a_damaged_suite_is_refused),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
