/*
 * marginals_text.h: a side's marginals (engine/hidden/marginals.h) written
 * out: as the engine protocol's belief lines (docs/protocol.md), in words
 * for people and as one line of JSON (r3 host's belief and belief json,
 * docs/host.md). Each names a face-down piece as the views do (L?3), its
 * area and the blocks it may be by their ids (L:Pembroke), most likely
 * first, and leaves out what no world drawn gave.
 */
#ifndef R3_MARGINALS_TEXT_H
#define R3_MARGINALS_TEXT_H

#include <stddef.h>

#include "engine/hidden/marginals.h"

#define MARGINALS_TEXT_MAX 65536 /* any of the three forms of any marginals: 31 pieces of 31 blocks each fit */

/* One line a face-down enemy piece, "piece L?3 area Kent block L:Pembroke
 * 0.402 block L:Exeter 0.250 strength 1 0.100 2 0.300 3 0.350 4 0.250",
 * then "hand card 7 0.520 card 3 0.480 ...", then, if the enemy has played a
 * card face down, "played card 3 0.200 ...", each ending in a newline.
 * Blocks and cards by chance, highest first; strengths 1 to 4 in order.
 * False if the text did not fit. */
bool marginals_lines(const struct marginals *m, char *text, size_t size);

/* The same in words for people, percentages rounded. */
bool marginals_print(const struct marginals *m, char *text, size_t size);

/* The same as one line of JSON: side, draws, pieces (each piece, area,
 * blocks as [{"block","chance"}], strength [chance of 1, 2, 3, 4]), hand as
 * [{"card","chance"}], played the same or null. */
bool marginals_json(const struct marginals *m, char *text, size_t size);

#endif
