/*
 * card_peek.c: see card_peek.h. Each side is an engine as
 * protocol/ai/ai.c keeps one, a belief and a driver searching it with go's
 * limits left out, as in tuning/selfplay/selfplay_game.c; the seeds are
 * r3 selfplay's (tuning/selfplay/selfplay_plan.h), so a pair's two games
 * are the same game until the peeker's first card.
 */
#include "tuning/quality/card_peek.h"

#include <stdio.h>
#include <stdlib.h>

#include "engine/core/fail.h"
#include "engine/core/scenario.h"
#include "engine/core/tables.h"
#include "engine/hidden/belief.h"
#include "engine/hidden/observe.h"
#include "engine/rules/game.h"
#include "engine/rules/notation.h"
#include "engine/rules/rules.h"
#include "tuning/selfplay/selfplay_plan.h"

/* One side's engine: its picture of the game and its search. */
struct engine {
    struct belief belief;
    struct driver driver;
};

/* A game in play. */
struct game {
    const struct card_peek_setup *s;
    long pair, played;
    int peeker;
    bool shown;
    struct engine *engine[SIDE_COUNT];
    struct belief ahead;     /* Lancaster's belief after York's face-down play, for its card decided ahead */
    decision lancaster_card; /* Lancaster's card, decided ahead; 0: none waiting */
    struct card_peek peek;   /* what the peeker is shown of r3's card this turn */
    long shown_plays;
    decision best;
    bool mixed; /* the last search drew a mixed card from 'strategy' */
    struct card_strategy strategy;
    char why[400];
    bool failed;
};

int card_peek_scenario(const struct card_peek_setup *s, long pair) { return selfplay_scenario_of(s->scenario, pair); }

int card_peek_peeker(long pair) { return (int)((pair / SCENARIO_COUNT) % 2) ? SIDE_LANCASTER : SIDE_YORK; }

/* The game fails: g->why says why (engine/core/fail.h), g->failed stops it. */
#define game_fails(g, ...) ((g)->failed = true, fail((g)->why, sizeof(g)->why, __VA_ARGS__))

/* ---- a search ---- */

static void on_progress(void *context, const struct driver_progress *p)
{
    struct game *g = context;
    if (p->mixed) {
        g->mixed = true;
        g->strategy = p->strategy;
    }
}

static void on_note(void *context, enum driver_note note, long count) { (void)context, (void)note, (void)count; }

static void on_bestmove(void *context, decision best) { ((struct game *)context)->best = best; }

/* The engine's search of belief b, as for a bare "go"; with 'peek', the
 * peeker's, its worlds carrying what it was shown. */
static decision search(struct game *g, struct engine *e, const struct belief *b, const struct card_peek *peek)
{
    struct player p = *g->s->player;
    const struct limits limits = {.clock = {-1, -1}};
    const struct driver_callbacks report = {on_progress, on_note, on_bestmove, g, NULL};
    p.ismcts.peek = peek;
    g->mixed = false;
    driver_start(&e->driver, b, NULL, &p, &limits, &report);
    driver_settle(&e->driver);
    return g->best;
}

/* ---- r3's card, shown ---- */

/* What the peeker will be shown of r3's card 'card', just chosen: the
 * strategy it was drawn from, or the card. */
static void remember_r3_card(struct game *g, decision card)
{
    g->peek = (struct card_peek){0};
    if (g->mixed && !g->s->show_card)
        for (int i = 0; i < g->strategy.count; i++)
            g->peek.odds[decision_arg(g->strategy.card[i])] = g->strategy.share[i];
    else
        g->peek.odds[decision_arg(card)] = 1;
}

/* Lancaster's card, decided before York plays on a copy of its belief that
 * has taken in York's play as Lancaster will see it ("play ?", the same for
 * every card York could play): its search then is the one it would make on
 * its turn, from the same belief, driver and stream. */
static bool decide_ahead(struct game *g, const struct world *w)
{
    struct decisions legal;
    struct observations seen;
    struct world after = *w;
    rules_legal(w, &legal);
    rules_apply(&after, legal.list[0]);
    observe(w, legal.list[0], &after, SIDE_LANCASTER, &seen);
    g->ahead = g->engine[SIDE_LANCASTER]->belief;
    char why[300];
    if (!belief_observe(&g->ahead, &seen, why, sizeof why))
        return game_fails(g, "pair %ld: Lancaster's belief ahead cannot take in York's card: %s", g->pair, why);
    g->lancaster_card = search(g, g->engine[SIDE_LANCASTER], &g->ahead, NULL);
    remember_r3_card(g, g->lancaster_card);
    return true;
}

/* The peeker's card: searched with r3's card shown (as Lancaster, York's
 * was remembered when York chose it). */
static decision peeker_card(struct game *g, const struct world *w)
{
    if (g->peeker == SIDE_YORK && !decide_ahead(g, w))
        return 0;
    g->shown_plays++;
    return search(g, g->engine[g->peeker], &g->engine[g->peeker]->belief, &g->peek);
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
    struct game *g = context;
    int side = rules_actor(w);
    struct decisions legal;
    char text[64];
    rules_legal(w, &legal);
    decision best;
    if (side == SIDE_LANCASTER && g->lancaster_card) {
        best = g->lancaster_card; /* decided ahead */
        g->lancaster_card = 0;
    } else if (g->shown && side == g->peeker && w->phase == PHASE_CARDS && legal.count > 1) {
        best = peeker_card(g, w);
        if (g->failed)
            return false;
    } else {
        best = search(g, g->engine[side], &g->engine[side]->belief, NULL);
        if (g->shown && side != g->peeker && w->phase == PHASE_CARDS)
            remember_r3_card(g, best); /* York's, for Lancaster to be shown */
    }
    if (!listed(&legal, best)) {
        decision_text(best, text, sizeof text);
        return game_fails(g, "pair %ld, transition %ld: %s's search chose '%s', which is not legal", g->pair, g->played,
                          SIDE_WORD[side], text);
    }
    *d = best;
    return true;
}

/* Each side's belief takes in what it saw, as a protocol engine is told it. */
static bool observed(void *context, const struct world *was, decision d, const struct world *now, long played)
{
    struct observations seen;
    struct game *g = context;
    char why[300];
    g->played = played;
    for (int s = 0; s < SIDE_COUNT; s++) {
        observe(was, d, now, s, &seen);
        if (!belief_observe(&g->engine[s]->belief, &seen, why, sizeof why))
            return game_fails(g, "pair %ld, transition %ld: %s's belief cannot take in what it saw: %s", g->pair,
                              played, SIDE_WORD[s], why);
    }
    return true;
}

/* ---- a game ---- */

static bool begin(struct game *g, const struct selfplay_seeds *seeds, int scenario)
{
    for (int side = 0; side < SIDE_COUNT; side++) {
        g->engine[side] = calloc(1, sizeof *g->engine[side]);
        if (!g->engine[side])
            return false;
        belief_start(&g->engine[side]->belief, scenario, side, seeds->side[side]);
        g->engine[side]->driver.rng = seeds->side[side]; /* as the protocol's newgame */
    }
    return true;
}

static void end(struct game *g)
{
    for (int side = 0; side < SIDE_COUNT; side++)
        if (g->engine[side]) {
            driver_finish(&g->engine[side]->driver); /* frees the trees kept for reuse */
            free(g->engine[side]);
        }
}

bool card_peek_play(const struct card_peek_setup *s, long pair, bool shown, int *winner, long *shown_plays, char *why,
                    size_t size)
{
    struct game *g = calloc(1, sizeof *g);
    if (!g)
        return snprintf(why, size, "pair %ld: no memory for a game", pair), false;
    *g = (struct game){.s = s, .pair = pair, .peeker = card_peek_peeker(pair), .shown = shown};
    int scenario = card_peek_scenario(s, pair);
    struct selfplay_seeds seeds = selfplay_seeds_of(s->seed, pair, s->player_seed);
    bool ok = begin(g, &seeds, scenario);
    if (!ok) {
        snprintf(why, size, "pair %ld: no memory for the engines", pair);
    } else {
        struct world w;
        const struct game_player side = {side_decides, g}, chance = {game_uniform, &seeds.chance};
        const struct game_hooks hooks = {.after = observed, .context = g};
        scenario_setup(&w, scenario);
        struct game_outcome e = game_play(&w, (const struct game_player[GAME_ACTORS]){side, side, chance}, &hooks);
        ok = e.status == GAME_OVER || e.status == GAME_BOUND;
        *winner = e.status == GAME_OVER ? e.result.winner : SIDE_NONE;
        *shown_plays = g->shown_plays;
        if (!ok)
            snprintf(why, size, "%s", g->failed ? g->why : "the game stopped with nobody to decide and no result");
    }
    end(g);
    free(g);
    return ok;
}
