/*
 * say.h: one protocol line out, whole and flushed. The search thread and the
 * command loop both write, so a line is written under the stream's lock and
 * two lines never interleave.
 */
#ifndef R3_SAY_H
#define R3_SAY_H

#include <stdbool.h>
#include <stdio.h>

void say(FILE *out, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* The one error line of a refused command, "error CODE message"; returns
 * false, so that a command can end with it. */
bool say_error(FILE *out, const char *code, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

#endif
