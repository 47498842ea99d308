/*
 * apply_command.c: see apply_command.h. Each decision is one argument in the
 * text form r3 legal prints, checked by decision_parse in the world it meets.
 * The result is printed only after every decision was applied, so a refused
 * one leaves stdout empty: a script chaining calls never reads a position
 * that stopped halfway.
 */
#include "protocol/cli/apply_command.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "engine/rules/notation.h"
#include "engine/rules/rules.h"
#include "protocol/cli/cli.h"

enum { APPLY_SCENARIO, APPLY_POSITION, APPLY_BOARD };
static const struct cli_option APPLY_OPTIONS[] = {
    [APPLY_SCENARIO] = {"scenario", CLI_TEXT, "YEAR", 0, 0, "start from scenario 1460, 1470 or 1483", false},
    [APPLY_POSITION] = {"position", CLI_TEXT, "TEXT", 0, 0, "or from this position (docs/position-format.md)", false},
    [APPLY_BOARD] = {"board", CLI_FLAG, NULL, 0, 0, "print the readable board instead of the position text", false},
    {"DECISION...", CLI_WORDS, NULL, 0, 0,
     "each one argument in r3 legal's form, such as 'deal 3' or 'fire Y:March',\n"
     "applied in order; an illegal one exits 1 naming it, printing no position",
     false},
    {0}};

static int command_apply(int argc, char **argv);
const struct cli_command CLI_APPLY = {
    "apply", "DECISION...", "apply decisions to a position and print the position they lead to", NULL, APPLY_OPTIONS,
    NULL,    command_apply};

/* What the command line gave: the world, the flag, and the decisions in order. */
struct apply_options {
    struct world_options world;
    char **decision;
    int decisions;
};

static bool take_apply(void *context, const struct cli_argument *a)
{
    struct apply_options *o = context;
    if (!a->option)
        o->decision[o->decisions++] = (char *)a->text;
    else if (a->option - APPLY_OPTIONS == APPLY_SCENARIO)
        o->world.scenario = a->text;
    else if (a->option - APPLY_OPTIONS == APPLY_POSITION)
        o->world.position = a->text;
    else
        o->world.flag = true;
    return true;
}

/* The options, wherever they stand among the decisions (no decision's text
 * begins with '-'; after "--" every argument is one): 0 or the exit status
 * of a usage error. */
static int parse_apply_options(int argc, char **argv, struct apply_options *o)
{
    int status = cli_parse(&CLI_APPLY, argc, argv, take_apply, o);
    if (!status && !o->world.scenario == !o->world.position)
        return cli_usage_error("%s", "apply needs exactly one of --position TEXT and --scenario YEAR");
    return status;
}

/* No newline or other control character: the error line quotes the text, and
 * must stay one line. */
static bool printable(const char *text)
{
    for (const unsigned char *c = (const unsigned char *)text; *c; c++)
        if (*c < 0x20 || *c == 0x7f)
            return false;
    return true;
}

/* Applies the decision numbered index (from 1) to w, or says on one line of
 * stderr which one and why not, and returns false. */
static bool apply_one(struct world *w, int index, const char *text)
{
    char why[256];
    decision d;
    /* decision_parse would only say no decision is due; a finished game is
     * the likely cause, and worth naming. */
    if (!printable(text))
        snprintf(why, sizeof why, "a decision is one line of printable text, and this one holds a control character");
    else if (rules_actor(w) == ACTOR_NONE && w->phase == PHASE_OVER)
        snprintf(why, sizeof why, "'%s': the game is over, no decision is due", text);
    else if (decision_parse(w, text, &d, why, sizeof why)) {
        rules_apply(w, d);
        return true;
    }
    fprintf(stderr, "r3: apply: decision %d: %s\n", index, why); /* why quotes the decision */
    return false;
}

static int command_apply(int argc, char **argv)
{
    char *decisions[argc > 0 ? argc : 1];
    struct apply_options o = {.decision = decisions};
    struct world w;
    int status = parse_apply_options(argc, argv, &o);
    if (status || (status = cli_load_world(o.world.scenario, o.world.position, &w)))
        return status;
    for (int i = 0; i < o.decisions; i++)
        if (!apply_one(&w, i + 1, decisions[i]))
            return 1;
    cli_print_world(&w, !o.world.flag);
    if (fflush(stdout) == EOF) {
        fprintf(stderr, "r3: apply: cannot write the position: %s\n", strerror(errno));
        return 1;
    }
    return 0;
}
