/*
 * play_command.c: see play_command.h.
 */
/* gnulib's getopt wants its configuration first. */
#include <config.h>

#include "protocol/cli/play_command.h"

#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "protocol/cli/cli.h"
#include "protocol/host/play.h"

static int parse_play(int argc, char **argv, int *year, int *side, long long *seed, char *extra, size_t size)
{
    static const struct option LONG[] = {{"scenario", required_argument, NULL, 's'},
                                         {"side", required_argument, NULL, 'S'},
                                         {"seed", required_argument, NULL, 'r'},
                                         {NULL, 0, NULL, 0}};
    long long number;
    int c;
    optind = 0;
    while ((c = getopt_long(argc, argv, ":", LONG, NULL)) != -1) {
        if (c == 's') {
            if (!cli_option_number("--scenario", optarg, 1460, 1483, &number))
                return 2;
            *year = (int)number;
        } else if (c == 'S') {
            if ((*side = cli_side(optarg)) < 0)
                return 2;
        } else if (c == 'r') {
            if (!cli_option_number("--seed", optarg, 0, 9223372036854775807LL, seed))
                return 2;
        } else {
            return cli_option_error(argv, c);
        }
    }
    for (int i = optind; i < argc; i++) { /* option NAME=VALUE, for the engine */
        if (strcmp(argv[i], "option") != 0 || i + 1 >= argc)
            return cli_usage_error("play: expected 'option NAME=VALUE', not '%s'", argv[i]);
        size_t used = strlen(extra);
        snprintf(extra + used, size - used, " option %s", argv[++i]);
    }
    if (*year != 1460 && *year != 1470 && *year != 1483)
        return cli_usage_error("play: --scenario must be 1460, 1470 or 1483%s", "");
    return 0;
}

int command_play(int argc, char **argv)
{
    static char extra[2048];
    int year = 0, side = 0, status;
    long long seed = 1;
    if ((status = parse_play(argc, argv, &year, &side, &seed, extra, sizeof extra)))
        return status;
    return play_session(year, side, seed, extra);
}
