/*
 * apply_command.c: see apply_command.h. Each decision is one argument in the
 * text form r3 legal prints, checked by decision_parse in the world it meets.
 * The result is printed only after every decision was applied, so a refused
 * one leaves stdout empty: a script chaining calls never reads a position
 * that stopped halfway.
 */
#include "protocol/cli/apply_command.h"

#include <errno.h>
#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "engine/rules/notation.h"
#include "engine/rules/rules.h"
#include "protocol/cli/cli.h"

/* The options (the flag is --board), wherever they stand among the decisions;
 * returns 0 or the exit status of a usage error. On return argv[optind..] are
 * the decisions: getopt_long permutes, no decision's text begins with '-', so
 * every decision is left as a non-option argument, and after "--" every
 * argument is one. */
static int parse_apply_options(int argc, char **argv, struct world_options *o)
{
    int status = cli_world_options(argc, argv, "board", o);
    if (!status && !o->scenario == !o->position)
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

int command_apply(int argc, char **argv)
{
    struct world_options o = {0};
    struct world w;
    int status = parse_apply_options(argc, argv, &o);
    if (status || (status = cli_load_world(o.scenario, o.position, &w)))
        return status;
    for (int i = optind; i < argc; i++)
        if (!apply_one(&w, i - optind + 1, argv[i]))
            return 1;
    cli_print_world(&w, !o.flag);
    if (fflush(stdout) == EOF) {
        fprintf(stderr, "r3: apply: cannot write the position: %s\n", strerror(errno));
        return 1;
    }
    return 0;
}
