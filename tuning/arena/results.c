/*
 * results.c: see results.h. Lines are written as games finish, so with
 * --concurrency they may come out of game order; readers go by the number.
 */
/* gnulib (for getopt) puts its own system headers first on the include path;
 * they need its config.h before anything else. */
#include <config.h>

#include "tuning/arena/results.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "engine/core/fail.h"
#include "engine/core/tables.h"
#include "engine/core/types.h"
#include "engine/io/number.h"
#include "games/pgn.h"
#include "games/record_file.h"
#include "games/referee.h"

#define FIELDS 8

static FILE *open_in(const char *dir, const char *name, char *why, size_t size)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    if (!f)
        snprintf(why, size, "cannot write '%s': %s", path, strerror(errno));
    return f;
}

bool results_open(struct results_files *f, const char *dir, const char *about, char *why, size_t size)
{
    f->tsv = f->pgn = NULL;
    if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
        return fail(why, size, "cannot create '%s': %s", dir, strerror(errno));
    }
    f->tsv = open_in(dir, RESULTS_TSV, why, size);
    f->pgn = f->tsv ? open_in(dir, RESULTS_PGN, why, size) : NULL;
    if (!f->pgn) {
        results_close(f);
        return false;
    }
    fprintf(f->tsv, "# %s\n# game\tscenario\tseed\tyork\tlancaster\twinner\tend\treason\n", about);
    fflush(f->tsv);
    return true;
}

/* The text with tabs and line breaks made spaces, and in PGN quotes and backslashes escaped. */
static void put_clean(FILE *out, const char *text, bool pgn)
{
    for (const char *c = text; *c; c++) {
        if (*c == '\t' || *c == '\n' || *c == '\r')
            fputc(' ', out);
        else if (pgn && (*c == '"' || *c == '\\'))
            fprintf(out, "\\%c", *c);
        else
            fputc(*c, out);
    }
}

static void write_tsv(FILE *out, const struct game_line *g)
{
    fprintf(out, "%ld\t%d\t%llu\t%s\t%s\t%s\t%s\t", g->game, g->year, (unsigned long long)g->seed, g->york,
            g->lancaster, g->winner == SIDE_NONE ? "none" : SIDE_WORD[g->winner], GAME_END_WORD[g->end]);
    put_clean(out, *g->reason ? g->reason : "-", false);
    fputc('\n', out);
}

/* York moves first, so it takes White's chair in the PGN. */
static void write_pgn(FILE *out, const struct game_line *g)
{
    char termination[240];
    if (end_is_forfeit(g->end))
        snprintf(termination, sizeof termination, "forfeit (%s): %s", GAME_END_WORD[g->end], g->reason);
    else
        snprintf(termination, sizeof termination, "%s", g->end == END_BOUND ? "decision bound" : GAME_END_WORD[g->end]);
    const struct pgn_game game = {.event = "r3 match",
                                  .round = g->game,
                                  .york = g->york,
                                  .lancaster = g->lancaster,
                                  .year = g->year,
                                  .seed = g->seed,
                                  .winner = g->winner,
                                  .over = true,
                                  .termination = termination};
    char why[300];
    FILE *record = NULL;
    if (g->record && !record_file_open(g->record, &record, why, sizeof why))
        fprintf(stderr, "r3: match: cannot read back '%s': %s; its PGN entry goes without its decisions\n", g->record,
                why);
    pgn_write(out, &game, record);
    if (record)
        fclose(record);
}

void results_write(struct results_files *f, const struct game_line *g)
{
    write_tsv(f->tsv, g);
    write_pgn(f->pgn, g);
    fflush(f->tsv);
    fflush(f->pgn);
}

void results_close(struct results_files *f)
{
    if (f->tsv)
        fclose(f->tsv);
    if (f->pgn)
        fclose(f->pgn);
    f->tsv = f->pgn = NULL;
}

/* ---- reading results.tsv back ---- */

static int word_index(const char *word, const char *const *words, int count)
{
    for (int i = 0; i < count; i++)
        if (strcmp(word, words[i]) == 0)
            return i;
    return -1;
}

static int split_fields(char *line, char *field[FIELDS])
{
    int n = 0;
    for (char *p = line;; p++) {
        if (n < FIELDS)
            field[n] = p;
        n++;
        p = strchr(p, '\t');
        if (!p)
            return n;
        *p = '\0';
    }
}

static bool read_numbers(char *const field[FIELDS], struct game_line *g, char *why, size_t size)
{
    long long n;
    if (!number_whole(field[0], 1, 100000000, &n))
        return fail(why, size, "game number '%s' is not a whole number from 1", field[0]);
    g->game = (long)n;
    if (!number_whole(field[1], 0, 9999, &n) || (n != 1460 && n != 1470 && n != 1483))
        return fail(why, size, "scenario '%s' is not 1460, 1470 or 1483", field[1]);
    g->year = (int)n;
    if (!number_whole(field[2], 0, INT64_MAX, &n))
        return fail(why, size, "seed '%s' is not a whole number", field[2]);
    g->seed = (uint64_t)n;
    return true;
}

static bool read_outcome(char *const field[FIELDS], struct game_line *g, char *why, size_t size)
{
    int winner = strcmp(field[5], "none") == 0 ? SIDE_NONE : side_by_word(field[5]);
    int end = word_index(field[6], GAME_END_WORD, END_COUNT);
    if (winner < 0)
        return fail(why, size, "winner '%s' is not york, lancaster or none", field[5]);
    if (end < 0)
        return fail(why, size,
                    "end '%s' is not heirs, usurpation, last-campaign, illegal, crash, hang, garbage "
                    "or bound",
                    field[6]);
    if ((winner == SIDE_NONE) != (end == END_BOUND))
        return fail(why, size, "winner '%s' with end '%s': only a game at the bound has no winner", field[5], field[6]);
    g->winner = winner;
    g->end = end;
    g->reason = strcmp(field[7], "-") == 0 ? "" : field[7];
    return true;
}

bool results_parse(char *line, struct game_line *g, char *why, size_t size)
{
    char *field[FIELDS];
    line[strcspn(line, "\r\n")] = '\0';
    int n = split_fields(line, field);
    if (n != FIELDS)
        return fail(why, size, "%d tab-separated fields where %d are due", n, FIELDS);
    if (!*field[3] || !*field[4])
        return fail(why, size, "%s", "an engine name is empty");
    g->york = field[3];
    g->lancaster = field[4];
    return read_numbers(field, g, why, size) && read_outcome(field, g, why, size);
}

bool results_read(const char *path, results_take *take, void *context, char *why, size_t size)
{
    char *text = NULL, reason[2000];
    size_t capacity = 0;
    bool ok = true;
    long line = 0;
    FILE *f = fopen(path, "r");
    if (!f)
        return fail(why, size, "cannot read '%s': %s", path, strerror(errno));
    while (ok && getline(&text, &capacity, f) >= 0) {
        struct game_line g;
        line++;
        if (text[0] == '#' || text[strspn(text, "\r\n")] == '\0')
            continue;
        ok = results_parse(text, &g, reason, sizeof reason) && take(context, &g, line, reason, sizeof reason);
        if (!ok)
            fail(why, size, "%s line %ld: %s", path, line, reason);
    }
    free(text);
    fclose(f);
    return ok;
}
