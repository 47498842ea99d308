/*
 * test_record_file.c: game records read with bounds (games/record_file.h),
 * written and read back, and the forfeits they may claim (games/record.h).
 * What the writer writes, the reader reads: the header, every comment line
 * in order, every decision, the result. Only a regular file
 * within RECORD_FILE_MAX opens; a stream that runs past the bound, or a line
 * over RECORD_LINE_MAX, fails as it is read; a forfeit stands only when its
 * reason names the loser's engine, by its name or, when both sides have one
 * name, by its side and name.
 */
/* gnulib's unistd.h, first on the include path, needs its config.h first. */
#include <config.h>

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "engine/core/scenario.h"
#include "engine/rules/game.h"
#include "engine/rules/rules.h"
#include "games/record.h"
#include "games/record_file.h"

/* A scratch directory for one test, with 'name' in it as *path. */
static void scratch(char *dir, char *path, size_t size, const char *name)
{
    strcpy(dir, "/tmp/r3-record-XXXXXX");
    assert_non_null(mkdtemp(dir));
    snprintf(path, size, "%s/%s", dir, name);
}

/* record_file_open(path) fails, saying 'expected'. */
static void refused(const char *path, const char *expected)
{
    char why[300];
    FILE *f = NULL;
    assert_false(record_file_open(path, &f, why, sizeof why));
    assert_null(f);
    if (!strstr(why, expected))
        fail_msg("'%s' for '%s', not '%s'", why, path, expected);
}

static void only_a_regular_file_opens(void **state)
{
    char dir[32], path[64];
    (void)state;
    scratch(dir, path, sizeof path, "fifo");
    assert_int_equal(mkfifo(path, 0600), 0);
    refused(path, "a FIFO, not a regular file"); /* at once: nobody writes it */
    unlink(path);
    rmdir(dir);
    refused("/dev/zero", "a character device, not a regular file");
    refused("/tmp", "a directory, not a regular file");
    refused("/nonexistent/record.r3g", "cannot read it: No such file or directory");
}

static void a_record_within_the_bound_opens_and_rewinds(void **state)
{
    char dir[32], path[64], why[300], line[64];
    FILE *f;
    (void)state;
    scratch(dir, path, sizeof path, "game.r3g");
    FILE *out = fopen(path, "w");
    assert_non_null(out);
    fputs("# r3 game record\nscenario 1460\n", out);
    assert_int_equal(ftruncate(fileno(out), RECORD_FILE_MAX), 0); /* exactly the bound: zeros after the text */
    fclose(out);
    assert_true(record_file_open(path, &f, why, sizeof why));
    assert_non_null(fgets(line, sizeof line, f));
    rewind(f);
    assert_non_null(fgets(line, sizeof line, f));
    assert_string_equal(line, "# r3 game record\n");
    fclose(f);
    assert_int_equal(truncate(path, RECORD_FILE_MAX + 1), 0);
    refused(path, "6432769 bytes, over the bound of 6432768 (100000 decisions of at most 64 bytes, and 32768 for the "
                  "header)");
    unlink(path);
    rmdir(dir);
}

/* replay_record of 'text' fails, saying 'expected'; or passes if it is NULL. */
static void replayed(const char *text, size_t size, const char *expected)
{
    char why[400] = "";
    FILE *in = fmemopen((void *)text, size, "r");
    assert_non_null(in);
    bool ok = replay_record(in, NULL, NULL, why, sizeof why);
    fclose(in);
    if (expected ? ok || !strstr(why, expected) : !ok)
        fail_msg("'%.200s': %s, '%s'", text, ok ? "verified" : "refused", why);
}

static void a_stream_past_the_bound_fails_as_it_is_read(void **state)
{
    (void)state;
    /* Comments of 100 bytes, as a pipe or a growing file could bring: no
     * file size tells the bound here, so the replay counts the bytes. */
    size_t size = (size_t)RECORD_FILE_MAX + 100;
    char *text = malloc(size);
    assert_non_null(text);
    memset(text, 'x', size);
    for (size_t at = 0; at + 100 <= size; at += 100)
        text[at] = '#', text[at + 99] = '\n';
    replayed(text, size, "line 64328: the record runs past 6432768 bytes, the most one may be");
    memset(text, 'x', RECORD_LINE_MAX + 1);
    replayed(text, RECORD_LINE_MAX + 1, "line 1: over 512 bytes, the most a record's line may be");
    free(text);
}

/* A game given up before its first decision, York's engine named 'york' and
 * Lancaster's 'lancaster', its result line 'result'. */
static void forfeit(const char *york, const char *lancaster, const char *result, const char *expected)
{
    char text[600];
    int n = snprintf(text, sizeof text, "scenario 1460\nseed 1\nyork %s\nlancaster %s\n# result %s\n", york, lancaster,
                     result);
    replayed(text, (size_t)n, expected);
}

static void a_forfeit_names_the_loser_s_engine(void **state)
{
    (void)state;
    /* r3 match's referee: every reason begins with the engine's name. */
    forfeit("alpha", "beta", "Lancaster by forfeit: alpha crashed (it exited)", NULL);
    forfeit("alpha", "beta", "York by forfeit: beta hung: no bestmove within 2100 ms", NULL);
    forfeit("r3", "r3 fast", "York by forfeit: r3 fast crashed (it exited)", NULL); /* the longer name is meant */
    forfeit("r3", "r3 fast", "Lancaster by forfeit: r3 crashed (it exited)", NULL);
    /* r3 host: both programs are "engine", so the side tells them apart. */
    forfeit("engine", "engine", "York by forfeit: lancaster engine sh misbehave.sh crash crashed (it exited)", NULL);
    forfeit("human", "engine", "York by forfeit: engine sh misbehave.sh crash crashed (it exited)", NULL);
    forfeit("alpha", "beta", "York by resignation", NULL);
}

static void a_forfeit_that_names_no_loser_fails(void **state)
{
    (void)state;
    forfeit("alpha", "beta", "Lancaster by forfeit: made up",
            "line 5: the forfeit's reason 'made up' does not begin with York's engine, 'alpha', the one that lost");
    forfeit("alpha", "beta", "Lancaster by forfeit",
            "line 5: 'Lancaster by forfeit' does not say whose engine lost it");
    forfeit("alpha", "beta", "Lancaster by forfeit: beta crashed (it exited)",
            "the forfeit's reason names beta, Lancaster's engine, yet Lancaster is given the win");
    forfeit("r3", "r3 fast", "Lancaster by forfeit: r3 fast crashed", "names r3 fast, Lancaster's engine");
    forfeit("alpha", "beta", "Lancaster by forfeit: alphabet crashed", "does not begin with York's engine");
    forfeit("engine", "engine", "York by forfeit: engine crashed", "does not begin with Lancaster's engine");
    forfeit("engine", "engine", "York by forfeit: york engine crashed", "names engine, York's engine");
    forfeit("alpha", "beta", "Lancaster by forfeiture: alpha crashed", "the replay ends unfinished");
}

/* What the reader told: the lines of the header and comments, the decisions. */
struct told {
    char lines[1024];
    long decisions;
    decision last;
};

static void told_line(void *context, const char *text, long number)
{
    struct told *t = context;
    size_t n = strlen(t->lines);
    snprintf(t->lines + n, sizeof t->lines - n, "%ld:%s|", number, text);
}

static bool told_decision(void *context, const struct world *w, decision d, long played)
{
    struct told *t = context;
    (void)w;
    assert_int_equal(played, t->decisions);
    t->decisions++;
    t->last = d;
    return true;
}

/* The next decision of w written and applied: chance drawn from *chance,
 * each side its first choice. */
static decision write_next(FILE *f, struct world *w, uint64_t *chance)
{
    decision d;
    if (rules_actor(w) == ACTOR_CHANCE) {
        game_uniform(chance, w, &d);
    } else {
        struct decisions legal;
        rules_legal(w, &legal);
        d = legal.list[0];
    }
    record_write_decision(f, d);
    rules_apply(w, d);
    return d;
}

static void a_written_record_reads_back_whole(void **state)
{
    (void)state;
    struct world w;
    uint64_t chance = 7;
    char *text = NULL;
    size_t size = 0;
    decision d = 0;
    FILE *f = open_memstream(&text, &size);
    assert_non_null(f);
    record_write_header(f, 1470, 7, "alpha", "beta");
    record_write_comment(f, "host rng %s %d", "york", 2);
    scenario_setup(&w, SCENARIO_1470);
    for (int i = 0; i < 40 && w.phase != PHASE_OVER; i++) /* chance from the seed, each side its first choice */
        d = write_next(f, &w, &chance);
    record_write_comment(f, "a note");
    record_write_result(f, RECORD_RESIGNATION, SIDE_LANCASTER, "");
    fclose(f);

    struct told t = {.lines = ""};
    const struct game_hooks hooks = {.decided = told_decision, .context = &t};
    const struct record_reader reader = {.hooks = &hooks, .line = told_line, .context = &t};
    static struct record_header header;
    char why[400] = "";
    FILE *in = fmemopen(text, size, "r");
    assert_non_null(in);
    bool read = record_read(in, &reader, &header, why, sizeof why);
    fclose(in);
    if (!read)
        fail_msg("%s\n%s", why, text);
    assert_int_equal(header.scenario, SCENARIO_1470);
    assert_int_equal(header.seed, 7);
    assert_string_equal(header.name[SIDE_YORK], "alpha");
    assert_string_equal(header.name[SIDE_LANCASTER], "beta");
    assert_string_equal(header.result, "Lancaster by resignation");
    assert_int_equal(header.decisions, t.decisions);
    assert_true(t.last == d);
    assert_non_null(strstr(t.lines, "1:# r3 game record|2:scenario 1470|3:seed 7|4:york alpha|5:lancaster beta|"
                                    "6:# host rng york 2|"));
    assert_non_null(strstr(t.lines, ":# a note|"));
    free(text);
}

/* A 1470 record of 40 decisions, chance from seed 7 and, from the 5th on (in the deal),
 * from 'chance' after a "# resumed after decision 'at'" line; each side
 * plays its first choice. Returns the text, malloc'd. */
static char *resumed_record(long at, uint64_t resumed_chance, const char *resumed_line, size_t *size)
{
    struct world w;
    uint64_t chance = 7;
    char *text = NULL;
    FILE *f = open_memstream(&text, size);
    assert_non_null(f);
    record_write_header(f, 1470, 7, "alpha", "beta");
    scenario_setup(&w, SCENARIO_1470);
    for (int i = 0; i < 40 && w.phase != PHASE_OVER; i++) {
        if (i == 5) {
            chance = resumed_chance;
            if (resumed_line)
                fprintf(f, "%s\n", resumed_line);
            else
                record_write_resumed(f, at, resumed_chance);
        }
        write_next(f, &w, &chance);
    }
    record_write_result(f, RECORD_RESIGNATION, SIDE_LANCASTER, "");
    fclose(f);
    return text;
}

/* r3 host resumes a game from a sealed save with chance from a new secret:
 * its record says where, and the replay verifies the chance after it by that
 * secret, refusing a resumption out of place or out of form. */
static void a_resumed_record_verifies_its_chance_by_the_new_seed(void **state)
{
    (void)state;
    static const struct {
        long at;
        const char *line, *expected;
    } CASE[] = {
        {5, NULL, NULL},
        {4, NULL, "a resumption at another decision than the one it follows"},
        {5, "# resumed after decision 5: chance from x", "expected '# resumed after decision K: chance from N'"},
        {5, "# resumed after decision -5: chance from 99", "expected '# resumed after decision K: chance from N'"},
        {5, "# resumed after decision 5: chance from 99 and more", "expected '# resumed after decision K"},
    };
    for (size_t i = 0; i < sizeof CASE / sizeof CASE[0]; i++) {
        size_t size;
        char *text = resumed_record(CASE[i].at, 99, CASE[i].line, &size);
        replayed(text, size, CASE[i].expected);
        free(text);
    }
    size_t size;
    char *text = resumed_record(5, 99, "# a note that says nothing", &size); /* chance moved on with no resumption */
    replayed(text, size, "but the seed gives");
    free(text);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(only_a_regular_file_opens),
        cmocka_unit_test(a_record_within_the_bound_opens_and_rewinds),
        cmocka_unit_test(a_stream_past_the_bound_fails_as_it_is_read),
        cmocka_unit_test(a_forfeit_names_the_loser_s_engine),
        cmocka_unit_test(a_forfeit_that_names_no_loser_fails),
        cmocka_unit_test(a_written_record_reads_back_whole),
        cmocka_unit_test(a_resumed_record_verifies_its_chance_by_the_new_seed),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
