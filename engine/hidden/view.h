/*
 * view.h: one side's view of a world, the information state that the search
 * and the sampler work from (docs/architecture.md, docs/knowledge.md).
 *
 * A view is the world with everything that side cannot see taken out: the
 * enemy's face-down pieces are lifted off the map into a list by label, with
 * what the side knows of each; the enemy's pool, hand, deck, unseen card and
 * unseen supply losses are blanked to counts. What is left is in canonical
 * form, so two worlds that the side cannot tell apart give byte-equal views,
 * and the information-set key is a hash of the view.
 */
#ifndef R3_VIEW_H
#define R3_VIEW_H

#include <stddef.h>

#include "engine/core/world.h"

/* A face-down enemy piece as the side sees it. */
struct view_piece {
    uint32_t cand;                         /* blocks it may be (see struct knowledge); 0 when no piece has this label */
    uint8_t area;                          /* where it stands */
    uint8_t strength_kind, strength_value; /* enum strength_knowledge and its value */
    uint8_t flags;                         /* bit f = block flag f (moved, reserve, ...), as seen on the piece */
    uint8_t acted;                         /* done in this step, where that can be seen */
    uint8_t spare[3];
};

struct view {
    struct world w;                                  /* the world with the hidden parts taken out (see view.c) */
    uint32_t unseen_cards;                           /* the enemy's hand, the deck and any face-down enemy card */
    uint8_t side;                                    /* whose view */
    uint8_t enemy_hand;                              /* cards in the enemy's hand */
    uint8_t enemy_card_down;                         /* the enemy has played a card this side has not seen yet */
    uint8_t enemy_recruiting;                        /* the enemy is recruiting a block this side has not seen yet */
    uint8_t moving_label, actor_label, target_label; /* move.block, battle.actor, .target when hidden */
    uint8_t supply_losses[AREA_COUNT];   /* enemy steps lost in each area this supply phase, blocks unseen (7.1) */
    struct view_piece piece[MAX_LABELS]; /* by label - 1 */
};

/* Builds side's view of w. */
void view_of(const struct world *w, int side, struct view *out);

/* The information-set key: XXH3 of side's view. Worlds with equal keys are
 * indistinguishable to that side; worlds that differ only in what it cannot
 * see have equal keys. */
uint64_t infokey(const struct world *w, int side);
uint64_t view_key(const struct view *v);

/* The side's view in words, for people: r3 observe. Returns false if the
 * text did not fit. */
bool view_print(const struct view *v, char *text, size_t size);

/* The same view as one line of JSON, for a client that parses it (r3 host's
 * board json, docs/host.md): side, scenario, campaign, turn, phase, step,
 * king, pretender, player1, ap_left and battle where they apply, areas (each
 * with its blocks: block, side and strength, or a face-down piece and the
 * blocks it may be), hand, the enemy's cards, infokey. False if it did not fit. */
bool view_json(const struct view *v, char *text, size_t size);

#endif
