/*
 * tune_cli.c: see tune_cli.h.
 */
/* gnulib (for getopt) puts its own system headers first on the include path;
 * they need its config.h before anything else. */
#include <config.h>

#include "protocol/cli/tune_cli.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "engine/core/clock.h"
#include "engine/core/fail.h"
#include "engine/io/number.h"
#include "engine/io/whole_file.h"
#include "eval/weights.h"
#include "protocol/cli/cli.h"
#include "search/policy_weights.h"
#include "tuning/fit/fit_bench.h"
#include "tuning/fit/fit_files.h"

volatile sig_atomic_t tune_cli_stop;

/* ---- options ---- */

/* A usage error in the tuner's words: "tune TUNER: ..." or "tune TUNER needs ...". */
static int usage(const struct tune_cli *o, const char *format, const char *what)
{
    char message[256], line[320];
    snprintf(message, sizeof message, format, what);
    snprintf(line, sizeof line, "tune %s%s%s", o->tuner, message[0] == ' ' ? "" : ": ", message);
    return cli_usage_error("%s", line);
}

/* A real number in [min, max] (max_open: below max); false after a usage error. */
static bool option_real(const char *name, const char *text, double min, double max, bool max_open, double *out)
{
    double value;
    if (!number_decimal(text, min, max, &value) || (max_open && value == max)) {
        fprintf(stderr, "r3: %s needs a number from %g to %g%s, not '%s'\nTry 'r3 --help' for more information.\n",
                name, min, max, max_open ? " (less)" : "", text);
        return false;
    }
    *out = value;
    return true;
}

static bool is_eval(const struct tune_cli *o) { return strcmp(o->tuner, "eval") == 0; }

/* --fix NAME[,NAME...]: weights of the tuner's list the fit leaves at their
 * start values; false after a usage error. */
static bool read_fixed(struct tune_cli *o, const char *names)
{
    const struct weight_list *list = is_eval(o) ? &EVAL_WEIGHTS : &POLICY_WEIGHTS;
    for (const char *word = names;; word++) {
        size_t length = strcspn(word, ",");
        int j = 0;
        while (j < list->count && (strlen(list->info[j].name) != length || strncmp(list->info[j].name, word, length)))
            j++;
        if (j == list->count) {
            char message[160];
            snprintf(message, sizeof message, "--fix names an unknown weight '%.*s' (the weights are those of %s)",
                     (int)(length < 60 ? length : 60), word,
                     is_eval(o) ? "eval/weights.txt" : "search/policy-hand.txt");
            return usage(o, "%s", message), false;
        }
        o->fit.fixed[j] = true;
        word += length;
        if (!*word)
            return true;
    }
}

/* Where an option whose value is a path, or a whole number of int range,
 * is kept: one of path and count is set. The parser has checked a number
 * against the option's bounds. */
struct field {
    const char *name;
    const char **path;
    int *count;
};

static struct field field_of(struct tune_cli *o, const char *name)
{
    const struct field field[] = {{"out", &o->out, NULL},
                                  {"weights", &o->start, NULL},
                                  {"plot", &o->plot, NULL},
                                  {"check", &o->check, NULL},
                                  {"label-value", &o->label_value, NULL},
                                  {"iterations", NULL, &o->fit.iterations},
                                  {"threads", NULL, &o->threads},
                                  {"batch", NULL, &o->batch},
                                  {"epochs", NULL, &o->epochs},
                                  {"patience", NULL, &o->patience},
                                  {"label-playouts", NULL, &o->label_playouts},
                                  {"label-turns", NULL, &o->label_turns},
                                  {"advance", NULL, &o->label_advance}};
    for (size_t i = 0; i < sizeof field / sizeof field[0]; i++)
        if (strcmp(name, field[i].name) == 0)
            return field[i];
    return (struct field){name, NULL, NULL};
}

static bool take_data(struct tune_cli *o, const char *path)
{
    if (o->data_count == TUNE_MAX_DATA)
        return usage(o, "more than %s --data files", "256"), false;
    o->data[o->data_count++] = path;
    return true;
}

/* The options whose value is a real number, or a flag; false if name is
 * none of them. */
static bool take_other(struct tune_cli *o, const char *name, const struct cli_argument *a, bool *ok)
{
    *ok = true;
    if (strcmp(name, "l2") == 0)
        *ok = option_real("--l2", a->text, 0, 1e6, false, &o->fit.l2);
    else if (strcmp(name, "lambda") == 0)
        *ok = option_real("--lambda", a->text, 0, 1, false, &o->fit.lambda);
    else if (strcmp(name, "rate") == 0)
        *ok = option_real("--rate", a->text, 1e-9, 1, false, &o->rate);
    else if (strcmp(name, "validation") == 0) {
        *ok = option_real("--validation", a->text, 0, 1, true, &o->validation);
        if (*ok && o->validation == 0) {
            usage(o, "%s", "--validation needs a fraction above 0");
            *ok = false;
        }
    } else if (strcmp(name, "fix") == 0)
        *ok = read_fixed(o, a->text);
    else if (strcmp(name, "seed") == 0)
        o->seed = (uint64_t)a->number;
    else if (strcmp(name, "synthetic") == 0)
        o->synthetic = (long)a->number;
    else if (strcmp(name, "positions") == 0)
        o->positions = (long)a->number;
    else if (strcmp(name, "chosen") == 0)
        o->chosen = true;
    else
        return false;
    return true;
}

static bool take_tune(void *context, const struct cli_argument *a)
{
    struct tune_cli *o = context;
    if (!a->option) {
        if (!a->words_of)
            return usage(o, "unexpected argument '%s'", a->text), false;
        return take_data(o, a->text);
    }
    const char *name = a->option->name;
    struct field f = field_of(o, name);
    bool ok;
    if (strcmp(name, "data") == 0)
        return take_data(o, a->text);
    if (f.path)
        *f.path = a->text;
    else if (f.count)
        *f.count = (int)a->number;
    else if (take_other(o, name, a, &ok))
        return ok;
    else
        o->bench = true;
    return true;
}

static int default_threads(void)
{
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    return cores < 1 ? 1 : cores > 64 ? 64 : (int)cores;
}

int tune_cli_parse(const struct cli_command *c, int argc, char **argv, struct tune_cli *o)
{
    *o = (struct tune_cli){
        .tuner = argv[0],
        .validation = 0.1,
        .seed = 1,
        .threads = default_threads(),
        .positions = FIT_BENCH_POSITIONS,
        .rate = 1e-3,
        .batch = 256,
        .epochs = 30,
        .patience = 3,
        .label_turns = 2,
        .fit = {
            .l2 = FIT_DEFAULT_L2, .iterations = FIT_DEFAULT_ITERATIONS, .stop = &tune_cli_stop, .progress = stdout}};
    int status = cli_parse(c, argc, argv, take_tune, o);
    if (status || o->bench || o->synthetic)
        return status;
    if (!o->data_count)
        return usage(o, " needs %s", "--data FILE...");
    if (!o->out && !o->check)
        return usage(o, " needs --out %s (the file to write what it fits to)",
                     is_eval(o)                       ? "WEIGHTS"
                     : strcmp(o->tuner, "value") == 0 ? "NET"
                                                      : "POLICY");
    if (o->check && o->out)
        return usage(o, "%s", "--check measures a network and writes none: leave out --out");
    if (o->label_value && !o->label_playouts)
        return usage(o, "%s", "--label-value reads where playouts stop: give --label-playouts N too");
    if (o->label_advance && !o->label_playouts)
        return usage(o, "%s", "--advance moves each position away from its game's result: give --label-playouts N too");
    return 0;
}

/* ---- signals and errors ---- */

static void request_stop(int signal)
{
    (void)signal;
    tune_cli_stop = 1;
}

void tune_cli_signals(bool catch)
{
    struct sigaction action = {.sa_handler = catch ? request_stop : SIG_DFL};
    sigemptyset(&action.sa_mask);
    if (catch)
        tune_cli_stop = 0;
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

int tune_cli_error(const char *why)
{
    fprintf(stderr, "r3: %s\n", why);
    return 1;
}

int tune_cli_interrupted(void)
{
    fputs("r3: interrupted; nothing written\n", stderr);
    return TUNE_INTERRUPTED;
}

int tune_cli_fitted(bool ok, const struct fit_run *run, const char *why)
{
    if (!ok)
        return tune_cli_error(why);
    return run->interrupted || tune_cli_stop ? tune_cli_interrupted() : 0;
}

/* ---- reading and the split ---- */

int tune_cli_read(const struct tune_cli *o, const struct fit_reader *reader)
{
    char why[1024];
    struct fit_reader each = *reader;
    for (int i = 0; i < o->data_count; i++)
        if (each.file = i, !fit_read_file(&each, o->data[i], o->threads, why, sizeof why))
            return tune_cli_stop ? tune_cli_interrupted() : tune_cli_error(why);
    return tune_cli_stop ? tune_cli_interrupted() : 0;
}

int tune_cli_split(const struct tune_cli *o, long train, long train_games, long validation, long validation_games)
{
    printf(
        "train: %ld positions of %ld game%s; validation: %ld positions of %ld game%s (--validation %g, --seed %llu)\n",
        train, train_games, train_games == 1 ? "" : "s", validation, validation_games, validation_games == 1 ? "" : "s",
        o->validation, (unsigned long long)o->seed);
    char why[256];
    if (validation_games < 2) {
        snprintf(why, sizeof why,
                 "the validation set has %ld game%s, it needs at least 2: more games, or a larger --validation",
                 validation_games, validation_games == 1 ? "" : "s");
        return tune_cli_error(why);
    }
    if (train_games == 0)
        return tune_cli_error("the training set has no game: more games, or a smaller --validation");
    return 0;
}

/* ---- the outputs ---- */

/* The outputs under temporary names, then renamed all at once. */
struct files {
    char *final[TUNE_MAX_PLOTS + 1], *temporary[TUNE_MAX_PLOTS + 1];
    int count;
};

static void files_drop(struct files *w)
{
    for (int i = 0; i < w->count; i++) {
        if (w->temporary[i])
            unlink(w->temporary[i]);
        free(w->temporary[i]);
        free(w->final[i]);
    }
    w->count = 0;
}

static bool rename_all(struct files *w, char *why, size_t size)
{
    for (int i = 0; i < w->count; i++) {
        bool moved = whole_file_rename(w->temporary[i], w->final[i]);
        free(w->temporary[i]);
        w->temporary[i] = NULL;
        if (!moved)
            return fail(why, size, "%s: cannot rename the new file into place", w->final[i]);
    }
    return true;
}

/* The plots and the weights to temporary files, then renamed. */
static bool write_files(const struct tune_cli *o, const struct tune_cli_outputs *out, struct files *w, char *why,
                        size_t size)
{
    if (o->plot && !out->plots(out->context, o->plot, w->final, w->temporary, &w->count, why, size))
        return false;
    if (!o->out)
        return rename_all(w, why, size);
    bool written = out->write_out
                       ? out->write_out(out->context, o->out, &w->temporary[w->count], why, size)
                       : fit_write_weights(out->list, o->out, o->start, out->w, &w->temporary[w->count], why, size);
    if (!written)
        return false;
    w->final[w->count++] = strdup(o->out);
    return rename_all(w, why, size);
}

int tune_cli_write(const struct tune_cli *o, const struct tune_cli_outputs *out)
{
    struct files w = {0};
    char why[1024];
    struct stat dir;
    bool new_dir = o->plot && stat(o->plot, &dir) != 0;
    block_signals(SIG_BLOCK);
    if (tune_cli_stop) { /* a Ctrl-C just before the signals were held back */
        block_signals(SIG_UNBLOCK);
        return tune_cli_interrupted();
    }
    bool ok = write_files(o, out, &w, why, sizeof why);
    if (ok && (o->out || o->plot)) {
        printf("wrote %s", o->out ? o->out : "");
        if (o->plot)
            printf("%splots in %s: %s", o->out ? "; " : "", o->plot, out->plot_names);
        putchar('\n');
    }
    files_drop(&w);
    if (!ok && new_dir)
        rmdir(o->plot); /* made for the plots, and now empty again */
    block_signals(SIG_UNBLOCK);
    return ok ? 0 : tune_cli_error(why);
}
