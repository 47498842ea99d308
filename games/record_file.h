/*
 * record_file.h: what a game record may be, and how one is read. A record
 * is read only from a regular file (text_file.h: never a FIFO or a device,
 * which could block or never end) no bigger than the longest game r3 can
 * write, a line at a time with a record's bound, so a hostile record costs a
 * reader no more than a true one. The record's reader (games/record.h)
 * reads its lines this way for r3 replay (and --print), the PGN writer and
 * r3 host's load (games/save.h), which opens its save itself, sealed or not.
 */
#ifndef R3_RECORD_FILE_H
#define R3_RECORD_FILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <sys/types.h>

#include "engine/rules/game.h"

/* The first line of a save of a game in play, its hidden part sealed for
 * r3 host's load (games/seal.h): no record to replay without it. */
#define RECORD_SEALED_FIRST_LINE "# r3 sealed game record"

/* Bytes in one line of a record, its line end not counted: the longest line
 * r3 writes, r3 host's "# host cmd" with its command, is under 300. */
#define RECORD_LINE_MAX 512

/* A decision's line, its newline counted: every writer writes a decision's
 * text through a 64-byte buffer, and the longest ("treachery" and two block
 * ids of 22 letters) is 55 characters. */
#define RECORD_DECISION_LINE_MAX 64

/* The header, comments and result: room for 64 lines of RECORD_LINE_MAX,
 * where r3 writes at most 27 (r3 host: title, scenario, seed, two sides, two
 * commands, 16 options, two generators, who gave up, the result). */
#define RECORD_HEADER_MAX (64 * RECORD_LINE_MAX)

/* The most bytes a record may have: a game stops at GAME_DECISION_BOUND
 * decisions, each a line, after its header. 6,432,768 bytes. */
#define RECORD_FILE_MAX ((long long)GAME_DECISION_BOUND * RECORD_DECISION_LINE_MAX + RECORD_HEADER_MAX)

/* Where RECORD_FILE_MAX comes from, in words, for messages. */
void record_file_bound(char *text, size_t size);

/* Opens the record at 'path' to read: a regular file of at most
 * RECORD_FILE_MAX bytes. *out reads it from the start, and rewind() works;
 * close it with fclose(). Else false, and why (without the path) in why[size]. */
bool record_file_open(const char *path, FILE **out, char *why, size_t size);

/* The next line of a record (line_read of engine/io/line_reader.h with
 * RECORD_LINE_MAX): the bytes taken from 'in', its line end and any NUL
 * bytes kept in *line, or -1 at the end. A longer line is dropped as it is
 * read and comes back empty, with *too_long set. */
ssize_t record_line_read(FILE *in, char **line, size_t *capacity, bool *too_long);

#endif
