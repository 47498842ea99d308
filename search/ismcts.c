/*
 * ismcts.c: see ismcts.h.
 *
 * Keys, not decisions, name the edges: where the searching side cannot tell
 * the enemy's decisions apart ("play ?", "recruit ?"), they share one edge,
 * and the enemy's pick among them is drawn uniformly. So the searching
 * side's later nodes never depend on what it could not have seen.
 */
#include "search/ismcts.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "engine/core/random.h"
#include "engine/hidden/observe.h"
#include "engine/rules/rules.h"
#include "eval/eval.h"
#include "search/komi.h"
#include "search/level.h"
#include "search/policy.h"

#define PLAYOUT_BOUND 20000 /* decisions in one playout; a real game is about a tenth of that */

const struct ismcts_options ISMCTS_DEFAULT = {
    .kind = ISMCTS_INFORMATION_SET,
    .exploration = 0.2,
    .first_play = 10.0,
    .robust_choice = true,
    .playout_turns = 2,
    .weights = &EVAL_DEFAULT,
    .playout_policy = POLICY_HEURISTIC, /* stronger than random playouts in matches (docs/search.md) */
    .prior = 0.5,                       /* PUCT: 170-30 against UCB1 at equal time in 1460 (docs/STRENGTH.md) */
    .backup = {TREE_BACKUP_AVERAGE, 32},
    .widening = 0.3, /* of the enemy's nodes; with exploration 0.2 (docs/STRENGTH.md) */
    .komi = 1.0};    /* wins the losing side more games against random and flat MC (docs/STRENGTH.md) */

static bool same_weights(const struct eval_weights *a, const struct eval_weights *b)
{
    return a == b || (a && b && memcmp(a, b, sizeof *a) == 0);
}

static bool same_policy(const struct policy_table *a, const struct policy_table *b)
{
    a = a ? a : policy_table_builtin();
    b = b ? b : policy_table_builtin();
    return a == b || memcmp(a, b, sizeof *a) == 0;
}

/* The table the priors are drawn from. */
static const struct policy_table *prior_table(const struct ismcts_options *o)
{
    return o->prior_policy ? o->prior_policy : policy_table_prior();
}

bool ismcts_options_equal(const struct ismcts_options *a, const struct ismcts_options *b)
{
    return a->kind == b->kind && a->exploration == b->exploration && a->first_play == b->first_play &&
           a->robust_choice == b->robust_choice && a->playout_turns == b->playout_turns &&
           a->leaf_value == b->leaf_value && same_weights(a->weights, b->weights) &&
           a->playout_policy == b->playout_policy && same_policy(a->policy, b->policy) && a->widening == b->widening &&
           a->komi == b->komi && a->prior == b->prior && a->rave == b->rave &&
           same_policy(prior_table(a), prior_table(b)) && a->backup.kind == b->backup.kind &&
           a->backup.visits == b->backup.visits && a->chance_nodes == b->chance_nodes &&
           a->card_model == b->card_model && (a->value != NULL) == (b->value != NULL) &&
           (!a->value || a->value_id == b->value_id);
}

static unsigned modelled_card_weight(const void *table, uint32_t hand, int card)
{
    return policy_play_weight(table, hand, card);
}

/* A fresh sampler of the view of w, with the card model when asked for. */
static bool sampler_of(struct ismcts *s, const struct world *w, uint64_t *rng)
{
    struct view v;
    view_of(w, s->side, &v);
    bool can = sampler_init(&s->sampler, &v, rng);
    if (s->options.card_model) {
        s->sampler.card_weight = modelled_card_weight;
        s->sampler.card_context = policy_table_cards();
    }
    return can;
}

/* The root's komi (search/komi.h); a determinized tree has its one world. */
static void set_komi(struct ismcts *s, uint64_t *rng)
{
    s->komi_logit = 0;
    if (s->options.komi <= 0 || !s->can_sample)
        return;
    struct sampler *sampler = s->options.kind == ISMCTS_DETERMINIZED ? NULL : &s->sampler;
    const struct evaluation e = {s->options.weights, s->options.value};
    s->komi_logit = komi_of_root(s->options.komi, &e, sampler, &s->fixed, rng);
}

bool ismcts_begin(struct ismcts *s, const struct world *w, int side, const struct ismcts_options *o,
                  size_t memory_bytes, uint64_t *rng)
{
    int trees = o->kind == ISMCTS_MULTIPLE_OBSERVER ? 2 : 1;
    s->options = *o;
    if (!s->options.policy)
        s->options.policy = policy_table_builtin(); /* asked once here, never in a playout */
    if (!s->options.prior_policy)
        s->options.prior_policy = policy_table_prior();
    s->tree[1] = (struct ismcts_tree){0};
    for (int i = 0; i < trees; i++)
        if (!tree_begin(&s->tree[i], memory_bytes / trees, 1 - side)) {
            ismcts_end(s);
            return false;
        }
    s->side = side;
    s->lock = NULL;
    s->root = *w;
    s->iterations = s->nodes = s->replies = 0;
    amaf_clear(&s->amaf);
    s->can_sample = sampler_of(s, w, rng);
    if (s->can_sample && o->kind == ISMCTS_DETERMINIZED)
        sampler_draw(&s->sampler, rng, &s->fixed); /* PIMC: this tree's one world */
    set_komi(s, rng);
    return true;
}

bool ismcts_begin_on(struct ismcts *s, const struct world *w, const struct world *truth, int side,
                     const struct ismcts_options *o, size_t memory_bytes, uint64_t *rng)
{
    struct ismcts_options determinized = *o;
    determinized.kind = ISMCTS_DETERMINIZED;
    if (!ismcts_begin(s, w, side, &determinized, memory_bytes, rng))
        return false;
    s->fixed = *truth;
    s->can_sample = true;
    set_komi(s, rng);
    return true;
}

bool ismcts_reroot(struct ismcts *s, const struct world *w, const decision *keys, int count, bool through_enemy,
                   uint64_t *rng)
{
    uint32_t at = 0;
    for (int i = 0; i < count; i++)
        if (!(at = tree_child(&s->tree[0], at, keys[i])) || (s->tree[0].node[at].mover != s->side && !through_enemy))
            return false; /* an enemy's decision: the counts below it are stale (driver.c) */
    if (at && !tree_keep_subtree(&s->tree[0], at))
        return false;
    s->root = *w;
    s->iterations = s->nodes = s->replies = 0;
    amaf_clear(&s->amaf);
    s->can_sample = sampler_of(s, w, rng);
    set_komi(s, rng);
    return true;
}

void ismcts_end(struct ismcts *s)
{
    for (int i = 0; i < 2; i++)
        tree_end(&s->tree[i]);
}

/* ---- one step down the tree ---- */

/* Keys in increasing order: an insertion sort, since a node has a few dozen
 * at most, and qsort's calls through a pointer cost more than the moves. */
static void sort_keys(decision *keys, int n)
{
    for (int i = 1; i < n; i++) {
        decision key = keys[i];
        int j = i;
        for (; j > 0 && keys[j - 1] > key; j--)
            keys[j] = keys[j - 1];
        keys[j] = key;
    }
}

/* A key in a sorted list, or NULL. Where a key is listed twice this halves
 * the range exactly as glibc's bsearch does, so it finds the same copy. */
static const decision *find_key(decision key, const decision *sorted, int n)
{
    int low = 0, high = n;
    while (low < high) {
        int middle = (low + high) / 2;
        if (key < sorted[middle])
            high = middle;
        else if (key > sorted[middle])
            low = middle + 1;
        else
            return &sorted[middle];
    }
    return NULL;
}

/* PUCT's exploration term (options.prior > 0): a key's prior share of
 * the policy's weight, over how often it was tried, times how often it
 * could have been. */
static double prior_term(const struct ismcts *s, double prior, uint32_t available, uint32_t visits)
{
    return s->options.prior * prior * sqrt((double)available) / (1.0 + visits);
}

/* RAVE: value q of the side's own child with this key, tried 'visits'
 * times, mixed with the key's all-moves-as-first mean (q itself counted as
 * one more play of it). */
static double with_amaf(const struct ismcts *s, decision key, uint32_t visits, double q)
{
    double mean;
    if (!amaf_mean(&s->amaf, key, s->side, q, &mean))
        return q;
    double share = sqrt(s->options.rave / (3.0 * visits + s->options.rave));
    return share * mean + (1 - share) * q;
}

/* A child's score: UCB1, or with a prior PUCT; 'prior' is its key's share
 * and 'first_value' what a child never tried is worth under PUCT; 'rave'
 * mixes in its key's AMAF mean (PUCT only). */
static double child_score(const struct ismcts *s, const struct ismcts_node *n, double prior, double first_value,
                          bool rave)
{
    if (s->options.kind == ISMCTS_FLAT) /* uniform allocation: the least tried first */
        return n->visits ? -(double)n->visits : s->options.first_play;
    if (s->options.prior > 0) {
        double q = n->visits ? tree_value(n, &s->options.backup) : first_value;
        return (rave ? with_amaf(s, n->key, n->visits, q) : q) + prior_term(s, prior, n->available, n->visits);
    }
    if (!n->visits)
        return s->options.first_play;
    return tree_value(n, &s->options.backup) + s->options.exploration * sqrt(log((double)n->available) / n->visits);
}

/* One pass over the children at 'parent': counts the availability of those
 * whose keys are legal in this world and returns the best of them by child_score (0
 * if none), its value in *best_value; the legal keys no child has yet go into
 * 'fresh', their number into *nfresh. 'prior' holds each sorted key's prior
 * (NULL without priors), 'first_value' PUCT's value of a child never tried. */
static uint32_t survey(const struct ismcts *s, struct ismcts_tree *t, uint32_t parent, const decision *sorted,
                       int count, const float *prior, double first_value, bool rave, decision *fresh, int *nfresh,
                       double *best_value, int *navailable)
{
    bool taken[MAX_DECISIONS];
    uint32_t best = 0;
    memset(taken, 0, (size_t)count);
    *best_value = -1e300;
    *navailable = 0;
    for (uint32_t c = t->node[parent].child; c; c = t->node[c].sibling) {
        const decision *at = find_key(t->node[c].key, sorted, count);
        if (!at)
            continue;
        t->node[c].available++;
        ++*navailable;
        taken[at - sorted] = true;
        double value = child_score(s, &t->node[c], prior ? prior[at - sorted] : 0, first_value, rave);
        if (value > *best_value)
            *best_value = value, best = c;
    }
    *nfresh = 0;
    for (int i = 0; i < count; i++)
        if (!taken[i] && (i == 0 || sorted[i] != sorted[i - 1]))
            fresh[(*nfresh)++] = sorted[i];
    return best;
}

/* Each sorted key's prior: the heuristic policy's weight of the decisions
 * of w behind it, over the weight of all of w's legal decisions. A key
 * listed twice gets its share at the copy find_key finds. */
static void key_priors(const struct ismcts *s, const struct world *w, const struct ismcts_scratch *st,
                       const decision *sorted, float *prior)
{
    double weight[MAX_DECISIONS] = {0}, total = 0;
    for (int i = 0; i < st->legal.count; i++) {
        unsigned each = policy_weight(s->options.prior_policy, w, st->legal.list[i]);
        weight[find_key(st->key[i], sorted, st->legal.count) - sorted] += each;
        total += each;
    }
    for (int i = 0; i < st->legal.count; i++)
        prior[i] = (float)(weight[i] / total);
}

/* Under PUCT, what a child of 'parent' never tried is worth to 'actor':
 * the parent's own value, as the side deciding there sees it; 1/2 at the
 * root, whose results the komi centres there. */
static double first_value(const struct ismcts *s, const struct ismcts_tree *t, uint32_t parent, int actor)
{
    const struct ismcts_node *p = &t->node[parent];
    if (!parent || !p->visits)
        return 0.5;
    double value = tree_value(p, &s->options.backup);
    double york = p->mover == SIDE_YORK ? value : 1.0 - value; /* a chance node keeps Lancaster's */
    return actor == SIDE_YORK ? york : 1.0 - york;
}

/* Under PUCT, the fresh key with the most prior (the first of equals),
 * with its score in *score as a child never tried; with 'rave', the one
 * of the best score, its AMAF mean in place of 'first'. */
static decision likeliest_fresh(const struct ismcts *s, const struct ismcts_tree *t, uint32_t parent,
                                const decision *sorted, int count, const float *prior, const decision *fresh,
                                int nfresh, double first, bool rave, double *score)
{
    decision key = fresh[0];
    uint32_t available = t->node[parent].visits + 1;
    double best = -1e300, best_prior = 0;
    for (int i = 0; i < nfresh; i++) {
        double p = prior[find_key(fresh[i], sorted, count) - sorted];
        /* Without RAVE every fresh key is worth 'first', so its prior alone ranks it. */
        double rank = rave ? with_amaf(s, fresh[i], 0, first) + prior_term(s, p, available, 0) : p;
        if (rank > best)
            best = rank, best_prior = p, key = fresh[i];
    }
    *score = rave ? best : first + prior_term(s, best_prior, available, 0);
    return key;
}

/* A decision of w with this key: the enemy's card behind "play ?" drawn by
 * the card model (CardModel tree or all), any other uniformly among those
 * that have it. */
static decision decision_with_key(const struct ismcts *s, const struct world *w, const struct ismcts_scratch *st,
                                  decision key, uint64_t *rng)
{
    if (s->options.card_model && decision_kind(key) == DECIDE_PLAY) {
        struct decisions behind = {.count = 0};
        for (int i = 0; i < st->legal.count; i++)
            if (st->key[i] == key)
                behind.list[behind.count++] = st->legal.list[i];
        return policy_choose(policy_table_cards(), w, &behind, rng);
    }
    int matches = 0, pick = 0;
    for (int i = 0; i < st->legal.count; i++)
        if (st->key[i] == key && random_below(rng, ++matches) == 0)
            pick = i;
    return st->legal.list[pick];
}

/* The side whose sight keys tree i's edges: the searching side's, or (MO) the enemy's. */
static int viewer(const struct ismcts *s, int i) { return i ? 1 - s->side : s->side; }

/* Flat Monte Carlo tries every child in turn, so it never widens. */
static bool widens(const struct ismcts *s) { return s->options.widening > 0 && s->options.kind != ISMCTS_FLAT; }

/* Progressive widening: may a node where 'actor' decides, seen 'visits'
 * times, with 'available' children legal in this world, take one more? Only
 * the enemy's nodes are narrowed: narrowing the side's own kept good but
 * unlikely moves out of its plans (docs/STRENGTH.md), where the enemy's
 * replies are better modelled by the few the policy likes. With the exponent
 * at 0, or at the side's own nodes, it always may, and first-play urgency
 * decides. */
static bool may_widen(const struct ismcts *s, int actor, uint32_t visits, int available)
{
    if (!widens(s) || actor == s->side)
        return true;
    return available < (int)ceil(pow((double)visits + 1.0, s->options.widening));
}

/* A fresh key to expand: uniform, or (with widening) drawn by the playout
 * policy's weights of the decisions that have it, so that a node seen
 * seldom plays as the playouts would rather than at random. At the side's
 * own nodes, which are not narrowed, this orders the first tries. */
static decision fresh_key(const struct ismcts *s, const struct world *w, const struct ismcts_scratch *st,
                          const decision *fresh, int nfresh, uint64_t *rng)
{
    if (!widens(s))
        return fresh[random_below(rng, nfresh)];
    unsigned weight[MAX_DECISIONS] = {0};
    for (int i = 0; i < st->legal.count; i++) {
        const decision *at = find_key(st->key[i], fresh, nfresh);
        if (at)
            weight[at - fresh] += policy_weight(s->options.policy, w, st->legal.list[i]);
    }
    return fresh[policy_draw(weight, nfresh, rng)];
}

/* A shared tree's nodes are read and written under its lock; the rules'
 * work between (the legal decisions, their keys, applying them) is done
 * outside it. */
static void lock(const struct ismcts *s)
{
    if (s->lock)
        pthread_spin_lock(s->lock);
}

static void unlock(const struct ismcts *s)
{
    if (s->lock)
        pthread_spin_unlock(s->lock);
}

/* A shared tree's virtual loss: the node taken counts its visit at once,
 * with no reward yet, so its mean falls until the playout's result comes
 * and the other threads spread over other paths meanwhile. */
static void count_virtual_visit(const struct ismcts *s, struct ismcts_tree *t, uint32_t node)
{
    if (s->lock && node)
        t->node[node].visits++;
}

/* Chooses at 'parent' of tree i for the actor of w and returns the decision;
 * *child is the child taken (0 when the tree is full and nothing was added),
 * and *expanded is set if it is new. */
static decision choose(struct ismcts *s, struct ismcts_scratch *st, int i, uint32_t parent, const struct world *w,
                       uint64_t *rng, uint32_t *child, bool *expanded)
{
    decision sorted[MAX_DECISIONS], fresh[MAX_DECISIONS];
    float prior[MAX_DECISIONS];
    struct ismcts_tree *t = &s->tree[i];
    bool puct = s->options.prior > 0 && s->options.kind != ISMCTS_FLAT;
    int actor = rules_actor(w);
    rules_legal(w, &st->legal);
    if (s->options.kind == ISMCTS_DETERMINIZED) /* nothing hidden */
        memcpy(st->key, st->legal.list, (size_t)st->legal.count * sizeof *st->key);
    else
        observe_keys(w, &st->legal, viewer(s, i), st->key);
    memcpy(sorted, st->key, (size_t)st->legal.count * sizeof *sorted);
    sort_keys(sorted, st->legal.count);
    if (puct)
        key_priors(s, w, st, sorted, prior);
    int nfresh, navailable;
    double best_value, first = 0, fresh_score = 0;
    decision key = 0;
    lock(s);
    if (puct)
        first = first_value(s, t, parent, actor);
    bool rave = puct && s->options.rave > 0 && actor == s->side;
    uint32_t best = survey(s, t, parent, sorted, st->legal.count, puct ? prior : NULL, first, rave, fresh, &nfresh,
                           &best_value, &navailable);
    if (nfresh && puct)
        key = likeliest_fresh(s, t, parent, sorted, st->legal.count, prior, fresh, nfresh, first, rave, &fresh_score);
    bool worth_a_try = puct ? fresh_score > best_value : best_value <= s->options.first_play;
    if (nfresh && (!best || (worth_a_try && may_widen(s, actor, t->node[parent].visits, navailable))))
        best = 0; /* a key never tried */
    if (best) {
        key = t->node[best].key;
    } else {
        if (!puct)
            key = fresh_key(s, w, st, fresh, nfresh, rng);
        if (tree_has_room(t)) {
            best = tree_add_child(t, parent, key, actor);
            *expanded = true;
        }
    }
    count_virtual_visit(s, t, best);
    unlock(s);
    *child = best;
    return decision_with_key(s, w, st, key, rng);
}

/* The child of tree i's node 'parent' with this key, added for 'mover' if
 * new (*expanded then set); 0 when the tree is full. */
static uint32_t child_with_key(struct ismcts *s, int i, uint32_t parent, decision key, int mover, bool *expanded)
{
    struct ismcts_tree *t = &s->tree[i];
    lock(s);
    uint32_t c = tree_child(t, parent, key);
    if (!c && tree_has_room(t)) {
        c = tree_add_child(t, parent, key, mover);
        *expanded = true;
    }
    count_virtual_visit(s, t, c);
    unlock(s);
    return c;
}

/* MO: the tree that did not choose follows decision d down the edge its side
 * sees, adding it if new; 0 when the tree is full. */
static uint32_t follow(struct ismcts *s, int i, uint32_t parent, const struct world *w, decision d, bool *expanded)
{
    return child_with_key(s, i, parent, observe_key(w, d, viewer(s, i)), rules_actor(w), expanded);
}

/* ---- playout and back-up ---- */

/* The playout's table of weights at w: the card model's in the cards phase
 * (CardModel all), else the playout policy's. */
static const struct policy_table *playout_table(const struct ismcts *s, const struct world *w)
{
    return s->options.card_model == CARD_MODEL_ALL && w->phase == PHASE_CARDS ? policy_table_cards()
                                                                              : s->options.policy;
}

/* Plays w on by the options' policy (search/policy.h) for the options'
 * turns, counting the decisions in *nodes. */
static void play_on(const struct ismcts *s, struct world *w, uint64_t *rng, long *nodes, struct amaf_notes *notes)
{
    struct decisions legal;
    int turns = 0, last_turn = w->campaign * 16 + w->turn;
    w->flags |= WORLD_NO_KNOWLEDGE; /* below the tree nobody's knowledge is asked */
    for (long n = 0; w->phase != PHASE_OVER && n < PLAYOUT_BOUND; n++) {
        int actor = rules_actor(w);
        if (actor == ACTOR_NONE)
            break;
        if (actor == ACTOR_CHANCE) {
            rules_apply(w, rules_chance(w, random_next(rng)));
        } else {
            rules_legal(w, &legal);
            decision d = policy_decide(s->options.playout_policy, playout_table(s, w), w, &legal, rng);
            if (notes && actor == s->side)
                amaf_note(notes, d);
            rules_apply(w, d);
        }
        ++*nodes;
        int now = w->campaign * 16 + w->turn;
        if (now != last_turn && s->options.playout_turns && ++turns >= s->options.playout_turns)
            break;
        last_turn = now;
    }
}

/* York's result of an iteration from w, where the descent stopped: read
 * there (LeafValue) or after a playout; in [0, 1], the komi taken off unless
 * the game is over: a win stays a win. */
static double playout(const struct ismcts *s, struct world *w, uint64_t *rng, long *nodes, struct amaf_notes *notes)
{
    if (!s->options.leaf_value)
        play_on(s, w, rng, nodes, notes);
    const struct evaluation e = {s->options.weights, s->options.value};
    return komi_result(w, s->komi_logit, &e);
}

static bool go_down(struct ismcts_descent *d, uint32_t child)
{
    if (!child)
        return false; /* the tree is full: play out from here */
    d->at = d->path[d->depth++] = child;
    return true;
}

/* A roll's key (ChanceNodes): how many of its dice counted, and for a
 * charge the target's roll back too, out of the range of a die's face so
 * that a die's own key never matches it. */
#define ROLL_KEY_BIT 0x100
static decision roll_key(const int *counted, int rolls)
{
    return decision_make(DECIDE_ROLL, ROLL_KEY_BIT | (rolls - 1) << 6 | counted[1] << 3 | counted[0]);
}

/* Draws and applies a run of dice on w, the first die 'die' already drawn:
 * the battle's chance points up to the next decision (a charge and the
 * target's roll back are one run). Returns the run's key, the decisions
 * applied counted in *nodes. */
static decision roll_dice(struct world *w, decision die, uint64_t *rng, long *nodes)
{
    int counted[2] = {0, 0}, rolls = 1, step = w->step;
    for (;;) {
        counted[rolls - 1] += rules_die_counts(w, die);
        rules_apply(w, die);
        if (w->phase != PHASE_BATTLE || rules_actor(w) != ACTOR_CHANCE)
            return roll_key(counted, rolls);
        if (w->step != step && rolls < 2)
            rolls++, step = w->step;
        die = rules_chance(w, random_next(rng));
        ++*nodes;
    }
}

/* A chance point in the descent: dice with ChanceNodes go down the node of
 * their outcome in each tree; other chance, or dice without, is drawn and
 * applied with no node. False once a tree is full. */
static bool take_chance(struct ismcts *s, struct ismcts_descent *down, int trees, struct world *w, uint64_t *rng,
                        long *nodes, bool *expanded)
{
    decision d = rules_chance(w, random_next(rng));
    if (!s->options.chance_nodes || decision_kind(d) != DECIDE_ROLL) {
        rules_apply(w, d);
        return true;
    }
    decision key = roll_dice(w, d, rng, nodes);
    bool room = true;
    for (int i = 0; i < trees; i++)
        room = go_down(&down[i], child_with_key(s, i, down[i].at, key, ACTOR_CHANCE, expanded)) && room;
    return room;
}

/* Down the tree(s) from the root to the first new node, a full tree or the
 * game's end, choosing and applying on w; the decisions applied are counted
 * in *nodes. */
static void descend(struct ismcts *s, struct ismcts_scratch *scratch, int trees, struct world *w, uint64_t *rng,
                    long *nodes, bool *replied)
{
    struct ismcts_descent *down = scratch->down;
    down[0].at = down[1].at = 0;
    down[0].depth = down[1].depth = 0;
    bool expanded = false, room = true;
    while (!expanded && room && w->phase != PHASE_OVER && down[0].depth < ISMCTS_MAX_DEPTH &&
           down[1].depth < ISMCTS_MAX_DEPTH) {
        int actor = rules_actor(w);
        if (actor == ACTOR_NONE)
            break;
        ++*nodes;
        if (actor == ACTOR_CHANCE) {
            room = take_chance(s, down, trees, w, rng, nodes, &expanded);
            continue;
        }
        int chooser = trees == 2 && actor != s->side; /* MO: each side chooses in its own tree */
        uint32_t child;
        decision d = choose(s, scratch, chooser, down[chooser].at, w, rng, &child, &expanded);
        if (s->options.rave > 0 && actor == s->side)
            amaf_note(&scratch->notes, d); /* the side's own keys are its decisions */
        if (trees == 2)
            room = go_down(&down[!chooser], follow(s, !chooser, down[!chooser].at, w, d, &expanded));
        rules_apply(w, d);
        *replied |= child && actor != s->side;
        room = go_down(&down[chooser], child) && room;
        if (s->options.kind == ISMCTS_FLAT)
            break; /* no tree below the root's children */
    }
}

long ismcts_iterate_shared(struct ismcts *s, struct sampler *sampler, struct ismcts_scratch *scratch, uint64_t *rng)
{
    int trees = s->options.kind == ISMCTS_MULTIPLE_OBSERVER ? 2 : 1;
    long nodes = 0;
    struct world w;
    if (!s->can_sample)
        return 0;
    if (s->options.kind == ISMCTS_DETERMINIZED)
        world_copy(&w, &s->fixed);
    else
        sampler_draw(sampler, rng, &w);
    bool replied = false;
    struct amaf_notes *notes = s->options.rave > 0 ? &scratch->notes : NULL;
    scratch->notes.count = 0;
    descend(s, scratch, trees, &w, rng, &nodes, &replied);
    double york = playout(s, &w, rng, &nodes, notes);
    lock(s);
    if (notes)
        amaf_count(&s->amaf, notes, (uint32_t)s->iterations + 1, york);
    for (int i = 0; i < trees; i++)
        tree_back_up(&s->tree[i], scratch->down[i].path, scratch->down[i].depth, york, s->lock != NULL,
                     &s->options.backup);
    s->iterations++;
    s->replies += replied;
    s->nodes += nodes;
    unlock(s);
    return nodes;
}

long ismcts_iterate(struct ismcts *s, uint64_t *rng) { return ismcts_iterate_shared(s, &s->sampler, &s->scratch, rng); }

struct root_total {
    decision key;
    double visits, reward;
};

/* The root's children of every tree, summed by key, for the keys legal in the belief. */
static int root_totals(const struct ismcts *trees, int count, struct root_total *out)
{
    struct decisions legal;
    rules_legal(&trees[0].root, &legal);
    for (int i = 0; i < legal.count; i++) /* only decisions legal in the side's own belief */
        out[i] = (struct root_total){legal.list[i], 0, 0};
    for (int t = 0; t < count; t++)
        for (uint32_t c = trees[t].tree[0].node[0].child; c; c = trees[t].tree[0].node[c].sibling)
            for (int i = 0; i < legal.count; i++)
                if (out[i].key == trees[t].tree[0].node[c].key) {
                    out[i].visits += trees[t].tree[0].node[c].visits;
                    out[i].reward += trees[t].tree[0].node[c].reward;
                }
    return legal.count;
}

decision ismcts_best(const struct ismcts *trees, int count, double *value)
{
    struct root_total total[MAX_DECISIONS];
    int n = root_totals(trees, count, total), best = 0;
    for (int i = 1; i < n; i++)
        if (total[i].visits > total[best].visits)
            best = i;
    double most = total[best].visits;
    if (!trees[0].options.robust_choice)
        for (int i = 0; i < n; i++)
            if (total[i].visits * 10 >= most && total[i].visits > 0 &&
                total[i].reward / total[i].visits > total[best].reward / total[best].visits)
                best = i;
    if (value)
        *value = total[best].visits > 0 ? total[best].reward / total[best].visits : 0.5;
    return total[best].key;
}

decision ismcts_pick(const struct ismcts *trees, int count, double temperature, double floor, uint64_t *rng)
{
    struct root_total total[MAX_DECISIONS];
    double value[MAX_DECISIONS];
    long visits[MAX_DECISIONS];
    int n = root_totals(trees, count, total);
    for (int i = 0; i < n; i++) {
        visits[i] = (long)total[i].visits;
        value[i] = total[i].visits > 0 ? total[i].reward / total[i].visits : 0;
    }
    return total[level_draw(value, visits, n, temperature, floor, rng)].key;
}

int ismcts_root_visits(const struct ismcts *trees, int count, decision *legal, long *visits)
{
    struct root_total total[MAX_DECISIONS];
    int n = root_totals(trees, count, total);
    for (int i = 0; i < n; i++) {
        legal[i] = total[i].key;
        visits[i] = (long)total[i].visits;
    }
    return n;
}

/* The untaken total with the most visits (the first of equals), or -1. */
static int most_visited(const struct root_total *total, int n, const bool *taken)
{
    int most = -1;
    for (int i = 0; i < n; i++)
        if (!taken[i] && (most < 0 || total[i].visits > total[most].visits))
            most = i;
    return most;
}

static struct ismcts_line line_of(const struct root_total *t)
{
    return (struct ismcts_line){t->key, (long)t->visits, t->visits > 0 ? t->reward / t->visits : 0.5};
}

int ismcts_root_lines(const struct ismcts *trees, int count, decision first, struct ismcts_line *out, int max)
{
    struct root_total total[MAX_DECISIONS];
    bool taken[MAX_DECISIONS] = {false};
    int n = root_totals(trees, count, total), lines = 0;
    for (int i = 0; i < n && max > 0; i++)
        if (total[i].key == first) { /* the search's choice leads, whatever its visits */
            taken[i] = true;
            out[lines++] = line_of(&total[i]);
            break;
        }
    for (int next; lines < max && (next = most_visited(total, n, taken)) >= 0; lines++) {
        taken[next] = true;
        out[lines] = line_of(&total[next]);
    }
    return lines;
}

/* The most visited root child of one tree, among the decisions legal in the belief. */
static decision tree_choice(const struct ismcts *tree)
{
    struct root_total total[MAX_DECISIONS];
    int n = root_totals(tree, 1, total), best = 0;
    for (int i = 1; i < n; i++)
        if (total[i].visits > total[best].visits)
            best = i;
    return total[best].key;
}

decision ismcts_vote(const struct ismcts *trees, int count)
{
    struct root_total total[MAX_DECISIONS];
    int votes[MAX_DECISIONS] = {0};
    int n = root_totals(trees, count, total), best = 0;
    for (int t = 0; t < count; t++) {
        decision choice = tree_choice(&trees[t]);
        for (int i = 0; i < n; i++)
            votes[i] += total[i].key == choice;
    }
    for (int i = 1; i < n; i++)
        if (votes[i] > votes[best] || (votes[i] == votes[best] && total[i].visits > total[best].visits))
            best = i;
    return total[best].key;
}
