/*
 * belief_quality.c: see belief_quality.h. Each side keeps two beliefs of
 * the same observations: one takes them in by the hard facts alone, the
 * other with the inference. The search decides from the first, so the games
 * do not depend on the inference being measured.
 */
#include "tuning/quality/belief_quality.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "engine/core/clock.h"
#include "engine/core/fail.h"
#include "engine/core/knowledge.h"
#include "engine/core/random.h"
#include "engine/core/scenario.h"
#include "engine/core/tables.h"
#include "engine/hidden/marginals.h"
#include "engine/rules/game.h"
#include "search/ismcts.h"
#include "tuning/report/progress.h"

#define TREE_BYTES ((size_t)16 << 20)

static const char *const TURNS_NAME[BELIEF_QUALITY_PHASES] = {"turns 1-2", "turns 3-5", "turns 6-7"};

struct game {
    const struct belief_quality_options *o;
    struct belief_quality *q;
    struct belief plain[SIDE_COUNT], inferred[SIDE_COUNT];
    uint64_t search_rng, chance_rng;
    struct ismcts tree;
    char *error;
    size_t error_size;
    bool failed;
};

/* ---- the players ---- */

static bool search_decides(void *context, const struct world *w, decision *d)
{
    struct game *g = context;
    struct decisions legal;
    int side = rules_actor(w);
    rules_legal(w, &legal);
    if (legal.count == 1) {
        *d = legal.list[0];
        return true;
    }
    if (!ismcts_begin(&g->tree, &g->plain[side].w, side, &ISMCTS_DEFAULT, TREE_BYTES, &g->search_rng)) {
        g->failed = !fail(g->error, g->error_size, "no memory for a search tree");
        return false;
    }
    for (long i = 0; i < g->o->iterations; i++)
        ismcts_iterate(&g->tree, &g->search_rng);
    *d = ismcts_best(&g->tree, 1, NULL);
    ismcts_end(&g->tree);
    return true;
}

static bool chance_decides(void *context, const struct world *w, decision *d)
{
    struct game *g = context;
    return game_uniform(&g->chance_rng, w, d);
}

/* ---- reading a position ---- */

/* The bits of a chance p of what was true, kept off 0 by the marginals' own
 * resolution: half a draw. */
static double bits(double p, int draws) { return -log2(fmax(p, 0.5 / draws)); }

static int phase_of(const struct world *w) { return w->turn <= 2 ? 0 : w->turn <= 5 ? 1 : 2; }

static void read_pieces(const struct world *truth, const struct view *v, const struct marginals *uniform,
                        const struct marginals *inferred, int draws, struct belief_quality_cell *cell)
{
    for (int i = 0; i < uniform->pieces; i++) {
        uint32_t cand = v->piece[uniform->piece[i].label - 1].cand;
        int truly = knowledge_block_with_label(truth, v->side, uniform->piece[i].label);
        if (!(cand & (cand - 1)) || truly < 0)
            continue; /* a piece the side can name: nothing to infer */
        double u = bits(uniform->piece[i].block[truly], draws), f = bits(inferred->piece[i].block[truly], draws);
        cell->pieces++;
        cell->uniform += u;
        cell->inferred += f;
        cell->difference_squares += (u - f) * (u - f);
    }
}

static void read_hand(const struct world *truth, const struct view *v, const struct marginals *uniform,
                      const struct marginals *inferred, int draws, struct belief_quality_cell *cell)
{
    uint32_t held = truth->hand[1 - v->side];
    for (int c = 1; c <= CARD_COUNT; c++) {
        if (!(v->unseen_cards >> c & 1) || v->enemy_hand == 0)
            continue;
        bool in = held >> c & 1;
        cell->cards++;
        cell->hand_uniform += bits(in ? uniform->hand[c] : 1 - uniform->hand[c], draws);
        cell->hand_inferred += bits(in ? inferred->hand[c] : 1 - inferred->hand[c], draws);
    }
}

static void read_position(struct game *g, const struct world *truth)
{
    for (int side = 0; side < SIDE_COUNT; side++) {
        struct view v;
        struct marginals uniform, inferred;
        view_of(truth, side, &v);
        double start = clock_seconds();
        bool ok = marginals_of(&v, NULL, g->o->draws, &uniform);
        double middle = clock_seconds();
        ok = ok && marginals_of(&v, &g->inferred[side].odds, g->o->draws, &inferred);
        g->q->uniform_draw_seconds += middle - start;
        g->q->inferred_draw_seconds += clock_seconds() - middle;
        g->q->draws += g->o->draws;
        if (!ok)
            continue;
        struct belief_quality_cell *cell = &g->q->cell[truth->scenario][phase_of(truth)];
        read_pieces(truth, &v, &uniform, &inferred, g->o->draws, cell);
        read_hand(truth, &v, &uniform, &inferred, g->o->draws, cell);
    }
}

/* ---- taking in each transition ---- */

static bool take_in(struct game *g, struct belief *b, const struct observations *seen, bool infer, long played)
{
    char why[300];
    double start = clock_seconds();
    bool ok =
        infer ? infer_observe(b, seen, &g->o->inference, why, sizeof why) : belief_observe(b, seen, why, sizeof why);
    double spent = clock_seconds() - start;
    if (infer)
        g->q->infer_seconds += spent;
    else
        g->q->belief_seconds += spent;
    if (!ok)
        g->failed = !fail(g->error, g->error_size, "transition %ld: %s's belief cannot take in what it saw: %s", played,
                          SIDE_WORD[b->side], why);
    return ok;
}

static bool after(void *context, const struct world *before, decision d, const struct world *now, long played)
{
    struct game *g = context;
    struct observations seen;
    int actor = rules_actor(before);
    for (int s = 0; s < SIDE_COUNT; s++) {
        observe(before, d, now, s, &seen);
        if (!take_in(g, &g->plain[s], &seen, false, played) || !take_in(g, &g->inferred[s], &seen, true, played))
            return false;
        g->q->enemy_decisions += actor == 1 - s;
    }
    g->q->transitions++;
    if (played % g->o->every == 0 && now->phase != PHASE_OVER)
        read_position(g, now);
    return true;
}

static uint64_t mix(uint64_t seed, int scenario, int game)
{
    uint64_t x = seed ^ ((uint64_t)scenario << 40) ^ ((uint64_t)game * 0x9e3779b97f4a7c15ull);
    return random_next(&x);
}

static bool play_game(struct game *g, int scenario, int number)
{
    struct world w;
    uint64_t seed = mix(g->o->seed, scenario, number);
    scenario_setup(&w, scenario);
    for (int s = 0; s < SIDE_COUNT; s++) {
        belief_start(&g->plain[s], scenario, s, seed + 1 + (uint64_t)s);
        belief_start(&g->inferred[s], scenario, s, seed + 1 + (uint64_t)s);
    }
    g->search_rng = seed ^ 0x5bd1e995u;
    g->chance_rng = seed;
    const struct game_player players[GAME_ACTORS] = {{search_decides, g}, {search_decides, g}, {chance_decides, g}};
    const struct game_hooks hooks = {.after = after, .context = g};
    struct game_outcome outcome = game_play(&w, players, &hooks);
    g->q->games++;
    return !g->failed && outcome.status != GAME_DEAD_END;
}

bool belief_quality_run(const struct belief_quality_options *o, struct belief_quality *out, bool progress, char *error,
                        size_t error_size)
{
    struct game *g = calloc(1, sizeof *g);
    if (!g)
        return fail(error, error_size, "no memory for a game");
    memset(out, 0, sizeof *out);
    *g = (struct game){.o = o, .q = out, .error = error, .error_size = error_size};
    int first = o->scenario < 0 ? 0 : o->scenario, last = o->scenario < 0 ? SCENARIO_COUNT - 1 : o->scenario;
    int total = (last - first + 1) * o->games, done = 0;
    double start = clock_seconds();
    bool ok = true;
    for (int s = first; ok && s <= last; s++)
        for (int n = 0; ok && n < o->games; n++) {
            ok = play_game(g, s, n);
            if (ok && !g->failed && progress) {
                double spent = clock_seconds() - start;
                fprintf(stderr, "quality-belief: %d of %d games", ++done, total);
                progress_print_time_left(stderr, spent / done * (total - done));
                fputc('\n', stderr);
            }
        }
    if (ok && g->failed)
        ok = false;
    else if (!ok && !g->failed)
        ok = fail(error, error_size, "a game reached a point where nobody could decide (a fault in the rules)");
    free(g);
    return ok;
}

/* ---- the report ---- */

static void add_cell(struct belief_quality_cell *to, const struct belief_quality_cell *c)
{
    to->pieces += c->pieces;
    to->uniform += c->uniform;
    to->inferred += c->inferred;
    to->difference_squares += c->difference_squares;
    to->cards += c->cards;
    to->hand_uniform += c->hand_uniform;
    to->hand_inferred += c->hand_inferred;
}

static void print_row(FILE *out, const char *scenario, const char *phase, const struct belief_quality_cell *c)
{
    if (c->pieces == 0) {
        fprintf(out, "%-6s %-10s %7d %8s %8s %7s %7s\n", scenario, phase, 0, "-", "-", "-", "-");
        return;
    }
    double n = (double)c->pieces, u = c->uniform / n, f = c->inferred / n;
    double mean = u - f, variance = c->difference_squares / n - mean * mean;
    double se = n > 1 ? sqrt(fmax(variance, 0) / (n - 1)) : 0;
    double cards = c->cards ? (double)c->cards : 1;
    fprintf(out, "%-6s %-10s %7ld %8.3f %8.3f %6.1f%% %7.3f %8.3f %8.3f\n", scenario, phase, c->pieces, u, f,
            u > 0 ? 100 * mean / u : 0, se, c->hand_uniform / cards, c->hand_inferred / cards);
}

void belief_quality_print(const struct belief_quality_options *o, const struct belief_quality *q, FILE *out)
{
    struct belief_quality_cell all = {0};
    fprintf(out,
            "quality-belief: %ld games, %ld transitions; search %ld iterations a decision; a reading every %d "
            "transitions, %d draws; inference draws %d, power %.2f, recruit power %.2f, surprise %.2f\n",
            q->games, q->transitions, o->iterations, o->every, o->draws, o->inference.draws, o->inference.power,
            o->inference.recruit_power, o->inference.surprise);
    fprintf(out, "bits of the true block of each face-down enemy piece the side could not name, a piece:\n");
    fprintf(out, "%-6s %-10s %7s %8s %8s %7s %7s %8s %8s\n", "year", "phase", "pieces", "uniform", "inferred", "fewer",
            "+-", "hand-u", "hand-i");
    for (int s = 0; s < SCENARIO_COUNT; s++) {
        struct belief_quality_cell scenario = {0};
        char year[8];
        if (o->scenario >= 0 && s != o->scenario)
            continue;
        snprintf(year, sizeof year, "%d", SCENARIO_INFO[s].year);
        for (int p = 0; p < BELIEF_QUALITY_PHASES; p++) {
            print_row(out, year, TURNS_NAME[p], &q->cell[s][p]);
            add_cell(&scenario, &q->cell[s][p]);
        }
        print_row(out, year, "all", &scenario);
        add_cell(&all, &scenario);
    }
    print_row(out, "all", "all", &all);
    double enemy = q->enemy_decisions ? (double)q->enemy_decisions : 1;
    double taken = 2.0 * (double)(q->transitions ? q->transitions : 1), draws = q->draws ? (double)q->draws : 1;
    fprintf(out,
            "cost: %.1f us a transition taken in with the inference, %.1f us without (%ld transitions, %ld "
            "decisions of an enemy); %.2f us a world drawn with the odds, %.2f us without\n",
            1e6 * q->infer_seconds / taken, 1e6 * q->belief_seconds / taken, q->transitions, (long)enemy,
            1e6 * q->inferred_draw_seconds / draws, 1e6 * q->uniform_draw_seconds / draws);
}
