/*
 * replay.c: see replay.h. The record's format is the one match.c writes: a
 * header (scenario, seed, the two engines), one decision per line, and a
 * closing "# result" line.
 */
#include "tuning/replay.h"

#include <string.h>

#include "engine/core/tables.h"
#include "engine/rules/game.h"
#include "engine/rules/notation.h"
#include "engine/rules/rules.h"
#include "engine/text/scenario.h"

/* What the line read last is. */
enum line { LINE_USED, LINE_DECISION, LINE_RESULT, LINE_BAD, LINE_NONE /* the end of the file */ };

struct replay {
    struct world w;
    FILE *in;
    uint64_t rng;
    long line, decisions;
    bool started;
    int next; /* enum line */
    char text[512];
    char *error;
    size_t error_size;
};

static bool header(struct replay *r)
{
    int year;
    unsigned long long seed;
    if (sscanf(r->text, "scenario %d", &year) == 1) {
        int s = scenario_from_year(year);
        if (s < 0)
            return snprintf(r->error, r->error_size, "line %ld: unknown scenario %d", r->line, year), false;
        scenario_setup(&r->w, s);
        r->started = true;
    } else if (sscanf(r->text, "seed %llu", &seed) == 1) {
        r->rng = seed;
    }
    return true; /* the engines' names, and comments */
}

static bool is_header(const struct replay *r)
{
    const char *line = r->text;
    return line[0] == '#' || !r->started || strncmp(line, "seed ", 5) == 0 || strncmp(line, "york ", 5) == 0 ||
           strncmp(line, "lancaster ", 10) == 0;
}

/* Reads on to the next decision or the result, taking in the header lines
 * and comments on the way. */
static int read_line(struct replay *r)
{
    while (fgets(r->text, sizeof r->text, r->in)) {
        r->line++;
        r->text[strcspn(r->text, "\r\n")] = '\0';
        if (strncmp(r->text, "# result ", 9) == 0)
            return LINE_RESULT;
        if (!is_header(r))
            return LINE_DECISION;
        if (!header(r))
            return LINE_BAD;
    }
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
            return snprintf(r->error, r->error_size, "line %ld: '%s', but the seed gives '%s' here", r->line, r->text,
                            expected),
                   false;
    } else if (!decision_parse(w, r->text, d, why, sizeof why)) {
        return snprintf(r->error, r->error_size, "line %ld: %s", r->line, why), false;
    }
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

static bool result(struct replay *r, const char *recorded, FILE *out, char *error, size_t size)
{
    const struct world *w = &r->w;
    bool forfeit = strstr(recorded, " by forfeit: ") != NULL;
    const char *reached = w->phase != PHASE_OVER ? "none" : SIDE_NAME[w->winner];
    if (!forfeit && strcmp(recorded, reached) != 0)
        return snprintf(error, size, "line %ld: the record says '%s', the replay ends '%s'", r->line, recorded,
                        reached),
               false;
    if (forfeit && w->phase == PHASE_OVER)
        return snprintf(error, size, "line %ld: a forfeit recorded after the game had ended", r->line), false;
    if (out)
        fprintf(out, "replayed %ld decisions: %s, as recorded\n", r->decisions, recorded);
    return true;
}

bool replay_record(FILE *in, FILE *out, const struct game_hooks *hooks, char *error, size_t error_size)
{
    static struct replay r;
    decision d;
    memset(&r, 0, sizeof r);
    r.in = in;
    r.error = error;
    r.error_size = error_size;
    r.next = read_line(&r); /* the header, up to the first decision */
    if (r.next == LINE_DECISION) {
        const struct game_player record = {recorded, &r};
        struct game_outcome end =
            game_play(&r.w, (const struct game_player[GAME_ACTORS]){record, record, record}, hooks);
        r.decisions = end.decisions;
        if (end.status != GAME_GIVEN_UP && recorded(&r, &r.w, &d)) /* legal after the game stopped: at the bound */
            return snprintf(error, error_size, "line %ld: a decision past %d, the decision bound", r.line,
                            GAME_DECISION_BOUND),
                   false;
    }
    if (r.next == LINE_RESULT)
        return result(&r, r.text + 9, out, error, error_size);
    if (r.next == LINE_NONE)
        snprintf(error, error_size, "no '# result' line after %ld lines: the record is cut short", r.line);
    return false;
}
