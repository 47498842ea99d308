/*
 * results.h: the machine-readable results a match writes in its --out
 * directory, one entry per game: results.tsv (read back by r3 match-merge)
 * and games.pgn (for Ordo or BayesElo). docs/matches.md gives both formats.
 */
#ifndef R3_RESULTS_H
#define R3_RESULTS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#define RESULTS_TSV "results.tsv"
#define RESULTS_PGN "games.pgn"

/* One finished game. */
struct game_line {
    long game; /* its number in the whole match, from 1 */
    int year;  /* the scenario: 1460, 1470 or 1483 */
    uint64_t seed;
    const char *york, *lancaster; /* the engines' names */
    int winner;                   /* SIDE_YORK, SIDE_LANCASTER or SIDE_NONE */
    int end;                      /* enum game_end */
    const char *reason;           /* for a forfeit; "" otherwise */
    const char *record;           /* the game's record file, for the PGN's movetext, or NULL */
};

struct results_files {
    FILE *tsv, *pgn;
};

/* Creates DIR if need be and opens both files in it, writing the TSV's
 * header comment 'about' (the match's settings); false with why. */
bool results_open(struct results_files *f, const char *dir, const char *about, char *why, size_t size);
/* Appends one game to both files and flushes them, so a match cut short keeps what it played. */
void results_write(struct results_files *f, const struct game_line *g);
void results_close(struct results_files *f);

/* Parses one line of results.tsv in place (the names point into it); false
 * with why, naming the field. */
bool results_parse(char *line, struct game_line *g, char *why, size_t size);

/* What a reader of results.tsv does with one game line (the line's number
 * given): false, with why, to stop the reading there. */
typedef bool results_take(void *context, const struct game_line *g, long line, char *why, size_t size);

/* Reads the game lines of the results.tsv at path, comments and blank lines
 * passed over, each parsed and handed to take. False, with why ("PATH line
 * N: ..." or "cannot read 'PATH': ..."), at the first line that does not
 * parse or that take refuses, or if the file cannot be read. */
bool results_read(const char *path, results_take *take, void *context, char *why, size_t size);

#endif
