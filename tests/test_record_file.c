/*
 * test_record_file.c: game records read with bounds (tuning/record_file.h).
 * Only a regular file within RECORD_FILE_MAX opens; a stream that runs past
 * the bound, or a line over RECORD_LINE_MAX, fails as it is read.
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

#include "tuning/record_file.h"
#include "tuning/replay.h"

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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(only_a_regular_file_opens),
        cmocka_unit_test(a_record_within_the_bound_opens_and_rewinds),
        cmocka_unit_test(a_stream_past_the_bound_fails_as_it_is_read),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
