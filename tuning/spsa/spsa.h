/*
 * spsa.h: r3 tune spsa, simultaneous perturbation stochastic approximation
 * (Spall) over an engine's spin options and its evaluation and policy
 * weights, by matches under the referee (docs/tuning.md). Each iteration
 * perturbs every parameter by +-c_k at once, plays game pairs between the two
 * engines so set, and moves the parameters by the result, with the gains as
 * fishtest sets them from each parameter's c_end and r_end.
 */
#ifndef R3_SPSA_H
#define R3_SPSA_H

#include <stdbool.h>
#include <stdio.h>

#include "tuning/arena/match.h"

#define SPSA_MAX_PARAMS 16
#define SPSA_PARAMS_FILE "params.tsv"
/* The largest MIN and MAX, either sign: below 2^53, so that a double holds
 * every whole number an option may be sent, and the gains' products stay
 * far from overflow. */
#define SPSA_MAX_MAGNITUDE 1e15
/* The most games one run plays: results.tsv numbers them across the run,
 * and reads back numbers up to this one (tuning/arena/results.c). */
#define SPSA_MAX_GAMES 100000000L

/* What a parameter sets: an engine option, or a weight of the file given to
 * the engine as EvalFile or PolicyFile. */
enum spsa_target { SPSA_OPTION, SPSA_EVAL, SPSA_POLICY };

struct spsa_param {
    char name[64]; /* as given: NAME, eval.WEIGHT or policy.WEIGHT */
    int target;    /* enum spsa_target */
    int weight;    /* the weight's index in its list, for SPSA_EVAL and SPSA_POLICY */
    double start, min, max, c_end, r_end;
};

struct spsa_options {
    /* engine[0]: the engine tuned, with its fixed options; and the games'
     * time control, scenario, seed (iteration k plays pairs from seed +
     * (k - 1) * pairs) and concurrency. Its other fields are set per iteration. */
    struct match_options match;
    struct spsa_param param[SPSA_MAX_PARAMS];
    int params;
    long iterations, pairs; /* pairs of games per iteration */
    const char *out_dir;
    bool resume;
};

/* The gains of iteration k (1..iterations) for p: the perturbation c_k and
 * the step a_k / c_k that one game pair's result (-2..2) is multiplied by. */
double spsa_perturbation(const struct spsa_param *p, long iterations, long k);
double spsa_step(const struct spsa_param *p, long iterations, long k);

/* A value for the engine: an option's whole number, rounded and clamped to
 * [min, max]; a weight only clamped. */
double spsa_value(const struct spsa_param *p, double x);

/* The +1 or -1 of each parameter in iteration k, from the seed alone. */
void spsa_signs(uint64_t seed, long k, int count, int *sign);

/* Checks a parameter's numbers, so that the run's arithmetic stays finite
 * and in range: each finite; MIN below MAX, both within
 * +-SPSA_MAX_MAGNITUDE; START within them; C_END above 0 and at most
 * MAX - MIN; R_END above 0, and R_END * C_END (the last iteration's step per
 * unit of result) at most MAX - MIN. False with why, naming the bound. */
bool spsa_param_check(const struct spsa_param *p, char *why, size_t size);

/* Checks what can be checked before a game is played: each parameter
 * against the engine's own declarations (a spin option, or a weight with
 * bounds that hold MIN..MAX), and the directory (new, or a run with
 * resume); it makes nothing. False with why. */
bool spsa_check(const struct spsa_options *o, char *why, size_t size);

/* Runs (or resumes) the tuning, with progress on 'progress'; 0, or 1 after
 * an error is written to stderr. A resumed run's params.tsv and results.tsv
 * are read back strictly (tuning/spsa/spsa_files.h) before DIR is changed. */
int spsa_run(const struct spsa_options *o, FILE *progress);

#endif
