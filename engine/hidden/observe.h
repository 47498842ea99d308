/*
 * observe.h: what each side sees of one transition (RULINGS C,
 * docs/observations.md). A referee sends exactly these to an engine that plays
 * that side; the engine's knowledge (engine/core/knowledge.h) is what a player who
 * saw them all would know.
 *
 * Each observation is 8 bytes (struct observation) and has one stable line of
 * text. Blocks the side cannot identify appear as piece references "L?3"
 * (decision.h: piece_ref), numbered by the labels of the side's knowledge.
 */
#ifndef R3_OBSERVE_H
#define R3_OBSERVE_H

#include <stddef.h>

#include "engine/core/decision.h"

enum observation_kind {
    OBS_DECISION,       /* a decision, with unseen blocks as piece references: value */
    OBS_DEALT_UNSEEN,   /* the enemy was dealt a card */
    OBS_PLAYED_UNSEEN,  /* the enemy played a card face-down (1.1) */
    OBS_RECRUIT_UNSEEN, /* the enemy chose a block from its pool to recruit (5.4) */
    OBS_LOSS_UNSEEN,    /* the enemy took a supply loss in area a, on a block not seen (7.1) */
    OBS_CARDS,          /* both cards revealed: York's a, Lancaster's b (1.1) */
    OBS_SHOWS_HAND,     /* side a shows its hand, value, asking for a redeal (5.1) */
    OBS_MOVE,           /* piece goes from place a to place b (a place: an area or an off-map place) */
    OBS_APPEAR,         /* a recruit, piece, appears face-down in area a */
    OBS_REVEAL,         /* piece is block a, of strength b */
    OBS_STRENGTH,       /* piece's strength is now b */
    OBS_STEP_LOST,      /* piece lost a step in plain sight, its strength unseen (Plague) */
    OBS_KING,           /* block a is King, or nobody (BLOCK_NONE) */
    OBS_PRETENDER,      /* block a is Pretender, or nobody */
    OBS_CAMPAIGN,       /* campaign a begins: every block is at full strength again (8.5) */
    OBS_WINNER,         /* side a has won */
    OBS_PHASE,          /* the game is now in phase a, step b, with a move of kind value under way (these can
                       * turn on hidden facts: a mulligan skipped, a sea move that no block can follow) */
    OBS_KIND_COUNT
};

struct observation {
    uint8_t kind;  /* enum observation_kind */
    uint8_t piece; /* a block, or a piece reference (piece_ref) */
    uint8_t a, b;
    uint32_t value; /* a decision, or a set of cards */
};

#define MAX_OBSERVATIONS 256

struct observations {
    int count;
    struct observation list[MAX_OBSERVATIONS];
};

/* What 'side' sees of the transition from 'before' by decision d to 'after'
 * (after = before with d applied). Needs the knowledge kept in both worlds. */
void observe(const struct world *before, decision d, const struct world *after, int side, struct observations *out);

/* Decision d, made at 'before', as 'side' tells it apart: d itself when the
 * side sees it whole, the masked decision ("block L?3") when it sees it by
 * piece, and the decision's kind alone ("play ?", "recruit ?", a loss with
 * its area) when it sees only that it happened. Two decisions the side cannot
 * tell apart have the same key, so a search tree over the side's information
 * sets branches on keys. */
decision observe_key(const struct world *before, decision d, int side);
/* Decision d of w with every block named as 'side' names it: its own and
 * those it has identified by their ids, the others by their piece references.
 * How a side is shown its own choices, where one may name a face-down piece. */
decision observe_named(const struct world *w, decision d, int side);

/* The keys of every decision of a list made at 'before', in its order. */
void observe_keys(const struct world *before, const struct decisions *legal, int side, decision *keys);

#define OBSERVE_KEY_UNSEEN 0x8000 /* the argument of a key whose argument is hidden */

/* The text of one observation, e.g. "move L?3 Kent Sussex". */
void observation_text(const struct observation *o, char *text, size_t size);

/* Reads an observation's text back; on failure says why. */
bool observation_read(const char *text, struct observation *out, char *error, size_t error_size);

/* Does this observation open a transition (its decision, seen or unseen)? */
bool observation_opens_transition(const struct observation *o);

#endif
