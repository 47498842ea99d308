/*
 * selfplay_game.c: see selfplay_game.h. Each side is an engine as
 * protocol/ai/ai.c keeps one: a belief that takes in the side's
 * observations of every transition, and a driver that searches from it with
 * go's limits left out (the player's own budget). The kept lines wait in a
 * memory stream without their result, "ply scenario side winrate position
 * [visits]", and are written out whole once the game has one.
 */
#include "tuning/selfplay/selfplay_game.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/core/scenario.h"
#include "engine/core/tables.h"
#include "engine/hidden/belief.h"
#include "engine/hidden/observe.h"
#include "engine/rules/game.h"
#include "engine/rules/notation.h"
#include "engine/rules/rules.h"
#include "engine/text/position.h"
#include "tuning/selfplay/selfplay_plan.h"
#include "tuning/selfplay/visits.h"

/* What the last search reported through the driver's callbacks. */
struct search_report {
    decision best;
    bool has_value, has_visits;
    double value; /* the final progress report's: the chosen decision's win rate or mean evaluation */
    int count;
    decision legal[MAX_DECISIONS];
    long visits[MAX_DECISIONS];
};

/* One side's engine: its picture of the game and its search. */
struct selfplay_player {
    struct belief belief;
    struct driver driver;
};

/* A game in play. */
struct play {
    const struct selfplay_setup *s;
    long game, ply;
    int year;
    struct selfplay_player *engine[SIDE_COUNT];
    struct selfplay_sampler sampler;
    struct search_report report;
    FILE *kept; /* the lines so far, without game and result */
    char *kept_text;
    size_t kept_length;
    long positions;
    bool failed;
    char why[400];
};

static bool fail(struct play *g, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static bool fail(struct play *g, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(g->why, sizeof g->why, fmt, ap);
    va_end(ap);
    g->failed = true;
    return false;
}

/* ---- the driver's callbacks ---- */

static void on_progress(void *context, const struct driver_progress *p)
{
    struct search_report *r = context;
    r->value = p->value; /* the last report is the final one */
    r->has_value = true;
}

static void on_note(void *context, enum driver_note note, long count) { (void)context, (void)note, (void)count; }

static void on_bestmove(void *context, decision best)
{
    struct search_report *r = context;
    r->best = best;
}

static void on_visits(void *context, const decision *legal, const long *visits, int count)
{
    struct search_report *r = context;
    r->count = count;
    memcpy(r->legal, legal, (size_t)count * sizeof *legal);
    memcpy(r->visits, visits, (size_t)count * sizeof *visits);
    r->has_visits = true;
}

/* The side's engine searches its belief as it would for a bare "go"; the
 * cheat player alone is handed the truth, as the referee sends it. */
static decision search(struct play *g, int side, const struct world *truth)
{
    struct selfplay_player *e = g->engine[side];
    const struct player *p = g->s->player;
    const struct limits limits = {.clock = {-1, -1}};
    const struct driver_callbacks report = {on_progress, on_note, on_bestmove, &g->report,
                                            g->s->record_visits ? on_visits : NULL};
    g->report.has_value = g->report.has_visits = false;
    driver_start(&e->driver, &e->belief, p->kind == PLAYER_CHEAT ? truth : NULL, p, &limits, &report);
    driver_settle(&e->driver);
    return g->report.best;
}

/* ---- the lines ---- */

static long visits_of(const struct search_report *r, decision d)
{
    for (int i = 0; i < r->count; i++)
        if (r->legal[i] == d)
            return r->visits[i];
    return 0;
}

/* "play 14=120;play 3=80": every legal decision, in the rules' order (tuning/selfplay/visits.h). */
static void write_visits(FILE *out, const struct search_report *r, const struct decisions *legal)
{
    long count[MAX_DECISIONS];
    for (int i = 0; i < legal->count; i++)
        count[i] = visits_of(r, legal->list[i]);
    visits_write(out, legal, r->has_visits ? count : NULL);
}

/* A kept candidate: the true world before the side's decision. */
static void keep(struct play *g, const struct world *w, int side, const struct decisions *legal)
{
    char position[POSITION_TEXT_MAX];
    position_print(w, position, sizeof position);
    fprintf(g->kept, "%ld\t%d\t%s\t", g->ply, g->year, SIDE_WORD[side]);
    if (g->report.has_value)
        fprintf(g->kept, "%.4f", g->report.value < 0 ? 0 : g->report.value > 1 ? 1 : g->report.value);
    else
        fputc('-', g->kept);
    fprintf(g->kept, "\t%s", position);
    if (g->s->record_visits)
        write_visits(g->kept, &g->report, legal);
    fputc('\n', g->kept);
    g->positions++;
}

/* ---- the players and the hooks of game_play ---- */

static bool listed(const struct decisions *legal, decision d)
{
    for (int i = 0; i < legal->count; i++)
        if (legal->list[i] == d)
            return true;
    return false;
}

static bool side_decides(void *context, const struct world *w, decision *d)
{
    struct play *g = context;
    int side = rules_actor(w);
    struct decisions legal;
    char text[64];
    rules_legal(w, &legal);
    decision best = search(g, side, w);
    if (!listed(&legal, best)) {
        decision_text(best, text, sizeof text);
        return fail(g, "game %ld, transition %ld: %s's search chose '%s', which is not legal", g->game, g->ply,
                    SIDE_WORD[side], text);
    }
    if (legal.count > 1 && selfplay_sampler_keep(&g->sampler))
        keep(g, w, side, &legal);
    *d = best;
    return true;
}

static bool before(void *context, const struct world *w, long played)
{
    struct play *g = context;
    (void)w;
    g->ply = played;
    return true;
}

/* Each side's belief takes in what it saw, as a protocol engine is told it. */
static bool observed(void *context, const struct world *was, decision d, const struct world *now, long played)
{
    struct observations seen;
    struct play *g = context;
    char why[300];
    for (int s = 0; s < SIDE_COUNT; s++) {
        observe(was, d, now, s, &seen);
        const struct player *p = g->s->player;
        if (!infer_observe(&g->engine[s]->belief, &seen, p->infer ? &p->inference : NULL, why, sizeof why))
            return fail(g, "game %ld, transition %ld: %s's belief cannot take in what it saw: %s", g->game, played,
                        SIDE_WORD[s], why);
    }
    return true;
}

/* ---- a game ---- */

static bool begin(struct play *g, const struct selfplay_setup *s, long game, int scenario)
{
    struct selfplay_seeds seeds = selfplay_seeds_of(s->seed, game, s->player_seed);
    *g = (struct play){.s = s, .game = game, .year = SCENARIO_INFO[scenario].year};
    selfplay_sampler_start(&g->sampler, seeds.sampling, s->sample_every);
    g->kept = open_memstream(&g->kept_text, &g->kept_length);
    for (int side = 0; side < SIDE_COUNT; side++) {
        g->engine[side] = calloc(1, sizeof *g->engine[side]);
        if (!g->engine[side])
            continue;
        belief_start(&g->engine[side]->belief, scenario, side, seeds.side[side]);
        g->engine[side]->driver.rng = seeds.side[side]; /* as the protocol's newgame */
    }
    return g->kept && g->engine[0] && g->engine[1];
}

static void free_play(struct play *g)
{
    for (int side = 0; side < SIDE_COUNT; side++)
        if (g->engine[side]) {
            driver_finish(&g->engine[side]->driver); /* frees the trees kept for reuse */
            free(g->engine[side]);
        }
    if (g->kept)
        fclose(g->kept);
    free(g->kept_text);
}

/* The kept lines with the game's number before them and its result after the side. */
static bool label(struct play *g, int winner, struct selfplay_game *out)
{
    const char *result = winner == SIDE_YORK ? "1" : winner == SIDE_LANCASTER ? "0" : "0.5";
    FILE *lines = open_memstream(&out->text, &out->length);
    if (!lines)
        return false;
    fflush(g->kept);
    for (char *line = g->kept_text, *next; line && *line; line = next) {
        next = strchr(line, '\n') + 1;
        char *rest = strchr(strchr(strchr(line, '\t') + 1, '\t') + 1, '\t'); /* after ply, scenario, side */
        fprintf(lines, "%ld\t%.*s\t%s%.*s", g->game, (int)(rest - line), line, result, (int)(next - rest), rest);
    }
    return fclose(lines) == 0;
}

/* Why a game that game_play ended without a result is dropped. */
static void dropped(struct play *g, const struct game_outcome *e, struct selfplay_game *out)
{
    out->dropped = true;
    if (g->failed)
        snprintf(out->why, sizeof out->why, "%s", g->why);
    else
        snprintf(out->why, sizeof out->why, "game %ld: stopped after %ld transitions with nobody to decide", g->game,
                 e->decisions);
}

bool selfplay_game_play(const struct selfplay_setup *s, long game, struct selfplay_game *out)
{
    struct play g;
    int scenario = selfplay_scenario_of(s->scenario, game);
    struct world w;
    struct selfplay_seeds seeds = selfplay_seeds_of(s->seed, game, s->player_seed);
    *out = (struct selfplay_game){.winner = SIDE_NONE};
    bool ok = begin(&g, s, game, scenario);
    if (ok) {
        const struct game_player side = {side_decides, &g}, chance = {game_uniform, &seeds.chance};
        const struct game_hooks hooks = {.before = before, .after = observed, .context = &g};
        scenario_setup(&w, scenario);
        struct game_outcome e = game_play(&w, (const struct game_player[GAME_ACTORS]){side, side, chance}, &hooks);
        out->decisions = e.decisions;
        if (e.status == GAME_OVER || e.status == GAME_BOUND) {
            out->winner = e.status == GAME_OVER ? e.result.winner : SIDE_NONE;
            out->positions = g.positions;
            ok = label(&g, out->winner, out);
        } else {
            dropped(&g, &e, out);
        }
    }
    free_play(&g);
    return ok;
}
