/*
 * hidden_commands.h: the commands about hidden information (docs/knowledge.md):
 * r3 sample, r3 infokey and r3 observe.
 */
#ifndef R3_HIDDEN_COMMANDS_H
#define R3_HIDDEN_COMMANDS_H

int command_sample(int argc, char **argv);
int command_infokey(int argc, char **argv);
int command_observe(int argc, char **argv);

#endif
