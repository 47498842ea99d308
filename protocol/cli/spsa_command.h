/*
 * spsa_command.h: r3 tune spsa, the command line of the SPSA tuner
 * (tuning/spsa/spsa.h, docs/tuning.md).
 */
#ifndef R3_SPSA_COMMAND_H
#define R3_SPSA_COMMAND_H

#include "protocol/cli/command_line.h"

extern const struct cli_command CLI_TUNE_SPSA;

/* r3 tune spsa [OPTIONS] (argv[0] "spsa"): 0, 1 when the run fails, 2 on
 * bad usage. */
int tune_spsa_command(int argc, char **argv);

#endif
