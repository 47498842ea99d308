/*
 * match_command.h: r3 match, the command line of the referee and match runner;
 * r3 match-merge, one report over several runs' results; r3 replay.
 */
#ifndef R3_MATCH_COMMAND_H
#define R3_MATCH_COMMAND_H

int command_match(int argc, char **argv);
int command_replay(int argc, char **argv);
int command_match_merge(int argc, char **argv);

#endif
