/*
 * test_results.c: the results files of r3 match --out (tuning/arena/results.h): a
 * game written to results.tsv reads back the same, a reason's tabs cannot
 * break the columns, the PGN escapes quotes, and bad lines name their field.
 */
/* gnulib's unistd.h, first on the include path, needs its config.h first. */
#include <config.h>

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "engine/core/types.h"
#include "games/referee.h"
#include "tuning/arena/results.h"

/* Writes one game into a fresh directory and returns the file's lines (the caller frees). */
static char *write_one(const struct game_line *g, const char *file)
{
    char dir[] = "/tmp/r3-results-XXXXXX", path[64], why[200];
    struct results_files f;
    assert_non_null(mkdtemp(dir));
    assert_true(results_open(&f, dir, "a test", why, sizeof why));
    results_write(&f, g);
    results_close(&f);
    snprintf(path, sizeof path, "%s/%s", dir, file);
    FILE *in = fopen(path, "r");
    assert_non_null(in);
    char *text = calloc(1, 4096);
    assert_true(fread(text, 1, 4095, in) > 0);
    fclose(in);
    snprintf(path, sizeof path, "%s/%s", dir, RESULTS_TSV), unlink(path);
    snprintf(path, sizeof path, "%s/%s", dir, RESULTS_PGN), unlink(path);
    rmdir(dir);
    return text;
}

/* The line after the two comment lines. */
static char *game_row(char *text)
{
    char *row = strchr(strchr(text, '\n') + 1, '\n') + 1;
    assert_int_equal(strncmp(text, "# a test\n# game\t", 16), 0);
    return row;
}

static void a_forfeit_reads_back_the_same(void **state)
{
    (void)state;
    struct game_line g = {.game = 12,
                          .year = 1483,
                          .seed = 9000000000ULL,
                          .york = "alpha one",
                          .lancaster = "beta",
                          .winner = SIDE_LANCASTER,
                          .end = END_GARBAGE,
                          .reason = "alpha one wrote 'a\tb' where..."};
    char *text = write_one(&g, RESULTS_TSV), why[200];
    struct game_line back;
    assert_true(results_parse(game_row(text), &back, why, sizeof why));
    assert_int_equal(back.game, 12);
    assert_int_equal(back.year, 1483);
    assert_true(back.seed == 9000000000ULL);
    assert_string_equal(back.york, "alpha one");
    assert_string_equal(back.lancaster, "beta");
    assert_int_equal(back.winner, SIDE_LANCASTER);
    assert_int_equal(back.end, END_GARBAGE);
    assert_string_equal(back.reason, "alpha one wrote 'a b' where..."); /* the tab made a space */
    free(text);
}

static void a_draw_reads_back_without_reason(void **state)
{
    (void)state;
    struct game_line g = {.game = 1,
                          .year = 1460,
                          .seed = 3,
                          .york = "a",
                          .lancaster = "b",
                          .winner = SIDE_NONE,
                          .end = END_BOUND,
                          .reason = ""};
    char *text = write_one(&g, RESULTS_TSV), why[200];
    struct game_line back;
    assert_string_equal(game_row(text), "1\t1460\t3\ta\tb\tnone\tbound\t-\n");
    assert_true(results_parse(game_row(text), &back, why, sizeof why));
    assert_int_equal(back.winner, SIDE_NONE);
    assert_string_equal(back.reason, "");
    free(text);
}

static void the_pgn_entry_escapes_quotes(void **state)
{
    (void)state;
    struct game_line g = {.game = 7,
                          .year = 1470,
                          .seed = 4,
                          .york = "say \"hi\"",
                          .lancaster = "b",
                          .winner = SIDE_YORK,
                          .end = END_USURPATION,
                          .reason = ""};
    char *text = write_one(&g, RESULTS_PGN);
    assert_non_null(strstr(text, "[Round \"7\"]\n[White \"say \\\"hi\\\"\"]\n[Black \"b\"]\n[Result \"1-0\"]\n"));
    assert_non_null(strstr(text, "[Variant \"Richard III 1470\"]\n"));
    assert_non_null(strstr(text, "[Termination \"usurpation\"]\n\n1-0\n"));
    free(text);
}

static void bad_lines_name_the_field(void **state)
{
    (void)state;
    static const struct {
        const char *line, *why;
    } BAD[] = {
        {"1\t1460\t3\ta\tb\tyork\tusurpation", "7 tab-separated fields where 8 are due"},
        {"0\t1460\t3\ta\tb\tyork\tusurpation\t-", "game number '0' is not a whole number from 1"},
        {"1\t1461\t3\ta\tb\tyork\tusurpation\t-", "scenario '1461' is not 1460, 1470 or 1483"},
        {"1\t1460\t+3\ta\tb\tyork\tusurpation\t-", "seed '+3' is not a whole number"},
        {"1\t1460\t3\t\tb\tyork\tusurpation\t-", "an engine name is empty"},
        {"1\t1460\t3\ta\tb\tYork\trules\t-", "winner 'York' is not york, lancaster or none"},
        {"1\t1460\t3\ta\tb\tyork\twon\t-",
         "end 'won' is not heirs, usurpation, last-campaign, illegal, crash, hang, garbage or bound"},
        {"1\t1460\t3\ta\tb\tnone\theirs\t-", "winner 'none' with end 'heirs': only a game at the bound has no winner"},
    };
    for (size_t i = 0; i < sizeof BAD / sizeof BAD[0]; i++) {
        char line[200], why[200];
        struct game_line g;
        snprintf(line, sizeof line, "%s", BAD[i].line);
        assert_false(results_parse(line, &g, why, sizeof why));
        assert_string_equal(why, BAD[i].why);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_forfeit_reads_back_the_same),
        cmocka_unit_test(a_draw_reads_back_without_reason),
        cmocka_unit_test(the_pgn_entry_escapes_quotes),
        cmocka_unit_test(bad_lines_name_the_field),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
