/*
 * cards.c: the deal, the mulligan and the card play. Dealing fills York's hand
 * to seven, then Lancaster's, one chance decision per card, so a redeal after a
 * mulligan is the same deal over the cards that are not in a kept hand.
 */
#include "engine/rules/cards.h"

#include "engine/core/tables.h"
#include "engine/rules/action.h"

/* Cards are bits 1..25. */
#define CARD_BITS ((((uint32_t)1 << (CARD_COUNT + 1)) - 1) & ~(uint32_t)1)

int hand_ap(uint32_t hand)
{
    int ap = 0;
    for (uint32_t left = hand & CARD_BITS; left; left &= left - 1)
        ap += CARD_INFO[__builtin_ctz(left)].ap;
    return ap;
}

int player1_for(int york_card, int lancaster_card, int pretender_side)
{
    bool york_event = CARD_INFO[york_card].event != EVENT_NONE;
    bool lancaster_event = CARD_INFO[lancaster_card].event != EVENT_NONE;
    if (york_event != lancaster_event)
        return york_event ? SIDE_YORK : SIDE_LANCASTER;
    if (CARD_INFO[york_card].ap != CARD_INFO[lancaster_card].ap)
        return CARD_INFO[york_card].ap > CARD_INFO[lancaster_card].ap ? SIDE_YORK : SIDE_LANCASTER;
    return pretender_side;
}

static int hand_to_fill(const struct world *w)
{
    for (int s = 0; s < SIDE_COUNT; s++)
        if (bits_count(w->hand[s]) < HAND_SIZE)
            return s;
    return SIDE_NONE;
}

static bool may_ask_mulligan(const struct world *w, int side)
{
    return !(w->flags & (WORLD_MULLIGAN_USED_YORK << side)) && hand_ap(w->hand[side]) <= MULLIGAN_MAX_AP;
}

static void start_card_play(struct world *w)
{
    w->phase = PHASE_CARDS;
    w->step = CARDS_YORK_PLAYS;
}

/* Moves the mulligan on past every side that may not ask. */
static void settle_mulligan(struct world *w)
{
    if (w->step == MULLIGAN_YORK_ASKS && !may_ask_mulligan(w, SIDE_YORK))
        w->step = MULLIGAN_LANCASTER_ASKS;
    if (w->step == MULLIGAN_LANCASTER_ASKS && !may_ask_mulligan(w, SIDE_LANCASTER))
        start_card_play(w);
}

static void start_mulligan(struct world *w)
{
    w->phase = PHASE_MULLIGAN;
    w->step = MULLIGAN_YORK_ASKS;
    settle_mulligan(w);
}

static void apply_deal(struct world *w, int card)
{
    w->deck &= ~((uint32_t)1 << card);
    w->hand[hand_to_fill(w)] |= (uint32_t)1 << card;
    if (hand_to_fill(w) == SIDE_NONE)
        start_mulligan(w);
}

/* The asker's hand, and the answerer's if he redeals, go back into the deck. */
static void answer_mulligan(struct world *w, int asker, bool redeal_too)
{
    w->flags |= (uint8_t)(WORLD_MULLIGAN_USED_YORK << asker);
    w->deck |= w->hand[asker];
    w->hand[asker] = 0;
    if (redeal_too) {
        w->deck |= w->hand[1 - asker];
        w->hand[1 - asker] = 0;
    }
    w->phase = PHASE_DEAL;
    w->step = 0;
}

static void apply_mulligan_choice(struct world *w, int kind)
{
    switch (w->step) {
    case MULLIGAN_YORK_ASKS:
        w->step = kind == DECIDE_MULLIGAN ? MULLIGAN_LANCASTER_ANSWERS : MULLIGAN_LANCASTER_ASKS;
        settle_mulligan(w);
        break;
    case MULLIGAN_LANCASTER_ASKS:
        if (kind == DECIDE_MULLIGAN)
            w->step = MULLIGAN_YORK_ANSWERS;
        else
            start_card_play(w);
        break;
    default:
        answer_mulligan(w, w->step == MULLIGAN_LANCASTER_ANSWERS ? SIDE_YORK : SIDE_LANCASTER, kind == DECIDE_REDEAL);
        break;
    }
}

static void reveal_cards(struct world *w)
{
    int york = w->played[SIDE_YORK], lancaster = w->played[SIDE_LANCASTER];
    w->player1 = (uint8_t)player1_for(york, lancaster, world_pretender_side(w));
    action_begin(w);
}

static void apply_play(struct world *w, int card)
{
    int side = w->step == CARDS_YORK_PLAYS ? SIDE_YORK : SIDE_LANCASTER;
    w->hand[side] &= ~((uint32_t)1 << card);
    w->played[side] = (uint8_t)card;
    if (side == SIDE_YORK)
        w->step = CARDS_LANCASTER_PLAYS;
    else
        reveal_cards(w);
}

int cards_actor(const struct world *w)
{
    switch (w->phase) {
    case PHASE_DEAL: return ACTOR_CHANCE;
    case PHASE_MULLIGAN:
        return w->step == MULLIGAN_YORK_ASKS || w->step == MULLIGAN_YORK_ANSWERS ? ACTOR_YORK : ACTOR_LANCASTER;
    default: return w->step == CARDS_YORK_PLAYS ? ACTOR_YORK : ACTOR_LANCASTER;
    }
}

static void list_cards(uint32_t cards, int kind, struct decisions *out)
{
    for (uint32_t left = cards & CARD_BITS; left; left &= left - 1)
        out->list[out->count++] = decision_make(kind, __builtin_ctz(left));
}

void cards_legal(const struct world *w, struct decisions *out)
{
    out->count = 0;
    if (w->phase == PHASE_DEAL) {
        list_cards(w->deck, DECIDE_DEAL, out);
    } else if (w->phase == PHASE_MULLIGAN) {
        bool asking = w->step == MULLIGAN_YORK_ASKS || w->step == MULLIGAN_LANCASTER_ASKS;
        out->list[out->count++] = decision_make(asking ? DECIDE_MULLIGAN : DECIDE_REDEAL, 0);
        out->list[out->count++] = decision_make(DECIDE_KEEP, 0);
    } else {
        list_cards(w->hand[cards_actor(w)], DECIDE_PLAY, out);
    }
}

void cards_apply(struct world *w, decision d)
{
    switch (decision_kind(d)) {
    case DECIDE_DEAL: apply_deal(w, decision_arg(d)); break;
    case DECIDE_PLAY: apply_play(w, decision_arg(d)); break;
    default: apply_mulligan_choice(w, decision_kind(d)); break;
    }
}
