/*
 * marginals.h: what a side may infer of the enemy's hidden facts, as
 * probabilities: for each face-down enemy piece, the chance of each block it
 * may be and of each strength; for the enemy's hand, the chance that it holds
 * each card; and for a card the enemy has played face down, the chance of
 * each. The pieces' are counted over worlds drawn from the side's view alone
 * (engine/hidden/sample.h), leaning to the odds the side's inference gave,
 * so two worlds the side cannot tell apart give the same marginals; the
 * cards', which nothing tells apart, are exact shares.
 */
#ifndef R3_MARGINALS_H
#define R3_MARGINALS_H

#include "engine/hidden/sample.h"

#define MARGINAL_DRAWS 512 /* worlds counted by default: a share's standard error is at most 2.2 points */

struct piece_marginal {
    uint8_t label, area;      /* the piece as the side sees it: label (1..MAX_LABELS), where it stands */
    float block[BLOCK_COUNT]; /* the chance that it is each block (0 for every block it cannot be) */
    float steps[5];           /* the chance of each strength, 1 to 4 (steps[0] unused) */
};

struct marginals {
    int side;   /* whose inference */
    int pieces; /* face-down enemy pieces, by label */
    struct piece_marginal piece[MAX_LABELS];
    float hand[CARD_COUNT + 1];   /* the chance that the enemy holds card n (cards 1..25) */
    bool card_down;               /* the enemy has played a card face down */
    float played[CARD_COUNT + 1]; /* if so, the chance that it is card n */
    int draws;                    /* worlds counted */
};

/* The marginals of view v under odds o (NULL: none) over 'draws' worlds
 * (at least 1), drawn with a generator seeded from the view's key alone.
 * False if no world fits the view. */
bool marginals_of(const struct view *v, const struct odds *o, int draws, struct marginals *out);

#endif
