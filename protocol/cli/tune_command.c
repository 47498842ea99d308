/*
 * tune_command.c: see tune_command.h. The options, signals, reading and
 * outputs every tuner shares are protocol/cli/tune_cli.c's; this file picks the
 * tuner and runs r3 tune eval, protocol/cli/tune_policy_command.c r3 tune policy.
 * Ctrl-C (SIGINT) or SIGTERM stops the reading or the fit at its next
 * evaluation and nothing is written.
 */
#include "protocol/cli/tune_command.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/core/clock.h"
#include "eval/value.h"
#include "protocol/cli/cli.h"
#include "protocol/cli/spsa_command.h"
#include "protocol/cli/tune_cli.h"
#include "protocol/cli/tune_policy_command.h"
#include "tuning/fit/eval_data.h"
#include "tuning/fit/eval_fit.h"
#include "tuning/fit/fit_bench.h"
#include "tuning/fit/fit_files.h"
#include "tuning/fit/value_data.h"
#include "tuning/fit/value_fit.h"
#include "tuning/fit/value_report.h"

/* Reads every --data file into *all. */
static int read_data(const struct tune_cli *o, struct eval_data *all)
{
    double start = clock_seconds();
    struct fit_reader reader = eval_data_reader(all);
    int status = tune_cli_read(o, &reader);
    double seconds = clock_seconds() - start;
    char why[1024];
    if (status)
        return status;
    if (all->count == 0) {
        snprintf(why, sizeof why, "%s%s: no labelled positions%s", o->data[0], o->data_count > 1 ? " ..." : "",
                 all->finished ? " (only finished games)" : "");
        return tune_cli_error(why);
    }
    printf("read %ld positions (%ld finished left out) from %d file%s in %.2f s: %.0f positions/s on %d thread%s\n",
           all->count, all->finished, o->data_count, o->data_count == 1 ? "" : "s", seconds,
           (double)(all->count + all->finished) / (seconds > 0 ? seconds : 1e-9), o->threads,
           o->threads == 1 ? "" : "s");
    return 0;
}

/* Splits by game; both sides must have games, the validation set two. */
static int split(const struct tune_cli *o, struct eval_data *all, struct eval_data *train, struct eval_data *validation)
{
    eval_data_split(all, o->validation, o->seed, train, validation);
    eval_data_free(all);
    return tune_cli_split(o, train->count, eval_data_games(train), validation->count, eval_data_games(validation));
}

struct eval_plots {
    const struct eval_fit *fit;
    const struct eval_data *validation;
};

static bool write_plots(const void *context, const char *dir, char **final, char **temporary, int *count, char *why,
                        size_t size)
{
    const struct eval_plots *p = context;
    return eval_fit_write_plots(dir, p->fit, p->validation, final, temporary, count, why, size);
}

/* The fit's report and outputs, then its last line. */
static int finish(const struct tune_cli *o, const struct eval_fit *fit, const struct eval_data *validation)
{
    putchar('\n');
    eval_fit_report(stdout, fit);
    printf("train loss: %.6f -> %.6f\n", fit->start_train, fit->train);
    struct eval_plots plots = {fit, validation};
    const struct tune_cli_outputs out = {&EVAL_WEIGHTS,
                                         fit->fitted.w,
                                         write_plots,
                                         &plots,
                                         "loss.svg, calibration-1460.svg, calibration-1470.svg, calibration-1483.svg",
                                         NULL};
    int status = tune_cli_write(o, &out);
    if (!status)
        printf("validation loss: %.6f -> %.6f\n", fit->start_validation, fit->validation);
    return status;
}

static int tune_eval(struct tune_cli *o)
{
    struct eval_weights start = EVAL_DEFAULT;
    char why[1024];
    if (o->start && !eval_weights_load(o->start, &start, why, sizeof why))
        return tune_cli_error(why);
    tune_cli_signals(true);
    struct eval_data all = {0}, train = {0}, validation = {0};
    int status = read_data(o, &all);
    if (!status)
        status = split(o, &all, &train, &validation);
    eval_data_free(&all);
    if (!status) {
        struct eval_fit fit;
        bool ok = eval_fit(&train, &validation, &start, &o->fit, &fit, why, sizeof why);
        status = tune_cli_fitted(ok, &fit.run, why);
        if (!status)
            status = finish(o, &fit, &validation);
        eval_fit_free(&fit);
    }
    eval_data_free(&train);
    eval_data_free(&validation);
    tune_cli_signals(false);
    return status;
}

/* r3 tune eval's other uses: made-up positions, and the bench. */
static int tune_eval_aside(const struct tune_cli *o)
{
    if (o->synthetic) { /* labelled positions of random games, results drawn from known weights */
        struct eval_weights truth = fit_bench_truth();
        struct fit_synthetic s = {.games = o->synthetic, .seed = o->seed, .every = 5, .truth = &truth};
        fit_synthetic_write(&s, stdout);
        return fflush(stdout) == 0 ? 0 : 1;
    }
    struct fit_bench_options b = {.positions = o->positions, .threads = o->threads, .seed = o->seed};
    return fit_bench_run(&b, stdout);
}

/* The options both fits take, then each one's own. */
#define TUNE_SHARED_OPTIONS(what, file, start) \
    {"out", CLI_FILE, file, 0, 0, "write the fitted weights there (" what ")", false}, \
        {"weights", CLI_FILE, "START", 0, 0, start ", keeping the file's comments (default: built-in)", false}, \
        {"l2", CLI_TEXT, "R", 0, 0, "pull toward the start weights, R per squared unit (default 1e-05)", false}, \
        {"validation", CLI_TEXT, "F", 0, 0, "the fraction of games kept out of the fit to measure it (default 0.1)", \
         false}, \
        {"seed", CLI_SEED, "K", 0, 0, "the seed of the split by game (default 1)", false}, \
        {"iterations", CLI_COUNT, "N", 1, 100000000, "the most evaluations of the loss (default 1000)", false}, \
        {"fix", CLI_TEXT, "NAME[,NAME...]", \
         0,     0,        "hold these weights at their start values (marked 'fixed' in the table)", \
         false}, \
    { \
        "threads", CLI_COUNT, "T", 1, 64, "read the data on T threads (default: the cores)", false \
    }

static const struct cli_option EVAL_OPTIONS[] = {
    {"data", CLI_FILE, "FILE...", 0, 0,
     "labelled positions, one a line: game ply scenario side result winrate position", true},
    TUNE_SHARED_OPTIONS("a weights file, as EvalFile reads", "WEIGHTS", "start from these weights"),
    {"lambda", CLI_TEXT, "L", 0, 0, "target (1-L) result + L winrate, L from 0 to 1 (default 0)", false},
    {"plot", CLI_DIR, "DIR", 0, 0, "write loss.svg and calibration-1460/1470/1483.svg there", false},
    {"bench", CLI_FLAG, NULL, 0, 0, "time reading and fitting N made-up positions (--positions, default 1000000)",
     false},
    {"positions", CLI_COUNT, "N", 1, 100000000, "with --bench: how many", false},
    {"synthetic", CLI_COUNT, "GAMES", 1, 100000000,
     "print labelled positions of GAMES random games (every 5th decision), their\n"
     "results drawn from known weights, each a game of its own; --seed K",
     false},
    {0}};

static const struct cli_option POLICY_OPTIONS[] = {
    {"data", CLI_FILE, "FILE...", 0, 0, "self-play positions with their visits (r3 selfplay --record-visits)", true},
    TUNE_SHARED_OPTIONS("a policy file, as PolicyFile reads", "POLICY", "start from this policy file"),
    {"plot", CLI_DIR, "DIR", 0, 0, "write loss.svg there", false},
    {"chosen", CLI_FLAG, NULL, 0, 0,
     "fit to the decision each search played (its most visited) rather than to the\n"
     "share of its visits: a model of what a side plays",
     false},
    {"synthetic", CLI_COUNT, "GAMES", 1, 100000000,
     "print positions of GAMES random games (every 5th choice) with 100 visits\n"
     "drawn from known weights; --seed K",
     false},
    {0}};

static int command_tune_eval(int argc, char **argv);
static int command_tune_policy(int argc, char **argv);
const struct cli_command CLI_TUNE_EVAL = {"tune eval",
                                          "",
                                          "fit the evaluation's weights to labelled positions of self-play",
                                          "docs/tuning.md; it ends with 'validation loss: START -> FITTED'",
                                          EVAL_OPTIONS,
                                          NULL,
                                          command_tune_eval};
const struct cli_command CLI_TUNE_POLICY = {"tune policy",
                                            "",
                                            "fit the playout policy's weights to the search's visits in self-play",
                                            "docs/tuning.md; it ends with 'validation loss: START -> FITTED'",
                                            POLICY_OPTIONS,
                                            NULL,
                                            command_tune_policy};

static int command_tune_eval(int argc, char **argv)
{
    struct tune_cli o;
    int status = tune_cli_parse(&CLI_TUNE_EVAL, argc, argv, &o);
    if (status)
        return status;
    return o.synthetic || o.bench ? tune_eval_aside(&o) : tune_eval(&o);
}

static int command_tune_policy(int argc, char **argv)
{
    struct tune_cli o;
    int status = tune_cli_parse(&CLI_TUNE_POLICY, argc, argv, &o);
    return status ? status : tune_policy_command(&o);
}

/* ---- r3 tune value ---- */

static const struct cli_option VALUE_OPTIONS[] = {
    {"data", CLI_FILE, "FILE...", 0, 0,
     "labelled positions of r3 selfplay: game ply scenario side result winrate position", true},
    {"out", CLI_FILE, "NET", 0, 0, "write the trained network there (a net file, docs/eval.md)", false},
    {"lambda", CLI_TEXT, "L", 0, 0, "target (1-L) result + L winrate, L from 0 to 1 (default 0)", false},
    {"validation", CLI_TEXT, "F", 0, 0, "the fraction of games held out to stop the training (default 0.1)", false},
    {"seed", CLI_SEED, "K", 0, 0, "the seed of the split, the start weights and the shuffles (default 1)", false},
    {"epochs", CLI_COUNT, "N", 1, 100000, "the most passes over the training positions (default 30)", false},
    {"patience", CLI_COUNT, "P", 1, 100000, "stop after P epochs without a better held-out loss (default 3)", false},
    {"batch", CLI_COUNT, "B", 1, 1000000, "positions a minibatch (default 256)", false},
    {"rate", CLI_TEXT, "R", 0, 0, "Adam's step size (default 0.001)", false},
    {"label-playouts", CLI_COUNT, "N", 1, 100000,
     "label each position with York's mean result over N heuristic playouts (default: the game's result)", false},
    {"label-turns", CLI_COUNT, "T", 0, 100,
     "with --label-playouts: T game turns each, read by the evaluation where they stop; 0: to the end (default 2)",
     false},
    {"label-value", CLI_FILE, "NET", 0, 0,
     "with --label-playouts: read where each playout stops by this network, not the 17 weights", false},
    {"advance", CLI_COUNT, "T", 1, 100,
     "with --label-playouts: train on where one playout of T turns from each position stops, as the search reads",
     false},
    {"check", CLI_FILE, "NET", 0, 0, "measure this network on every position read, and train none", false},
    {"plot", CLI_DIR, "DIR", 0, 0, "write loss.svg and calibration-1460/1470/1483.svg there", false},
    {"threads", CLI_COUNT, "T", 1, 64, "read, label and train on T threads (default: the cores)", false},
    {0}};

static int command_tune_value(int argc, char **argv);
const struct cli_command CLI_TUNE_VALUE = {"tune value",
                                           "",
                                           "train the learned value's network on labelled positions of self-play",
                                           "docs/tuning.md; it ends with 'validation loss: START -> BEST'",
                                           VALUE_OPTIONS,
                                           NULL,
                                           command_tune_value};

static int read_value_data(const struct tune_cli *o, struct value_all *all)
{
    char why[1024];
    uint64_t id;
    const struct net_q *label_net = NULL;
    if (o->label_value && !(label_net = value_net_load(o->label_value, &id, why, sizeof why)))
        return tune_cli_error(why);
    const struct value_labels labels = {o->label_playouts, o->label_turns, o->label_advance, o->seed, label_net};
    struct fit_reader reader = value_data_reader(all, o->fit.lambda, &labels);
    int status = tune_cli_read(o, &reader);
    if (status)
        return status;
    if (all->failed)
        return tune_cli_error("tune value: no memory for the positions");
    if (!all->data.samples) {
        snprintf(why, sizeof why, "%s%s: no labelled positions%s", o->data[0], o->data_count > 1 ? " ..." : "",
                 all->finished ? " (only finished games)" : "");
        return tune_cli_error(why);
    }
    printf("read %ld positions (%ld finished left out)\n", all->data.samples, all->finished);
    return 0;
}

/* A correlation, or "-" where the targets or the predictions do not vary. */
static const char *correlation_text(double r, char text[16])
{
    snprintf(text, 16, isnan(r) ? "-" : "%.4f", r);
    return text;
}

static void print_report(const char *which, const struct net *net, const struct value_data *d)
{
    struct value_report r;
    char net_r[16], baseline_r[16];
    value_report_measure(net, d, &r);
    printf("%s: %ld positions; cross-entropy: network %.6f, the 17 weights %.6f; "
           "correlation with the targets: network %s, the 17 weights %s\n",
           which, r.samples, r.net_loss, r.baseline_loss, correlation_text(r.net_correlation, net_r),
           correlation_text(r.baseline_correlation, baseline_r));
}

static bool write_net(const void *context, const char *path, char **temporary, char *why, size_t size)
{
    const struct value_plots *p = context;
    FILE *out = fit_open_temporary(path, temporary, why, size);
    return out && fit_close_temporary(out, net_write_stream(p->net, out), path, temporary, why, size);
}

static bool write_value_plots(const void *context, const char *dir, char **final, char **temporary, int *count,
                              char *why, size_t size)
{
    return value_write_plots(context, dir, final, temporary, count, why, size);
}

/* The network (with --out) and the plots (with --plot), all or nothing. */
static int write_value_outputs(const struct tune_cli *o, const struct value_plots *p)
{
    const struct tune_cli_outputs out = {.plots = write_value_plots,
                                         .context = p,
                                         .plot_names = p->epochs
                                                           ? "loss.svg, calibration-1460.svg, calibration-1470.svg, "
                                                             "calibration-1483.svg"
                                                           : "calibration-1460.svg, calibration-1470.svg, "
                                                             "calibration-1483.svg",
                                         .write_out = write_net};
    return tune_cli_write(o, &out);
}

/* Trains net, history having room for o->epochs, and reports; the exit status. */
static int train_into(const struct tune_cli *o, const struct value_data *train, const struct value_data *validation,
                      struct net *net, struct value_epoch *history)
{
    int epochs;
    const struct value_options v = {o->rate, o->batch, o->epochs, o->patience, o->seed, o->threads};
    value_init(net, o->seed);
    double start = value_loss(net, validation, NULL);
    if (!value_train(net, train, validation, &v, history, &epochs))
        return tune_cli_error("tune value: no memory for the training");
    printf("epoch  train loss  validation loss\n");
    for (int e = 0; e < epochs; e++)
        printf("%5d  %10.6f  %15.6f\n", e + 1, history[e].train, history[e].validation);
    print_report("held out", net, validation);
    const struct value_plots p = {history, epochs, net, validation};
    int status = write_value_outputs(o, &p);
    if (!status)
        printf("validation loss: %.6f -> %.6f\n", start, value_loss(net, validation, NULL));
    return status;
}

static int train_value(const struct tune_cli *o, const struct value_data *train, const struct value_data *validation)
{
    struct net *net = calloc(1, sizeof *net); /* megabytes: not for the stack */
    struct value_epoch *history = calloc((size_t)o->epochs, sizeof *history);
    int status = net && history ? train_into(o, train, validation, net, history)
                                : tune_cli_error("tune value: no memory for the network");
    free(history);
    free(net);
    return status;
}

/* --check: the network (read before the data, so a bad file costs no
 * labelling) measured on every position read. */
static int check_value(const struct tune_cli *o, const struct net *net, const struct value_data *all)
{
    print_report(o->check, net, all);
    const struct value_plots p = {NULL, 0, net, all};
    return o->plot ? write_value_outputs(o, &p) : 0;
}

/* r3 tune value, the network --check reads (megabytes) owned by the caller. */
static int tune_value(const struct tune_cli *o, struct net *checked)
{
    struct value_all all = {0}; /* freed whatever the reading got to */
    struct value_data train = {0}, validation = {0};
    long train_games = 0, validation_games = 0;
    char why[1024];
    if (o->check && !net_read(o->check, checked, why, sizeof why))
        return tune_cli_error(why);
    int status = read_value_data(o, &all);
    if (!status && o->check) {
        status = check_value(o, checked, &all.data);
        value_all_free(&all);
        return status;
    }
    if (!status &&
        !value_data_split(&all, o->validation, o->seed, &train, &validation, &train_games, &validation_games))
        status = tune_cli_error("tune value: no memory for the split");
    value_all_free(&all);
    if (!status)
        status = tune_cli_split(o, train.samples, train_games, validation.samples, validation_games);
    if (!status)
        printf("the 17 weights' held-out loss on these targets: %.6f\n", value_baseline_loss(&validation));
    if (!status)
        status = train_value(o, &train, &validation);
    value_data_free(&train);
    value_data_free(&validation);
    return status;
}

static int command_tune_value(int argc, char **argv)
{
    struct tune_cli o;
    int status = tune_cli_parse(&CLI_TUNE_VALUE, argc, argv, &o);
    if (status)
        return status;
    struct net *checked = o.check ? calloc(1, sizeof *checked) : NULL;
    if (o.check && !checked)
        return tune_cli_error("tune value: no memory for the network");
    status = tune_value(&o, checked);
    free(checked);
    return status;
}
