/*
 * ismcts.h: single-observer information-set Monte Carlo tree search
 * (SO-ISMCTS, Cowling, Powley & Whitehouse 2012) with partially observable
 * moves. Each iteration draws a world from the searching side's view (never
 * the true world), descends a tree whose edges are decisions as that side
 * sees them (engine/hidden/observe.h: observe_key), expands one node, plays the
 * world out and backs the result up. Chance (dice, deals) is drawn inside
 * the iteration, so the tree branches only on decisions.
 * Selection is PUCT over the children legal in the drawn world, the playout
 * policy's weights as priors (or UCB1, with first-play urgency), counting
 * each child's availability rather than its parent's visits; progressive
 * widening bounds how many children an enemy's node has by its visits
 * (the rules: search/select.h). A node's value is its mean result. Dynamic
 * komi centres the playouts' evaluations on the root's.
 */
#ifndef R3_ISMCTS_H
#define R3_ISMCTS_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

#include "engine/hidden/sample.h"
#include "engine/rules/rules.h"
#include "eval/weights.h"
#include "search/amaf.h"
#include "search/card_root.h"
#include "search/evaluate.h"
#include "search/policy_weights.h"
#include "search/tree.h"

/* How a tree searches. SO-ISMCTS is the engine; the other two are the
 * baselines it is measured against (docs/STRENGTH.md). */
enum ismcts_kind {
    ISMCTS_INFORMATION_SET, /* a world drawn each iteration, edges keyed as the side sees them */
    ISMCTS_FLAT,            /* flat Monte Carlo: the root's children only, tried in turn, no tree below */
    ISMCTS_DETERMINIZED,    /* perfect-information UCT on one world fixed at the start; edges are decisions */
};

struct ismcts_options {
    int kind;           /* enum ismcts_kind */
    double exploration; /* UCB constant C */
    /* The value of a child never tried (first-play urgency); above ~1.5, every
     * child the widening admits is tried before any is tried again. */
    double first_play;
    int playout_turns;                  /* game turns a playout runs before the evaluation decides; 0: to the end */
    const struct eval_weights *weights; /* the evaluation's; they must outlive the search */
    int playout_policy;                 /* how a playout decides: enum playout_policy (search/policy.h) */
    const struct policy_table *policy;  /* the heuristic policy's weights, also widening's; NULL: the built-in ones;
                                         * they must outlive the search (search/policy_weights.h) */
    /* Progressive widening: an enemy's node seen n times has at most
     * (n+1)^widening children; 0: off. */
    double widening;
    /* Dynamic komi, 0..1: the share of the root's mean evaluation (as a
     * logit) taken off every playout's, so that in a lopsided position the
     * outcomes still spread around 1/2; 0: off. */
    double komi;
    /* PUCT's constant: with it above 0, a child's score is its value plus
     * prior * its key's share of the policy's weight * sqrt(available) /
     * (1 + visits), and a key never tried is worth its parent's value plus
     * that term, in place of UCB1 and first_play; 0: off. */
    double prior;
    /* The priors' weights (PriorFile), NULL for the built-in ones
     * (search/policy_weights.h: policy_table_prior); they must outlive the
     * search. */
    const struct policy_table *prior_policy;
    /* The learned value network read where a playout stops
     * (search/evaluate.h), NULL for the weights above; value_id tells two
     * networks apart. */
    const struct net_q *value;
    uint64_t value_id;
    /* RAVE: at the side's own nodes a child's value is mixed with its key's
     * all-moves-as-first mean (search/amaf.h), the mean's share
     * sqrt(rave / (3 visits + rave)), so that it leads while the child is
     * seldom tried and fades as its own results come; 0: off. */
    double rave;
    /* The side's odds of the enemy's face-down blocks (search/infer.h), which
     * the worlds drawn lean to; NULL or all 0: the hard facts alone. They
     * must outlive the search; like the world, they are the belief's, not
     * how the tree searches, so ismcts_options_equal does not compare them. */
    const struct odds *odds;
    /* MixedCard: at the side's card play, both cards by regret matching and
     * the side's card drawn from its average strategy (search/card_root.h). */
    bool mixed_card;
    /* Measurement only (r3 quality-card): at the side's card play, the
     * enemy's card in every world drawn comes from these odds
     * (search/card_root.h); NULL in every game played. A search with a
     * peek is never reused, nor reuses a tree. */
    const struct card_peek *peek;
};

extern const struct ismcts_options ISMCTS_DEFAULT;

/* Whether two sets of options search alike: every field, the evaluation's
 * weights and the policy's table by their values (NULL policy: the built-in
 * one), so that weights read anew into the same place count as new. */
bool ismcts_options_equal(const struct ismcts_options *a, const struct ismcts_options *b);

#define ISMCTS_MAX_DEPTH 1024 /* decisions in one descent; the tree is far shallower in practice */

/* What one thread's iteration works in, kept out of the stack frames of the
 * walk: the legal decisions at a node with their keys, and the path down. A search has one for its own thread; each other thread that shares
 * its tree brings its own (ismcts_iterate_shared). */
struct ismcts_scratch {
    struct decisions legal;
    decision key[MAX_DECISIONS];
    struct ismcts_descent {
        uint32_t at, path[ISMCTS_MAX_DEPTH];
        int depth;
    } down;
    struct amaf_notes notes; /* the side's decisions in this iteration, for RAVE */
    struct card_pick pick;   /* the cards of this iteration, at a card root */
};

struct ismcts {
    struct ismcts_options options;
    struct ismcts_tree tree;
    struct sampler sampler;
    struct ismcts_scratch scratch; /* this search's own thread's */
    struct amaf amaf;              /* RAVE's means, this search's */
    struct card_root card;         /* the root's card play (search/card_root.h) */
    bool can_sample;
    int side;
    struct world root;  /* the side's belief: only its view is read */
    struct world fixed; /* ISMCTS_DETERMINIZED: the one world every iteration starts from */
    long iterations;
    long nodes;               /* decisions applied in all iterations, tree and playouts: the states visited */
    long replies;             /* iterations whose descent took an enemy's decision in the tree */
    struct evaluation eval;   /* the playouts' (search/evaluate.h), with options.komi of the root's logit */
    pthread_spinlock_t *lock; /* tree parallelism: taken for the nodes by every thread sharing this search; NULL
                               * when one thread searches it */
};

/* Prepares a search for 'side', to decide in w (its own belief), with at most
 * 'memory_bytes' of tree. False if no memory could be had. */
bool ismcts_begin(struct ismcts *s, const struct world *w, int side, const struct ismcts_options *o,
                  size_t memory_bytes, uint64_t *rng);

/* As ismcts_begin, for an ISMCTS_DETERMINIZED tree on 'truth' rather than on
 * a world drawn from the belief: the `cheat` baseline, which reads the
 * referee's world. Never used by a player that must not peek. */
bool ismcts_begin_on(struct ismcts *s, const struct world *w, const struct world *truth, int side,
                     const struct ismcts_options *o, size_t memory_bytes, uint64_t *rng);

/* Tree reuse: moves the root of a finished search down the edges 'keys'
 * (the decisions since, as the side saw them), keeping that subtree and
 * dropping the rest, for a new search from w, the side's belief now. False,
 * with the tree as it was, if the tree has no such path, or if an edge on it
 * is the enemy's and 'through_enemy' is false: counts gathered over the
 * enemy's replies in sampled worlds say little once the real reply is known,
 * and would outweigh the new ones. A tree grown while the enemy decided
 * (pondering) is followed through the enemy's decision all the same: that
 * decision was its root's. */
bool ismcts_reroot(struct ismcts *s, const struct world *w, const decision *keys, int count, bool through_enemy,
                   uint64_t *rng);

/* One iteration: draw, descend, expand, play out, back up. Returns the
 * decisions it applied (its nodes). */
long ismcts_iterate(struct ismcts *s, uint64_t *rng);

/* The same, by one of several threads sharing s (tree parallelism, s->lock
 * set), drawing its worlds with its own copy of s->sampler and working in its
 * own scratch. The descent and
 * the back-up hold the lock and the playout runs outside it; the nodes on the
 * way down count their visit at once (a virtual loss), so that the other
 * threads spread over other paths until the result comes. */
long ismcts_iterate_shared(struct ismcts *s, struct sampler *sampler, struct ismcts_scratch *scratch, uint64_t *rng);

/* The decision to make now over the root's children of 'count' trees of
 * one position (searched apart, on threads), their visits and results summed
 * by decision: the most visited; for flat Monte Carlo, whose visits are even
 * by design, the best mean among those with a tenth of the most visits.
 * With the chosen decision's mean result (a win estimate) if 'value' is not
 * NULL. */
decision ismcts_best(const struct ismcts *trees, int count, double *value);

/* A level's choice (search/level.h): the root's decision drawn by the
 * softmax of its value at temperature among the decent ones, none worse
 * than the best by more than floor. */
decision ismcts_pick(const struct ismcts *trees, int count, double temperature, double floor, uint64_t *rng);

/* The root's visits of 'count' trees of one position, summed by decision,
 * for each decision legal in the belief (in rules_legal's order, 0 for one
 * never tried) into legal[] and visits[]; returns their number. */
int ismcts_root_visits(const struct ismcts *trees, int count, decision *legal, long *visits);

/* One of the root's decisions, with its visits and mean result summed over
 * the trees of one position. */
struct ismcts_line {
    decision key;
    long visits;
    double value; /* the mean result for the side, 0 to 1 (0.5 if never tried) */
};

/* The root's decisions legal in the belief, summed over 'count' trees: the
 * decision 'first' (the search's choice), then the others by visits, most
 * first, at most 'max' of them into out[]; returns their number. */
int ismcts_root_lines(const struct ismcts *trees, int count, decision first, struct ismcts_line *out, int max);

/* MixedCard's strategy at a card play, summed over 'count' trees of one
 * position, into *out; false (out untouched) where the root is no card
 * play of the side or the option is off. */
bool ismcts_card_strategy(const struct ismcts *trees, int count, struct card_strategy *out);

/* Determinized UCT's final choice (PIMC): each tree votes for its own most
 * visited decision; the most votes win, ties going to the most visits. */
decision ismcts_vote(const struct ismcts *trees, int count);

/* Frees the tree. */
void ismcts_end(struct ismcts *s);

#endif
