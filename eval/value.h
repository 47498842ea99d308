/*
 * value.h: the learned value's networks (eval/net.h) a search may read: the
 * one built into r3 and those loaded from net files. Which of them, or the
 * 17 weights, a search reads is search/evaluate.h's to decide. Networks are
 * loaded once per file content into a store that lives as long as the
 * process, so an engine's options can hold a plain pointer to one and be
 * copied freely; a network's id (its file's checksum) tells two apart.
 */
#ifndef R3_VALUE_H
#define R3_VALUE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "eval/net.h"

/* The quantized network of the net file at path, loaded if no network of the
 * same content is in the store yet; *id is its content's checksum. NULL with
 * why (net_read's) if the file is refused or memory ran out. */
const struct net_q *value_net_load(const char *path, uint64_t *id, char *why, size_t size);

/* The built-in network (eval/net.nnue, inside the binary), loaded into the
 * store at the first call; *id is its content's checksum. */
const struct net_q *value_net_built_in(uint64_t *id);

#endif
