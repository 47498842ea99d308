/*
 * spsa_files.h: the two files of a tuning run that --resume reads back
 * (docs/spsa.md): params.tsv, theta after each iteration, and results.tsv,
 * every game. Both are written here, and read back strictly: a line that a
 * run would not have written is refused by file and line, before anything in
 * the directory is changed.
 */
#ifndef R3_SPSA_FILES_H
#define R3_SPSA_FILES_H

#include <stdbool.h>
#include <stdio.h>

#include "tuning/spsa/spsa.h"

#define SPSA_RESULTS_FILE "results.tsv"
#define SPSA_PATH_MAX 4096 /* of a path in DIR */

/* DIR/name, and DIR/games/iteration-K (iteration k's match). */
void spsa_file_path(const struct spsa_options *o, const char *name, char *path, size_t size);
void spsa_iteration_dir(const struct spsa_options *o, long k, char *path, size_t size);

/* A new params.tsv: the settings, the column names, theta at the start (row
 * 0); open for the rows to come, or NULL with why. */
FILE *spsa_params_start(const struct spsa_options *o, const double *theta, char *why, size_t size);

/* Row k: the plus engine's wins, the minus engine's and the draws
 * (score[3]), then theta. The caller flushes it: the row is what makes the
 * iteration done. */
void spsa_params_row(FILE *f, long k, const long *score, int params, const double *theta);

/* Reads back the params.tsv of a run of these settings: a regular file,
 * its two header lines this run's, then rows 0, 1, ... whole, each theta a
 * finite number within its parameter's MIN..MAX. Every row's theta goes to
 * path[]; the last row's iteration, or -1 with why (file, line and what). */
long spsa_params_read(const struct spsa_options *o, double path[][SPSA_MAX_PARAMS], char *why, size_t size);

/* results.tsv opened for the games to come: new, or on resume with the games
 * of the 'done' iterations kept and those of one cut short dropped. On
 * resume every line is checked (results_parse, the game's number, engines
 * and seed, no game twice, none missing); a last line without its newline,
 * which a run killed mid-write leaves, is dropped with a note on 'note'.
 * False with why, results.tsv as it was. */
bool spsa_results_open(const struct spsa_options *o, long done, FILE *note, FILE **out, char *why, size_t size);

/* Adds iteration k's games, from its match's own results.tsv, and flushes. */
void spsa_results_join(const struct spsa_options *o, long k, FILE *results);

#endif
