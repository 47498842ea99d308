/*
 * help.h: everything r3 says about its commands, printed from their rows
 * (protocol/cli/command_line.h): r3 --help, r3 COMMAND --help, the manual
 * page r3(6) and the bash completion script. None is written by hand, so
 * none can drift from what the parser accepts.
 */
#ifndef R3_HELP_H
#define R3_HELP_H

#include <stddef.h>
#include <stdio.h>

#include "protocol/cli/command_line.h"

struct help_table {
    const struct cli_command *const *command;
    size_t count;
};

/* r3 --help: what r3 is, every command, every command's options. */
void help_print(const struct help_table *t, FILE *out);

/* r3 COMMAND --help: the command's line and its options; 0, or 2 after a
 * usage error if no command has that name. */
int help_print_command(const struct help_table *t, const char *name, FILE *out);

/* The manual page r3(6), as roff. */
void help_print_man(const struct help_table *t, FILE *out);

/* A bash completion script for r3: the commands, their options, and the
 * values of the options that have a few (scenarios, sides) or are files. */
void help_print_completion(const struct help_table *t, FILE *out);

#endif
