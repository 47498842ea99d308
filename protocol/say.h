/*
 * say.h: one protocol line out, whole and flushed. The search thread and the
 * command loop both write, so a line is written under the stream's lock and
 * two lines never interleave.
 */
#ifndef R3_SAY_H
#define R3_SAY_H

#include <stdio.h>

void say(FILE *out, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif
