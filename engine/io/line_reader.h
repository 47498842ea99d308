/*
 * line_reader.h: one line of a stream, read with a bound: the protocol's
 * input and game records. A line over the bound is not kept: the rest of it
 * is read and dropped as it comes, so a client that sends gigabytes without
 * a newline costs the reader no more memory than the bound.
 */
#ifndef R3_LINE_READER_H
#define R3_LINE_READER_H

#include <stdbool.h>
#include <stdio.h>
#include <sys/types.h>

/* Reads the next line of 'in' into *line (grown as getline grows it, the
 * newline kept if there was one): its length, or -1 at the end of input.
 * *length_read is its length without its line end; a line longer than
 * 'limit' bytes comes back empty, with *too_long set. */
ssize_t line_read(FILE *in, char **line, size_t *capacity, size_t limit, bool *too_long, size_t *length_read);

#endif
