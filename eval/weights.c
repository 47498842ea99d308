/*
 * weights.c: see weights.h. The file is read strictly: a weight left out, given
 * twice or with other bounds than the engine's is an error, so that a tuned
 * file never silently runs with a default or with the bounds of an older build.
 */
#include "eval/weights.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#define EVAL_INFO_ENTRY(id, name, fallback, min, max, meaning) [id] = {#name, fallback, min, max, meaning},
const struct eval_weight_info EVAL_WEIGHT_INFO[EVAL_WEIGHT_COUNT] = {EVAL_WEIGHT_LIST(EVAL_INFO_ENTRY)};
#undef EVAL_INFO_ENTRY

#define EVAL_DEFAULT_ENTRY(id, name, fallback, min, max, meaning) [id] = fallback,
const struct eval_weights EVAL_DEFAULT = {.w = {EVAL_WEIGHT_LIST(EVAL_DEFAULT_ENTRY)}};
#undef EVAL_DEFAULT_ENTRY

#define FIELDS 4 /* name value min max */
#define SPACE " \t\r\n\v\f"

/* ---- reading ---- */

/* What the reader has seen so far, and where to say what went wrong. */
struct reading {
    const char *path;
    int line;
    int given_on[EVAL_WEIGHT_COUNT]; /* the line that gave each weight, 0 if none yet */
    struct eval_weights weights;
    char *why;
    size_t size;
};

static bool reading_fail(struct reading *r, const char *format, ...) __attribute__((format(printf, 2, 3)));

static bool reading_fail(struct reading *r, const char *format, ...)
{
    char message[512];
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

static int weight_by_name(const char *name)
{
    for (int i = 0; i < EVAL_WEIGHT_COUNT; i++)
        if (strcmp(EVAL_WEIGHT_INFO[i].name, name) == 0)
            return i;
    return -1;
}

static bool unknown_weight(struct reading *r, const char *name)
{
    char known[512] = "";
    size_t used = 0;
    for (int i = 0; i < EVAL_WEIGHT_COUNT && used < sizeof known; i++)
        used += (size_t)snprintf(known + used, sizeof known - used, "%s%s", i ? ", " : "", EVAL_WEIGHT_INFO[i].name);
    return reading_fail(r, "unknown weight '%s' (the weights are: %s)", name, known);
}

static bool read_number(struct reading *r, const char *word, const char *what, const char *name, double *out)
{
    char *end;
    double x = strtod(word, &end);
    if (end == word || *end != '\0' || !isfinite(x))
        return reading_fail(r, "'%s' is not a finite number (the %s of weight '%s')", word, what, name);
    *out = x;
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
    int i = weight_by_name(word[0]);
    if (i < 0)
        return unknown_weight(r, word[0]);
    const struct eval_weight_info *info = &EVAL_WEIGHT_INFO[i];
    if (r->given_on[i])
        return reading_fail(r, "weight '%s' given twice (first on line %d)", info->name, r->given_on[i]);
    if (!read_number(r, word[1], "value", info->name, &value) || !read_number(r, word[2], "min", info->name, &min) ||
        !read_number(r, word[3], "max", info->name, &max))
        return false;
    if (min != info->min || max != info->max)
        return reading_fail(r, "weight '%s' has bounds [%g, %g] here but [%g, %g] in the engine (eval/weights.h)",
                            info->name, min, max, info->min, info->max);
    if (value < min || value > max)
        return reading_fail(r, "weight '%s' is %g, outside its bounds [%g, %g]", info->name, value, min, max);
    r->weights.w[i] = value;
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
    for (int i = 0; i < EVAL_WEIGHT_COUNT; i++)
        if (!r->given_on[i])
            return reading_fail(r, "no line for weight '%s' (every weight must be given)", EVAL_WEIGHT_INFO[i].name);
    return true;
}

bool eval_weights_load(const char *path, struct eval_weights *out, char *why, size_t size)
{
    struct reading r = {.path = path, .why = why, .size = size};
    FILE *in = fopen(path, "r");
    if (!in)
        return reading_fail(&r, "cannot open: %s", strerror(errno));
    char *line = NULL;
    size_t capacity = 0;
    bool ok = true;
    while (ok && getline(&line, &capacity, in) >= 0) {
        r.line++;
        ok = read_line(&r, line);
    }
    if (ok && ferror(in))
        ok = reading_fail(&r, "read error: %s", strerror(errno));
    free(line);
    fclose(in);
    if (!ok || !every_weight_given(&r))
        return false;
    *out = r.weights;
    return true;
}

/* ---- writing ---- */

/* The shortest decimal that reads back as exactly x. */
static void write_number(FILE *out, double x)
{
    char text[32];
    for (int digits = 1; digits <= 17; digits++) {
        snprintf(text, sizeof text, "%.*g", digits, x);
        if (strtod(text, NULL) == x)
            break;
    }
    fputs(text, out);
}

bool eval_weights_write(FILE *out, const struct eval_weights *weights)
{
    fputs("# r3 evaluation weights (docs/eval.md): one weight a line, 'name value min max'.\n"
          "# min and max are the engine's bounds (eval/weights.h); the value must lie within them.\n",
          out);
    for (int i = 0; i < EVAL_WEIGHT_COUNT; i++) {
        const struct eval_weight_info *info = &EVAL_WEIGHT_INFO[i];
        fprintf(out, "\n# %s\n%s ", info->meaning, info->name);
        write_number(out, weights->w[i]);
        fputc(' ', out);
        write_number(out, info->min);
        fputc(' ', out);
        write_number(out, info->max);
        fputc('\n', out);
    }
    return !ferror(out);
}
