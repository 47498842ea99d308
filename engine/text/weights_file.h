/*
 * weights_file.h: the text file of a list of bounded weights, one weight a
 * line, "name value min max", '#' starting a comment. The evaluation's weights
 * (eval/weights.h) and the playout policy's (search/policy_weights.h) are two
 * such lists; each declares its weights once, with the bounds a tuner may move
 * them in, and reads and writes its files here. Reading is strict: a weight
 * left out, given twice or with other bounds than the engine's is an error,
 * so that a tuned file never silently runs with a default or with the bounds
 * of an older build.
 */
#ifndef R3_WEIGHTS_FILE_H
#define R3_WEIGHTS_FILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* One weight of a list. */
struct weight_info {
    const char *name; /* as in the file */
    double fallback, min, max;
    const char *meaning;
};

/* A list is declared once, as X(ENUM, name, default, min, max, meaning)
 * rows of an X-macro; these make its enum, its weight_info table and its
 * defaults from it. */
#define WEIGHT_ENUM_ENTRY(id, name, fallback, min, max, meaning) id,
#define WEIGHT_INFO_ENTRY(id, name, fallback, min, max, meaning) [id] = {#name, fallback, min, max, meaning},
#define WEIGHT_DEFAULT_ENTRY(id, name, fallback, min, max, meaning) [id] = fallback,

/* A list of weights, and what its files say of it. */
struct weight_list {
    const char *title;  /* "evaluation weights": the first comment of a file written */
    const char *doc;    /* the page that explains them, "docs/eval.md" */
    const char *header; /* where they are declared, "eval/weights.h", named when bounds disagree */
    const struct weight_info *info;
    int count;
};

#define WEIGHTS_FILE_MAX (1 << 20) /* bytes: a weights file is a few kilobytes */

/* Reads the file at path (a regular file of at most WEIGHTS_FILE_MAX bytes) into w[list->count]: true, or false with why in
 * why[size] ("path:line: ..." or "path: ...") and w left alone. */
bool weights_file_load(const struct weight_list *list, const char *path, double *w, char *why, size_t size);

/* Writes w in the file format, each weight after its meaning as a comment.
 * False if the stream reports an error. */
bool weights_file_write(const struct weight_list *list, FILE *out, const double *w);

/* Writes the file at template_path (one that weights_file_load reads) with
 * each weight's value replaced by w's, its comments and spacing kept. False
 * with why in why[size] if the template cannot be read. */
bool weights_file_write_like(const struct weight_list *list, FILE *out, const char *template_path, const double *w,
                             char *why, size_t size);

#endif
