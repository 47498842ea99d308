/* options.c: see options.h. */
#include "protocol/ai/options.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "engine/core/fail.h"
#include "engine/io/number.h"
#include "eval/value.h"
#include "protocol/ai/say.h"
#include "search/evaluate.h"
#include "search/level.h"
#include "search/policy.h"
#include "search/policy_weights.h"

#define MAX_WORDS 6

struct option {
    const char *name;
    long low, high, fallback;    /* a combo's low/high are its word indexes */
    const char *word[MAX_WORDS]; /* a combo's words; NULL for a spin */
};

static const struct option OPTION[OPTION_COUNT] = {
    [OPTION_PLAYER] = {"Player", 0, 5, PLAYER_ISMCTS, {"random", "greedy", "ismcts", "flatmc", "pimc", "cheat"}},
    [OPTION_SAMPLES] = {"Samples", 1, 1000000, 8, {NULL}},
    [OPTION_ITERATIONS] = {"Iterations", 1, 1000000000, 10000, {NULL}},
    [OPTION_HASH] = {"Hash", 1, 65536, 64, {NULL}},
    [OPTION_THREADS] = {"Threads", 1, DRIVER_MAX_THREADS, 1, {NULL}},
    [OPTION_EXPLORATION] = {"Exploration", 0, 1000, 20, {NULL}},
    [OPTION_FIRST_PLAY] = {"FirstPlayUrgency", 0, 1000, 1000, {NULL}},
    [OPTION_PLAYOUT_TURNS] = {"PlayoutTurns", 0, 21, 2, {NULL}},
    [OPTION_PLAYOUT_POLICY] =
        {"PlayoutPolicy", POLICY_RANDOM, POLICY_HEURISTIC, POLICY_HEURISTIC, {"random", "heuristic"}},
    [OPTION_SEED] = {"Seed", 0, 2147483647, 1, {NULL}},
    [OPTION_WIDENING] = {"Widening", 0, 100, 30, {NULL}},
    [OPTION_KOMI] = {"Komi", 0, 100, 100, {NULL}},
    [OPTION_PARALLEL] = {"Parallel", PARALLEL_ROOT, PARALLEL_TREE, PARALLEL_ROOT, {"root", "tree"}},
    [OPTION_MULTIPV] = {"MultiPV", 1, DRIVER_MAX_MULTIPV, 1, {NULL}},
    [OPTION_PONDER] = {"Ponder", 0, 1, 0, {"false", "true"}},
    [OPTION_TIME_MANAGEMENT] = {"TimeManagement", 0, 1, 0, {"false", "true"}},
    [OPTION_PRIOR] = {"Prior", 0, 1000, 50, {NULL}},
    [OPTION_LEVEL] = {"Level", 1, LEVEL_MOST, LEVEL_MOST, {NULL}},
    [OPTION_LIMIT_STRENGTH] = {"UCI_LimitStrength", 0, 1, 0, {"false", "true"}},
    [OPTION_ELO] = {"UCI_Elo", LEVEL_ELO_LEAST, LEVEL_ELO_MOST, LEVEL_ELO_MOST, {NULL}},
    [OPTION_MAX_THINK] = {"MaxThinkTime", 0, THINK_MOST_MS, 0, {NULL}},
    [OPTION_MIN_THINK] = {"MinThinkTime", 0, THINK_LEAST_MS, 0, {NULL}},
    [OPTION_RAVE] = {"Rave", 0, 100000, 0, {NULL}},
    [OPTION_PLAYOUT_TEMPERATURE] = {"PlayoutTemperature", 10, 1000, 50, {NULL}},
    [OPTION_INFERENCE] = {"Inference", 0, 1, 0, {"off", "on"}},
    [OPTION_MIXED_CARD] = {"MixedCard", 0, 1, 0, {"false", "true"}},
};

/* A combo of the words false and true is a check box to a GUI (UCI's type check). */
static bool is_check(const struct option *o) { return o->word[0] && strcmp(o->word[0], "false") == 0; }

/* EvalFile and PolicyFile, the options that are text, not numbers: a file
 * of weights read at once (docs/eval.md, docs/tuning.md). "built-in" is the
 * compiled-in weights, eval/weights.txt and search/policy-hand.txt. */
#define FILE_BUILT_IN "built-in"

/* Takes the weights of the file at path (NULL: the built-in ones) into v;
 * on any fault v stays as it was. */
static bool load_eval(struct option_values *v, const char *path, char *why, size_t size)
{
    struct eval_weights read = EVAL_DEFAULT;
    if (path && !eval_weights_load(path, &read, why, size))
        return false;
    v->weights = read;
    return true;
}

/* A policy file's weights (NULL: the built-in ones); on any fault *out
 * stays as it was. */
static bool read_policy_weights(const char *path, struct policy_weights *out, char *why, size_t size)
{
    struct policy_weights read = POLICY_DEFAULT;
    if (path && !policy_weights_load(path, &read, why, size))
        return false;
    *out = read;
    return true;
}

/* A policy file's weights made into a table; on any fault the table stays. */
static bool read_policy(const char *path, struct policy_table *table, char *why, size_t size)
{
    struct policy_weights read;
    if (!read_policy_weights(path, &read, why, size))
        return false;
    policy_table_of(&read, table);
    return true;
}

/* The playouts' table at PlayoutTemperature, made whenever the weights or
 * the temperature change, never in a search. */
static void temper_policy(struct option_values *v)
{
    policy_table_tempered(&v->policy_weights, v->value[OPTION_PLAYOUT_TEMPERATURE] / 100.0, &v->policy_tempered);
}

static bool load_policy(struct option_values *v, const char *path, char *why, size_t size)
{
    if (!read_policy_weights(path, &v->policy_weights, why, size))
        return false;
    policy_table_of(&v->policy_weights, &v->policy);
    temper_policy(v);
    return true;
}

/* PriorFile: a policy's weights for the tree's priors alone, so that a
 * policy fitted to the search's visits can lead the tree without playing
 * the playouts. */
static bool load_prior(struct option_values *v, const char *path, char *why, size_t size)
{
    if (!read_policy(path, &v->prior, why, size))
        return false;
    v->prior_read = path != NULL;
    return true;
}

/* ValueFile: a network read where playouts stop. "built-in" (NULL here) is
 * the network inside the binary, resolved when a player is made, so that a
 * process that never searches never loads it; "none" is the weights alone. */
#define VALUE_NONE "none"

static bool load_value(struct option_values *v, const char *path, char *why, size_t size)
{
    uint64_t id = 0;
    bool a_file = path && strcmp(path, VALUE_NONE) != 0;
    const struct net_q *net = a_file ? value_net_load(path, &id, why, size) : NULL;
    if (a_file && !net)
        return false;
    v->value_net = net, v->value_id = id;
    return true;
}

static const struct file_option {
    const char *name;
    size_t path; /* offset of its char[OPTION_TEXT_MAX] in struct option_values */
    bool (*load)(struct option_values *v, const char *path, char *why, size_t size);
} FILE_OPTION[] = {
    {"EvalFile", offsetof(struct option_values, eval_file), load_eval},
    {"PolicyFile", offsetof(struct option_values, policy_file), load_policy},
    {"ValueFile", offsetof(struct option_values, value_file), load_value},
    {"PriorFile", offsetof(struct option_values, prior_file), load_prior},
};
#define FILE_OPTIONS (int)(sizeof FILE_OPTION / sizeof FILE_OPTION[0])

static char *path_of(struct option_values *v, const struct file_option *f) { return (char *)v + f->path; }

/* Reads the option's file; on any fault the weights in use stay as they were. */
static bool set_file(struct option_values *v, const struct file_option *f, const char *path, char *why, size_t size)
{
    if (strlen(path) >= OPTION_TEXT_MAX)
        return fail(why, size, "%s: a path of over %d bytes", f->name, OPTION_TEXT_MAX - 1);
    if (!f->load(v, strcmp(path, FILE_BUILT_IN) == 0 ? NULL : path, why, size))
        return false;
    snprintf(path_of(v, f), OPTION_TEXT_MAX, "%s", path);
    return true;
}

void options_default(struct option_values *v)
{
    for (int i = 0; i < OPTION_COUNT; i++)
        v->value[i] = OPTION[i].fallback;
    for (int f = 0; f < FILE_OPTIONS; f++)
        set_file(v, &FILE_OPTION[f], FILE_BUILT_IN, NULL, 0);
}

void options_list(FILE *out)
{
    for (int i = 0; i < OPTION_COUNT; i++) {
        const struct option *o = &OPTION[i];
        if (!o->word[0]) {
            say(out, "option name %s type spin default %ld min %ld max %ld", o->name, o->fallback, o->low, o->high);
            continue;
        }
        if (is_check(o)) {
            say(out, "option name %s type check default %s", o->name, o->word[o->fallback]);
            continue;
        }
        char vars[200] = "";
        size_t n = 0;
        for (long w = o->low; w <= o->high; w++)
            n += (size_t)snprintf(vars + n, sizeof vars - n, " var %s", o->word[w]);
        say(out, "option name %s type combo default %s%s", o->name, o->word[o->fallback], vars);
    }
    for (int f = 0; f < FILE_OPTIONS; f++)
        say(out, "option name %s type string default %s", FILE_OPTION[f].name, FILE_BUILT_IN);
}

static bool set_combo(const struct option *o, long *slot, const char *value, char *why, size_t size)
{
    char words[200] = "";
    size_t n = 0;
    for (long w = o->low; w <= o->high; w++) {
        if (strcmp(value, o->word[w]) == 0)
            return *slot = w, true;
        n += (size_t)snprintf(words + n, sizeof words - n, "%s%s",
                              w == o->low    ? ""
                              : w == o->high ? " or "
                                             : ", ",
                              o->word[w]);
    }
    return fail(why, size, "no %s '%s'; it takes %s", o->name, value, words);
}

bool options_set(struct option_values *v, const char *name, const char *value, char *why, size_t size)
{
    for (int f = 0; f < FILE_OPTIONS; f++)
        if (strcmp(name, FILE_OPTION[f].name) == 0)
            return set_file(v, &FILE_OPTION[f], value, why, size);
    for (int i = 0; i < OPTION_COUNT; i++) {
        const struct option *o = &OPTION[i];
        if (strcmp(name, o->name) != 0)
            continue;
        if (o->word[0])
            return set_combo(o, &v->value[i], value, why, size);
        long long n;
        if (!number_whole(value, o->low, o->high, &n))
            return fail(why, size, "%s needs a whole number %ld..%ld, not '%s'", name, o->low, o->high, value);
        v->value[i] = (long)n;
        if (i == OPTION_PLAYOUT_TEMPERATURE)
            temper_policy(v);
        return true;
    }
    int n = snprintf(why, size, "no option '%s'; the options are", name);
    for (int i = 0; i < OPTION_COUNT && n > 0 && (size_t)n < size; i++)
        n += snprintf(why + n, size - (size_t)n, " %s", OPTION[i].name);
    for (int f = 0; f < FILE_OPTIONS && n > 0 && (size_t)n < size; f++)
        n += snprintf(why + n, size - (size_t)n, " %s", FILE_OPTION[f].name);
    return false;
}

static bool is_built_in(const char *file) { return strcmp(file, FILE_BUILT_IN) == 0; }

/* ValueFile's network: the file's, none, or for built-in the one
 * search/evaluate.h chooses for these weights at this strength. */
static const struct net_q *value_of(const struct option_values *v, bool limited, uint64_t *id)
{
    *id = v->value_id;
    if (!is_built_in(v->value_file))
        return v->value_net;
    return evaluate_built_in_network(is_built_in(v->eval_file), limited, id);
}

bool options_inference(const struct option_values *v, struct inference *out)
{
    *out = INFERENCE_DEFAULT;
    out->model = v->prior_read ? &v->prior : NULL;
    return v->value[OPTION_INFERENCE] != 0;
}

void options_player(const struct option_values *v, struct player *out)
{
    const long *x = v->value;
    /* UCI_LimitStrength picks the level by its Elo, as a UCI engine does. */
    const struct level_choice level = {(int)x[OPTION_LEVEL], x[OPTION_LIMIT_STRENGTH] != 0, (int)x[OPTION_ELO]};
    uint64_t value_id;
    const struct net_q *value = value_of(v, level_limited(&level), &value_id);
    *out = (struct player){
        .kind = (int)x[OPTION_PLAYER],
        .samples = x[OPTION_SAMPLES],
        .iterations = x[OPTION_ITERATIONS],
        .memory_mb = x[OPTION_HASH],
        .threads = (int)x[OPTION_THREADS],
        .parallel = (int)x[OPTION_PARALLEL],
        .multipv = (int)x[OPTION_MULTIPV],
        .time_manage = x[OPTION_TIME_MANAGEMENT] != 0,
        .think_most_ms = x[OPTION_MAX_THINK],
        .think_least_ms = x[OPTION_MIN_THINK],
        .ismcts = {.kind = ISMCTS_INFORMATION_SET,
                   .exploration = x[OPTION_EXPLORATION] / 100.0,
                   .first_play = x[OPTION_FIRST_PLAY] / 100.0,
                   .playout_turns = (int)x[OPTION_PLAYOUT_TURNS],
                   .weights = &v->weights,
                   .playout_policy = (int)x[OPTION_PLAYOUT_POLICY],
                   .policy = &v->policy_tempered,
                   .widening = x[OPTION_WIDENING] / 100.0,
                   .komi = x[OPTION_KOMI] / 100.0,
                   .prior = x[OPTION_PRIOR] / 100.0,
                   .prior_policy = v->prior_read ? &v->prior : NULL,
                   .value = value,
                   .value_id = value_id,
                   .rave = (double)x[OPTION_RAVE],
                   .mixed_card = x[OPTION_MIXED_CARD] != 0},
    };
    out->infer = options_inference(v, &out->inference);
    level_player(&level, &v->policy, out);
}
