/*
 * save.c: see save.h. Every form is made from the record its caller writes:
 * into memory to be sealed, into a temporary file for the PGN writer to
 * replay, or straight out. A load reads the record, opened or not, from
 * memory, and wipes an opened secret once it is verified.
 */
#include "games/save.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "engine/core/fail.h"
#include "engine/io/text_file.h"
#include "engine/io/whole_file.h"
#include "games/record_file.h"
#include "games/seal.h"

/* ---- saving ---- */

/* The game as PGN, its movetext replayed from its record. */
static void write_pgn(const struct save_game *g, FILE *f)
{
    FILE *record = tmpfile();
    if (record) {
        g->write_record(g->context, record);
        rewind(record);
    }
    pgn_write(f, g->pgn, record);
    if (record)
        fclose(record);
}

/* The record sealed (games/seal.h) under a header that says what the file
 * is and whose game it is. */
static bool write_sealed(const struct save_game *g, FILE *f, char *why, size_t size)
{
    char *secret = NULL, header[600];
    size_t length = 0;
    FILE *memory = open_memstream(&secret, &length);
    if (!memory)
        return fail(why, size, "no memory for the save");
    g->write_record(g->context, memory);
    bool sealed = fclose(memory) == 0;
    snprintf(header, sizeof header,
             SEAL_FIRST_LINE "\n"
                             "# r3 host saved this game during play. What its players may not see yet (the\n"
                             "# hands, face-down plays, the seed of the deals and dice) is sealed below for\n"
                             "# this user's r3 host, whose 'load FILE' plays it on.\n"
                             "scenario %d\nyork %s\nlancaster %s\n",
             g->year, g->york, g->lancaster);
    sealed = sealed ? seal_write(f, header, secret, length, why, size) : fail(why, size, "no memory for the save");
    if (secret)
        explicit_bzero(secret, length);
    free(secret);
    return sealed;
}

bool save_write(FILE *f, int form, const struct save_game *g, char *why, size_t size)
{
    bool written = true;
    if (form == SAVE_PGN)
        write_pgn(g, f);
    else if (form == SAVE_SEALED)
        written = write_sealed(g, f, why, size);
    else
        g->write_record(g->context, f);
    return written && !ferror(f);
}

bool save_file(const char *path, int form, const struct save_game *g, char *why, size_t size)
{
    size_t room = strlen(path) + WHOLE_FILE_SUFFIX_MAX;
    char *temporary = malloc(room);
    if (!temporary)
        return fail(why, size, "no memory for the save");
    FILE *f = whole_file_open(path, temporary, room);
    why[0] = '\0';
    bool saved =
        f && whole_file_close(f, save_write(f, form, g, why, size), temporary) && whole_file_rename(temporary, path);
    if (!saved && !*why)
        fail(why, size, "%s", strerror(errno));
    free(temporary);
    return saved;
}

/* ---- loading ---- */

bool save_read_file(const char *path, char **text, size_t *length, char *why, size_t size)
{
    FILE *f;
    struct stat about;
    long long most = SEAL_FILE_MAX(RECORD_FILE_MAX);
    if (!text_file_open(path, most, "a sealed save of the longest game", &f, why, size))
        return false;
    /* Room for the size the file had when it was checked, and one byte to
     * see that it did not grow since. */
    size_t room = fstat(fileno(f), &about) == 0 ? (size_t)about.st_size + 1 : 0;
    *text = room ? malloc(room) : NULL;
    *length = *text ? fread(*text, 1, room, f) : 0;
    bool whole = *text && !ferror(f) && *length < room;
    fclose(f);
    if (whole)
        return true;
    free(*text);
    *text = NULL;
    return fail(why, size, room && *length == room ? "it grew while it was read" : "cannot read it");
}

/* A record held in memory, read and verified as r3 replay verifies it. */
static bool verify_record(const char *record, size_t length, const struct record_reader *reader,
                          struct record_header *header, char *why, size_t size)
{
    FILE *f = length ? fmemopen((void *)record, length, "r") : NULL;
    if (!f)
        return fail(why, size, length ? "no memory to read it" : "an empty file");
    bool verified = record_read(f, reader, header, why, size);
    fclose(f);
    return verified;
}

bool save_load(const char *text, size_t length, const struct record_reader *reader, struct record_header *header,
               bool *sealed, char *why, size_t size)
{
    char *opened = NULL;
    size_t record_length = length;
    *sealed = seal_is_sealed(text, length);
    if (*sealed && !seal_open(text, length, &opened, &record_length, why, size))
        return false;
    bool verified = verify_record(opened ? opened : text, record_length, reader, header, why, size);
    if (opened)
        explicit_bzero(opened, record_length);
    free(opened);
    return verified;
}
