/*
 * options.h: the engine's protocol options (docs/protocol.md), declared in
 * one table with their type, default and bounds: "r3p" lists them from it and
 * "setoption" checks values against it. Every value is a whole number; a
 * combo's value is the index of its word, and the real-valued search
 * constants are given in hundredths.
 */
#ifndef R3_OPTIONS_H
#define R3_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "eval/weights.h"
#include "search/driver.h"
#include "search/policy_weights.h"

enum option_id {
    OPTION_PLAYER,
    OPTION_SAMPLES,
    OPTION_ITERATIONS,
    OPTION_HASH,
    OPTION_THREADS,
    OPTION_EXPLORATION,
    OPTION_FIRST_PLAY,
    OPTION_PLAYOUT_TURNS,
    OPTION_PLAYOUT_POLICY,
    OPTION_SEED,
    OPTION_WIDENING,
    OPTION_KOMI,
    OPTION_PARALLEL,
    OPTION_MULTIPV,
    OPTION_PONDER,
    OPTION_TIME_MANAGEMENT,
    OPTION_PRIOR,
    OPTION_LEVEL,
    OPTION_LIMIT_STRENGTH,
    OPTION_ELO,
    OPTION_MAX_THINK,
    OPTION_MIN_THINK,
    OPTION_RAVE,
    OPTION_PLAYOUT_TEMPERATURE,
    OPTION_INFERENCE,
    OPTION_MIXED_CARD,
    OPTION_COUNT
};

#define OPTION_TEXT_MAX 1024 /* EvalFile's and PolicyFile's path */

struct net_q;

struct option_values {
    long value[OPTION_COUNT];
    char eval_file[OPTION_TEXT_MAX];      /* EvalFile: "built-in", or the weights file read */
    struct eval_weights weights;          /* as EvalFile gave them */
    char policy_file[OPTION_TEXT_MAX];    /* PolicyFile: "built-in", or the policy file read */
    struct policy_weights policy_weights; /* the heuristic playout policy's weights, as PolicyFile gave them */
    struct policy_table policy;           /* their table, for the levels */
    struct policy_table policy_tempered;  /* their table at PlayoutTemperature, for full strength */
    char prior_file[OPTION_TEXT_MAX];     /* PriorFile: "built-in" (the policy above), or the policy file read */
    struct policy_table prior;            /* the priors' table, as PriorFile gave it, if prior_read */
    bool prior_read;
    char value_file
        [OPTION_TEXT_MAX]; /* ValueFile: "built-in" (the network inside r3), "none" (the weights above), or the net file read */
    const struct net_q *value_net; /* the file's network, in eval/value.h's store; NULL for built-in and none */
    uint64_t value_id;
};

void options_default(struct option_values *v);

/* The "option name ..." lines of the handshake. */
void options_list(FILE *out);

/* Sets one option from setoption's words; false with what was wrong. */
bool options_set(struct option_values *v, const char *name, const char *value, char *why, size_t size);

/* The player the options describe. */
void options_player(const struct option_values *v, struct player *out);

/* The inference the options ask for (Inference, PriorFile's model) into
 * *out: false when Inference is off. Cheap: the engine asks it for every
 * transition it takes in. */
bool options_inference(const struct option_values *v, struct inference *out);

/* Whether the engine may think while the other side decides (Ponder true). */
static inline bool options_ponder(const struct option_values *v) { return v->value[OPTION_PONDER] != 0; }

#endif
