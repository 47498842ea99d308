/*
 * record.c: see record.h. A record is read as it is replayed, through
 * game_play() with the record every actor's player. The result must be what
 * the replay reaches: the winner of a finished game; for one that stopped,
 * why (a forfeit that names the loser's engine, a resignation, the decision
 * bound, a game saved in play). Lines are read with the bounds of
 * record_file.h, on whatever stream the caller opened.
 */
#include "games/record.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "engine/core/fail.h"
#include "engine/core/scenario.h"
#include "engine/core/tables.h"
#include "engine/rules/game.h"
#include "engine/rules/notation.h"
#include "engine/rules/rules.h"

/* ---- writing ---- */

void record_write_header(FILE *f, int year, uint64_t seed, const char *york, const char *lancaster)
{
    fprintf(f, "# r3 game record\nscenario %d\nseed %llu\nyork %s\nlancaster %s\n", year, (unsigned long long)seed,
            york, lancaster);
}

void record_write_comment(FILE *f, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("# ", f);
    vfprintf(f, fmt, ap);
    fputc('\n', f);
    va_end(ap);
}

void record_write_resumed(FILE *f, long after, uint64_t chance)
{
    fprintf(f, RECORD_RESUMED_WORDS " %ld: chance from %llu\n", after, (unsigned long long)chance);
}

void record_write_decision(FILE *f, decision d)
{
    char text[64]; /* RECORD_DECISION_LINE_MAX counts on it */
    decision_text(d, text, sizeof text);
    fprintf(f, "%s\n", text);
}

void record_write_result(FILE *f, int end, int winner, const char *reason)
{
    const char *winner_name = winner >= 0 && winner < SIDE_COUNT ? SIDE_NAME[winner] : "";
    if (end == RECORD_AT_BOUND || end == RECORD_IN_PLAY)
        fprintf(f, "# result %s\n", end == RECORD_AT_BOUND ? RESULT_AT_BOUND : RESULT_IN_PLAY);
    else if (end == RECORD_FORFEIT)
        fprintf(f, "# result %s by forfeit: %s\n", winner_name, reason);
    else
        fprintf(f, "# result %s%s\n", winner_name, end == RECORD_RESIGNATION ? " by resignation" : "");
}

/* ---- reading ---- */

/* What the line read last is. */
enum line { LINE_USED, LINE_DECISION, LINE_RESULT, LINE_BAD, LINE_NONE /* the end of the file */ };

struct replay {
    struct world w;
    FILE *in;
    const struct record_reader *reader;
    int scenario;
    uint64_t seed, rng;
    long line, decisions;
    long parsed;     /* the decisions read so far: where a resumed game's chance begins anew */
    long long bytes; /* read so far: a stream that is no file (a pipe, a file still growing) is bounded too */
    bool has_scenario, has_seed, in_play;       /* in_play: a decision has been read */
    char name[SIDE_COUNT][RECORD_LINE_MAX + 1]; /* the york and lancaster lines: who played each side */
    int next;                                   /* enum line */
    char *text;
    size_t capacity;
    char *error;
    size_t error_size;
};

static bool refuse_line(struct replay *r, const char *what, const char *text)
{
    return fail(r->error, r->error_size, "line %ld: %s%.100s%s", r->line, what, text, *text ? "'" : "");
}

/* A line before the first decision: scenario, seed, york, lancaster or a comment. */
static bool header(struct replay *r)
{
    int year, used = 0;
    unsigned long long seed;
    if (r->line == 1 && strcmp(r->text, RECORD_SEALED_FIRST_LINE) == 0)
        return refuse_line(r,
                           "a sealed save of a game in play, whose hidden part only r3 host's 'load' opens; r3 replay "
                           "reads a finished game's save",
                           "");
    if (r->text[0] == '#')
        return true;
    if (sscanf(r->text, "scenario %d%n", &year, &used) == 1 && !r->text[used]) {
        int s = scenario_from_year(year);
        if (s < 0 || r->has_scenario)
            return refuse_line(r, s < 0 ? "unknown scenario in '" : "a second scenario line: '", r->text);
        scenario_setup(&r->w, s);
        r->scenario = s;
        return r->has_scenario = true;
    }
    if (sscanf(r->text, "seed %llu%n", &seed, &used) == 1 && !r->text[used] && r->text[5] != '-') {
        if (r->has_seed)
            return refuse_line(r, "a second seed line: '", r->text);
        r->seed = r->rng = seed;
        return r->has_seed = true;
    }
    for (int side = 0; side < SIDE_COUNT; side++) {
        size_t n = strlen(SIDE_WORD[side]);
        if (strncmp(r->text, SIDE_WORD[side], n) == 0 && r->text[n] == ' ') {
            snprintf(r->name[side], sizeof r->name[side], "%s", r->text + n + 1);
            return true;
        }
    }
    return refuse_line(r, "expected the header (scenario, seed, york, lancaster) before the decisions, not '", r->text);
}

/* A "# resumed after decision K: chance from N" line: from the K-th
 * decision on, chance draws from N, the secret r3 host drew when it loaded
 * a sealed save there. K must be the decisions read so far. Any other line
 * passes. */
bool record_resumed_read(const char *line, long *after, uint64_t *chance)
{
    unsigned long long n;
    int used = 0;
    size_t words = strlen(RECORD_RESUMED_WORDS);
    if (sscanf(line, RECORD_RESUMED_WORDS " %ld: chance from %llu%n", after, &n, &used) != 2 || line[used] ||
        line[words] != ' ' || !isdigit((unsigned char)line[words + 1]))
        return false;
    *chance = n;
    return true;
}

static bool resumed(struct replay *r)
{
    long after;
    uint64_t chance;
    if (strncmp(r->text, RECORD_RESUMED_WORDS, strlen(RECORD_RESUMED_WORDS)) != 0)
        return true;
    if (!record_resumed_read(r->text, &after, &chance))
        return refuse_line(r, "expected '" RECORD_RESUMED_WORDS " K: chance from N', not '", r->text);
    if (after != r->parsed)
        return refuse_line(r, "a resumption at another decision than the one it follows: '", r->text);
    r->rng = chance;
    return true;
}

/* The next line of the record, its line end cut off, within the bounds of
 * one (record_file.h): LINE_USED for a line, LINE_NONE at the end, LINE_BAD
 * with why for a line too long, a NUL byte or a record grown too big. */
static int next_line(struct replay *r)
{
    bool too_long;
    char bound[160];
    ssize_t length = record_line_read(r->in, &r->text, &r->capacity, &too_long);
    if (length < 0)
        return LINE_NONE;
    r->line++;
    r->bytes += length;
    if (too_long)
        return snprintf(r->error, r->error_size, "line %ld: over %d bytes, the most a record's line may be", r->line,
                        RECORD_LINE_MAX),
               LINE_BAD;
    if (r->bytes > RECORD_FILE_MAX) {
        record_file_bound(bound, sizeof bound);
        return snprintf(r->error, r->error_size, "line %ld: the record runs past %lld bytes, the most one may be (%s)",
                        r->line, RECORD_FILE_MAX, bound),
               LINE_BAD;
    }
    if (memchr(r->text, '\0', (size_t)length))
        return refuse_line(r, "a NUL byte", ""), LINE_BAD;
    r->text[strcspn(r->text, "\r\n")] = '\0';
    return LINE_USED;
}

/* Reads on to the next decision or the result, taking in the header lines
 * and comments on the way. */
static int read_line(struct replay *r)
{
    int got;
    while ((got = next_line(r)) == LINE_USED) {
        if (strncmp(r->text, "# result ", 9) == 0)
            return LINE_RESULT;
        bool header_line =
            r->text[0] == '#' || !(r->has_scenario && r->has_seed) ||
            (!r->in_play && (strncmp(r->text, "york ", 5) == 0 || strncmp(r->text, "lancaster ", 10) == 0));
        if (!header_line && (strncmp(r->text, "seed ", 5) == 0 || strncmp(r->text, "scenario ", 9) == 0))
            return refuse_line(r, "a header line among the decisions: '", r->text), LINE_BAD;
        if (!header_line)
            return r->in_play = true, LINE_DECISION;
        if (!header(r) || !resumed(r))
            return LINE_BAD;
        if (r->reader->line)
            r->reader->line(r->reader->context, r->text, r->line);
    }
    if (got == LINE_BAD)
        return LINE_BAD;
    if (!r->has_scenario || !r->has_seed)
        return refuse_line(r, r->has_scenario ? "no seed line in the record" : "no scenario line in the record", ""),
               LINE_BAD;
    return LINE_NONE;
}

/* The decision of the line read last: legal where it stands, and for chance
 * the outcome the record's seed gives. */
static bool parse(struct replay *r, const struct world *w, decision *d)
{
    char why[200], expected[64];
    if (rules_actor(w) == ACTOR_CHANCE) {
        game_uniform(&r->rng, w, d);
        decision_text(*d, expected, sizeof expected);
        if (strcmp(r->text, expected) != 0)
            return fail(r->error, r->error_size, "line %ld: '%s', but the seed gives '%s' here", r->line, r->text,
                        expected);
    } else if (!decision_parse(w, r->text, d, why, sizeof why)) {
        return fail(r->error, r->error_size, "line %ld: %s", r->line, why);
    }
    r->parsed++;
    return true;
}

/* The record is every actor's player: its next decision line. Any other
 * line, or a decision that does not stand, ends the game there. */
static bool recorded(void *context, const struct world *w, decision *d)
{
    struct replay *r = context;
    if (r->next == LINE_USED)
        r->next = read_line(r);
    if (r->next != LINE_DECISION)
        return false;
    r->next = parse(r, w, d) ? LINE_USED : LINE_BAD;
    return r->next == LINE_USED;
}

/* The side whose engine a forfeit's reason begins with, and a space: the
 * name its header line gives; or, when both sides have the one name (r3
 * host's two "engine"s), its side's word and the name ("lancaster engine
 * "). Where one name begins the other, the longer is the one meant.
 * SIDE_NONE where the reason names neither. */
static int side_named(const struct replay *r, const char *reason)
{
    bool same = strcmp(r->name[SIDE_YORK], r->name[SIDE_LANCASTER]) == 0;
    int named = SIDE_NONE;
    size_t longest = 0;
    for (int side = 0; side < SIDE_COUNT; side++) {
        char who[RECORD_LINE_MAX + 16];
        int n = snprintf(who, sizeof who, "%s%s%s ", same ? SIDE_WORD[side] : "", same ? " " : "", r->name[side]);
        if (r->name[side][0] && strncmp(reason, who, (size_t)n) == 0 && (size_t)n > longest)
            named = side, longest = (size_t)n;
    }
    return named;
}

/* A forfeit's reason names the engine that lost, so that a record with its
 * winner changed does not pass: the referee of r3 match begins every reason
 * with the engine's name ("crash crashed (it exited)"). */
static bool check_forfeit(struct replay *r, int winner, const char *reason, char *error, size_t size)
{
    int loser = 1 - winner, named = side_named(r, reason);
    if (!*reason)
        return fail(error, size,
                    "line %ld: '%s by forfeit' does not say whose engine lost it: a forfeit's reason "
                    "begins with that engine's name",
                    r->line, SIDE_NAME[winner]);
    if (named == winner)
        return fail(error, size, "line %ld: the forfeit's reason names %.40s, %s's engine, yet %s is given the win",
                    r->line, r->name[winner], SIDE_NAME[winner], SIDE_NAME[winner]);
    if (named == SIDE_NONE)
        return fail(error, size,
                    "line %ld: the forfeit's reason '%.60s' does not begin with %s's engine, '%.40s', "
                    "the one that lost",
                    r->line, reason, SIDE_NAME[loser], r->name[loser]);
    return true;
}

/* "York by forfeit: REASON" or "York by resignation" for a game that
 * stopped: the other side lost it. */
static bool check_stopped(struct replay *r, const char *recorded, char *error, size_t size)
{
    int winner = SIDE_NONE;
    for (int side = 0; side < SIDE_COUNT; side++)
        if (strncmp(recorded, SIDE_NAME[side], strlen(SIDE_NAME[side])) == 0)
            winner = side;
    const char *how = winner == SIDE_NONE ? "" : recorded + strlen(SIDE_NAME[winner]);
    bool forfeit = strncmp(how, " by forfeit: ", 13) == 0 || strcmp(how, " by forfeit") == 0;
    if (!forfeit && strcmp(how, " by resignation") != 0)
        return fail(error, size, "line %ld: the record says '%.100s', the replay ends unfinished", r->line, recorded);
    return !forfeit || check_forfeit(r, winner, how[11] ? how + 13 : "", error, size);
}

static bool result(struct replay *r, const char *recorded, char *error, size_t size)
{
    const struct world *w = &r->w;
    if (w->phase == PHASE_OVER && strcmp(recorded, SIDE_NAME[w->winner]) != 0)
        return fail(error, size, "line %ld: the record says '%.100s', the replay ends '%s'", r->line, recorded,
                    SIDE_NAME[w->winner]);
    if (w->phase != PHASE_OVER) {
        bool at_bound = strcmp(recorded, RESULT_AT_BOUND) == 0, saved = strcmp(recorded, RESULT_IN_PLAY) == 0;
        if (at_bound && r->decisions < GAME_DECISION_BOUND)
            return fail(error, size, "line %ld: '%s' after %ld decisions, short of the bound of %d", r->line, recorded,
                        r->decisions, GAME_DECISION_BOUND);
        if (strcmp(recorded, "none") == 0)
            return fail(error, size, "line %ld: the game is unfinished, and '# result none' does not say why", r->line);
        if (!at_bound && !saved && !check_stopped(r, recorded, error, size))
            return false;
    }
    long result_line = r->line;
    if (next_line(r) != LINE_NONE)
        return fail(error, size, "line %ld: more after the '# result' line", result_line + 1);
    return true;
}

/* What the record said of itself, once it is verified. */
static void take_header(const struct replay *r, const char *recorded, struct record_header *header)
{
    header->scenario = r->scenario;
    header->seed = r->seed;
    header->decisions = r->decisions;
    memcpy(header->name, r->name, sizeof header->name);
    snprintf(header->result, sizeof header->result, "%s", recorded);
}

/* Reads r's record to its end, replaying it; true with *header (unless
 * NULL) filled in. */
static bool replay(struct replay *r, struct record_header *header)
{
    char *error = r->error;
    size_t error_size = r->error_size;
    decision d;
    r->next = read_line(r); /* the header, up to the first decision */
    if (r->next == LINE_DECISION) {
        const struct game_player record = {recorded, r};
        struct game_outcome end =
            game_play(&r->w, (const struct game_player[GAME_ACTORS]){record, record, record}, r->reader->hooks);
        r->decisions = end.decisions;
        if (end.status != GAME_GIVEN_UP && recorded(r, &r->w, &d)) /* legal after the game stopped: at the bound */
            return fail(error, error_size, "line %ld: a decision past %d, the decision bound", r->line,
                        GAME_DECISION_BOUND);
    }
    if (r->next == LINE_RESULT) {
        char recorded[RECORD_LINE_MAX + 1]; /* the result's words, kept while the lines after it are read */
        snprintf(recorded, sizeof recorded, "%s", r->text + 9);
        if (!result(r, recorded, error, error_size))
            return false;
        if (header)
            take_header(r, recorded, header);
        return true;
    }
    if (r->next == LINE_NONE)
        snprintf(error, error_size, "no '# result' line after %ld lines: the record is cut short", r->line);
    return false;
}

bool record_read(FILE *in, const struct record_reader *reader, struct record_header *header, char *error,
                 size_t error_size)
{
    static const struct record_reader NONE = {0};
    struct replay r = {.in = in, .reader = reader ? reader : &NONE, .error = error, .error_size = error_size};
    bool replayed = replay(&r, header);
    free(r.text);
    return replayed;
}

bool replay_record(FILE *in, FILE *out, const struct game_hooks *hooks, char *error, size_t error_size)
{
    struct record_header header;
    const struct record_reader reader = {.hooks = hooks};
    if (!record_read(in, &reader, &header, error, error_size))
        return false;
    if (out)
        fprintf(out, "replayed %ld decisions: %s, as recorded\n", header.decisions, header.result);
    return true;
}
