/*
 * value.c: see value.h. The store is a short list under a lock: engines load
 * a network or two in a process's life, never thousands. The built-in
 * network is eval/net.nnue, assembled into the binary as a net file's bytes
 * (the build runs from the repository root, where the path starts), and
 * read, checked and quantized the first time a player asks for it.
 */
#include "eval/value.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <xxhash.h>

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

/* The store is the process's on purpose: every player and search thread that
 * asks for the same network shares its one quantized copy, which lives to the
 * process's end (players hold it without counting). The lock guards it. */
static struct stored {
    uint64_t id;
    struct net_q *net;
} store[STORE_MAX];
static int stored;
static pthread_mutex_t store_lock = PTHREAD_MUTEX_INITIALIZER;

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

/* The built-in network, quantized once for the process at its first use:
 * its state in one place, the once that guards it beside what it makes. */
static struct {
    pthread_once_t once;
    struct net_q *net;
    uint64_t id;
} built_in = {PTHREAD_ONCE_INIT, NULL, 0};

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
        built_in.id = XXH3_64bits(read, sizeof *read);
        net_quantize(read, quantized);
        built_in.net = quantized, quantized = NULL;
    }
    free(read);
    free(quantized);
    if (!built_in.net) {
        fprintf(stderr, "r3: the built-in network (eval/net.nnue): %s\n", why);
        exit(70);
    }
}

const struct net_q *value_net_built_in(uint64_t *id)
{
    pthread_once(&built_in.once, load_built_in);
    *id = built_in.id;
    return built_in.net;
}
