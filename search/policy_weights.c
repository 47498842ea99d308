/*
 * policy_weights.c: see policy_weights.h. The built-in table is made from
 * POLICY_DEFAULT on first use, under pthread_once, since exp() cannot be
 * taken in a constant initializer; a search asks for it once and keeps the
 * pointer, so the playouts never pay for the once.
 */
#include "search/policy_weights.h"

#include <math.h>
#include <pthread.h>

const struct weight_info POLICY_WEIGHT_INFO[POLICY_WEIGHT_COUNT] = {POLICY_WEIGHT_LIST(WEIGHT_INFO_ENTRY)};
const struct policy_weights POLICY_DEFAULT = {.w = {POLICY_WEIGHT_LIST(WEIGHT_DEFAULT_ENTRY)}};
/* Fitted by r3 tune policy to the root visits of 100 self-play games of
 * 1460 at 1,000 iterations a decision, the search then PUCT over the hand
 * weights (docs/history/strength.md); in POLICY_WEIGHT_LIST's order. The levels
 * were measured with them. */
const struct policy_weights POLICY_PRIOR_LEVELS = {.w = {
                                                       -1.05712,   /* pass_with_ap */
                                                       0,          /* pass_spent */
                                                       2.21415,    /* recruit_throne */
                                                       0.593914,   /* recruit_other */
                                                       -0.0990327, /* enter_vacant */
                                                       -2.48626,   /* enter_exile */
                                                       -2.92283,   /* enter_far_stronger */
                                                       -1.22711,   /* enter_stronger */
                                                       2.8771,     /* enter_heir */
                                                       1.85777,    /* enter_weaker */
                                                       -1.88384,   /* end_group */
                                                       -0.772247,  /* halt */
                                                       0.0338524,  /* regroup_end */
                                                       1.19533,    /* fire */
                                                       -2.85839,   /* battle_pass */
                                                       2.32156,    /* retreat_hopeless */
                                                       -2.92519,   /* retreat */
                                                       1.09425,    /* charge_weak_heir */
                                                       -1.30457,   /* charge_one_step */
                                                       -2.96619,   /* charge */
                                                       0.591185,   /* treachery */
                                                       1.75249,    /* treason */
                                                       -1.75249,   /* decline */
                                                       -2.60235,   /* hit_heir */
                                                       -0.170247,  /* hit */
                                                       -1.42015,   /* regroup */
                                                       -2.52277,   /* lose_heir */
                                                       -0.249829,  /* lose */
                                                       0,          /* play_most */
                                                       0,          /* play_least */
                                                       0,          /* play_force_march */
                                                       0,          /* play_muster */
                                                       0,          /* play_piracy */
                                                       0,          /* play_plague */
                                                       0,          /* play_surprise */
                                                       0,          /* play_treason */
                                                       0.137035,   /* enter_city */
                                                       0.147043,   /* enter_crown */
                                                       -0.0269184, /* heir_moves */
                                                   }};
/* Fitted by r3 tune policy, from POLICY_PRIOR_LEVELS, to the root visits of
 * self-play games of 1460 at 1,000 iterations a decision by the search with
 * the built-in network (docs/history/strength.md, "The tree: priors,
 * backups and time"); in POLICY_WEIGHT_LIST's order. */
const struct policy_weights POLICY_PRIOR_DEFAULT = {.w = {
                                                        -0.430929,  /* pass_with_ap */
                                                        0,          /* pass_spent */
                                                        2.37738,    /* recruit_throne */
                                                        0.969513,   /* recruit_other */
                                                        0.0740665,  /* enter_vacant */
                                                        -3,         /* enter_exile */
                                                        -2.49405,   /* enter_far_stronger */
                                                        -0.915085,  /* enter_stronger */
                                                        3.87533,    /* enter_heir */
                                                        2.44793,    /* enter_weaker */
                                                        -2.64052,   /* end_group */
                                                        -0.527533,  /* halt */
                                                        0.0691837,  /* regroup_end */
                                                        0.982676,   /* fire */
                                                        -2.83361,   /* battle_pass */
                                                        2.35989,    /* retreat_hopeless */
                                                        -2.94874,   /* retreat */
                                                        0.83563,    /* charge_weak_heir */
                                                        -1.25643,   /* charge_one_step */
                                                        -2.92973,   /* charge */
                                                        0.938309,   /* treachery */
                                                        2.00347,    /* treason */
                                                        -2.00347,   /* decline */
                                                        -2.52118,   /* hit_heir */
                                                        -0.251412,  /* hit */
                                                        -1.45548,   /* regroup */
                                                        -2.3707,    /* lose_heir */
                                                        -0.401899,  /* lose */
                                                        0.292593,   /* play_most */
                                                        -0.0369011, /* play_least */
                                                        0.41246,    /* play_force_march */
                                                        0.385788,   /* play_muster */
                                                        0.323706,   /* play_piracy */
                                                        0.612379,   /* play_plague */
                                                        0.426514,   /* play_surprise */
                                                        0.65036,    /* play_treason */
                                                        0.242239,   /* enter_city */
                                                        0.250399,   /* enter_crown */
                                                        0.0364893,  /* heir_moves */
                                                    }};
const struct weight_list POLICY_WEIGHTS = {"playout policy weights", "docs/tuning.md", "search/policy_weights.h",
                                           POLICY_WEIGHT_INFO, POLICY_WEIGHT_COUNT};

void policy_cell_features(int cell, double f[POLICY_WEIGHT_COUNT])
{
    for (int j = 0; j < POLICY_WEIGHT_COUNT; j++)
        f[j] = 0;
    if (policy_cell_category(cell) != POLICY_NO_RULE)
        f[policy_cell_category(cell)] = 1;
    for (int k = 0; k < POLICY_EXTRAS; k++)
        if (policy_cell_extras(cell) >> k & 1)
            f[POLICY_CATEGORIES + k] = 1;
}

double policy_cell_logit(const double w[POLICY_WEIGHT_COUNT], int cell)
{
    double sum = policy_cell_category(cell) == POLICY_NO_RULE ? 0 : w[policy_cell_category(cell)];
    for (int k = 0; k < POLICY_EXTRAS; k++)
        if (policy_cell_extras(cell) >> k & 1)
            sum += w[POLICY_CATEGORIES + k];
    return sum;
}

void policy_table_tempered(const struct policy_weights *weights, double temperature, struct policy_table *table)
{
    for (int cell = 0; cell < POLICY_CELLS; cell++) {
        double x = round(POLICY_NORMAL * exp(policy_cell_logit(weights->w, cell) / temperature));
        table->weight[cell] = x < 1 ? 1 : x > POLICY_MOST ? POLICY_MOST : (unsigned)x;
    }
}

void policy_table_of(const struct policy_weights *weights, struct policy_table *table)
{
    policy_table_tempered(weights, 1, table);
}

/* The tables of the three built-in weight lists: constants, each made once
 * (at its first use, by pthread_once) and then only read, by every search. */
static struct policy_table builtin, prior, prior_levels;
static pthread_once_t builtin_once = PTHREAD_ONCE_INIT, prior_once = PTHREAD_ONCE_INIT,
                      prior_levels_once = PTHREAD_ONCE_INIT;

static void make_builtin(void) { policy_table_of(&POLICY_DEFAULT, &builtin); }
static void make_prior(void) { policy_table_of(&POLICY_PRIOR_DEFAULT, &prior); }
static void make_prior_levels(void) { policy_table_of(&POLICY_PRIOR_LEVELS, &prior_levels); }

const struct policy_table *policy_table_builtin(void)
{
    pthread_once(&builtin_once, make_builtin);
    return &builtin;
}

const struct policy_table *policy_table_prior(void)
{
    pthread_once(&prior_once, make_prior);
    return &prior;
}

const struct policy_table *policy_table_prior_levels(void)
{
    pthread_once(&prior_levels_once, make_prior_levels);
    return &prior_levels;
}

bool policy_weights_load(const char *path, struct policy_weights *out, char *why, size_t size)
{
    return weights_file_load(&POLICY_WEIGHTS, path, out->w, why, size);
}

bool policy_weights_write(FILE *out, const struct policy_weights *weights)
{
    return weights_file_write(&POLICY_WEIGHTS, out, weights->w);
}
