/*
 * tune_command.c: see tune_command.h. --data takes every word after it up to
 * the next option, so the options are read by hand rather than by getopt.
 * Ctrl-C (SIGINT) or SIGTERM stops the fit at its next evaluation and nothing
 * is written; once the fit is done the signals wait while the files are
 * written to temporary names and renamed, so the outputs are whole or absent.
 */
/* gnulib (for getopt) puts its own system headers first on the include path;
 * they need its config.h before anything else. */
#include <config.h>

#include "protocol/tune_command.h"

#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "engine/core/clock.h"
#include "protocol/cli.h"
#include "tuning/tune_bench.h"
#include "tuning/tune_data.h"
#include "tuning/tune_eval.h"

#define MAX_DATA 256 /* --data files */
#define INTERRUPTED 130

struct tune_eval_options {
    const char *data[MAX_DATA];
    int data_count;
    const char *weights, *out, *plot;
    double validation;
    uint64_t seed;
    int threads;
    bool bench;
    long positions, synthetic;
    struct tune_options fit;
};

static volatile sig_atomic_t stop_requested;

static void request_stop(int signal)
{
    (void)signal;
    stop_requested = 1;
}

/* A real number in [min, max] (max_open: below max); false after a usage error. */
static bool option_real(const char *name, const char *text, double min, double max, bool max_open, double *out)
{
    char *end;
    double value = strtod(text, &end);
    if (end == text || *end || !isfinite(value) || value < min || value > max || (max_open && value == max)) {
        fprintf(stderr, "r3: %s needs a number from %g to %g%s, not '%s'\nTry 'r3 --help' for more information.\n",
                name, min, max, max_open ? " (less)" : "", text);
        return false;
    }
    *out = value;
    return true;
}

/* --fix NAME[,NAME...]: weights the fit leaves at their start values. */
static bool read_fixed(const char *names, bool fixed[EVAL_WEIGHT_COUNT])
{
    const char *word = names;
    for (;;) {
        size_t length = strcspn(word, ",");
        int j = 0;
        while (j < EVAL_WEIGHT_COUNT &&
               (strlen(EVAL_WEIGHT_INFO[j].name) != length || strncmp(EVAL_WEIGHT_INFO[j].name, word, length) != 0))
            j++;
        if (j == EVAL_WEIGHT_COUNT) {
            char unknown[64];
            snprintf(unknown, sizeof unknown, "%.*s", (int)(length < 60 ? length : 60), word);
            cli_usage_error("tune eval: --fix names an unknown weight '%s' (the weights are those of eval/weights.txt)",
                            unknown);
            return false;
        }
        fixed[j] = true;
        if (!word[length])
            return true;
        word += length + 1;
    }
}

/* The option argv[i] with its value argv[i + 1]; false after a usage error. */
static bool read_valued(const char *name, const char *value, struct tune_eval_options *o)
{
    long long n;
    if (strcmp(name, "--weights") == 0)
        o->weights = value;
    else if (strcmp(name, "--out") == 0)
        o->out = value;
    else if (strcmp(name, "--plot") == 0)
        o->plot = value;
    else if (strcmp(name, "--fix") == 0)
        return read_fixed(value, o->fit.fixed);
    else if (strcmp(name, "--lambda") == 0)
        return option_real("--lambda", value, 0, 1, false, &o->fit.lambda);
    else if (strcmp(name, "--l2") == 0)
        return option_real("--l2", value, 0, 1e6, false, &o->fit.l2);
    else if (strcmp(name, "--validation") == 0) {
        if (!option_real("--validation", value, 0, 1, true, &o->validation))
            return false;
        if (o->validation == 0)
            return cli_usage_error("%s", "tune eval: --validation needs a fraction above 0"), false;
    } else if (strcmp(name, "--seed") == 0) {
        if (!cli_option_number("--seed", value, 0, 9223372036854775807LL, &n))
            return false;
        o->seed = (uint64_t)n;
    } else if (strcmp(name, "--iterations") == 0) {
        if (!cli_option_number("--iterations", value, 1, 100000000, &n))
            return false;
        o->fit.iterations = (int)n;
    } else if (strcmp(name, "--threads") == 0) {
        if (!cli_option_number("--threads", value, 1, 64, &n))
            return false;
        o->threads = (int)n;
    } else if (strcmp(name, "--positions") == 0) {
        if (!cli_option_number("--positions", value, 1, 100000000, &n))
            return false;
        o->positions = (long)n;
    } else if (strcmp(name, "--synthetic") == 0) {
        if (!cli_option_number("--synthetic", value, 1, 100000000, &n))
            return false;
        o->synthetic = (long)n;
    } else
        return cli_usage_error("unknown option '%s'", name), false;
    return true;
}

static bool is_option(const char *word) { return strncmp(word, "--", 2) == 0; }

static int parse_options(int argc, char **argv, struct tune_eval_options *o)
{
    for (int i = 2; i < argc;) {
        if (strcmp(argv[i], "--data") == 0) {
            int first = ++i;
            for (; i < argc && !is_option(argv[i]); i++) {
                if (o->data_count == MAX_DATA)
                    return cli_usage_error("tune eval: more than %s --data files", "256");
                o->data[o->data_count++] = argv[i];
            }
            if (i == first)
                return cli_usage_error("%s", "tune eval: --data needs at least one FILE");
        } else if (strcmp(argv[i], "--bench") == 0) {
            o->bench = true;
            i++;
        } else if (!is_option(argv[i])) {
            return cli_usage_error("tune eval: unexpected argument '%s'", argv[i]);
        } else if (i + 1 >= argc) {
            return cli_usage_error("option '%s' needs an argument", argv[i]);
        } else {
            if (!read_valued(argv[i], argv[i + 1], o))
                return 2;
            i += 2;
        }
    }
    if (o->bench || o->synthetic)
        return 0;
    if (!o->data_count)
        return cli_usage_error("%s", "tune eval needs --data FILE...");
    if (!o->out)
        return cli_usage_error("%s", "tune eval needs --out WEIGHTS (the file to write the fitted weights to)");
    return 0;
}

static void on_signals(void (*handler)(int))
{
    struct sigaction action = {.sa_handler = handler};
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, NULL);
    sigaction(SIGTERM, &action, NULL);
}

static void block_signals(int how)
{
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGTERM);
    sigprocmask(how, &set, NULL);
}

static int data_error(const char *why)
{
    fprintf(stderr, "r3: %s\n", why);
    return 1;
}

static int interrupted(void)
{
    fputs("r3: interrupted; nothing written\n", stderr);
    return INTERRUPTED;
}

/* Reads every --data file into *all. */
static int read_data(const struct tune_eval_options *o, struct tune_data *all)
{
    char why[1024];
    double start = clock_seconds();
    for (int i = 0; i < o->data_count; i++)
        if (!tune_data_read(all, o->data[i], o->threads, why, sizeof why))
            return stop_requested ? interrupted() : data_error(why);
    double seconds = clock_seconds() - start;
    if (stop_requested)
        return interrupted();
    if (all->count == 0) {
        snprintf(why, sizeof why, "%s%s: no labelled positions%s", o->data[0], o->data_count > 1 ? " ..." : "",
                 all->finished ? " (only finished games)" : "");
        return data_error(why);
    }
    printf("read %ld positions (%ld finished left out) from %d file%s in %.2f s: %.0f positions/s on %d thread%s\n",
           all->count, all->finished, o->data_count, o->data_count == 1 ? "" : "s", seconds,
           (double)(all->count + all->finished) / (seconds > 0 ? seconds : 1e-9), o->threads,
           o->threads == 1 ? "" : "s");
    return 0;
}

/* Splits by game; both sides must have games, the validation set two. */
static int split(const struct tune_eval_options *o, struct tune_data *all, struct tune_data *train,
                 struct tune_data *validation)
{
    tune_data_split(all, o->validation, o->seed, train, validation);
    tune_data_free(all);
    long train_games = tune_data_games(train), validation_games = tune_data_games(validation);
    printf(
        "train: %ld positions of %ld game%s; validation: %ld positions of %ld game%s (--validation %g, --seed %llu)\n",
        train->count, train_games, train_games == 1 ? "" : "s", validation->count, validation_games,
        validation_games == 1 ? "" : "s", o->validation, (unsigned long long)o->seed);
    char why[256];
    if (validation_games < 2) {
        snprintf(why, sizeof why,
                 "the validation set has %ld game%s, it needs at least 2: more games, or a larger --validation",
                 validation_games, validation_games == 1 ? "" : "s");
        return data_error(why);
    }
    if (train_games == 0)
        return data_error("the training set has no game: more games, or a smaller --validation");
    return 0;
}

/* The outputs under temporary names, then renamed all at once, the signals held back. */
struct outputs {
    char *final[TUNE_PLOTS + 1], *temporary[TUNE_PLOTS + 1];
    int count;
};

static void outputs_drop(struct outputs *w)
{
    for (int i = 0; i < w->count; i++) {
        if (w->temporary[i])
            unlink(w->temporary[i]);
        free(w->temporary[i]);
        free(w->final[i]);
    }
    w->count = 0;
}

static int write_outputs(const struct tune_eval_options *o, const struct tune_fit *fit,
                         const struct tune_data *validation)
{
    struct outputs w = {0};
    char why[1024];
    struct stat dir;
    bool ok = true, new_dir = o->plot && stat(o->plot, &dir) != 0;
    block_signals(SIG_BLOCK);
    if (stop_requested) { /* a Ctrl-C just before the signals were held back */
        block_signals(SIG_UNBLOCK);
        return interrupted();
    }
    if (o->plot)
        ok = tune_write_plots(o->plot, fit, validation, w.final, w.temporary, &w.count, why, sizeof why);
    if (ok) {
        ok = tune_write_weights(o->out, o->weights, &fit->fitted, &w.temporary[w.count], why, sizeof why);
        if (ok)
            w.final[w.count++] = strdup(o->out);
    }
    for (int i = 0; ok && i < w.count; i++)
        if (rename(w.temporary[i], w.final[i]) != 0) {
            snprintf(why, sizeof why, "%s: cannot rename the new file into place", w.final[i]);
            ok = false;
        } else {
            free(w.temporary[i]);
            w.temporary[i] = NULL;
        }
    if (ok) {
        printf("wrote %s", o->out);
        if (o->plot)
            printf("; plots in %s: loss.svg, calibration-1460.svg, calibration-1470.svg, calibration-1483.svg",
                   o->plot);
        putchar('\n');
    }
    outputs_drop(&w);
    if (!ok && new_dir)
        rmdir(o->plot); /* made for the plots, and now empty again */
    block_signals(SIG_UNBLOCK);
    return ok ? 0 : data_error(why);
}

static int tune_eval(struct tune_eval_options *o)
{
    struct eval_weights start = EVAL_DEFAULT;
    char why[1024];
    if (o->weights && !eval_weights_load(o->weights, &start, why, sizeof why))
        return data_error(why);
    stop_requested = 0;
    on_signals(request_stop);
    struct tune_data all = {0}, train = {0}, validation = {0};
    int status = read_data(o, &all);
    if (!status)
        status = split(o, &all, &train, &validation);
    tune_data_free(&all);
    if (!status) {
        struct tune_fit fit;
        o->fit.stop = &stop_requested;
        o->fit.progress = stdout;
        if (!tune_fit(&train, &validation, &start, &o->fit, &fit, why, sizeof why))
            status = data_error(why);
        else if (fit.interrupted || stop_requested)
            status = interrupted();
        if (!status) {
            putchar('\n');
            tune_report(stdout, &fit);
            printf("train loss: %.6f -> %.6f\n", fit.start_train, fit.train);
            status = write_outputs(o, &fit, &validation);
        }
        if (!status)
            printf("validation loss: %.6f -> %.6f\n", fit.start_validation, fit.validation);
        tune_fit_free(&fit);
    }
    tune_data_free(&train);
    tune_data_free(&validation);
    on_signals(SIG_DFL);
    return status;
}

static int default_threads(void)
{
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    return cores < 1 ? 1 : cores > 64 ? 64 : (int)cores;
}

int command_tune(int argc, char **argv)
{
    if (argc < 2)
        return cli_usage_error("%s", "tune needs a tuner: eval");
    if (strcmp(argv[1], "eval") != 0)
        return cli_usage_error("unknown tuner '%s' (eval)", argv[1]);
    struct tune_eval_options o = {.validation = 0.1,
                                  .seed = 1,
                                  .threads = default_threads(),
                                  .positions = TUNE_BENCH_POSITIONS,
                                  .fit = {.l2 = TUNE_DEFAULT_L2, .iterations = TUNE_DEFAULT_ITERATIONS}};
    int status = parse_options(argc, argv, &o);
    if (status)
        return status;
    if (o.synthetic) { /* labelled positions of random games, results drawn from known weights */
        struct eval_weights truth = tune_bench_truth();
        struct tune_synthetic s = {.games = o.synthetic, .seed = o.seed, .every = 5, .truth = &truth};
        tune_synthetic_write(&s, stdout);
        return fflush(stdout) == 0 ? 0 : 1;
    }
    if (o.bench) {
        struct tune_bench_options b = {.positions = o.positions, .threads = o.threads, .seed = o.seed};
        return tune_bench_run(&b, stdout);
    }
    return tune_eval(&o);
}
