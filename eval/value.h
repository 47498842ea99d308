/*
 * value.h: the value the search reads at the end of a playout: York's logit
 * by the learned network if one is loaded (eval/net.h), else by the 17
 * weights (eval/eval.h). Networks are loaded once per file content into a
 * store that lives as long as the process, so an engine's options can hold
 * a plain pointer to one and be copied freely; a network's id (its file's
 * checksum) tells two apart.
 */
#ifndef R3_VALUE_H
#define R3_VALUE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/core/world.h"
#include "eval/net.h"
#include "eval/weights.h"

/* What a search evaluates with: the network if not NULL, else the weights. */
struct evaluation {
    const struct eval_weights *weights;
    const struct net_q *net;
};

/* York's logit of an unfinished world. */
double value_york_logit(const struct world *w, const struct evaluation *e);

/* York's chance in w: the logit's logistic, or the result of a finished game. */
double value_york_chance(const struct world *w, const struct evaluation *e);

/* The quantized network of the net file at path, loaded if no network of the
 * same content is in the store yet; *id is its content's checksum. NULL with
 * why (net_read's) if the file is refused or memory ran out. */
const struct net_q *value_net_load(const char *path, uint64_t *id, char *why, size_t size);

/* The built-in network (eval/net.nnue, inside the binary), loaded into the
 * store at the first call; *id is its content's checksum. */
const struct net_q *value_net_built_in(uint64_t *id);

#endif
