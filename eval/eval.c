/*
 * eval.c: see eval.h. Each side's measures are taken the same way and
 * subtracted, and York's score is the one computed: Lancaster's chance is one
 * less York's, so the two add up to 1 by construction. Everything is a few
 * passes over 33 areas and the blocks' bit sets, so that the search can call
 * it at the end of every playout.
 */
#include "eval/eval.h"

#include <math.h>

#include "engine/core/crown.h"
#include "engine/core/places.h"
#include "engine/core/tables.h"
#include "engine/rules/eliminate.h"
#include "engine/rules/political.h"

#define TURNS_PER_CAMPAIGN 7 /* 1.0 */

/* Constant sets of areas, and each block's shield areas (2.2), made once
 * before main() from the tables. */
static uint64_t CROWN_AREAS, CITY_AREAS, EXILE_AREAS;
static uint64_t SHIELD_AREAS[BLOCK_COUNT];

__attribute__((constructor)) static void make_area_sets(void)
{
    for (int a = 0; a < AREA_COUNT; a++) {
        CROWN_AREAS |= AREA_INFO[a].crown ? area_bit(a) : 0;
        CITY_AREAS |= AREA_INFO[a].city ? area_bit(a) : 0;
        EXILE_AREAS |= AREA_INFO[a].kind == AREA_EXILE ? area_bit(a) : 0;
    }
    for (int b = 0; b < BLOCK_COUNT; b++)
        if (BLOCK_INFO[b].type == BLOCK_NOBLE || BLOCK_INFO[b].type == BLOCK_HEIR)
            for (int i = 0; i < BLOCK_INFO[b].seat_count; i++)
                SHIELD_AREAS[b] |= area_bit(BLOCK_INFO[b].seats[i]);
}

/* The map as both sides' measures read it. */
struct board {
    int steps[SIDE_COUNT][AREA_COUNT]; /* each side's steps in each area it occupies */
    int total[SIDE_COUNT];             /* and on the whole map */
    uint64_t occupied[SIDE_COUNT];     /* areas where a side has blocks */
    uint64_t risky[SIDE_COUNT];        /* those of them at risk (at_risk) */
    blockset on_map;                   /* blocks in any area */
};

/* Each area's land neighbours, a bit each, made once before main(). */
static uint64_t NEIGHBOURS[AREA_COUNT];

__attribute__((constructor)) static void make_neighbour_sets(void)
{
    for (int a = 0; a < AREA_COUNT; a++)
        for (int i = 0; i < AREA_NEIGHBOURS[a].count; i++)
            NEIGHBOURS[a] |= area_bit(AREA_NEIGHBOURS[a].area[i]);
}

/* An area of the side's is at risk when the enemy's steps in it (a battle is
 * due) and in its land neighbours (one move away, 5.2) outnumber the side's
 * steps in it. Cheap on purpose: sea moves, border limits and pinning are not
 * looked at. */
static bool at_risk(const struct board *b, int side, int area)
{
    int enemy_steps = 0;
    for (uint64_t left = (NEIGHBOURS[area] | area_bit(area)) & b->occupied[1 - side]; left; left &= left - 1)
        enemy_steps += b->steps[1 - side][__builtin_ctzll(left)];
    return enemy_steps > b->steps[side][area];
}

/* An exile never is at risk: the enemy may not enter it (2.7). */
static uint64_t areas_at_risk(const struct board *b, int side)
{
    uint64_t risky = 0;
    for (uint64_t left = b->occupied[side] & ~EXILE_AREAS; left; left &= left - 1)
        if (at_risk(b, side, __builtin_ctzll(left)))
            risky |= area_bit(__builtin_ctzll(left));
    return risky;
}

/* The areas with blocks in them only: most are empty, and steps[][] is read
 * only where occupied[] says. A block not Lancaster's is York's. */
static void board_of(const struct world *w, struct board *b)
{
    b->on_map = 0;
    b->total[0] = b->total[1] = 0;
    b->occupied[0] = b->occupied[1] = 0;
    for (int a = 0; a < AREA_COUNT; a++) {
        const blockset here = w->at[a];
        if (!here)
            continue;
        const blockset side_of[SIDE_COUNT] = {[SIDE_YORK] = here & ~w->side_blocks[SIDE_LANCASTER],
                                              [SIDE_LANCASTER] = here & w->side_blocks[SIDE_LANCASTER]};
        b->on_map |= here;
        for (int s = 0; s < SIDE_COUNT; s++) {
            b->steps[s][a] = world_steps_of(w, side_of[s]);
            b->total[s] += b->steps[s][a];
            b->occupied[s] |= (uint64_t)(side_of[s] != 0) << a;
        }
    }
    for (int s = 0; s < SIDE_COUNT; s++)
        b->risky[s] = areas_at_risk(b, s);
}

/* The side's blocks standing in a set of areas. */
static blockset blocks_within(const struct world *w, int side, uint64_t areas)
{
    blockset blocks = 0;
    for (uint64_t left = areas; left; left &= left - 1)
        blocks |= blocks_in(w, side, __builtin_ctzll(left));
    return blocks;
}

/* Areas with a shield of one of the side's nobles or heirs still in the game
 * (2.2): where they are recruited (5.4) and go home to (8.3, 8.4). */
static uint64_t shield_areas(const struct world *w, int side)
{
    uint64_t areas = 0;
    for (blockset left = w->side_blocks[side] & ~w->dead & ~w->other_side; left; left &= left - 1)
        areas |= SHIELD_AREAS[__builtin_ctzll(left)];
    return areas;
}

/* ---- one side's measures, m[] by enum eval_weight ---- */

static void measure_throne(const struct world *w, int side, double m[])
{
    m[EVAL_USURPATION] = usurpation_count(w, side);
    m[EVAL_KING] = royal_side(w) == side;
}

static void measure_heirs(const struct world *w, const struct board *b, int side, double m[])
{
    blockset heirs = heirs_remaining(w, side);
    blockset endangered = blocks_within(w, side, b->risky[side]);
    m[EVAL_HEIRS] = bits_count(heirs);
    m[EVAL_LAST_HEIR] = bits_count(heirs) == 1;
    m[EVAL_HEIRS_IN_PLAY] = bits_count(heirs & b->on_map);
    m[EVAL_HEIRS_AT_RISK] = bits_count(heirs & endangered);
    m[EVAL_KING_AT_RISK] = w->king != BLOCK_NONE && (endangered & block_bit(w->king));
}

/* Recruits come at full strength (5.4); face-down blocks may not be recruited
 * this campaign (6.83-6.85). */
static int pool_steps(const struct world *w, int side)
{
    int steps = 0;
    for (blockset left = w->pool & w->side_blocks[side] & ~w->face_down; left; left &= left - 1)
        steps += BLOCK_INFO[__builtin_ctzll(left)].steps;
    return steps;
}

/* Strength, the areas the side holds alone (2.1), and those at risk. */
static void measure_map(const struct world *w, const struct board *b, int side, double m[])
{
    uint64_t held = b->occupied[side] & ~b->occupied[1 - side];
    m[EVAL_STRENGTH_MAP] = b->total[side];
    m[EVAL_STRENGTH_POOL] = pool_steps(w, side);
    m[EVAL_LONDON] = (held >> AREA_MIDDLESEX) & 1;
    m[EVAL_CROWNS] = bits_count(held & CROWN_AREAS);
    m[EVAL_CITIES] = bits_count(held & CITY_AREAS);
    m[EVAL_SHIELDS] = bits_count(held & shield_areas(w, side));
    m[EVAL_THREATENED] = bits_count(b->risky[side]);
}

/* The cards still to be used this campaign: the hand and this turn's card.
 * Both hands are read; in a world drawn from a side's view the enemy's is a
 * draw from the cards that side has not seen, so over the draws this is the
 * side's expectation. While the deal runs the hands are not yet full. */
static void measure_cards(const struct world *w, int side, double m[])
{
    if (w->phase == PHASE_DEAL)
        return;
    uint32_t cards = w->hand[side] | (w->played[side] ? (uint32_t)1 << w->played[side] : 0);
    for (uint32_t left = cards; left; left &= left - 1) {
        const struct card_info *card = &CARD_INFO[__builtin_ctz(left)];
        m[EVAL_CARDS_AP] += card->ap;
        m[EVAL_CARDS_EVENTS] += card->event != EVENT_NONE;
    }
}

static void measure_side(const struct world *w, const struct board *b, int side, double m[EVAL_WEIGHT_COUNT])
{
    for (int i = 0; i < EVAL_WEIGHT_COUNT; i++)
        m[i] = 0;
    measure_throne(w, side, m);
    measure_heirs(w, b, side, m);
    measure_map(w, b, side, m);
    measure_cards(w, side, m);
}

/* ---- the features and the probability ---- */

/* Game turns until the final usurpation decides the game (8.2, 9.0): the
 * rest of this campaign and all of the later ones. In the political turn this
 * campaign's usurpation is already past. */
static int turns_to_final_usurpation(const struct world *w)
{
    int later = SCENARIO_INFO[w->scenario].last_campaign - w->campaign;
    int now = w->phase == PHASE_POLITICAL ? 0 : TURNS_PER_CAMPAIGN + 1 - w->turn;
    int turns = now + TURNS_PER_CAMPAIGN * later;
    return turns > 1 ? turns : 1;
}

/* A side's bias in 1460: York's measure 1, Lancaster's 0. Fitted to
 * self-play, the biases of 1470 and 1483 did not lower the validation loss
 * (docs/eval.md). */
static void add_scenario_terms(const struct world *w, int side, double features[EVAL_WEIGHT_COUNT])
{
    double york = side == SIDE_YORK ? 1.0 : -1.0;
    features[EVAL_YORK_1460] = w->scenario == SCENARIO_1460 ? york : 0.0;
}

void eval_features(const struct world *w, int side, double features[EVAL_WEIGHT_COUNT])
{
    struct board b;
    double mine[EVAL_WEIGHT_COUNT], theirs[EVAL_WEIGHT_COUNT];
    board_of(w, &b);
    measure_side(w, &b, side, mine);
    measure_side(w, &b, 1 - side, theirs);
    for (int i = 0; i < EVAL_WEIGHT_COUNT; i++)
        features[i] = mine[i] - theirs[i];
    /* The votes swing from turn to turn: a lead tells more the fewer turns are
     * left to undo it, as a random walk's spread grows with the root of its steps. */
    double nearness = 1.0 / sqrt(turns_to_final_usurpation(w));
    features[EVAL_USURPATION] *= nearness;
    features[EVAL_KING] *= nearness;
    add_scenario_terms(w, side, features);
}

static double york_logit(const struct world *w, const struct eval_weights *weights)
{
    double features[EVAL_WEIGHT_COUNT], score = 0;
    eval_features(w, SIDE_YORK, features);
    for (int i = 0; i < EVAL_WEIGHT_COUNT; i++)
        score += weights->w[i] * features[i];
    return score;
}

#if defined(__x86_64__) && defined(__GNUC__)
/* The same, compiled with the CPU's popcount instruction: the build is for
 * any x86-64, whose counts of bits go by shifts, and the search reads this
 * at the end of every playout. The CPU is asked before main() runs. */
__attribute__((target("popcnt"), flatten)) static double york_logit_popcnt(const struct world *w,
                                                                           const struct eval_weights *weights)
{
    return york_logit(w, weights);
}

double eval_york_logit(const struct world *w, const struct eval_weights *weights)
{
    return __builtin_cpu_supports("popcnt") ? york_logit_popcnt(w, weights) : york_logit(w, weights);
}
#else
double eval_york_logit(const struct world *w, const struct eval_weights *weights) { return york_logit(w, weights); }
#endif

double eval_york_result(const struct world *w)
{
    return w->winner == SIDE_YORK ? 1.0 : w->winner == SIDE_LANCASTER ? 0.0 : 0.5;
}

double eval_win_probability(const struct world *w, int side, const struct eval_weights *weights)
{
    double york = w->phase == PHASE_OVER ? eval_york_result(w) : 1.0 / (1.0 + exp(-eval_york_logit(w, weights)));
    return side == SIDE_YORK ? york : 1.0 - york;
}
