/*
 * replay.c: see replay.h. The record's format is the one match.c writes: a
 * header (scenario, seed, the two engines), one decision per line, and a
 * closing "# result" line.
 */
#include "tuning/replay.h"

#include <string.h>

#include "engine/core/random.h"
#include "engine/core/tables.h"
#include "engine/rules/notation.h"
#include "engine/rules/rules.h"
#include "engine/text/scenario.h"

struct replay {
    struct world w;
    uint64_t rng;
    long line, decisions;
    bool started;
};

static bool header(struct replay *r, const char *line, char *error, size_t size)
{
    int year;
    unsigned long long seed;
    if (sscanf(line, "scenario %d", &year) == 1) {
        int s = scenario_from_year(year);
        if (s < 0)
            return snprintf(error, size, "line %ld: unknown scenario %d", r->line, year), false;
        scenario_setup(&r->w, s);
        r->started = true;
    } else if (sscanf(line, "seed %llu", &seed) == 1) {
        r->rng = seed;
    }
    return true; /* the engines' names, and comments */
}

static bool step(struct replay *r, const char *line, char *error, size_t size)
{
    decision d;
    char why[200], expected[64];
    if (!r->started)
        return snprintf(error, size, "line %ld: a decision before the scenario line", r->line), false;
    if (rules_actor(&r->w) == ACTOR_CHANCE) {
        d = rules_chance(&r->w, random_next(&r->rng));
        decision_text(d, expected, sizeof expected);
        if (strcmp(line, expected) != 0)
            return snprintf(error, size, "line %ld: '%s', but the seed gives '%s' here", r->line, line, expected), false;
    } else if (!decision_parse(&r->w, line, &d, why, sizeof why)) {
        return snprintf(error, size, "line %ld: %s", r->line, why), false;
    }
    rules_apply(&r->w, d);
    r->decisions++;
    return true;
}

static bool result(struct replay *r, const char *recorded, FILE *out, char *error, size_t size)
{
    const struct world *w = &r->w;
    bool forfeit = strstr(recorded, " by forfeit: ") != NULL;
    const char *reached = w->phase != PHASE_OVER ? "none" : SIDE_NAME[w->winner];
    if (!forfeit && strcmp(recorded, reached) != 0)
        return snprintf(error, size, "line %ld: the record says '%s', the replay ends '%s'", r->line, recorded, reached),
               false;
    if (forfeit && w->phase == PHASE_OVER)
        return snprintf(error, size, "line %ld: a forfeit recorded after the game had ended", r->line), false;
    fprintf(out, "replayed %ld decisions: %s, as recorded\n", r->decisions, recorded);
    return true;
}

bool replay_record(FILE *in, FILE *out, char *error, size_t error_size)
{
    static struct replay r;
    char line[512];
    memset(&r, 0, sizeof r);
    while (fgets(line, sizeof line, in)) {
        r.line++;
        line[strcspn(line, "\r\n")] = '\0';
        if (strncmp(line, "# result ", 9) == 0)
            return result(&r, line + 9, out, error, error_size);
        bool ok = line[0] == '#' || !r.started || strncmp(line, "seed ", 5) == 0 || strncmp(line, "york ", 5) == 0 ||
                          strncmp(line, "lancaster ", 10) == 0
                      ? header(&r, line, error, error_size)
                      : step(&r, line, error, error_size);
        if (!ok)
            return false;
    }
    snprintf(error, error_size, "no '# result' line after %ld lines: the record is cut short", r.line);
    return false;
}
