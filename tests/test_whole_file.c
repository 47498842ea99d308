/*
 * test_whole_file.c: a file written through engine/io/whole_file.h is there
 * whole or not at all: the file from before stays as it was when a write
 * fails, and no temporary file is left behind either way.
 */
/* gnulib's unistd.h, first on the include path, needs its config.h first. */
#include <config.h>

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <dirent.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "engine/io/whole_file.h"

static char dir[] = "/tmp/r3-whole-file-XXXXXX";
static char path[256];

static int make_dir(void **state)
{
    (void)state;
    if (!mkdtemp(dir))
        return -1;
    snprintf(path, sizeof path, "%s/weights.txt", dir);
    FILE *f = fopen(path, "w");
    fputs("before\n", f);
    return fclose(f);
}

static int remove_dir(void **state)
{
    (void)state;
    unlink(path);
    return rmdir(dir);
}

static const char *content(char *text, size_t size)
{
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    size_t n = fread(text, 1, size - 1, f);
    text[n] = '\0';
    fclose(f);
    return text;
}

/* Files in the folder: only the target, never a temporary beside it. */
static int files_in_dir(void)
{
    DIR *d = opendir(dir);
    int count = 0;
    for (struct dirent *e; (e = readdir(d));)
        count += e->d_name[0] != '.';
    closedir(d);
    return count;
}

static bool write_text(const char *text, bool written)
{
    char temporary[256 + WHOLE_FILE_SUFFIX_MAX];
    FILE *out = whole_file_open(path, temporary, sizeof temporary);
    assert_non_null(out);
    fputs(text, out);
    return whole_file_close(out, written, temporary) && whole_file_rename(temporary, path);
}

static void a_whole_write_replaces_the_file(void **state)
{
    (void)state;
    char text[64];
    assert_true(write_text("after\n", true));
    assert_string_equal(content(text, sizeof text), "after\n");
    assert_int_equal(files_in_dir(), 1);
}

static void a_failed_write_leaves_the_file_from_before(void **state)
{
    (void)state;
    char text[64];
    assert_true(write_text("before\n", true));
    assert_false(write_text("half of a fi", false));
    assert_string_equal(content(text, sizeof text), "before\n");
    assert_int_equal(files_in_dir(), 1);
}

static void no_folder_no_file(void **state)
{
    (void)state;
    char temporary[256 + WHOLE_FILE_SUFFIX_MAX], missing[256];
    snprintf(missing, sizeof missing, "%s/no-such-folder/weights.txt", dir);
    assert_null(whole_file_open(missing, temporary, sizeof temporary));
    assert_int_equal(files_in_dir(), 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_whole_write_replaces_the_file),
        cmocka_unit_test(a_failed_write_leaves_the_file_from_before),
        cmocka_unit_test(no_folder_no_file),
    };
    return cmocka_run_group_tests_name("whole_file", tests, make_dir, remove_dir);
}
