/*
 * spsa_files.c: see spsa_files.h. What a run wrote is all that --resume
 * accepts back: the files are opened only when they are regular files (a
 * FIFO would block the open, /dev/zero never end), read a bounded line at a
 * time (a NUL byte, a line too long or a row without its newline refused),
 * and every field is read whole (engine/io/number.h). A theta that was not a
 * finite number inside its bounds would otherwise be played from and written
 * to tuned.txt; a junk line of results.tsv would be kept among the games.
 */
/* gnulib puts its own system headers (unistd.h among them) first on the
 * include path; they need its config.h before anything else. */
#include <config.h>

#include "tuning/spsa/spsa_files.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "engine/core/fail.h"
#include "engine/io/number.h"
#include "engine/io/text_file.h"
#include "engine/io/whole_file.h"
#include "tuning/arena/results.h"

#define LINE_MAX_LENGTH 4096 /* of either file; a row of 16 parameters takes under 400 */
#define GAME_COLUMNS 4       /* of a params.tsv row before theta: iteration, plus_wins, minus_wins, draws */
#define RESULTS_HEADER "# game\tscenario\tseed\tyork\tlancaster\twinner\tend\treason"

void spsa_file_path(const struct spsa_options *o, const char *name, char *path, size_t size)
{
    snprintf(path, size, "%s/%s", o->out_dir, name);
}

void spsa_iteration_dir(const struct spsa_options *o, long k, char *path, size_t size)
{
    snprintf(path, size, "%s/games/iteration-%05ld", o->out_dir, k);
}

/* ---- params.tsv, written ---- */

/* Line 1: the settings, which a resumed run must share. */
static void describe(const struct spsa_options *o, char *text, size_t size)
{
    int n = snprintf(text, size, "# r3 tune spsa: --iterations %ld --pairs-per-iteration %ld --seed %llu",
                     o->iterations, o->pairs, (unsigned long long)o->match.seed);
    for (int i = 0; i < o->params && n > 0 && (size_t)n < size; i++) {
        const struct spsa_param *p = &o->param[i];
        n += snprintf(text + n, size - (size_t)n, " --param %s=%g,%g,%g,%g,%g", p->name, p->start, p->min, p->max,
                      p->c_end, p->r_end);
    }
}

/* Line 2: the column names. */
static void name_columns(const struct spsa_options *o, char *text, size_t size)
{
    int n = snprintf(text, size, "# iteration\tplus_wins\tminus_wins\tdraws");
    for (int i = 0; i < o->params && n > 0 && (size_t)n < size; i++)
        n += snprintf(text + n, size - (size_t)n, "\t%s", o->param[i].name);
}

void spsa_params_row(FILE *f, long k, const long *score, int params, const double *theta)
{
    if (k == 0)
        fprintf(f, "0\t-\t-\t-");
    else
        fprintf(f, "%ld\t%ld\t%ld\t%ld", k, score[0], score[1], score[2]);
    for (int i = 0; i < params; i++) {
        /* Exactly: a resumed run goes on from theta itself, as a whole run does. */
        fputc('\t', f);
        number_write_exact(f, theta[i]);
    }
    fputc('\n', f);
}

FILE *spsa_params_start(const struct spsa_options *o, const double *theta, char *why, size_t size)
{
    char path[SPSA_PATH_MAX], about[LINE_MAX_LENGTH], columns[LINE_MAX_LENGTH];
    spsa_file_path(o, SPSA_PARAMS_FILE, path, sizeof path);
    FILE *f = fopen(path, "w");
    if (!f)
        return snprintf(why, size, "cannot write '%.300s': %s", path, strerror(errno)), NULL;
    describe(o, about, sizeof about);
    name_columns(o, columns, sizeof columns);
    fprintf(f, "%s\n%s\n", about, columns);
    spsa_params_row(f, 0, NULL, o->params, theta);
    fflush(f);
    return f;
}

/* ---- reading back, strictly ---- */

/* Where a file is being read, for the one message of a refusal. */
struct reading {
    const char *path;
    long line;
    char *why;
    size_t size;
};

/* Writes "--resume: PATH:LINE: ..." (no line for the whole file) and returns false. */
static bool refuse(const struct reading *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static bool refuse(const struct reading *r, const char *fmt, ...)
{
    int n = r->line ? snprintf(r->why, r->size, "--resume: %.300s:%ld: ", r->path, r->line)
                    : snprintf(r->why, r->size, "--resume: '%.300s': ", r->path);
    va_list ap;
    va_start(ap, fmt);
    if (n > 0 && (size_t)n < r->size)
        vsnprintf(r->why + n, r->size - (size_t)n, fmt, ap);
    va_end(ap);
    return false;
}

/* The file, open for reading, if it is a regular file of at most max_bytes
 * (engine/io/text_file.h: a FIFO would block the open, /dev/zero never
 * end); NULL with why. */
static FILE *open_regular(const struct reading *r, long long max_bytes)
{
    char why[300];
    FILE *f;
    if (!text_file_open(r->path, max_bytes, "what this run could have written", &f, why, sizeof why))
        return refuse(r, "%s", why), NULL;
    return f;
}

enum line_kind { LINE_WHOLE, LINE_NONE, LINE_TORN, LINE_REFUSED };

/* The next line of f into text[LINE_MAX_LENGTH], its newline taken off:
 * whole; none at the end of the file; torn when the file ends without a
 * newline; refused (with why) when it holds a NUL byte, which the string
 * functions would take for its end, or is too long. A bounded getc loop
 * rather than getline, so that no line can cost more than the bound. */
static enum line_kind next_line(FILE *f, char *text, struct reading *r)
{
    size_t n = 0;
    int c;
    r->line++;
    while ((c = getc(f)) != EOF && c != '\n') {
        if (c == '\0')
            return refuse(r, "a NUL byte at character %zu: not text that a run writes", n + 1), LINE_REFUSED;
        if (n + 1 == LINE_MAX_LENGTH)
            return refuse(r, "longer than %d characters", LINE_MAX_LENGTH - 1), LINE_REFUSED;
        text[n++] = (char)c;
    }
    text[n] = '\0';
    if (ferror(f))
        return refuse(r, "read error: %s", strerror(errno)), LINE_REFUSED;
    return c == '\n' ? LINE_WHOLE : n ? LINE_TORN : LINE_NONE;
}

/* Splits text at its tabs in place: the count of fields, of which the first 'most' go to field[]. */
static int split_tabs(char *text, char **field, int most)
{
    int n = 0;
    for (char *p = text;; p++) {
        if (n < most)
            field[n] = p;
        n++;
        if (!(p = strchr(p, '\t')))
            return n;
        *p = '\0';
    }
}

/* Tabs as spaces, to show a header line in a one-line message. */
static void untab(char *text)
{
    for (char *tab = strchr(text, '\t'); tab; tab = strchr(tab, '\t'))
        *tab = ' ';
}

/* ---- params.tsv, read back ---- */

/* Lines 1 and 2: this run's settings and columns. */
static bool read_params_header(const struct spsa_options *o, FILE *f, struct reading *r)
{
    char text[LINE_MAX_LENGTH], want[LINE_MAX_LENGTH];
    enum line_kind kind = next_line(f, text, r);
    describe(o, want, sizeof want);
    if (kind == LINE_REFUSED)
        return false;
    if (kind == LINE_NONE)
        return refuse(r, "empty: no settings line, so no run to resume");
    if (strcmp(text, want) != 0) /* the message tests/spsa.sh and users know */
        return fail(r->why, r->size, "--resume: '%.300s' is a run of other settings: '%.300s'", r->path, text);
    if ((kind = next_line(f, text, r)) == LINE_REFUSED)
        return false;
    name_columns(o, want, sizeof want);
    if (kind != LINE_WHOLE || strcmp(text, want) != 0)
        return untab(want), refuse(r, "the column names are not this run's '%.600s' (tab-separated)", want);
    return true;
}

/* A row's plus_wins, minus_wins and draws: '-' in row 0, else whole numbers
 * adding up to the iteration's 2 * pairs games. */
static bool read_scores(const struct spsa_options *o, char **field, long k, struct reading *r)
{
    long long score[3], games = 0;
    for (int i = 0; i < 3; i++) {
        if (k == 0 && strcmp(field[1 + i], "-") != 0)
            return refuse(r, "row 0 (the start) has '%.40s' where '-' is due", field[1 + i]);
        if (k > 0 && !number_whole(field[1 + i], 0, 2 * o->pairs, &score[i]))
            return refuse(r, "'%.40s' is not a count of games from 0 to %ld", field[1 + i], 2 * o->pairs);
        games += k > 0 ? score[i] : 0;
    }
    if (k > 0 && games != 2 * o->pairs)
        return refuse(r, "%lld games where an iteration plays %ld", games, 2 * o->pairs);
    return true;
}

/* Theta of parameter p: all of the field a finite number within MIN..MAX. */
static bool read_theta(const struct spsa_param *p, const char *text, double *theta, struct reading *r)
{
    double x;
    if (!number_any_decimal(text, &x))
        return refuse(r, "%s is '%.40s', not a number", p->name, text);
    /* "nan", "inf" and an overflow (1e999) read as numbers; an underflow's
     * number near 0 is a number like any other. */
    if (!isfinite(x))
        return refuse(r, "%s is '%.40s', not a finite number", p->name, text);
    if (x < p->min || x > p->max)
        return refuse(r, "%s is %.9g, outside its MIN..MAX %g..%g", p->name, x, p->min, p->max);
    *theta = x;
    return true;
}

/* Row k: its fields, the iteration, the games, theta after it. */
static bool read_row(const struct spsa_options *o, char *text, long k, double *theta, struct reading *r)
{
    char *field[GAME_COLUMNS + SPSA_MAX_PARAMS];
    int count = split_tabs(text, field, GAME_COLUMNS + o->params), due = GAME_COLUMNS + o->params;
    long long n;
    if (count != due)
        return refuse(r,
                      "%d tab-separated fields where %d are due (iteration, plus_wins, minus_wins, draws and %d "
                      "parameters)",
                      count, due, o->params);
    if (!number_whole(field[0], 0, o->iterations, &n) || n != k)
        return refuse(r, "iteration '%.20s' where %ld is due", field[0], k);
    if (!read_scores(o, field, k, r))
        return false;
    for (int i = 0; i < o->params; i++)
        if (!read_theta(&o->param[i], field[GAME_COLUMNS + i], &theta[i], r))
            return false;
    return true;
}

long spsa_params_read(const struct spsa_options *o, double path[][SPSA_MAX_PARAMS], char *why, size_t size)
{
    char file[SPSA_PATH_MAX], text[LINE_MAX_LENGTH];
    spsa_file_path(o, SPSA_PARAMS_FILE, file, sizeof file);
    struct reading r = {.path = file, .why = why, .size = size};
    FILE *f = open_regular(&r, (long long)(o->iterations + 3) * LINE_MAX_LENGTH);
    if (!f)
        return -1;
    long k = 0;
    bool ok = read_params_header(o, f, &r);
    for (enum line_kind kind; ok && (kind = next_line(f, text, &r)) != LINE_NONE; k++)
        ok = kind == LINE_TORN      ? refuse(&r, "no newline at its end: a row cut short")
             : kind == LINE_REFUSED ? false
             : k > o->iterations    ? refuse(&r, "a row after iteration %ld, the run's last", o->iterations)
                                    : read_row(o, text, k, path[k], &r);
    fclose(f);
    if (ok && k == 0)
        ok = refuse(&r, "no rows: not even row 0, the start");
    return ok ? k - 1 : -1;
}

/* ---- results.tsv ---- */

/* What each game line of a resumed run's results.tsv must be. */
struct game_check {
    const struct spsa_options *o;
    long kept;           /* the games of the iterations done: 1..kept */
    long played;         /* and of the one that may have been cut short */
    unsigned char *seen; /* a bit for each game 1..played */
    char plus[320], minus[320];
};

/* One of this run's games, read once: numbered within the iterations
 * played; the plus engine York in the odd games, as the match sets them; the
 * seed of its pair, S + (g - 1) / 2 across the whole run. */
static bool check_game(struct game_check *c, const struct game_line *g, struct reading *r)
{
    const char *york = g->game % 2 ? c->plus : c->minus, *lancaster = g->game % 2 ? c->minus : c->plus;
    uint64_t seed = c->o->match.seed + (uint64_t)((g->game - 1) / 2);
    unsigned char bit = (unsigned char)(1u << ((g->game - 1) % 8));
    if (g->game > c->played)
        return refuse(r, "game %ld is past game %ld, the last of the iterations begun", g->game, c->played);
    if (strcmp(g->york, york) != 0 || strcmp(g->lancaster, lancaster) != 0)
        return refuse(r, "game %ld is '%.100s' vs '%.100s', where this run's is '%.100s' vs '%.100s'", g->game, g->york,
                      g->lancaster, york, lancaster);
    if (g->seed != seed)
        return refuse(r, "game %ld has seed %llu, where this run's is %llu", g->game, (unsigned long long)g->seed,
                      (unsigned long long)seed);
    if (c->seen[(g->game - 1) / 8] & bit)
        return refuse(r, "game %ld a second time", g->game);
    c->seen[(g->game - 1) / 8] |= bit;
    return true;
}

/* The header, then each game line checked and, if an iteration done played
 * it, copied to 'kept'. *torn gets the line number of a last line without
 * its newline (0 if none): a crash's, not copied. */
static bool copy_checked_games(struct game_check *c, FILE *from, FILE *kept, struct reading *r, long *torn)
{
    char text[LINE_MAX_LENGTH], copy[LINE_MAX_LENGTH], header[] = RESULTS_HEADER, why[300];
    enum line_kind kind = next_line(from, text, r);
    if (kind == LINE_REFUSED)
        return false;
    if (kind != LINE_WHOLE || strcmp(text, RESULTS_HEADER) != 0)
        return untab(header), refuse(r, "not the header line '%s' (tab-separated)", header);
    while ((kind = next_line(from, text, r)) == LINE_WHOLE) {
        struct game_line g;
        memcpy(copy, text, strlen(text) + 1); /* results_parse cuts text at its tabs */
        if (!results_parse(text, &g, why, sizeof why))
            return refuse(r, "%s", why);
        if (!check_game(c, &g, r))
            return false;
        if (g.game <= c->kept)
            fprintf(kept, "%s\n", copy);
    }
    *torn = kind == LINE_TORN ? r->line : 0;
    return kind != LINE_REFUSED;
}

/* Every game of the iterations done, each once: a game lost would leave
 * results.tsv short of what params.tsv counts. */
static bool every_game_kept(const struct game_check *c, struct reading *r)
{
    r->line = 0;
    for (long g = 1; g <= c->kept; g++)
        if (!(c->seen[(g - 1) / 8] & (1u << ((g - 1) % 8))))
            return refuse(r, "game %ld is missing, though params.tsv counts its iteration, %ld, done", g,
                          (g - 1) / (2 * c->o->pairs) + 1);
    return true;
}

/* The checked games of a resumed run's results.tsv at 'path' into 'kept'. */
static bool keep_resumed_games(const struct spsa_options *o, long done, const char *path, FILE *kept, FILE *note,
                               char *why, size_t size)
{
    struct reading r = {.path = path, .why = why, .size = size};
    struct game_check c = {.o = o, .kept = 2 * o->pairs * done};
    struct stat st;
    if (lstat(path, &st) != 0 && errno == ENOENT) {
        if (done == 0)
            return true; /* killed before its first game was joined */
        return refuse(&r, "missing, though params.tsv counts %ld iterations done, whose games it holds", done);
    }
    c.played = 2 * o->pairs * (done < o->iterations ? done + 1 : done);
    snprintf(c.plus, sizeof c.plus, "%s+", o->match.engine[0].name);
    snprintf(c.minus, sizeof c.minus, "%s-", o->match.engine[0].name);
    if (!(c.seen = calloc((size_t)c.played / 8 + 1, 1)))
        return refuse(&r, "no memory to check its %ld games", c.played);
    long torn = 0;
    FILE *from = open_regular(&r, (long long)(c.played + 1) * LINE_MAX_LENGTH);
    bool ok = from && copy_checked_games(&c, from, kept, &r, &torn) && every_game_kept(&c, &r);
    if (from)
        fclose(from);
    free(c.seen);
    if (ok && torn)
        fprintf(note, "spsa: note: %s:%ld has no newline at its end, a game cut short when the run stopped: dropped\n",
                path, torn);
    return ok;
}

bool spsa_results_open(const struct spsa_options *o, long done, FILE *note, FILE **out, char *why, size_t size)
{
    char path[SPSA_PATH_MAX], kept[SPSA_PATH_MAX + 8];
    spsa_file_path(o, SPSA_RESULTS_FILE, path, sizeof path);
    snprintf(kept, sizeof kept, "%s.kept", path);
    remove(kept); /* one left by a crash; "x" below will not write through whatever is there */
    FILE *f = fopen(kept, "wx");
    if (!f)
        return fail(why, size, "cannot write '%.300s': %s", kept, strerror(errno));
    fprintf(f, "%s\n", RESULTS_HEADER);
    if (o->resume && !keep_resumed_games(o, done, path, f, note, why, size))
        return fclose(f), remove(kept), false;
    if (fflush(f) != 0 || !whole_file_rename(kept, path)) {
        snprintf(why, size, "cannot write '%.300s': %s", path, strerror(errno));
        return fclose(f), remove(kept), false;
    }
    *out = f;
    return true;
}

void spsa_results_join(const struct spsa_options *o, long k, FILE *results)
{
    char path[SPSA_PATH_MAX + 16], line[8192];
    spsa_iteration_dir(o, k, path, SPSA_PATH_MAX);
    strcat(path, "/" RESULTS_TSV);
    FILE *f = fopen(path, "r");
    if (f) {
        /* The match's own file, written by this process a moment ago: its header comments left out. */
        while (fgets(line, sizeof line, f))
            if (line[0] != '#' && strtol(line, NULL, 10) <= 2 * o->pairs * k)
                fputs(line, results);
        fclose(f);
    }
    fflush(results);
}
