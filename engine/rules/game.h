/*
 * game.h: the one game loop (every caller's: playout, referee, replay, host, tests)
 * and how a game was won, as the rules tell it. The loop keeps the order of
 * things; who decides (players) and what is done around each decision (hooks)
 * are the caller's, as functions with a context.
 */
#ifndef R3_GAME_H
#define R3_GAME_H

#include <stdbool.h>
#include <stdint.h>

#include "engine/core/decision.h"
#include "engine/core/world.h"

/* How a finished game was won: 9.0 the loser's last heir died, 8.2 the
 * Pretender took the crown in the last political turn, or the King's side
 * held it to the end of the last campaign. */
enum game_how { GAME_HEIRS, GAME_USURPATION, GAME_END_OF_GAME, GAME_HOW_COUNT };

struct game_result {
    int winner;         /* enum side */
    int how;            /* enum game_how */
    int campaign, turn; /* when it ended */
};

/* The result of a game that the transition before -> after ended
 * (after->phase == PHASE_OVER). The finished world alone cannot tell an
 * usurpation from the King's side holding on: the crown changes sides in
 * that same transition, so the world before it is asked whose it was. */
struct game_result game_result_of(const struct world *before, const struct world *after);

/* A game longer than this has gone wrong: the loop stops it (no r3 game has
 * come near it; the longest take about a thousand decisions). */
#define GAME_DECISION_BOUND 100000

/* Who decides for one actor. decide() writes the decision of w's actor, which
 * must be legal, and returns true; or returns false to give the game up
 * there (an engine that crashed or answered illegally, a record at its end):
 * the loop stops, the world as it stood. A player with no decide() decides
 * outside the loop (a person at r3 host): the loop stops where it is due,
 * for the caller to apply that decision and play on. */
struct game_player {
    bool (*decide)(void *context, const struct world *w, decision *d);
    void *context;
};

/* The players of a game, indexed by actor. */
#define GAME_ACTORS (ACTOR_CHANCE + 1) /* York, Lancaster, chance */

/* A player that draws from a seeded generator (context: its uint64_t state):
 * rules_chance() on the generator's next bits, the chance of every r3 game,
 * and so also a uniformly random choice among a side's legal decisions. */
bool game_uniform(void *rng, const struct world *w, decision *d);

/* What a caller does around each decision; any may be NULL. played is the
 * number of transitions applied so far (before, decided) or with this one
 * (after). before() sees the point where a decision is due, decided() the
 * decision chosen there, after() the whole transition. Returning false stops
 * the game: before the decision, before it is applied, or after the
 * transition. The loop copies the world before each transition only for an
 * after() hook, so a caller that needs only the decisions does without. */
struct game_hooks {
    bool (*before)(void *context, const struct world *w, long played);
    bool (*decided)(void *context, const struct world *w, decision d, long played);
    bool (*after)(void *context, const struct world *before, decision d, const struct world *after, long played);
    void *context;
};

enum game_status {
    GAME_OVER,     /* the rules ended it: see result */
    GAME_GIVEN_UP, /* a player did not decide: see actor */
    GAME_AWAITED,  /* a player with no decide() is to decide: see actor */
    GAME_STOPPED,  /* a hook stopped it */
    GAME_BOUND,    /* GAME_DECISION_BOUND decisions and still no result */
    GAME_DEAD_END, /* not over, yet nobody to decide: a fault in the rules */
};

struct game_outcome {
    int status;                /* enum game_status */
    long decisions;            /* transitions applied */
    int actor;                 /* GAME_GIVEN_UP, GAME_AWAITED: whose decision it is */
    struct game_result result; /* once the world is over: GAME_OVER, or a hook's
                                * stop after the transition that ended it */
};

/* Plays w on from where it stands until the game ends or is stopped: asks the
 * actor's player, applies its decision (rules_apply), tells the hooks. The
 * world is left where the game stopped. hooks may be NULL. */
struct game_outcome game_play(struct world *w, const struct game_player player[GAME_ACTORS],
                              const struct game_hooks *hooks);

#endif
