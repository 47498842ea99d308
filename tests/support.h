/*
 * support.h: helpers shared by the cmocka tests: reading the TSV data files,
 * capturing a FILE writer's output, and a small seeded generator.
 */
#ifndef R3_TEST_SUPPORT_H
#define R3_TEST_SUPPORT_H

#include <stdint.h>
#include <stdbool.h>
#include <stdio.h>

#define MAX_LINES 512

struct lines {
    int count;
    char *line[MAX_LINES];
    char *storage;
};

/* Splits text (copied) into lines; blank lines are dropped. */
void lines_from_text(struct lines *l, const char *text);
/* Reads a file into lines. Returns false if it cannot be read. */
bool lines_from_file(struct lines *l, const char *path);
void lines_free(struct lines *l);
/* Sorts the lines in place, so two tables can be compared whatever their row order. */
void lines_sort(struct lines *l);

/* Runs writer(out) on a memory stream and returns the text (caller frees). */
char *capture(void (*writer)(FILE *out, const void *arg), const void *arg);

/* A file's whole text, up to 1 MB (caller frees); the test fails if it cannot be read. */
char *file_text(const char *path);

/* The lines fit_synthetic_write makes of s (tuning/fit/fit_bench.h) as text
 * (caller frees), and how many in *lines unless NULL. */
struct fit_synthetic;
char *synthetic_text(const struct fit_synthetic *s, long *lines);

/* For the tuners' tests: fails unless gradient[j] is the slope of loss at
 * w[n] (the weights of the list named info), by central differences, for
 * every j. */
struct weight_info;
typedef double loss_at(const double *w, const void *context);
void assert_gradient_is_slope(int n, const double *w, const double *gradient, loss_at *loss, const void *context,
                              const struct weight_info *info);

/* Fails unless the table of a tuner's report (text) marks the row of weight
 * 'name' with 'mark' ("bound", "fixed"), and no other row. */
void assert_only_marked(const char *report, const char *name, const char *mark);

/* Fails unless a read was refused (read false) with why starting with
 * where ("bad.tsv:3: ") and holding why_part. */
void assert_refused_by_line(bool read, const char *why, const char *where, const char *why_part);

/* Whether id is among the count ids. */
bool ids_have(const int64_t *id, long count, int64_t wanted);

/* splitmix64: a seeded generator for reproducible random tests. */
uint64_t rng_next(uint64_t *state);
int rng_below(uint64_t *state, int n);

/* Decisions by their text form, for the rules tests. play_text() applies a
 * decision that must be legal (else the test fails); is_legal() asks. */
struct world;
void play_text(struct world *w, const char *text);
bool is_legal(const struct world *w, const char *text);
/* Is this decision (by its number) among the legal ones of w? */
bool legal_has(const struct world *w, uint32_t d);
/* A 1460 board emptied of all blocks but Henry VI (Middlesex) and York
 * (Ireland), with the given cards played: the action phase begins. */
void empty_board(struct world *w, int york_card, int lancaster_card);
/* Puts a block in an area, face up. */
void put(struct world *w, int block, int area);
/* Moves one block one area as a one-block land group ("move-from", "block",
 * "to", "halt" where it could go on, "end"). */
void march(struct world *w, const char *from, const char *block, const char *to);
/* Plays chance's dice: one "roll F" for each face in faces ("125"). */
void rolls(struct world *w, const char *faces);
/* Plays uniformly random games (chance included), scenario g % 3 for game g,
 * and calls each() with what each side observes of every transition. */
struct observations;
typedef void observed_fn(const struct world *before, uint32_t decision, const struct world *after, int side,
                         const struct observations *seen, void *context);
void observe_random_games(int games, uint64_t seed, observed_fn *each, void *context);

/* Plays up to 'depth' uniformly random decisions from a scenario's start,
 * then on to the next point where a side decides; a game that ends first is
 * played again from the start with half the depth. */
void random_decision_point(struct world *w, int scenario, int depth, uint64_t *rng);

/* 1483 at its last turn, Richmond, Oxford and Pembroke in the field and
 * York's nobles in Calais: the political turn (political_begin) makes
 * Richmond King by usurpation (8.2), and the game ends Lancaster's. */
void richmond_usurps_in_1483(struct world *w);

/* Fails the test if the world breaks one of its invariants. */
void assert_world_ok(const struct world *w);

#endif
