/*
 * tune_cli.h: what r3 tune eval and r3 tune policy share on the command line
 * (docs/tuning.md): their options, --data taking every word up to the next; Ctrl-C and SIGTERM, which set a flag the
 * reading and the fit stop at; reading every --data file; the split's
 * report and checks; and the outputs, written to temporary names and renamed
 * all at once with the signals held back, so each is whole or absent.
 */
#ifndef R3_TUNE_CLI_H
#define R3_TUNE_CLI_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/text/weights_file.h"
#include "protocol/cli/command_line.h"
#include "tuning/fit/fit_lbfgs.h"
#include "tuning/fit/fit_read.h"

#define TUNE_MAX_DATA 256 /* --data files */
#define TUNE_INTERRUPTED 130
#define TUNE_MAX_PLOTS 8

/* The options of a tuner's command. */
struct tune_cli {
    const char *tuner; /* "eval", "policy" or "value" */
    const char *data[TUNE_MAX_DATA];
    int data_count;
    const char *start, *out, *plot; /* --weights START, --out, --plot */
    double validation;
    uint64_t seed;
    int threads;
    bool bench;
    bool chosen; /* r3 tune policy --chosen: fit to the most visited decision alone */
    long positions, synthetic;
    struct fit_options fit;
    /* r3 tune value's: Adam's step, samples a minibatch, the most epochs, and
     * epochs without a better held-out loss before it stops. */
    double rate;
    int batch, epochs, patience;
    int label_playouts, label_turns, label_advance; /* r3 tune value's labels (tuning/fit/value_data.h) */
    const char *label_value; /* r3 tune value: the network that reads where a label's playout stops */
    const char *check;       /* r3 tune value: measure this network instead of training one */
};

/* The defaults for the tuner named argv[0] ("eval", "policy"), then its
 * options from argv[1..] by the rows of c: 0, or 2 after a usage error. The
 * fit's progress goes to stdout, and it stops at tune_cli_stop. */
int tune_cli_parse(const struct cli_command *c, int argc, char **argv, struct tune_cli *o);

/* Set by SIGINT or SIGTERM while tune_cli_signals(true) holds. */
extern volatile sig_atomic_t tune_cli_stop;

/* Catches the signals into tune_cli_stop (and clears it), or lets them be again. */
void tune_cli_signals(bool catch);

/* "r3: why" on stderr; 1. */
int tune_cli_error(const char *why);

/* "r3: interrupted; nothing written" on stderr; TUNE_INTERRUPTED. */
int tune_cli_interrupted(void);

/* The status after a fit: 0 if it went well, else the exit status after the
 * error (why, if the fit failed) or the interruption. */
int tune_cli_fitted(bool ok, const struct fit_run *run, const char *why);

/* Reads every --data file with the tuner's reader: 0, or the exit status
 * after the error. */
int tune_cli_read(const struct tune_cli *o, const struct fit_reader *reader);

/* Prints the split's sizes; 0, or 1 after the error if the validation set
 * has fewer than 2 games or the training set none. */
int tune_cli_split(const struct tune_cli *o, long train, long train_games, long validation, long validation_games);

/* Writes a tuner's plots into a directory as temporary files: final[] and
 * temporary[] get their names, *count how many, also after a failure. */
typedef bool tune_cli_plots(const void *context, const char *dir, char **final, char **temporary, int *count, char *why,
                            size_t size);

/* Writes the tuner's own --out file (a network) to a temporary name beside
 * path, *temporary. */
typedef bool tune_cli_writer(const void *context, const char *path, char **temporary, char *why, size_t size);

/* The outputs of a fit: the plots (with --plot; their names in words for
 * the "wrote" line) and --out if given, by write_out or else the weights w
 * of the list, in the start file's layout if there is one. 0, or the exit
 * status after the error. */
struct tune_cli_outputs {
    const struct weight_list *list;
    const double *w;
    tune_cli_plots *plots;
    const void *context;
    const char *plot_names;
    tune_cli_writer *write_out; /* if not NULL, --out is written by it, not as weights */
};
int tune_cli_write(const struct tune_cli *o, const struct tune_cli_outputs *out);

#endif
