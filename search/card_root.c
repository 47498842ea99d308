/*
 * card_root.c: see card_root.h. A world's cards are the two hands, the deck
 * (bit sets) and each side's card down this turn (played[]): a card is put
 * where it is wanted by swapping it with one from there, which leaves every
 * count as it was.
 *
 * Regret matching with outcome sampling (Lanctot, Lisy & Winands 2013): a
 * side's strategy gives each card its positive regret's share (uniform
 * while none is positive); the card is drawn from that strategy mixed with
 * CARD_EXPLORATION of uniform, and after the iteration every card it could
 * have played gains its estimated result less the result had: the result
 * over the draw's chance for the card drawn, 0 for the others. The
 * strategies before exploration, summed, are the average strategy.
 */
#include "search/card_root.h"

#include <math.h>

#include "engine/core/random.h"
#include "engine/rules/rules.h"

static uint32_t bit(int card) { return (uint32_t)1 << card; }

/* A number in [0, 1). */
static double uniform(uint64_t *rng) { return (double)(random_next(rng) >> 11) * 0x1.0p-53; }

/* A card of 'set' drawn in proportion to weight[card]; 0 if none weighs. */
static int draw_weighted(const double *weight, uint32_t set, uint64_t *rng)
{
    double sum = 0;
    int last = 0;
    for (uint32_t left = set; left; left &= left - 1) {
        int card = __builtin_ctz(left);
        if (weight[card] > 0)
            sum += weight[card], last = card;
    }
    if (sum <= 0)
        return 0;
    double at = uniform(rng) * sum;
    for (uint32_t left = set; left; left &= left - 1) {
        int card = __builtin_ctz(left);
        if (weight[card] > 0 && (at -= weight[card]) < 0)
            return card;
    }
    return last; /* rounding left a sliver at the top */
}

/* Card 'card', now in the enemy's hand or the deck, put in its hand, a card
 * of its hand drawn uniformly going to the deck in its place. */
static void put_in_hand(struct world *w, int enemy, int card, uint64_t *rng)
{
    if (w->hand[enemy] & bit(card))
        return;
    uint32_t hand = w->hand[enemy];
    int out = __builtin_ctz(hand);
    for (int n = random_below(rng, bits_count(hand)); n > 0; n--)
        hand &= hand - 1, out = __builtin_ctz(hand);
    w->hand[enemy] = (w->hand[enemy] & ~bit(out)) | bit(card);
    w->deck = (w->deck & ~bit(card)) | bit(out);
}

/* Card 'card', now in the enemy's hand or the deck, put face down as its
 * card of this turn, the card that was there going where it was. */
static void put_down(struct world *w, int enemy, int card)
{
    int was = w->played[enemy];
    if (was == card)
        return;
    uint32_t *from = (w->hand[enemy] & bit(card)) ? &w->hand[enemy] : &w->deck;
    *from = (*from & ~bit(card)) | bit(was);
    w->played[enemy] = (uint8_t)card;
}

/* Regret matching's strategy over 'set' into sigma[card]. */
static void matched(const double *regret, uint32_t set, double *sigma)
{
    double sum = 0;
    for (uint32_t left = set; left; left &= left - 1)
        sum += fmax(regret[__builtin_ctz(left)], 0);
    for (uint32_t left = set; left; left &= left - 1) {
        int card = __builtin_ctz(left);
        sigma[card] = sum > 0 ? fmax(regret[card], 0) / sum : 1.0 / bits_count(set);
    }
}

/* A card of 'set' drawn by regret matching with exploration, the chance
 * it had in *odds, and the strategy before exploration in sigma. */
static int draw_matched(const double *regret, uint32_t set, double *sigma, uint64_t *rng, double *odds)
{
    double explored[CARD_COUNT + 1] = {0};
    matched(regret, set, sigma);
    for (uint32_t left = set; left; left &= left - 1) {
        int card = __builtin_ctz(left);
        explored[card] = (1 - CARD_EXPLORATION) * sigma[card] + CARD_EXPLORATION / bits_count(set);
    }
    int card = draw_weighted(explored, set, rng);
    *odds = explored[card];
    return card;
}

void card_root_begin(struct card_root *c, const struct world *root, int side, bool mixed, const struct card_peek *peek)
{
    *c = (struct card_root){.side = side, .peek = peek, .hand = root->hand[side]};
    c->on = (mixed || peek) && root->phase == PHASE_CARDS && rules_actor(root) == side;
    c->mixed = c->on && mixed;
    c->enemy_down = c->on && root->step == CARDS_LANCASTER_PLAYS;
}

/* The side's own card by regret matching, its strategy added to the total. */
static void choose_own(struct card_root *c, struct card_pick *pick, uint64_t *rng)
{
    double sigma[CARD_COUNT + 1];
    pick->own_card = draw_matched(c->regret[c->side], c->hand, sigma, rng, &pick->own_odds);
    pick->own = decision_make(DECIDE_PLAY, pick->own_card);
    pick->own_set = c->hand;
    for (uint32_t left = c->hand; left; left &= left - 1)
        c->total[__builtin_ctz(left)] += sigma[__builtin_ctz(left)];
}

/* The enemy's card in w: from the peek's odds among the cards it could
 * hold, or by regret matching among those it could play; 0 for none. */
static int enemy_card(struct card_root *c, const struct world *w, struct card_pick *pick, uint64_t *rng)
{
    int enemy = 1 - c->side;
    uint32_t down = c->enemy_down ? bit(w->played[enemy]) : 0;
    if (c->peek)
        return draw_weighted(c->peek->odds, w->hand[enemy] | w->deck | down, rng);
    double sigma[CARD_COUNT + 1];
    pick->enemy_set = w->hand[enemy] | down;
    return draw_matched(c->regret[enemy], pick->enemy_set, sigma, rng, &pick->enemy_odds);
}

void card_root_deal(struct card_root *c, struct world *w, struct card_pick *pick, uint64_t *rng)
{
    *pick = (struct card_pick){0};
    if (!c->on)
        return;
    if (c->mixed)
        choose_own(c, pick, rng);
    int enemy = 1 - c->side, card = enemy_card(c, w, pick, rng);
    pick->enemy_card = card;
    if (!card)
        return;
    if (c->enemy_down) {
        put_down(w, enemy, card);
    } else {
        put_in_hand(w, enemy, card, rng);
        pick->enemy = decision_make(DECIDE_PLAY, card);
    }
}

/* One side's regrets after a result u for it, 'chosen' drawn at 'odds' among 'set'. */
static void regret_update(double *regret, uint32_t set, int chosen, double odds, double u)
{
    for (uint32_t left = set; left; left &= left - 1) {
        int card = __builtin_ctz(left);
        regret[card] += (card == chosen ? u / odds : 0) - u;
    }
}

void card_root_learn(struct card_root *c, const struct card_pick *pick, double york)
{
    if (!c->mixed)
        return;
    double own = c->side == SIDE_YORK ? york : 1 - york;
    regret_update(c->regret[c->side], pick->own_set, pick->own_card, pick->own_odds, own);
    regret_update(c->regret[1 - c->side], pick->enemy_set, pick->enemy_card, pick->enemy_odds, 1 - own);
}

void card_strategy_make(const double *total, uint32_t hand, struct card_strategy *out)
{
    double sum = 0;
    out->count = 0;
    for (uint32_t left = hand; left; left &= left - 1)
        sum += total[__builtin_ctz(left)];
    for (uint32_t left = hand; left; left &= left - 1) {
        int card = __builtin_ctz(left);
        out->card[out->count] = decision_make(DECIDE_PLAY, card);
        out->share[out->count++] = sum > 0 ? total[card] / sum : 1.0 / bits_count(hand);
    }
}

decision card_strategy_draw(const struct card_strategy *s, uint64_t *rng)
{
    double at = uniform(rng);
    for (int i = 0; i < s->count; i++)
        if ((at -= s->share[i]) < 0)
            return s->card[i];
    return s->card[s->count - 1]; /* rounding left a sliver at the top */
}

decision card_root_enemy_play(struct card_pick *pick, const struct world *w, int side, decision d)
{
    if (!pick->enemy || w->phase != PHASE_CARDS || rules_actor(w) != 1 - side)
        return d;
    d = pick->enemy;
    pick->enemy = 0;
    return d;
}
