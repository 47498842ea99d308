/*
 * seat.h: one side of a game that r3 host runs: a person at the client, an
 * engine searching in this process, or an engine program spoken to through
 * the engine protocol by the referee's own code (games/referee.h), as
 * r3 match runs it. A seat is told every transition of the game as its side
 * observes it, and an engine seat is asked for its decisions.
 */
#ifndef R3_SEAT_H
#define R3_SEAT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "engine/hidden/belief.h"
#include "games/referee.h"
#include "search/driver.h"
#include "search/timeman.h"

enum seat_kind { SEAT_HUMAN, SEAT_ENGINE, SEAT_PROGRAM };

#define SEAT_CMD_MAX 256
#define SEAT_WORD_MAX 256 /* an option word "NAME=VALUE" */

struct seat {
    int kind; /* enum seat_kind */
    /* human and engine: the side's picture of the game, from its observations alone */
    struct belief belief;
    struct driver driver; /* its searches: the engine's decisions, the human's hints */
    struct player player;
    double value; /* the last search's win rate for the side, -1 if it gave none */
    decision best;
    int wake_fd;    /* while seat_search waits: written when the search has its choice */
    bool pondering; /* an engine seat's search runs while the other side decides */
    long most_ms;   /* no search of the seat goes past this (struct limits' most_ms), 0: none */
    /* program: the command, its options, and the running process */
    char cmd[SEAT_CMD_MAX];
    char option_name[REFEREE_MAX_OPTIONS][SEAT_WORD_MAX], option_value[REFEREE_MAX_OPTIONS][SEAT_WORD_MAX];
    struct engine_spec spec;
    struct engine_process process;
};

/* Starts a program seat's engine: 'cmd' under /bin/sh -c, sent each of the
 * 'count' "NAME=VALUE" option words as setoption. False with why (the seat
 * is then not running). */
bool seat_launch(struct seat *s, const char *cmd, const char (*option_word)[SEAT_WORD_MAX], int count, char *why,
                 size_t size);

/* Moves a launched seat's process to 'to' (a seat in its final place). */
void seat_move_process(struct seat *to, struct seat *from);

/* Ends a program seat's engine; nothing for the others. */
void seat_close(struct seat *s);

/* A new game for the seat as 'side': a fresh belief from 'seed', no tree
 * kept, a program told "newgame". */
void seat_begin(struct seat *s, int scenario, int side, uint64_t seed);

/* Tells the seat what its side observed of before -> d -> after, into
 * 'seen' too unless the seat is a program; false with why if its belief
 * cannot take it in. A program whose input is closed is found out when it
 * is next asked. */
bool seat_tell(struct seat *s, const struct world *before, decision d, const struct world *after, int side,
               struct observations *seen, char *why, size_t size);

/* A search of the seat's belief within 'limits' (a bare limits: its
 * options' budget): its choice, as the side sees it; s->value its win rate.
 * 'truth', the true world, is read by the cheat player alone, which must
 * have it: a search for a person (a hint) never cheats.
 * With 'input' (the host's own), the end of that input stops the search at
 * once, its choice so far standing, as it stops an engine's search; lines
 * still to come are left unread. */
decision seat_search(struct seat *s, const struct limits *limits, const struct world *truth, FILE *input);

/* Pondering (option Ponder): an engine seat of the ismcts player searches
 * its belief while the other side is to decide, until seat_stop_pondering;
 * the tree it grows is followed through what that side then decides, into
 * the seat's next search. Nothing for any other seat. */
void seat_ponder(struct seat *s);
void seat_stop_pondering(struct seat *s);

/* The engine seat's decision in 'truth' (the true world, for a program's
 * answer to be checked against): true with *d, or false with why the
 * engine forfeits and how (*end, enum game_end). Its search ends early at the
 * end of 'input', as seat_search's does. */
bool seat_decide(struct seat *s, const struct world *truth, FILE *input, decision *d, char *why, size_t size, int *end);

#endif
