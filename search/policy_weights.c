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

void policy_table_of(const struct policy_weights *weights, struct policy_table *table)
{
    for (int cell = 0; cell < POLICY_CELLS; cell++) {
        double x = round(POLICY_NORMAL * exp(policy_cell_logit(weights->w, cell)));
        table->weight[cell] = x < 1 ? 1 : x > POLICY_MOST ? POLICY_MOST : (unsigned)x;
    }
}

static struct policy_table builtin;
static pthread_once_t builtin_once = PTHREAD_ONCE_INIT;

static void make_builtin(void) { policy_table_of(&POLICY_DEFAULT, &builtin); }

const struct policy_table *policy_table_builtin(void)
{
    pthread_once(&builtin_once, make_builtin);
    return &builtin;
}

bool policy_weights_load(const char *path, struct policy_weights *out, char *why, size_t size)
{
    return weights_file_load(&POLICY_WEIGHTS, path, out->w, why, size);
}

bool policy_weights_write(FILE *out, const struct policy_weights *weights)
{
    return weights_file_write(&POLICY_WEIGHTS, out, weights->w);
}
