/*
 * text_file.h: a text file opened to be read with a bound. Only a regular
 * file is read: a FIFO with no writer would block the open for ever, and a
 * device such as /dev/zero never ends, so a reader that trusts a path given
 * from outside checks what it names before reading a byte of it.
 */
#ifndef R3_TEXT_FILE_H
#define R3_TEXT_FILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* Opens 'path' to read if it is a regular file of at most max_bytes: *out,
 * reading it from the start with ordinary blocking reads (rewind works).
 * Else false, and why, without the path, in why[size]; an oversized file's
 * message gives the bound and, in brackets, bound_why: where it comes from. */
bool text_file_open(const char *path, long long max_bytes, const char *bound_why, FILE **out, char *why, size_t size);

#endif
