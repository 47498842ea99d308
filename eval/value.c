/*
 * value.c: see value.h. The store is a short list under a lock: engines load
 * a network or two in a process's life, never thousands.
 */
#include "eval/value.h"

#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <xxhash.h>

#include "eval/eval.h"
#include "eval/features.h"

#define STORE_MAX 16

static struct stored {
    uint64_t id;
    struct net_q *net;
} store[STORE_MAX];
static int stored;
static pthread_mutex_t store_lock = PTHREAD_MUTEX_INITIALIZER;

double value_york_logit(const struct world *w, const struct evaluation *e)
{
    if (!e->net)
        return eval_york_logit(w, e->weights);
    uint16_t index[FEATURES_MAX_ACTIVE];
    int count = features_active(w, index);
    double base = e->net->base ? e->net->base * eval_york_logit(w, &EVAL_DEFAULT) : 0;
    return net_q_logit(e->net, index, count) + base;
}

double value_york_chance(const struct world *w, const struct evaluation *e)
{
    if (w->phase == PHASE_OVER || !e->net)
        return eval_win_probability(w, SIDE_YORK, e->weights);
    return 1 / (1 + exp(-value_york_logit(w, e)));
}

const struct net_q *value_net_load(const char *path, uint64_t *id, char *why, size_t size)
{
    struct net *read = malloc(sizeof *read);
    if (!read || !net_read(path, read, why, size)) {
        if (!read)
            snprintf(why, size, "%s: no memory for a network", path);
        free(read);
        return NULL;
    }
    *id = XXH3_64bits(read, sizeof *read);
    struct net_q *found = NULL;
    pthread_mutex_lock(&store_lock);
    for (int i = 0; i < stored && !found; i++)
        if (store[i].id == *id)
            found = store[i].net;
    if (!found && stored < STORE_MAX && (found = malloc(sizeof *found))) {
        net_quantize(read, found);
        store[stored++] = (struct stored){*id, found};
    }
    pthread_mutex_unlock(&store_lock);
    free(read);
    if (!found)
        snprintf(why, size, "%s: no room for another network (%d are loaded)", path, STORE_MAX);
    return found;
}
