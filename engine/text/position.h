/*
 * position.h: the position text format, a stable one-line encoding of the whole
 * world state, like chess's FEN (docs/position-format.md). Printing then
 * parsing gives back the same struct, byte for byte; parsing then printing a
 * canonical text gives back the same text.
 */
#ifndef R3_POSITION_H
#define R3_POSITION_H

#include <stdbool.h>
#include <stddef.h>

#include "engine/core/world.h"

#define POSITION_TEXT_MAX 32768 /* enough for any position, knowledge included */

/* Writes w as one line (no newline) into text[size]. Returns false only if
 * size was too small, in which case text holds a cut line. */
bool position_print(const struct world *w, char *text, size_t size);

/* Parses text into *w. On success returns true. On failure returns false,
 * writes "column N: expected ..., found '...'" (or why the position cannot be)
 * into error[error_size], and leaves *w untouched. */
bool position_parse(const char *text, struct world *w, char *error, size_t error_size);

#endif
