/*
 * notation.h: the text form of decisions ("play 14", "retreat L-Percy Kent"),
 * written and read (docs/decisions.md). Reading with a world accepts only a
 * decision that is legal there; reading without one checks the form alone.
 */
#ifndef R3_NOTATION_H
#define R3_NOTATION_H

#include <stdbool.h>
#include <stddef.h>

#include "engine/core/decision.h"
#include "engine/core/world.h"

/* The decision with each block in it replaced by name(block, context): how
 * a side that cannot see every face writes the other's decision. */
decision decision_masked(decision d, int (*name)(int block, const void *context), const void *context);

/* A block's id, or a piece reference's "Y?n"/"L?n", into word[size]. */
void block_word(int block_or_piece, char *word, size_t size);

/* The text form of a decision ("play 14", "mulligan"), and back. Parsing
 * accepts only a decision that is legal in w; on failure it says why. */
void decision_text(decision d, char *text, size_t size);
bool decision_parse(const struct world *w, const char *text, decision *out, char *error, size_t error_size);

/* Reads a decision's text without a world to check it in: the form of it
 * only, piece references ("L?3") allowed where blocks stand. */
bool decision_read(const char *text, decision *out, char *error, size_t error_size);

/* A block id or a piece reference ("Y?1".."L?32"), as block_word writes them. */
bool block_read(const char *word, int *out);

#endif
