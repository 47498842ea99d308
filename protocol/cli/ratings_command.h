/*
 * ratings_command.h: r3 ratings, one Elo scale over the results of many
 * matches (tuning/arena/rating.h), for a gauntlet of engines.
 */
#ifndef R3_RATINGS_COMMAND_H
#define R3_RATINGS_COMMAND_H

#include "protocol/cli/command_line.h"

extern const struct cli_command CLI_RATINGS;

#endif
