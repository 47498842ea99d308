/*
 * referee.h: plays a game between two engine processes that speak the line
 * protocol (docs/protocol.md). The referee holds the true world, deals and
 * rolls from its seed, sends each engine only its side's observations, and
 * checks every decision. A crash, a hang, garbage or an illegal decision
 * loses the game for that engine, with the reason; the engine is restarted.
 */
#ifndef R3_REFEREE_H
#define R3_REFEREE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

#include "engine/rules/game.h"

#define REFEREE_MAX_OPTIONS 8

/* The longest name an engine may have: a forfeit's reason begins with the
 * name and a space, and a game record's replay checks the name there, so the
 * whole name must fit in the reason (struct game_result_record). */
#define REFEREE_NAME_MAX 128

struct engine_spec {
    const char *cmd; /* run with /bin/sh -c */
    const char *name;
    const char *option_name[REFEREE_MAX_OPTIONS], *option_value[REFEREE_MAX_OPTIONS];
    int options;
};

/* A running engine: the shell that runs its command leads a process group
 * of its own, so that the whole group, grandchildren too, is ended with it. */
struct engine_process {
    const struct engine_spec *spec;
    pid_t pid;         /* the process, and its group */
    bool exited;       /* reaped: it exited, though its group may live on */
    int to, from;      /* pipe ends */
    char buffer[8192]; /* bytes read and not yet returned as lines */
    size_t length;
    bool skipping; /* dropping the rest of an info line longer than the buffer */
    int restarts;
};

/* How a game ended: by the rules (enum game_how, in its order: 9.0 the last
 * heir dead, 8.2 usurpation, the King's side at the end of the last
 * campaign), by a forfeit, or at the decision bound (a draw). */
enum game_end {
    END_HEIRS = GAME_HEIRS,
    END_USURPATION = GAME_USURPATION,
    END_LAST_CAMPAIGN = GAME_END_OF_GAME,
    END_ILLEGAL,
    END_CRASH,
    END_HANG,
    END_GARBAGE,
    END_TIME, /* out of time on the game clock */
    END_BOUND,
    END_COUNT
};

extern const char *const GAME_END_WORD[END_COUNT]; /* "heirs", ..., "bound": results.tsv's words */

static inline bool end_is_forfeit(int end) { return end >= END_ILLEGAL && end <= END_TIME; }

/* The limit sent with each go: a move time, a node count, or neither (a
 * bare go: the engine searches its own budget, its option Iterations). */
struct time_control {
    int movetime_ms; /* used when nodes is 0 */
    long long nodes;
    /* A game clock (--tc SECONDS+INCREMENT) when clock_ms > 0: each side
     * starts with clock_ms and gains increment_ms after each of its
     * decisions; go sends both clocks. */
    long clock_ms, increment_ms;
    /* With no time limit of its own, an engine is deemed hung this long after
     * a go (plus the margin of every answer). */
    int timeout_ms;
};

#define REFEREE_TIMEOUT_MS 10000 /* timeout_ms unless --timeout says otherwise */

struct game_result_record {
    int winner; /* enum side, or SIDE_NONE */
    int end;    /* enum game_end */
    long decisions;
    char reason[200]; /* for a forfeit: who (the engine's name, then a space), and why */
};
_Static_assert(sizeof((struct game_result_record *)0)->reason > REFEREE_NAME_MAX + 2,
               "a forfeit's reason holds the engine's name whole, r3 tune spsa's sign after it, and a space");

/* An option as an engine declares it in the handshake ("option name NAME
 * type TYPE ... [min A max B]"); min and max only for a spin. */
struct engine_option {
    char name[64], type[16];
    long min, max;
};

/* Starts the engine, reads the options its handshake declares (at most
 * 'max' into list[]) and stops it; their number, or -1 with why. */
int engine_declared_options(const struct engine_spec *spec, struct engine_option *list, int max, char *why,
                            size_t size);

/* Starts an engine and does the handshake; false with a reason on failure. */
bool engine_start(struct engine_process *p, const struct engine_spec *spec, char *why, size_t size);
void engine_stop(struct engine_process *p);

/* Stops the engine and starts it again, after a forfeit; a failed start
 * shows at its next line. */
void engine_restart(struct engine_process *p);

/* Readies the engine (isready, readyok: what it wrote before is read and
 * dropped; restarted if it does not answer) and begins a game as 'side'. */
bool engine_newgame(struct engine_process *p, int scenario, int side);

/* Sends the engine what 'side' observes of before -> d -> after; false if
 * its input is closed. */
bool engine_tell(struct engine_process *p, const struct world *before, decision d, const struct world *after, int side);

/* The time each side has left in a game under a clock. An engine that
 * answers after its time is out but within CLOCK_GRACE_MS (pipes and
 * scheduling) is let off, its clock at 0 before the increment; after that
 * it loses on time (END_TIME). */
#define CLOCK_GRACE_MS 500
struct game_clock {
    long left_ms[SIDE_COUNT];
};

/* Asks the engine for its decision in w (go, then bestmove within the time
 * control); false with the reason it loses and how (*end, enum game_end). */
bool engine_ask(struct engine_process *p, const struct world *w, const struct time_control *tc,
                struct game_clock *clock, decision *d, char *why, size_t size, int *end);

/* Plays one game: york and lancaster are started engines. Every decision
 * and chance outcome goes to 'record' (one per line) if it is not NULL. */
void referee_play(struct engine_process *york, struct engine_process *lancaster, int scenario, uint64_t seed,
                  const struct time_control *tc, struct game_result_record *out, FILE *record);

#endif
