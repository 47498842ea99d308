/*
 * board.h: a readable picture of a position for people (r3 show): every area
 * with its blocks, strengths and flags, the pools, minors, hands, crowns and
 * the phase. The machine-readable form is position.h.
 */
#ifndef R3_BOARD_H
#define R3_BOARD_H

#include <stdio.h>

#include "engine/core/world.h"

void board_print(const struct world *w, FILE *out);

#endif
