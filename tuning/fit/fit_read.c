/*
 * fit_read.c: see fit_read.h. A file is read in batches of lines; the
 * lines of a batch are parsed (position_parse and the tuner's parse) on
 * threads, each a contiguous slice, then checked and taken in order, so the
 * rows and the first error reported are the same whatever the number of
 * threads.
 */
#include <config.h>

#include "tuning/fit/fit_read.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

#include "engine/core/fail.h"
#include "engine/core/random.h"
#include "engine/core/scenario.h"
#include "engine/core/tables.h"
#include "engine/io/number.h"
#include "engine/rules/audit.h"
#include "engine/rules/rules.h"
#include "engine/text/position.h"
#include "tuning/report/workers.h"

#define FIELDS 7 /* game ply scenario side result winrate position; then visits */
#define WHY_MAX 320

/* ---- one line ---- */

static bool line_fail(char *why, size_t size, const char *format, ...) __attribute__((format(printf, 3, 4)));

static bool line_fail(char *why, size_t size, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    vsnprintf(why, size, format, args);
    va_end(args);
    return false;
}

bool fit_line_is_comment(const char *line)
{
    if (line[0] == '#')
        return true;
    return line[strspn(line, " \t\r")] == '\0';
}

/* Cuts line at its tabs into at most FIELDS + 2 fields; returns how many there were. */
static int split_fields(char *line, char *field[FIELDS + 2])
{
    int count = 0;
    for (char *p = line;;) {
        char *tab = strchr(p, '\t');
        if (count < FIELDS + 2)
            field[count] = p;
        count++;
        if (!tab)
            return count;
        *tab = '\0';
        p = tab + 1;
    }
}

static bool parse_numbers(char *field[], struct fit_fields *row, char *why, size_t size)
{
    long long n;
    if (!number_whole(field[0], -INT64_MAX, INT64_MAX, &n))
        return line_fail(why, size, "game '%s' is not a whole number", field[0]);
    row->game = n;
    if (!number_whole(field[1], 0, INT64_MAX, &n))
        return line_fail(why, size, "ply '%s' is not a whole number from 0", field[1]);
    row->ply = n;
    long long year;
    row->scenario = number_whole(field[2], 0, 9999, &year) ? scenario_from_year((int)year) : -1;
    if (row->scenario < 0)
        return line_fail(why, size, "unknown scenario '%s' (1460, 1470 or 1483)", field[2]);
    row->side = side_by_word(field[3]);
    if (row->side < 0)
        return line_fail(why, size, "unknown side '%s' (york or lancaster)", field[3]);
    if (!number_decimal(field[4], 0, 1, &row->result) || (row->result != 0 && row->result != 0.5 && row->result != 1))
        return line_fail(why, size, "result '%s' is not 1, 0 or 0.5 (York's result)", field[4]);
    double rate = NAN;
    if (strcmp(field[5], "-") != 0 && !number_decimal(field[5], 0, 1, &rate))
        return line_fail(why, size, "winrate '%s' is not a number from 0 to 1, or '-'", field[5]);
    row->winrate = row->side == SIDE_YORK ? rate : 1 - rate;
    return true;
}

static const char *actor_name(int actor) { return actor < SIDE_COUNT ? SIDE_WORD[actor] : "chance"; }

/* The position: it parses, is of the line's scenario, and the line's side
 * decides there unless the game is over. */
static bool parse_world(const char *text, struct fit_fields *row, struct world *w, char *why, size_t size)
{
    char error[256];
    if (!audit_position_parse(text, w, error, sizeof error))
        return line_fail(why, size, "position: %s", error);
    if (w->scenario != row->scenario)
        return line_fail(why, size, "the position is of scenario %d, the line says %d", SCENARIO_INFO[w->scenario].year,
                         SCENARIO_INFO[row->scenario].year);
    row->finished = w->phase == PHASE_OVER;
    if (row->finished)
        return true;
    int actor = rules_actor(w);
    if (actor != row->side)
        return line_fail(why, size, "%s is to decide in the position, the line says %s", actor_name(actor),
                         actor_name(row->side));
    return true;
}

/* One line (without its newline; it is cut up in place) into *f and the
 * tuner's row. */
static bool parse_line(const struct fit_reader *r, char *line, struct fit_fields *f, void *row, char *why, size_t size)
{
    char *field[FIELDS + 2];
    struct world w;
    size_t length = strlen(line);
    if (length && line[length - 1] == '\r')
        line[length - 1] = '\0';
    int count = split_fields(line, field);
    if (count != FIELDS && count != FIELDS + 1)
        return line_fail(why, size,
                         "expected 7 or 8 tab-separated fields (game ply scenario side result winrate position "
                         "[visits]), found %d",
                         count);
    *f = (struct fit_fields){0};
    if (!parse_numbers(field, f, why, size) || !parse_world(field[6], f, &w, why, size))
        return false;
    return f->finished || r->parse(r->settings, f, &w, count == FIELDS + 1 ? field[FIELDS] : NULL, row, why, size);
}

/* ---- reading a file in batches ---- */

struct batch_line {
    char *text;
    size_t capacity;
    long number; /* the line's number in the file */
    bool comment, ok;
    struct fit_fields fields;
    void *row; /* the tuner's, in the batch's block of rows */
    char why[WHY_MAX];
};

/* A batch's lines, parsed 'per' lines to a worker. */
struct batch {
    const struct fit_reader *r;
    struct batch_line *line;
    int count, per;
};

static void parse_slice(void *context, int worker)
{
    struct batch *b = context;
    int end = (worker + 1) * b->per < b->count ? (worker + 1) * b->per : b->count;
    for (int i = worker * b->per; i < end; i++) {
        struct batch_line *l = &b->line[i];
        l->comment = fit_line_is_comment(l->text);
        l->ok = l->comment || parse_line(b->r, l->text, &l->fields, l->row, l->why, sizeof l->why);
    }
}

/* Parses lines [0, count) on up to 'threads' threads, none with no line. */
static void parse_batch(const struct fit_reader *r, struct batch_line *line, int count, int threads)
{
    if (threads > WORKERS_MAX)
        threads = WORKERS_MAX;
    struct batch b = {r, line, count, (count + threads - 1) / threads};
    if (count > 0)
        workers_run(&(struct workers){.count = (count + b.per - 1) / b.per, .work = parse_slice, .context = &b});
}

/* What the reader carries from line to line and batch to batch. */
struct reading {
    const struct fit_reader *r;
    const char *name;
    char *why;
    size_t size;
    bool have_previous; /* the last data line, for the check that a game's lines agree */
    int64_t game;
    double result;
    int scenario;
};

static bool reading_fail(struct reading *r, long line, const char *format, ...) __attribute__((format(printf, 3, 4)));

static bool reading_fail(struct reading *r, long line, const char *format, ...)
{
    char message[WHY_MAX + 64];
    va_list args;
    va_start(args, format);
    vsnprintf(message, sizeof message, format, args);
    va_end(args);
    return fail(r->why, r->size, "%s:%ld: %s", r->name, line, message);
}

/* The rows of a parsed batch, in order: the first bad line fails. Lines of one
 * game that follow each other must agree on its result and scenario. */
static bool take_batch(struct reading *r, struct batch_line *line, int count)
{
    for (int i = 0; i < count; i++) {
        struct batch_line *l = &line[i];
        if (!l->ok)
            return reading_fail(r, l->number, "%s", l->why);
        if (l->comment)
            continue;
        const struct fit_fields *f = &l->fields;
        if (r->have_previous && f->game == r->game && (f->result != r->result || f->scenario != r->scenario))
            return reading_fail(r, l->number, "game %lld has another %s on the line before", (long long)f->game,
                                f->result != r->result ? "result" : "scenario");
        r->have_previous = true;
        r->game = f->game;
        r->result = f->result;
        r->scenario = f->scenario;
        l->fields.file = r->r->file;
        r->r->take(r->r->context, f, l->row);
    }
    return true;
}

/* A batch of lines, each with room for its row; NULL if memory ran out. */
static struct batch_line *batch_new(const struct fit_reader *r, int capacity, char **rows)
{
    struct batch_line *line = calloc((size_t)capacity, sizeof *line);
    *rows = calloc((size_t)capacity, r->row_size ? r->row_size : 1);
    if (!line || !*rows) {
        free(line);
        free(*rows);
        *rows = NULL;
        return NULL;
    }
    for (int i = 0; i < capacity; i++)
        line[i].row = *rows + (size_t)i * r->row_size;
    return line;
}

bool fit_read_stream(const struct fit_reader *r, FILE *in, const char *name, int threads, char *why, size_t size)
{
    if (threads < 1)
        threads = 1;
    int capacity = r->lines_per_batch * threads;
    char *rows;
    struct batch_line *line = batch_new(r, capacity, &rows);
    struct reading reading = {.r = r, .name = name, .why = why, .size = size};
    long number = 0, cut = 0; /* cut: a last data line without its end of line */
    bool ok = line != NULL, more = true;
    if (!line)
        snprintf(why, size, "%s: out of memory", name);
    while (ok && more) {
        int count = 0;
        while (more && count < capacity) {
            ssize_t length = getline(&line[count].text, &line[count].capacity, in);
            more = length >= 0;
            if (!more)
                break;
            line[count].number = ++number;
            if (line[count].text[length - 1] == '\n')
                line[count].text[length - 1] = '\0';
            else if (!fit_line_is_comment(line[count].text))
                cut = number, more = false; /* reported after the lines before it */
            count += !cut;
        }
        if (ferror(in))
            ok = reading_fail(&reading, number + 1, "read error: %s", strerror(errno));
        if (ok) {
            parse_batch(r, line, count, threads);
            ok = take_batch(&reading, line, count);
        }
    }
    if (ok && cut)
        ok = reading_fail(&reading, cut, "the line has no end: the file was cut short");
    for (int i = 0; line && i < capacity; i++)
        free(line[i].text);
    free(line);
    free(rows);
    return ok;
}

/* A file read through zlib's inflate, gzip or plain text alike, as a stdio
 * stream (glibc's fopencookie) for getline. Not gzread: where a gzip file is
 * cut short, gzread may end as cleanly as at the file's end, losing the
 * last bytes it had, so a cut gzip file would read as a cut line. Inflate
 * says where a member is still open when the file ends. */
struct gz_stream {
    int fd;
    bool gzip, open_member; /* open_member: a member begun and not yet at its end */
    z_stream z;
    unsigned char in[1 << 16];
    size_t plain_at, plain_left; /* plain text: the bytes read while looking for gzip's magic */
    char damage[160];            /* what is wrong with the gzip data, or "" */
};

static ssize_t gz_damaged(struct gz_stream *g, const char *what)
{
    snprintf(g->damage, sizeof g->damage, "%s", what);
    errno = EIO;
    return -1;
}

static ssize_t plain_read(struct gz_stream *g, char *buffer, size_t size)
{
    if (!g->plain_left)
        return read(g->fd, buffer, size);
    size_t n = size < g->plain_left ? size : g->plain_left;
    memcpy(buffer, g->in + g->plain_at, n);
    g->plain_at += n, g->plain_left -= n;
    return (ssize_t)n;
}

/* Inflates into buffer until some bytes come out or the file ends; read()
 * as gzread did, so that a signal still interrupts a wait on a pipe. */
static ssize_t gz_stream_read(void *cookie, char *buffer, size_t size)
{
    struct gz_stream *g = cookie;
    if (!g->gzip)
        return plain_read(g, buffer, size);
    g->z.next_out = (unsigned char *)buffer;
    g->z.avail_out = (unsigned)(size < (1u << 30) ? size : 1u << 30);
    while (g->z.next_out == (unsigned char *)buffer) {
        if (g->z.avail_in == 0) {
            ssize_t got = read(g->fd, g->in, sizeof g->in);
            if (got <= 0)
                return got < 0 ? -1 : g->open_member ? gz_damaged(g, "unexpected end of file") : 0;
            g->z.next_in = g->in, g->z.avail_in = (unsigned)got;
        }
        if (!g->open_member && inflateReset(&g->z) == Z_OK) /* the next member of a concatenation */
            g->open_member = true;
        int status = inflate(&g->z, Z_NO_FLUSH);
        if (status == Z_STREAM_END)
            g->open_member = false;
        else if (status != Z_OK && status != Z_BUF_ERROR)
            return gz_damaged(g, g->z.msg ? g->z.msg : status == Z_MEM_ERROR ? "out of memory" : "not inflatable");
    }
    return (ssize_t)((char *)g->z.next_out - buffer);
}

static int gz_stream_close(void *cookie)
{
    struct gz_stream *g = cookie;
    if (g->gzip)
        inflateEnd(&g->z);
    return close(g->fd);
}

/* Opens path, gzip if its first bytes are gzip's magic; the bytes read to
 * tell are kept as the first input, so that a pipe loses none. */
static bool gz_stream_open(struct gz_stream *g, const char *path)
{
    if ((g->fd = open(path, O_RDONLY | O_CLOEXEC)) < 0)
        return false;
    size_t have = 0;
    for (ssize_t got = 1; have < 2 && got > 0; have += got > 0 ? (size_t)got : 0)
        got = read(g->fd, g->in + have, sizeof g->in - have);
    g->gzip = have >= 2 && g->in[0] == 0x1f && g->in[1] == 0x8b;
    if (g->gzip && inflateInit2(&g->z, 16 + MAX_WBITS) != Z_OK) {
        close(g->fd);
        return errno = ENOMEM, false;
    }
    if (g->gzip)
        g->z.next_in = g->in, g->z.avail_in = (unsigned)have, g->open_member = true;
    else
        g->plain_left = have;
    return true;
}

bool fit_read_file(const struct fit_reader *r, const char *path, int threads, char *why, size_t size)
{
    if (strcmp(path, "-") == 0)
        return fit_read_stream(r, stdin, "stdin", threads, why, size);
    struct gz_stream *g = calloc(1, sizeof *g);
    if (!g || !gz_stream_open(g, path)) {
        int error = g ? errno : ENOMEM;
        free(g);
        return fail(why, size, "%s: cannot open: %s", path, strerror(error));
    }
    FILE *in = fopencookie(g, "r", (cookie_io_functions_t){.read = gz_stream_read, .close = gz_stream_close});
    if (!in) {
        int error = errno;
        gz_stream_close(g);
        free(g);
        return fail(why, size, "%s: cannot open: %s", path, strerror(error));
    }
    bool ok = fit_read_stream(r, in, path, threads, why, size);
    fclose(in);
    char *said = ok || !g->damage[0] ? NULL : strstr(why, "read error: ");
    if (said) /* say what inflate found */
        snprintf(said, size - (size_t)(said - why), "damaged gzip data: %s", g->damage);
    free(g);
    return ok;
}

/* ---- the split by game ---- */

bool fit_in_validation(int64_t game, double fraction, uint64_t seed)
{
    uint64_t state = seed ^ ((uint64_t)game * 0xd1b54a32d192ed03ull);
    uint64_t hash = random_next(&state);
    return (double)(hash >> 11) * 0x1p-53 < fraction;
}

static int compare_games(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

long fit_games(const int64_t *game, long count)
{
    if (count == 0)
        return 0;
    int64_t *games = malloc((size_t)count * sizeof *games);
    if (!games) {
        fputs("r3: out of memory for the positions' games\n", stderr);
        exit(1);
    }
    memcpy(games, game, (size_t)count * sizeof *games);
    qsort(games, (size_t)count, sizeof *games, compare_games);
    long distinct = 1;
    for (long i = 1; i < count; i++)
        distinct += games[i] != games[i - 1];
    free(games);
    return distinct;
}
