/*
 * value.c: see value.h. The store is a short list under a lock: engines load
 * a network or two in a process's life, never thousands. The built-in
 * network is eval/net.nnue, assembled into the binary as a net file's bytes
 * (the build runs from the repository root, where the path starts), and
 * read, checked and quantized the first time a player asks for it.
 */
#include "eval/value.h"

#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <xxhash.h>

#include "eval/eval.h"
#include "eval/features.h"

#define STORE_MAX 16

__asm__(".section .rodata.r3_net_built_in,\"a\"\n"
        ".balign 64\n"
        ".globl r3_net_built_in, r3_net_built_in_end\n"
        ".hidden r3_net_built_in, r3_net_built_in_end\n"
        "r3_net_built_in:\n"
        ".incbin \"eval/net.nnue\"\n"
        "r3_net_built_in_end:\n"
        ".previous\n");
extern const unsigned char r3_net_built_in[], r3_net_built_in_end[];

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

/* The quantized copy of read in the store, put there if no network of the
 * same content is there yet; NULL if the store is full or memory ran out. */
static const struct net_q *stored_copy(const struct net *read, uint64_t *id)
{
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
    return found;
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
    const struct net_q *found = stored_copy(read, id);
    free(read);
    if (!found)
        snprintf(why, size, "%s: no room for another network (%d are loaded)", path, STORE_MAX);
    return found;
}

static struct net_q *built_in;
static uint64_t built_in_id;

/* The build checks eval/net.nnue as it checks any net file (tests/test_net.c),
 * so a refusal here is a build made against another feature set: r3 cannot
 * go on without its default value, and says why. It is kept outside the
 * store, which a user's files may have filled. */
static void load_built_in(void)
{
    char why[600] = "no memory for a network";
    struct net *read = malloc(sizeof *read);
    struct net_q *quantized = malloc(sizeof *quantized);
    if (read && quantized &&
        net_from_bytes(r3_net_built_in, (size_t)(r3_net_built_in_end - r3_net_built_in), read, why, sizeof why)) {
        built_in_id = XXH3_64bits(read, sizeof *read);
        net_quantize(read, quantized);
        built_in = quantized, quantized = NULL;
    }
    free(read);
    free(quantized);
    if (!built_in) {
        fprintf(stderr, "r3: the built-in network (eval/net.nnue): %s\n", why);
        exit(70);
    }
}

const struct net_q *value_net_built_in(uint64_t *id)
{
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, load_built_in);
    *id = built_in_id;
    return built_in;
}
