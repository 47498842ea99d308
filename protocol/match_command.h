/*
 * match_command.h: r3 match, the command line of the referee and match runner.
 */
#ifndef R3_MATCH_COMMAND_H
#define R3_MATCH_COMMAND_H

int command_match(int argc, char **argv);
int command_replay(int argc, char **argv);

#endif
