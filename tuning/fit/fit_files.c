/*
 * fit_files.c: see fit_files.h.
 */
/* gnulib (for getopt) puts its own system headers first on the include path;
 * they need its config.h before anything else. */
#include <config.h>

#include "tuning/fit/fit_files.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "engine/core/fail.h"
#include "engine/io/whole_file.h"
#include "tuning/report/plot_svg.h"

FILE *fit_open_temporary(const char *path, char **temporary, char *why, size_t size)
{
    size_t length = strlen(path) + WHOLE_FILE_SUFFIX_MAX;
    *temporary = malloc(length);
    if (!*temporary) {
        snprintf(why, size, "%s: out of memory", path);
        return NULL;
    }
    FILE *out = whole_file_open(path, *temporary, length);
    if (!out) {
        snprintf(why, size, "%s: cannot write: %s", path, strerror(errno));
        free(*temporary);
        *temporary = NULL;
    }
    return out;
}

static void drop_temporary(char **temporary)
{
    unlink(*temporary);
    free(*temporary);
    *temporary = NULL;
}

bool fit_close_temporary(FILE *out, bool written, const char *path, char **temporary, char *why, size_t size)
{
    if (whole_file_close(out, written, *temporary))
        return true;
    snprintf(why, size, "%s: cannot write: %s", path, strerror(errno));
    free(*temporary);
    *temporary = NULL;
    return false;
}

/* The file just written reads back as exactly w. */
static bool reads_back(const struct weight_list *list, const char *path, const char *temporary, const double *w,
                       char *why, size_t size)
{
    double *back = calloc((size_t)list->count, sizeof *back);
    char problem[512] = "out of memory";
    bool same = back && weights_file_load(list, temporary, back, problem, sizeof problem);
    for (int j = 0; same && j < list->count; j++)
        same = back[j] == w[j];
    if (!same)
        snprintf(why, size, "%s: the weights written do not read back (%s)", path, problem);
    free(back);
    return same;
}

bool fit_write_weights(const struct weight_list *list, const char *path, const char *template_path, const double *w,
                       char **temporary, char *why, size_t size)
{
    FILE *out = fit_open_temporary(path, temporary, why, size);
    if (!out)
        return false;
    bool written = template_path ? weights_file_write_like(list, out, template_path, w, why, size)
                                 : weights_file_write(list, out, w);
    if (!written && template_path) { /* why is the template's */
        fclose(out);
        drop_temporary(temporary);
        return false;
    }
    if (!fit_close_temporary(out, written, path, temporary, why, size))
        return false;
    if (!reads_back(list, path, *temporary, w, why, size)) {
        drop_temporary(temporary);
        return false;
    }
    return true;
}

bool fit_make_directory(const char *dir, char *why, size_t size)
{
    if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
        return fail(why, size, "%s: cannot make the directory: %s", dir, strerror(errno));
    }
    return true;
}

bool fit_write_plot(const char *dir, const char *name, fit_draw *draw, const void *context, char **final,
                    char **temporary, char *why, size_t size)
{
    size_t length = strlen(dir) + strlen(name) + 2;
    char *path = malloc(length);
    if (!path) {
        return fail(why, size, "%s: out of memory", dir);
    }
    snprintf(path, length, "%s/%s", dir, name);
    FILE *out = fit_open_temporary(path, temporary, why, size);
    if (!out || !fit_close_temporary(out, draw(out, context), path, temporary, why, size)) {
        free(path);
        return false;
    }
    *final = path;
    return true;
}

bool fit_draw_loss(FILE *out, const void *plot)
{
    const struct fit_loss_plot *p = plot;
    int n = p->run->trace_count;
    double *x = malloc((size_t)(n ? n : 1) * 3 * sizeof *x), *train = x + n, *validation = x + 2 * n;
    if (!x)
        return false;
    for (int i = 0; i < n; i++) {
        x[i] = p->run->trace[i].evaluation;
        train[i] = p->run->trace[i].train;
        validation[i] = p->run->trace[i].validation;
    }
    const struct svg_series series[] = {{"train", "#1f77b4", n, x, train}, {"validation", "#d62728", n, x, validation}};
    char title[128];
    snprintf(title, sizeof title, "r3 tune %s: the loss at each improving evaluation", p->tuner);
    bool ok = svg_line_chart(out, title, "evaluation of the loss (NLopt L-BFGS)", "mean cross-entropy", series, 2);
    free(x);
    return ok;
}
