/*
 * weights.h: the evaluation's weights (docs/eval.md), declared once in
 * EVAL_WEIGHT_LIST with their defaults and the bounds a tuner may move them
 * in. eval/weights.txt writes the same list in a text file (tests/test_eval.c
 * checks that the two agree); eval_weights_load() reads such a file, in the
 * format of engine/text/weights_file.h.
 */
#ifndef R3_WEIGHTS_H
#define R3_WEIGHTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "engine/text/weights_file.h"

/* X(ENUM, name, default, min, max, meaning). Each weight multiplies one
 * feature, the side's measure less the enemy's; a negative weight is for a
 * measure that is bad to have. */
#define EVAL_WEIGHT_LIST(X) \
    X(EVAL_USURPATION, usurpation, 0.4, 0.0, 5.0, \
      "usurpation votes (8.2, RULINGS B.14), over the square root of the game turns to the final usurpation") \
    X(EVAL_KING, king, 0.3, 0.0, 5.0, \
      "being King (8.2: ties go to him; 9.0: he wins at the end), scaled as usurpation") \
    X(EVAL_HEIRS, heirs, 0.3, 0.0, 5.0, "heirs still in the game (9.0: the side that loses its last heir loses)") \
    X(EVAL_LAST_HEIR, last_heir, -1.0, -5.0, 0.0, "down to the last heir (9.0: one death from losing)") \
    X(EVAL_HEIRS_IN_PLAY, heirs_in_play, 0.1, -2.0, 2.0, \
      "heirs on the map, not minors or prisoners (4.5, RULINGS B.7)") \
    X(EVAL_HEIRS_AT_RISK, heirs_at_risk, -0.2, -3.0, 0.0, "heirs in areas at risk (as for threatened)") \
    X(EVAL_KING_AT_RISK, king_at_risk, -0.3, -3.0, 0.0, "the King in an area at risk (6.81)") \
    X(EVAL_STRENGTH_MAP, strength_map, 0.02, 0.0, 0.5, "steps on the map, exiles included (3.11, 6.4)") \
    X(EVAL_STRENGTH_POOL, strength_pool, 0.01, 0.0, 0.5, \
      "steps in the pool that may be recruited this campaign (5.4, 6.83)") \
    X(EVAL_LONDON, london, 0.15, 0.0, 3.0, \
      "holding Middlesex, London (2.4, 8.2, RULINGS B.15), beyond its usurpation vote") \
    X(EVAL_CROWNS, crowns, 0.03, 0.0, 1.0, "crown areas held (2.3, 6.82, 8.4)") \
    X(EVAL_SHIELDS, shields, 0.02, 0.0, 1.0, \
      "areas held that have a shield of the side's nobles or heirs (2.2, 5.4, 8.3)") \
    X(EVAL_CITIES, cities, 0.05, 0.0, 1.0, "city areas held (2.4, 5.4, 7.1)") \
    X(EVAL_THREATENED, threatened, -0.05, -1.0, 0.0, \
      "areas at risk: enemy steps in and next to the area outnumber the side's in it (2.7, 5.2)") \
    X(EVAL_CARDS_AP, cards_ap, 0.03, 0.0, 0.5, "action points in hand (1.2, 5.1)") \
    X(EVAL_CARDS_EVENTS, cards_events, 0.05, 0.0, 0.5, "event cards in hand (1.1: their player is Player 1)") \
    X(EVAL_YORK_1460, york_1460, 0.0, -3.0, 3.0, \
      "York's side in 1460: its setup (appendix) wins more often than the other features tell")

enum eval_weight { EVAL_WEIGHT_LIST(WEIGHT_ENUM_ENTRY) EVAL_WEIGHT_COUNT };

struct eval_weights {
    double w[EVAL_WEIGHT_COUNT]; /* by enum eval_weight */
};

extern const struct weight_info EVAL_WEIGHT_INFO[EVAL_WEIGHT_COUNT];
extern const struct weight_list EVAL_WEIGHTS; /* the list, for the file's reader and writer */
extern const struct eval_weights EVAL_DEFAULT;

/* Reads a weights file: one weight a line, "name value min max", '#' starts a
 * comment. Every weight must be given once, with the engine's min and max and
 * a value between them. On success fills *out and returns true; otherwise
 * leaves *out alone and writes why, naming the file and line, into why[size]. */
bool eval_weights_load(const char *path, struct eval_weights *out, char *why, size_t size);

/* Writes weights in the file format, each with its meaning as a comment.
 * Returns false if the stream reports an error. */
bool eval_weights_write(FILE *out, const struct eval_weights *weights);

#endif
