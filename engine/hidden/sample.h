/*
 * sample.h: draws full worlds consistent with one side's view
 * (docs/architecture.md, docs/knowledge.md). The sampler reads the view only, so it
 * cannot peek at the true world: every hidden fact it writes is drawn.
 *
 * Identities: each draw starts from a fresh one-to-one assignment of the
 * face-down pieces to the blocks they may be (augmenting paths, candidates in
 * random order, so that every consistent assignment can come out), then runs
 * a Markov chain whose steps (move a piece to a free candidate, or swap two
 * pieces) are symmetric, which evens the draw out among the assignments the
 * start can reach by such steps. The draw is close to uniform, not exactly.
 * With odds (soft evidence on identities, from what the enemy's choices
 * suggest: search/infer.h), each step is accepted by the Metropolis rule, so
 * the chain leans to the assignments the odds favour, among the same ones
 * the view allows: the hard facts stay exact. Strengths: uniform within
 * what is known. Cards: the unseen cards shuffled, then dealt to the enemy's
 * face-down card, its hand and the deck.
 */
#ifndef R3_SAMPLE_H
#define R3_SAMPLE_H

#include "engine/hidden/view.h"

/* Soft evidence on each face-down enemy piece beside the view's hard facts:
 * a log-weight for each label (by label - 1) and candidate identity (bit c:
 * block c + knowledge_base(side)). An assignment of identities is drawn in
 * proportion to exp(the sum of its pieces' weights) among those the view
 * allows. All 0 (a zeroed struct): no evidence. */
struct odds {
    float log_weight[MAX_LABELS][32];
    /* While the enemy recruits a block the side has not seen: the same for
     * that block, by candidate bit, among those its pool could give. */
    float recruiting[32];
};

struct sampler {
    struct view view;
    int pieces;                   /* face-down pieces */
    uint8_t label[MAX_LABELS];    /* piece i's label */
    uint32_t cand[MAX_LABELS];    /* piece i's candidates, by bit */
    int8_t match[MAX_LABELS];     /* piece i's identity now, as a bit number */
    int8_t owner[32];             /* the piece holding each identity, or -1 */
    int steps;                    /* chain steps between two draws */
    bool all_single;              /* every piece has one candidate: the chain cannot move */
    bool weighted;                /* sampler_weigh gave odds that are not all 0 */
    float weight[MAX_LABELS][32]; /* piece i's weight of each identity (exp of its log-weight), if weighted */
    bool recruit_weighted;        /* the block being recruited is drawn by recruit_weight */
    float recruit_weight[32];
};

/* Prepares a sampler from a view. Returns false if no assignment fits the
 * view (which a view of a real world never does). */
bool sampler_init(struct sampler *s, const struct view *v, uint64_t *rng);

/* Leans the draws to the odds o (NULL or all 0: none, and the draws are
 * exactly those of a sampler without odds, generator and all). */
void sampler_weigh(struct sampler *s, const struct odds *o);

/* Draws one world consistent with the view into out. */
void sampler_draw(struct sampler *s, uint64_t *rng, struct world *out);

/* One draw from side's view of w: view_of, sampler_init, sampler_draw.
 * False only if w's knowledge is broken (world_check would say so). */
bool sample_world(const struct world *w, int side, uint64_t *rng, struct world *out);

#endif
