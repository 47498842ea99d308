/*
 * policy_weights.h: the weights of the heuristic playout policy
 * (search/policy.h), declared once in POLICY_WEIGHT_LIST with their defaults
 * and the bounds a tuner may move them in. search/policy-hand.txt writes the
 * defaults in the file format of engine/text/weights_file.h (tests/test_policy.c
 * checks that the two agree); PolicyFile loads such a file.
 *
 * The policy is log-linear: a decision has binary features, and its weight in
 * a playout's draw is exp(the sum of their weights), in sixteenths: 16, NORMAL,
 * for a decision no rule of thumb speaks of. Every decision is of exactly one
 * rule-of-thumb category (or of none), and a move into an area also has the
 * extras, features the rules of thumb once ignored. So a decision's features
 * are one cell of a small table, its category and its extras, and the loaded
 * weights become that table of whole numbers once: a playout's draw costs a
 * look-up a decision. The defaults are the logarithms of the hand-written
 * weights (RARE 1, LOW 4, NORMAL 16, HIGH 64, URGENT 128), so the table holds
 * exactly those numbers.
 */
#ifndef R3_POLICY_WEIGHTS_H
#define R3_POLICY_WEIGHTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "engine/text/weights_file.h"

/* X(ENUM, name, default, min, max, meaning): the categories. ln(1/16) is
 * -2.7726 (RARE), ln(1/4) -1.3863 (LOW), ln 4 1.3863 (HIGH), ln 8 2.0794
 * (URGENT), ln(1/2) -0.6931 (NORMAL/2); the table rounds them back to the
 * hand's whole numbers. */
#define POLICY_CATEGORY_LIST(X) \
    X(POLICY_PASS_WITH_AP, pass_with_ap, -2.7726, -3.0, 6.0, \
      "ending one's actions with action points left, which are lost (1.2, 5.1)") \
    X(POLICY_PASS_SPENT, pass_spent, 0.0, -3.0, 6.0, "ending one's actions with every action point spent (5.1)") \
    X(POLICY_RECRUIT_THRONE, recruit_throne, 1.3863, -3.0, 6.0, \
      "recruiting a noble, heir or church, which count for usurpation (5.4, 8.2, RULINGS B.14)") \
    X(POLICY_RECRUIT_OTHER, recruit_other, 0.0, -3.0, 6.0, \
      "recruiting a block that does not count for usurpation: levy, mercenary, bombard, rebel, Welsh (5.4)") \
    X(POLICY_ENTER_VACANT, enter_vacant, 0.0, -3.0, 6.0, "a moving block entering an area without enemy blocks (5.2)") \
    X(POLICY_ENTER_EXILE, enter_exile, -1.3863, -3.0, 6.0, \
      "a block that counts for usurpation entering an exile or the Isle of Man, where it does not count (8.2)") \
    X(POLICY_ENTER_FAR_STRONGER, enter_far_stronger, -2.7726, -3.0, 6.0, \
      "entering an enemy area that holds more than twice the steps the group brings (5.2, 6.4)") \
    X(POLICY_ENTER_STRONGER, enter_stronger, -1.3863, -3.0, 6.0, \
      "entering an enemy area that holds more steps than the group brings, up to twice as many (5.2, 6.4)") \
    X(POLICY_ENTER_HEIR, enter_heir, 2.0794, -3.0, 6.0, \
      "entering an enemy area the group matches, an enemy heir there (6.4; 9.0: the heirs lost lose the game)") \
    X(POLICY_ENTER_WEAKER, enter_weaker, 1.3863, -3.0, 6.0, \
      "entering an enemy area the group matches, no enemy heir there (5.2, 6.4)") \
    X(POLICY_END_GROUP, end_group, -1.3863, -3.0, 6.0, \
      "ending a group or a sea move's second block (5.2, 5.3): the action is wasted if no block went") \
    X(POLICY_HALT, halt, -0.6931, -3.0, 6.0, "a moving block halting where it is, short of where it may go (5.2)") \
    X(POLICY_REGROUP_END, regroup_end, 0.0, -3.0, 6.0, "ending the regroup after a battle (6.7)") \
    X(POLICY_FIRE, fire, 1.3863, -3.0, 6.0, "a block firing in its battle turn (6.2, 6.4)") \
    X(POLICY_BATTLE_PASS, battle_pass, -2.7726, -3.0, 6.0, "a block passing its battle turn, its dice unrolled (6.2)") \
    X(POLICY_RETREAT_HOPELESS, retreat_hopeless, 2.0794, -3.0, 6.0, \
      "retreating from a battle the side cannot win: its expected hits under half the enemy's (6.4, 6.6)") \
    X(POLICY_RETREAT, retreat, -2.7726, -3.0, 6.0, "retreating from a battle the side may still win (6.6)") \
    X(POLICY_CHARGE_WEAK_HEIR, charge_weak_heir, 1.3863, -3.0, 6.0, \
      "a charge at an enemy heir of 2 steps or less (6.5; 9.0)") \
    X(POLICY_CHARGE_ONE_STEP, charge_one_step, -1.3863, -3.0, 6.0, \
      "a charge at a one-step block, which cannot fire back if hit (6.5)") \
    X(POLICY_CHARGE, charge, -2.7726, -3.0, 6.0, \
      "any other charge, which risks the heir to the target's return fire (6.5)") \
    X(POLICY_TREACHERY, treachery, 0.0, -3.0, 6.0, "a treachery roll at an enemy block (6.9)") \
    X(POLICY_TREASON, treason, 1.3863, -3.0, 6.0, \
      "the Treason card's roll at a block before the battle (RULINGS A.1)") \
    X(POLICY_DECLINE, decline, -1.3863, -3.0, 6.0, "keeping the Treason card's roll for a later battle (RULINGS A.1)") \
    X(POLICY_HIT_HEIR, hit_heir, -2.7726, -3.0, 6.0, \
      "an heir, of the owner's equally strong blocks, taking the volley (6.4, RULINGS B.12)") \
    X(POLICY_HIT, hit, 0.0, -3.0, 6.0, "a block that is no heir taking the volley (6.4, RULINGS B.12)") \
    X(POLICY_REGROUP, regroup, -1.3863, -3.0, 6.0, \
      "a victorious block regrouping (6.7): one of many, so ending stays as likely as regrouping somewhere") \
    X(POLICY_LOSE_HEIR, lose_heir, -2.7726, -3.0, 6.0, "an heir taking a supply loss (7.1)") \
    X(POLICY_LOSE, lose, 0.0, -3.0, 6.0, "a block that is no heir taking a supply loss (7.1, 7.2)") \
    X(POLICY_PLAY_MOST, play_most, 0.0, -3.0, 6.0, \
      "playing the card of the most action points in the hand, of those with no event (1.1, 1.2)") \
    X(POLICY_PLAY_LEAST, play_least, 0.0, -3.0, 6.0, \
      "playing the card of the fewest action points in the hand, of those with no event, when they differ (1.1, 1.2)") \
    X(POLICY_PLAY_FORCE_MARCH, play_force_march, 0.0, -3.0, 6.0, "playing the Force March event (1.1)") \
    X(POLICY_PLAY_MUSTER, play_muster, 0.0, -3.0, 6.0, "playing the Muster event (1.1)") \
    X(POLICY_PLAY_PIRACY, play_piracy, 0.0, -3.0, 6.0, "playing the Piracy event (1.1)") \
    X(POLICY_PLAY_PLAGUE, play_plague, 0.0, -3.0, 6.0, "playing the Plague event (1.1)") \
    X(POLICY_PLAY_SURPRISE, play_surprise, 0.0, -3.0, 6.0, "playing the Surprise event (1.1)") \
    X(POLICY_PLAY_TREASON, play_treason, 0.0, -3.0, 6.0, "playing the Treason event (1.1, RULINGS A.1)")

/* The extras: features of a move into an area (a land or sea move's 'to'),
 * added to its category's weight. */
#define POLICY_EXTRA_LIST(X) \
    X(POLICY_ENTER_CITY, enter_city, 0.0, -3.0, 3.0, \
      "the area entered has a city: supply for five blocks, not four (7.1); its levy defends there at +1 (2.4)") \
    X(POLICY_ENTER_CROWN, enter_crown, 0.0, -3.0, 3.0, \
      "the area entered has a crown: the King and royal heirs defend there at +1 (2.3) and go home to one (8.4)") \
    X(POLICY_HEIR_MOVES, heir_moves, 0.0, -3.0, 3.0, "the moving block is an heir (9.0: the last heir lost loses)")

#define POLICY_WEIGHT_LIST(X) POLICY_CATEGORY_LIST(X) POLICY_EXTRA_LIST(X)

enum policy_weight {
    POLICY_CATEGORY_LIST(WEIGHT_ENUM_ENTRY) POLICY_CATEGORIES,
    POLICY_EXTRAS_BEFORE = POLICY_CATEGORIES - 1, /* so the extras follow the categories */
    POLICY_EXTRA_LIST(WEIGHT_ENUM_ENTRY) POLICY_WEIGHT_COUNT
};

/* The category of a decision no rule of thumb speaks of: no weight, so its
 * weight is NORMAL, the one the others are measured from. */
#define POLICY_NO_RULE POLICY_CATEGORIES
#define POLICY_EXTRAS (POLICY_WEIGHT_COUNT - POLICY_CATEGORIES)
#define POLICY_CELLS ((POLICY_CATEGORIES + 1) << POLICY_EXTRAS)
#define POLICY_NORMAL 16       /* the table's weight of exp(0) */
#define POLICY_MOST (1u << 20) /* the table's greatest weight: 256 decisions' sum stays an int */

/* A cell: a category (or POLICY_NO_RULE) and the extras, bit k for weight
 * POLICY_CATEGORIES + k. */
static inline int policy_cell_make(int category, unsigned extras) { return category << POLICY_EXTRAS | (int)extras; }
static inline int policy_cell_category(int cell) { return cell >> POLICY_EXTRAS; }
static inline unsigned policy_cell_extras(int cell) { return (unsigned)cell & ((1u << POLICY_EXTRAS) - 1); }

struct policy_weights {
    double w[POLICY_WEIGHT_COUNT]; /* by enum policy_weight */
};

/* The whole-number weights of every cell, as the playouts draw with them. */
struct policy_table {
    unsigned weight[POLICY_CELLS];
};

extern const struct weight_info POLICY_WEIGHT_INFO[POLICY_WEIGHT_COUNT];
extern const struct weight_list POLICY_WEIGHTS; /* the list, for the file's reader and writer */
extern const struct policy_weights POLICY_DEFAULT;
/* The weights of PUCT's priors (search/ismcts.h): a policy fitted to the
 * search's root visits (r3 tune policy), better as the tree's prior than the
 * hand weights; search/policy-prior.txt is them as a file. */
extern const struct policy_weights POLICY_PRIOR_DEFAULT;
/* The priors the levels were measured with (search/level.h), fitted to the
 * visits of the search without the network; search/policy-prior-levels.txt
 * is them as a file. */
extern const struct policy_weights POLICY_PRIOR_LEVELS;

/* A cell's features: 1 for its category's weight and its extras', else 0. */
void policy_cell_features(int cell, double f[POLICY_WEIGHT_COUNT]);

/* The sum of the weights of a cell's features: the log of its weight over NORMAL. */
double policy_cell_logit(const double w[POLICY_WEIGHT_COUNT], int cell);

/* The table of weights: round(NORMAL exp(logit)) for every cell, at least 1
 * (no legal decision becomes impossible) and at most POLICY_MOST. */
void policy_table_of(const struct policy_weights *weights, struct policy_table *table);

/* The same at a temperature: round(NORMAL exp(logit / temperature)), so that
 * below 1 the draws lean further to what the weights prefer, and 1 is
 * policy_table_of's table. */
void policy_table_tempered(const struct policy_weights *weights, double temperature, struct policy_table *table);

/* The table of POLICY_DEFAULT, made once: the hand-written policy. */
const struct policy_table *policy_table_builtin(void);

/* The table of POLICY_PRIOR_DEFAULT, made once: the built-in priors. */
const struct policy_table *policy_table_prior(void);

/* The table of POLICY_PRIOR_LEVELS, made once: the levels' priors. */
const struct policy_table *policy_table_prior_levels(void);

/* Reads and writes a policy file (engine/text/weights_file.h), as
 * eval_weights_load and eval_weights_write do the evaluation's. */
bool policy_weights_load(const char *path, struct policy_weights *out, char *why, size_t size);
bool policy_weights_write(FILE *out, const struct policy_weights *weights);

#endif
