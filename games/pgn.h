/*
 * pgn.h: a game as PGN, for the tools that file and show games: the seven
 * tags of the roster, Richard III's own (Variant, Seed, Termination), and
 * movetext that holds every decision, chance's included, as a brace comment
 * ({Y march-from Calais}, {roll 4}), a line for each turn. PGN readers pass
 * comments through, so the file stays valid PGN; the decisions are those of
 * r3's record (docs/matches.md), or what some side saw of them.
 */
#ifndef R3_PGN_H
#define R3_PGN_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

struct pgn_game {
    const char *event;            /* "r3 match", "r3 host" */
    long round;                   /* the game's number, or 0 for none */
    const char *york, *lancaster; /* White and Black: York moves first */
    int year;                     /* the scenario */
    uint64_t seed;
    int winner;              /* SIDE_YORK, SIDE_LANCASTER, or SIDE_NONE for a draw or a game not over */
    bool over;               /* false: the result is "*" */
    const char *termination; /* how it ended */
    /* Sides (bit 1 << side) the game's hidden things are kept from, as r3 host
     * keeps them from its human sides while the game goes on: each decision
     * is written as the one of them who saw least of it saw it ("deal ?",
     * "play ?", "block L?3"), and the seed, which gives every deal and die,
     * is "?". 0: every decision whole. */
    unsigned hidden_from;
    /* A game resumed from a save: "after decision K" (the last time), as its
     * "Resumed" tag says; NULL for a game played from its start. */
    const char *resumed;
};

/* Writes one game; its decisions replayed from 'record', an r3 game record
 * (games/record.h), or none if it is NULL. A record that does not replay is
 * named in a comment in place of its decisions. */
void pgn_write(FILE *out, const struct pgn_game *g, FILE *record);

#endif
