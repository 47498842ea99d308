/*
 * whole_file.h: a file written whole or not at all. Its text goes to a
 * temporary file beside it, renamed into its place once all is written, so
 * a reader never sees half a file and a failure or an interrupt leaves the
 * file from before as it was. Whatever fails removes the temporary file;
 * errno says why, for the caller's own message.
 */
#ifndef R3_WHOLE_FILE_H
#define R3_WHOLE_FILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* What a temporary name adds to the path, at most: ".tmp-PID-COUNT". */
#define WHOLE_FILE_SUFFIX_MAX 48

/* A new file beside path, open for writing, its name (path, ".tmp-", the
 * process and a count) in temporary[size], size at least strlen(path) +
 * WHOLE_FILE_SUFFIX_MAX; NULL if none could be made. */
FILE *whole_file_open(const char *path, char *temporary, size_t size);

/* Closes out; true if 'written' and the stream saw no error, otherwise the
 * temporary file is removed. */
bool whole_file_close(FILE *out, bool written, const char *temporary);

/* Renames temporary into path's place; if it cannot, removes it. */
bool whole_file_rename(const char *temporary, const char *path);

#endif
