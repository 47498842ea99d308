/*
 * decision.h: the decision vocabulary every layer speaks. At every point
 * exactly one actor decides: York, Lancaster or chance. A decision is atomic
 * (one card, one area, one block, one choice) and is a small integer: its kind
 * and its argument. The rules (engine/rules/rules.h) list and apply them; their
 * text form is in engine/rules/notation.h and docs/decisions.md.
 */
#ifndef R3_DECISION_H
#define R3_DECISION_H

#include <stdint.h>

#include "engine/core/world.h"

enum actor { ACTOR_YORK = SIDE_YORK, ACTOR_LANCASTER = SIDE_LANCASTER, ACTOR_CHANCE, ACTOR_NONE };

/* A decision: its kind in bits 16..23, its argument (card, area, block) below. */
typedef uint32_t decision;

enum decision_kind {
    DECIDE_DEAL,      /* chance: this card from the deck goes to the next hand to fill */
    DECIDE_MULLIGAN,  /* show a hand of AP13 or less and ask for a redeal (5.1) */
    DECIDE_KEEP,      /* keep the hand: decline to ask, or to redeal in answer */
    DECIDE_REDEAL,    /* in answer to a mulligan, have one's own hand redealt too */
    DECIDE_PLAY,      /* play this card face-down for the turn (1.1) */
    DECIDE_PASS,      /* end one's actions, leaving any AP unspent */
    DECIDE_MOVE_FROM, /* spend an action on a land group from this area (5.2) */
    DECIDE_SEA_FROM,  /* spend an action on a sea move from this area (5.3) */
    DECIDE_BLOCK,     /* this block moves next in the group */
    DECIDE_TO,        /* the moving block enters this area */
    DECIDE_STOP,      /* the moving block stops where it is */
    DECIDE_END,       /* the group (or a sea move's second block) is done */
    DECIDE_RECRUIT,   /* spend an action on recruiting this block from the pool (5.4) */
    DECIDE_AT,        /* the recruit is placed in this area */
    DECIDE_MUSTER,    /* Muster: name this friendly or vacant area (RULINGS A.1) */
    DECIDE_PLAGUE,    /* Plague: every block in this enemy city area loses a step */
    DECIDE_BATTLE,    /* Player 1: fight the battle in this area next (6.1) */
    DECIDE_TREASON,   /* the Treason card's roll at this block before the battle (RULINGS A.1) */
    DECIDE_DECLINE,   /* keep the Treason card's roll for a later battle */
    DECIDE_FIRE,      /* this block fires (6.4) */
    DECIDE_HOLD,      /* this block passes its battle turn (6.2) */
    DECIDE_RETREAT,   /* this block retreats to this area (6.6) */
    DECIDE_CHARGE,    /* this senior heir charges this enemy block (6.5) */
    DECIDE_TREACHERY, /* this King, Pretender or Warwick rolls at this enemy block (6.9) */
    DECIDE_HIT,       /* this block, of the owner's equally strong ones, takes the volley until it falls (6.4, B.12) */
    DECIDE_ROLL,      /* chance: a die shows this face */
    DECIDE_REGROUP,   /* this victorious block regroups to this area (6.7) */
    DECIDE_ENTER,     /* the senior minor enters in this area (6.82) */
    DECIDE_EXECUTE,   /* execute this defected Clarence or Exeter (9.1) */
    DECIDE_SPARE,     /* do not execute him this supply phase */
    DECIDE_LOSE,      /* this block takes a supply loss (7.1, 7.2) */
    DECIDE_HOME,      /* this block goes home to this area (8.3, 8.4) */
    DECIDE_DISBAND,   /* this block over an exile limit goes to the pool (8.5, RULINGS A.8) */
    DECIDE_KIND_COUNT
};

static inline decision decision_make(int kind, int arg) { return (decision)kind << 16 | (decision)arg; }
static inline int decision_kind(decision d) { return (int)(d >> 16); }
static inline int decision_arg(decision d) { return (int)(d & 0xffff); }

/* A decision about two things (a block and an area, a block and an enemy
 * block) holds the first, the block, in the argument's low byte and the
 * second above it. A one-thing decision is the same with second 0, so
 * decision_first reads the block of either. */
static inline decision decision_pair(int kind, int first, int second)
{
    return decision_make(kind, first | second << 8);
}
static inline int decision_first(decision d) { return decision_arg(d) & 0xff; }
static inline int decision_second(decision d) { return decision_arg(d) >> 8; }

/* In a decision as the other side sees it (engine/hidden/observe.h), a face-down
 * piece stands where a block would: 0x80 | its side << 5 | (its label - 1),
 * written "L?3". Block numbers are below 64, so the two never meet. */
static inline int piece_ref(int side, int label) { return 0x80 | side << 5 | (label - 1); }

#define MAX_DECISIONS 256

struct decisions {
    int count;
    decision list[MAX_DECISIONS];
};

static inline void push(struct decisions *out, int kind, int arg)
{
    out->list[out->count++] = decision_make(kind, arg);
}

static inline void push_pair(struct decisions *out, int kind, int first, int second)
{
    out->list[out->count++] = decision_pair(kind, first, second);
}

#endif
