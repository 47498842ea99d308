/*
 * weights_file.c: see weights_file.h. The reader goes line by line and stops
 * at the first fault, so a message names the one line to mend.
 */
#include "engine/text/weights_file.h"

#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "engine/core/fail.h"
#include "engine/io/number.h"

#define FIELDS 4 /* name value min max */
#define SPACE " \t\r\n\v\f"

/* ---- reading ---- */

/* What the reader has seen so far, and where to say what went wrong. */
struct reading {
    const struct weight_list *list;
    const char *path;
    int line;
    int *given_on; /* the line that gave each weight, 0 if none yet */
    double *w;
    char *why;
    size_t size;
};

static bool reading_fail(struct reading *r, const char *format, ...) __attribute__((format(printf, 2, 3)));

static bool reading_fail(struct reading *r, const char *format, ...)
{
    char message[1024];
    va_list args;
    va_start(args, format);
    vsnprintf(message, sizeof message, format, args);
    va_end(args);
    if (r->line > 0)
        snprintf(r->why, r->size, "%s:%d: %s", r->path, r->line, message);
    else
        snprintf(r->why, r->size, "%s: %s", r->path, message);
    return false;
}

static int weight_by_name(const struct weight_list *list, const char *name, size_t length)
{
    for (int i = 0; i < list->count; i++)
        if (strlen(list->info[i].name) == length && strncmp(list->info[i].name, name, length) == 0)
            return i;
    return -1;
}

static bool unknown_weight(struct reading *r, const char *name)
{
    char known[900] = "";
    size_t used = 0;
    for (int i = 0; i < r->list->count && used < sizeof known; i++)
        used += (size_t)snprintf(known + used, sizeof known - used, "%s%s", i ? ", " : "", r->list->info[i].name);
    return reading_fail(r, "unknown weight '%s' (the weights are: %s)", name, known);
}

static bool read_number(struct reading *r, const char *word, const char *what, const char *name, double *out)
{
    if (!number_decimal(word, -DBL_MAX, DBL_MAX, out))
        return reading_fail(r, "'%s' is not a finite number (the %s of weight '%s')", word, what, name);
    return true;
}

/* Splits a line, its comment cut off, into at most FIELDS + 1 words. */
static int split(char *line, char *word[FIELDS + 1])
{
    char *comment = strchr(line, '#');
    if (comment)
        *comment = '\0';
    int count = 0;
    char *rest = NULL;
    for (char *w = strtok_r(line, SPACE, &rest); w && count <= FIELDS; w = strtok_r(NULL, SPACE, &rest))
        word[count++] = w;
    return count;
}

static bool read_weight(struct reading *r, char *word[FIELDS])
{
    double value = 0, min = 0, max = 0; /* set below; zeros keep -Wmaybe-uninitialized quiet */
    int i = weight_by_name(r->list, word[0], strlen(word[0]));
    if (i < 0)
        return unknown_weight(r, word[0]);
    const struct weight_info *info = &r->list->info[i];
    if (r->given_on[i])
        return reading_fail(r, "weight '%s' given twice (first on line %d)", info->name, r->given_on[i]);
    if (!read_number(r, word[1], "value", info->name, &value) || !read_number(r, word[2], "min", info->name, &min) ||
        !read_number(r, word[3], "max", info->name, &max))
        return false;
    if (min != info->min || max != info->max)
        return reading_fail(r, "weight '%s' has bounds [%g, %g] here but [%g, %g] in the engine (%s)", info->name, min,
                            max, info->min, info->max, r->list->header);
    if (value < min || value > max)
        return reading_fail(r, "weight '%s' is %g, outside its bounds [%g, %g]", info->name, value, min, max);
    r->w[i] = value;
    r->given_on[i] = r->line;
    return true;
}

static bool read_line(struct reading *r, char *line)
{
    char *word[FIELDS + 1];
    int count = split(line, word);
    if (count == 0)
        return true;
    if (count != FIELDS)
        return reading_fail(r, "expected 'name value min max', found %s%d word%s", count > FIELDS ? "more than " : "",
                            count > FIELDS ? FIELDS : count, count == 1 ? "" : "s");
    return read_weight(r, word);
}

static bool every_weight_given(struct reading *r)
{
    r->line = 0;
    for (int i = 0; i < r->list->count; i++)
        if (!r->given_on[i])
            return reading_fail(r, "no line for weight '%s' (every weight must be given)", r->list->info[i].name);
    return true;
}

static bool read_file(struct reading *r, FILE *in)
{
    char *line = NULL;
    size_t capacity = 0;
    bool ok = true;
    while (ok && getline(&line, &capacity, in) >= 0) {
        r->line++;
        ok = read_line(r, line);
    }
    if (ok && ferror(in))
        ok = reading_fail(r, "read error: %s", strerror(errno));
    free(line);
    return ok && every_weight_given(r);
}

bool weights_file_load(const struct weight_list *list, const char *path, double *w, char *why, size_t size)
{
    struct reading r = {.list = list, .path = path, .why = why, .size = size};
    r.given_on = calloc((size_t)list->count, sizeof *r.given_on);
    r.w = calloc((size_t)list->count, sizeof *r.w);
    FILE *in = NULL;
    bool ok;
    struct stat st;
    if (!r.given_on || !r.w)
        ok = reading_fail(&r, "out of memory");
    else if (stat(path, &st) != 0)
        ok = reading_fail(&r, "cannot open: %s", strerror(errno));
    else if (!S_ISREG(st.st_mode)) /* a FIFO would block the engine, a device never end */
        ok = reading_fail(&r, "not a regular file");
    else if (st.st_size > WEIGHTS_FILE_MAX)
        ok = reading_fail(&r, "%lld bytes; a weights file is at most %d", (long long)st.st_size, WEIGHTS_FILE_MAX);
    else if (!(in = fopen(path, "r")))
        ok = reading_fail(&r, "cannot open: %s", strerror(errno));
    else
        ok = read_file(&r, in);
    if (in)
        fclose(in);
    if (ok)
        memcpy(w, r.w, (size_t)list->count * sizeof *w);
    free(r.given_on);
    free(r.w);
    return ok;
}

/* ---- writing ---- */

bool weights_file_write(const struct weight_list *list, FILE *out, const double *w)
{
    fprintf(out,
            "# r3 %s (%s): one weight a line, 'name value min max'.\n"
            "# min and max are the engine's bounds (%s); the value must lie within them.\n",
            list->title, list->doc, list->header);
    for (int i = 0; i < list->count; i++) {
        const struct weight_info *info = &list->info[i];
        fprintf(out, "\n# %s\n%s ", info->meaning, info->name);
        number_write_exact(out, w[i]);
        fputc(' ', out);
        number_write_exact(out, info->min);
        fputc(' ', out);
        number_write_exact(out, info->max);
        fputc('\n', out);
    }
    return !ferror(out);
}

/* The weight a line of a weights file gives, its value's word at
 * [*begin, *end) of the line; -1 for a comment or blank line. The file has
 * been read by weights_file_load, so each other line is "name value min max". */
static int weight_on_line(const struct weight_list *list, const char *line, size_t *begin, size_t *end)
{
    size_t code = strcspn(line, "#"), at = strspn(line, SPACE);
    if (at >= code)
        return -1;
    size_t name_end = at + strcspn(line + at, SPACE);
    *begin = name_end + strspn(line + name_end, SPACE);
    *end = *begin + strcspn(line + *begin, SPACE);
    return weight_by_name(list, line + at, name_end - at);
}

bool weights_file_write_like(const struct weight_list *list, FILE *out, const char *template_path, const double *w,
                             char *why, size_t size)
{
    FILE *in = fopen(template_path, "r");
    if (!in) {
        return fail(why, size, "%s: cannot open: %s", template_path, strerror(errno));
    }
    char *line = NULL;
    size_t capacity = 0, begin, end;
    while (getline(&line, &capacity, in) >= 0) {
        int j = weight_on_line(list, line, &begin, &end);
        if (j < 0) {
            fputs(line, out);
            continue;
        }
        fwrite(line, 1, begin, out);
        number_write_exact(out, w[j]);
        fputs(line + end, out);
    }
    bool ok = !ferror(in);
    if (!ok)
        snprintf(why, size, "%s: read error: %s", template_path, strerror(errno));
    free(line);
    fclose(in);
    return ok;
}
