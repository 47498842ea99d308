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
 * (strtod also reads "inf", "nan" and 1e999, which SPSA cannot step from). */
static bool read_number(const char *word, int i, const char **field, double *v)
{
    static const char *const NAMES[5] = {"START", "MIN", "MAX", "C_END", "R_END"};
    char *end;
    *v = strtod(*field, &end);
    if (end == *field || (i < 4 ? *end != ',' : *end != '\0'))
        return cli_usage_error("tune spsa: --param '%s': START, MIN, MAX, C_END and R_END must be five numbers "
                               "separated by commas",
                               word),
               false;
    if (!isfinite(*v)) /* an overflow, 1e999, comes back as HUGE_VAL: an infinity */
        return usage("tune spsa: --param '%s': %s is '%.*s', not a finite number", word, NAMES[i], (int)(end - *field),
                     *field),
               false;
    *field = end + 1;
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

/* Reads the option at argv[i] into o; the index after it, or -1. */
static int read_option(char **argv, int argc, int i, struct spsa_options *o, int *engines)
{
    long long n;
    if (strcmp(argv[i], "--engine") == 0) {
        if ((*engines)++)
            return cli_usage_error("%s", "tune spsa: one --engine, the engine tuned"), -1;
        return match_read_engine("tune spsa", argv, argc, i + 1, &o->match.engine[0]);
    }
    if (strcmp(argv[i], "--resume") == 0)
        return o->resume = true, i + 1;
    if (i + 1 >= argc)
        return cli_usage_error("option '%s' needs an argument", argv[i]), -1;
    const char *value = argv[i + 1];
    if (strcmp(argv[i], "--param") == 0) {
        if (o->params == SPSA_MAX_PARAMS)
            return cli_usage_error("tune spsa: more than %s --param", "16"), -1;
        return read_param(value, &o->param[o->params++]) ? i + 2 : -1;
    }
    if (strcmp(argv[i], "--iterations") == 0 || strcmp(argv[i], "--pairs-per-iteration") == 0) {
        if (!cli_option_number(argv[i], value, 1, 1000000, &n))
            return -1;
        *(argv[i][2] == 'i' ? &o->iterations : &o->pairs) = (long)n;
        return i + 2;
    }
    if (strcmp(argv[i], "--out") == 0)
        return o->out_dir = value, i + 2;
    if (strcmp(argv[i], "--games") == 0 || strcmp(argv[i], "--shard") == 0)
        return cli_usage_error("tune spsa: %s is match's; SPSA plays --pairs-per-iteration pairs each iteration",
                               argv[i]),
               -1;
    return match_read_valued(argv[i], value, &o->match) ? i + 2 : -1;
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
    static struct spsa_options o;
    o = (struct spsa_options){.match = MATCH_DEFAULT, .pairs = 1};
    int engines = 0;
    for (int i = 2; i < argc;) {
        i = read_option(argv, argc, i, &o, &engines);
        if (i < 0)
            return 2;
    }
    if (engines != 1)
        return cli_usage_error("%s", "tune spsa needs --engine cmd=PATH [name=NAME] [option.NAME=VALUE ...]");
    if (o.params == 0)
        return cli_usage_error("%s", "tune spsa needs at least one --param NAME=START,MIN,MAX,C_END,R_END");
    if (o.iterations == 0)
        return cli_usage_error("%s", "tune spsa needs --iterations N");
    if (!o.out_dir)
        return cli_usage_error("%s", "tune spsa needs --out DIR");
    for (int i = 0; i < o.params; i++)
        for (int j = 0; j < i; j++)
            if (strcmp(o.param[i].name, o.param[j].name) == 0)
                return cli_usage_error("tune spsa: --param %s is given twice", o.param[i].name);
    int status = check_run_size(&o);
    return status ? status : spsa_run(&o, stderr);
}
