/*
 * save.h: a game saved to be played on, and loaded back. r3 host's save
 * writes the game in one of three forms, each made from the game's record
 * (games/record.h): the record itself; the record sealed (games/seal.h)
 * under a clear header, while its players may not see all of it yet; or
 * the game as PGN (games/pgn.h). A load takes the save's bytes, opens a
 * sealed one with this user's key, and reads and verifies the record
 * inside as r3 replay does, its writer's own lines told to the loader.
 */
#ifndef R3_SAVE_H
#define R3_SAVE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "games/pgn.h"
#include "games/record.h"

/* The forms of a save. */
enum save_form {
    SAVE_RECORD, /* the record, open */
    SAVE_SEALED, /* the record sealed, under a header that says what the file is and whose game it is */
    SAVE_PGN,    /* the game as PGN, its movetext replayed from the record */
};

/* The game to save. */
struct save_game {
    /* Writes the game's record to f: every form is made from it. */
    void (*write_record)(const void *context, FILE *f);
    const void *context;
    int year;                     /* the scenario, as a sealed save's header says it */
    const char *york, *lancaster; /* "human" or "engine", as the record's header says them */
    const struct pgn_game *pgn;   /* the PGN's tags: SAVE_PGN's alone, else NULL */
};

/* Writes the game as 'form' (enum save_form) to f; false with why where the
 * save could not be made (no memory, no key to seal with) or f had an error. */
bool save_write(FILE *f, int form, const struct save_game *g, char *why, size_t size);

/* save_write to 'path', whole or not at all: written to PATH.part, then
 * renamed, so a failed save leaves no half file. False with why. */
bool save_file(const char *path, int form, const struct save_game *g, char *why, size_t size);

/* The whole of a saved game's file in *text (malloc'd, for the caller to
 * free; *length bytes), read with bounds (engine/io/text_file.h): a regular
 * file no bigger than a sealed save of the longest record. False with why. */
bool save_read_file(const char *path, char **text, size_t *length, char *why, size_t size);

/* Loads the save in 'text': a sealed one opened, then the record read and
 * verified by record_read with 'reader' (its hooks, its writer's lines) and
 * *header filled in; *sealed says whether the save was sealed. False with
 * why: a seal that does not open, or a record that does not replay. */
bool save_load(const char *text, size_t length, const struct record_reader *reader, struct record_header *header,
               bool *sealed, char *why, size_t size);

#endif
