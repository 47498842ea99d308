/*
 * go.h: the protocol's side of a search (docs/protocol.md): the words after
 * "go" read into the driver's limits, and the driver's reports written out as
 * "info ..." and "bestmove ..." lines. The search itself, threads and all, is
 * search/driver.h's.
 */
#ifndef R3_GO_H
#define R3_GO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "search/driver.h"

/* Reads the words after "go"; false with the offending word and what was expected. */
bool go_limits(const char *args, struct limits *out, char *why, size_t size);

/* Callbacks that write a search's reports to 'out' as protocol lines. */
struct driver_callbacks go_lines(FILE *out);

#endif
