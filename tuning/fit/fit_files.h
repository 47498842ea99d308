/*
 * fit_files.h: what the weight tuners write (docs/tuning.md). Every file is
 * written whole to a temporary name beside its own, for the caller to rename
 * into place once all of them are written (or to remove): a reader never sees
 * half a file, and an interrupted run leaves the old ones as they were.
 */
#ifndef R3_FIT_FILES_H
#define R3_FIT_FILES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "engine/text/weights_file.h"
#include "tuning/fit/fit_lbfgs.h"

/* A temporary file beside path, open for writing, its name in *temporary
 * (caller frees); NULL after why is written. */
FILE *fit_open_temporary(const char *path, char **temporary, char *why, size_t size);

/* Closes a temporary file that 'written' says was written well; on any
 * error removes it, frees *temporary (set to NULL) and writes why. */
bool fit_close_temporary(FILE *out, bool written, const char *path, char **temporary, char *why, size_t size);

/* Writes weights w of the list to a temporary file for path: with the
 * template file's lines and comments, its values replaced, if template_path
 * is not NULL, otherwise as weights_file_write does. The file is read back
 * with weights_file_load and compared; *temporary gets its name. */
bool fit_write_weights(const struct weight_list *list, const char *path, const char *template_path, const double *w,
                       char **temporary, char *why, size_t size);

/* Makes directory dir unless it is there; false with why. */
bool fit_make_directory(const char *dir, char *why, size_t size);

/* Draws a plot's SVG text; false if the stream reports an error. */
typedef bool fit_draw(FILE *out, const void *context);

/* Writes dir/name by draw(out, context) to a temporary file: *final gets the
 * path, *temporary the temporary name (both for the caller to free). */
bool fit_write_plot(const char *dir, const char *name, fit_draw *draw, const void *context, char **final,
                    char **temporary, char *why, size_t size);

/* The loss plot of a fit: train and validation loss at each improving
 * evaluation, titled "r3 tune TUNER: ...". */
struct fit_loss_plot {
    const char *tuner; /* "eval", "policy" */
    const struct fit_run *run;
};
fit_draw fit_draw_loss; /* context: a struct fit_loss_plot */

#endif
