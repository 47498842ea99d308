/*
 * spsa_command.c: see spsa_command.h. The engine and the games' settings are
 * read as r3 match reads them (protocol/cli/match_command.h); what is SPSA's own
 * is read here, and every word is checked before the engine is started.
 */
#include "protocol/cli/spsa_command.h"

#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "engine/io/number.h"
#include "eval/weights.h"
#include "protocol/cli/cli.h"
#include "protocol/cli/match_command.h"
#include "search/policy_weights.h"
#include "tuning/spsa/spsa.h"

/* A usage error of a formatted text, for messages with more than one value in them; returns 2. */
static int usage(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static int usage(const char *fmt, ...)
{
    char text[800];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    return cli_usage_error("%s", text);
}

/* The weight 'name' in the list, or -1. */
static int weight_named(const struct weight_list *list, const char *name)
{
    for (int i = 0; i < list->count; i++)
        if (strcmp(list->info[i].name, name) == 0)
            return i;
    return -1;
}

/* The part before '=' of NAME=...: an option, eval.WEIGHT or policy.WEIGHT. */
static bool read_target(const char *word, size_t length, struct spsa_param *p)
{
    bool printable = length > 0 && length < sizeof p->name;
    for (size_t i = 0; i < length && printable; i++)
        printable = isgraph((unsigned char)word[i]); /* params.tsv's columns are tab-separated */
    if (!printable)
        return cli_usage_error("tune spsa: --param '%s' needs a NAME of 1 to 63 characters, no spaces", word), false;
    snprintf(p->name, sizeof p->name, "%.*s", (int)length, word);
    p->target = strncmp(p->name, "eval.", 5) == 0     ? SPSA_EVAL
                : strncmp(p->name, "policy.", 7) == 0 ? SPSA_POLICY
                                                      : SPSA_OPTION;
    if (p->target == SPSA_OPTION)
        return true;
    const struct weight_list *list = p->target == SPSA_EVAL ? &EVAL_WEIGHTS : &POLICY_WEIGHTS;
    p->weight = weight_named(list, strchr(p->name, '.') + 1);
    if (p->weight < 0)
        return cli_usage_error("tune spsa: --param %s: no such weight (docs/eval.md, docs/tuning.md)", p->name), false;
    return true;
}

/* Field i of NAME=START,MIN,MAX,C_END,R_END, read whole: a finite number
 * ("inf", "nan" and 1e999 read as numbers, which SPSA cannot step from). */
static bool read_number(const char *word, int i, const char **field, double *v)
{
    static const char *const NAMES[5] = {"START", "MIN", "MAX", "C_END", "R_END"};
    char text[320];
    int length = (int)strcspn(*field, ",");
    bool ends_right = (*field)[length] == (i < 4 ? ',' : '\0');
    snprintf(text, sizeof text, "%.*s", length, *field);
    if (!ends_right || (size_t)length >= sizeof text || !number_any_decimal(text, v))
        return cli_usage_error("tune spsa: --param '%s': START, MIN, MAX, C_END and R_END must be five numbers "
                               "separated by commas",
                               word),
               false;
    if (!isfinite(*v))
        return usage("tune spsa: --param '%s': %s is '%s', not a finite number", word, NAMES[i], text), false;
    *field += length + 1;
    return true;
}

/* NAME=START,MIN,MAX,C_END,R_END, the numbers checked by spsa_param_check. */
static bool read_param(const char *word, struct spsa_param *p)
{
    const char *equals = strchr(word, '=');
    double v[5];
    char why[300];
    if (!equals)
        return cli_usage_error("tune spsa: --param takes NAME=START,MIN,MAX,C_END,R_END, not '%s'", word), false;
    if (!read_target(word, (size_t)(equals - word), p))
        return false;
    const char *field = equals + 1;
    for (int i = 0; i < 5; i++)
        if (!read_number(word, i, &field, &v[i]))
            return false;
    p->start = v[0], p->min = v[1], p->max = v[2], p->c_end = v[3], p->r_end = v[4];
    if (!spsa_param_check(p, why, sizeof why))
        return usage("tune spsa: --param '%s': %s", word, why), false;
    return true;
}

enum { SPSA_ENGINE, SPSA_PARAM, SPSA_ITERATIONS, SPSA_PAIRS, SPSA_OUT, SPSA_RESUME };
static const struct cli_option SPSA_OPTIONS[] = {
    [SPSA_ENGINE] = {"engine", CLI_TEXT, "cmd=PATH [name=NAME] [option.NAME=VALUE ...]", 0, 0,
                     "the engine tuned, with its fixed options", true},
    [SPSA_PARAM] = {"param", CLI_TEXT, "NAME=START,MIN,MAX,C_END,R_END", 0, 0,
                    "a spin option, eval.WEIGHT or policy.WEIGHT (one each)", false},
    [SPSA_ITERATIONS] = {"iterations", CLI_COUNT, "N", 1, 1000000, "iterations; each perturbs every parameter at once",
                         false},
    [SPSA_PAIRS] = {"pairs-per-iteration", CLI_COUNT, "P", 1, 1000000,
                    "game pairs each iteration plays, sides swapped (default 1)", false},
    [SPSA_OUT] = {"out", CLI_DIR, "DIR", 0, 0, "params.tsv, results.tsv, the games, plots, tuned.txt", false},
    [SPSA_RESUME] = {"resume", CLI_FLAG, NULL, 0, 0, "go on with the run in DIR, from its last whole iteration", false},
    MATCH_SETTINGS,
    {0}};

const struct cli_command CLI_TUNE_SPSA = {
    "tune spsa",      "",           "tune engine options and weights by matches (SPSA, as fishtest does)",
    "docs/tuning.md", SPSA_OPTIONS, NULL,
    tune_spsa_command};

struct spsa_reading {
    struct spsa_options o;
    int engines;
    bool engine_open;
};

static bool take_spsa(void *context, const struct cli_argument *a)
{
    struct spsa_reading *r = context;
    struct spsa_options *o = &r->o;
    if (!a->option && a->words_of && r->engine_open)
        return match_engine_word("tune spsa", (char *)a->text, &o->match.engine[0]);
    if (!a->option)
        return cli_usage_error("tune spsa: unexpected argument '%s'", a->text), false;
    if (r->engine_open && !match_engine_done("tune spsa", &o->match.engine[0]))
        return false;
    r->engine_open = false;
    switch (a->option - SPSA_OPTIONS) {
    case SPSA_ENGINE:
        if (r->engines++)
            return cli_usage_error("%s", "tune spsa: one --engine, the engine tuned"), false;
        r->engine_open = true;
        return match_engine_word("tune spsa", (char *)a->text, &o->match.engine[0]);
    case SPSA_PARAM:
        if (o->params == SPSA_MAX_PARAMS)
            return cli_usage_error("tune spsa: more than %s --param", "16"), false;
        return read_param(a->text, &o->param[o->params++]);
    case SPSA_ITERATIONS: o->iterations = (long)a->number; return true;
    case SPSA_PAIRS: o->pairs = (long)a->number; return true;
    case SPSA_OUT: o->out_dir = a->text; return true;
    case SPSA_RESUME: o->resume = true; return true;
    default: return match_take_setting(a, &o->match);
    }
}

/* What results.tsv and params.tsv must hold: the engine's name in every
 * game line (with + or -), the games' numbers and their seeds, S onwards, as
 * whole numbers that results.tsv reads back. */
static int check_run_size(const struct spsa_options *o)
{
    const char *name = o->match.engine[0].name;
    long long pairs = (long long)o->iterations * o->pairs;
    if (strpbrk(name, "\t\n\r") || strlen(name) > 200)
        return cli_usage_error("tune spsa: the engine name '%s' has a tab or line break, or is over 200 characters, "
                               "which results.tsv cannot hold",
                               name);
    if (2 * pairs > SPSA_MAX_GAMES)
        return usage("tune spsa: --iterations %ld of --pairs-per-iteration %ld are %lld games; a run plays at most %ld",
                     o->iterations, o->pairs, 2 * pairs, SPSA_MAX_GAMES);
    if (o->match.seed > (uint64_t)(INT64_MAX - pairs))
        return usage("tune spsa: --seed %llu leaves no room for the run's %lld pairs: their seeds, from --seed on, "
                     "must stay at most %lld",
                     (unsigned long long)o->match.seed, pairs, (long long)INT64_MAX);
    return 0;
}

int tune_spsa_command(int argc, char **argv)
{
    struct spsa_reading r = {.o = {.match = MATCH_DEFAULT, .pairs = 1}};
    struct spsa_options *o = &r.o;
    int status = cli_parse(&CLI_TUNE_SPSA, argc, argv, take_spsa, &r);
    if (status)
        return status;
    if (r.engine_open && !match_engine_done("tune spsa", &o->match.engine[0]))
        return 2;
    if (r.engines != 1)
        return cli_usage_error("%s", "tune spsa needs --engine cmd=PATH [name=NAME] [option.NAME=VALUE ...]");
    if (o->params == 0)
        return cli_usage_error("%s", "tune spsa needs at least one --param NAME=START,MIN,MAX,C_END,R_END");
    if (o->iterations == 0)
        return cli_usage_error("%s", "tune spsa needs --iterations N");
    if (!o->out_dir)
        return cli_usage_error("%s", "tune spsa needs --out DIR");
    for (int i = 0; i < o->params; i++)
        for (int j = 0; j < i; j++)
            if (strcmp(o->param[i].name, o->param[j].name) == 0)
                return cli_usage_error("tune spsa: --param %s is given twice", o->param[i].name);
    status = check_run_size(o);
    return status ? status : spsa_run(o, stderr);
}
