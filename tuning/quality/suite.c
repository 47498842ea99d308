/*
 * suite.c: see suite.h. A line is
 *   id  scenario  phase  side  rollouts  values  position
 * tab-separated, values being "DECISION=MEAN/SE/SE_GAP" for every legal
 * decision in the rules' order, joined by ';'. The reader takes nothing on
 * trust: the position is audited, and its side, phase and legal decisions
 * are worked out anew and must be the line's.
 */
/* gnulib (for getopt) puts its own system headers first on the include path;
 * they need its config.h before anything else. */
#include <config.h>

#include "tuning/quality/suite.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

#include "engine/core/fail.h"
#include "engine/core/tables.h"
#include "engine/io/number.h"
#include "engine/io/text_file.h"
#include "engine/rules/audit.h"
#include "engine/rules/notation.h"
#include "engine/rules/rules.h"
#include "engine/text/position.h"

#define FIELDS 7
#define LINE_MAX_BYTES (POSITION_TEXT_MAX + SUITE_MAX_DECISIONS * 96 + 256)

const char *const SUITE_PHASE_NAME[SUITE_PHASES] = {"cards", "action", "battle", "supply", "political"};

static bool holds_kind(const struct decisions *legal, int kind)
{
    for (int i = 0; i < legal->count; i++)
        if (decision_kind(legal->list[i]) == kind)
            return true;
    return false;
}

int suite_phase_of(const struct world *w, const struct decisions *legal)
{
    if (rules_actor(w) >= SIDE_COUNT || legal->count < 2 || legal->count > SUITE_MAX_DECISIONS)
        return -1;
    switch (w->phase) {
    case PHASE_CARDS: return SUITE_CARDS;
    case PHASE_ACTION: return holds_kind(legal, DECIDE_PASS) ? SUITE_ACTION : -1;
    case PHASE_BATTLE: return SUITE_BATTLE;
    case PHASE_SUPPLY: return SUITE_SUPPLY;
    case PHASE_POLITICAL: return SUITE_POLITICAL;
    default: return -1;
    }
}

void suite_write_header(FILE *out, const char *made_by)
{
    fprintf(out,
            SUITE_FORMAT "\n# made by: %s\n"
                         "# id\tscenario\tphase\tside\trollouts\tvalues (DECISION=MEAN/SE/SE_GAP;...)\tposition\n",
            made_by);
}

void suite_write_position(FILE *out, const struct suite_position *p)
{
    char text[POSITION_TEXT_MAX];
    fprintf(out, "%s\t%d\t%s\t%s\t%ld\t", p->id, SCENARIO_INFO[p->w.scenario].year, SUITE_PHASE_NAME[p->phase],
            SIDE_WORD[p->side], p->rollouts);
    for (int i = 0; i < p->count; i++) {
        char word[64];
        decision_text(p->decision[i], word, sizeof word);
        fprintf(out, "%s%s=%.4f/%.4f/%.4f", i ? ";" : "", word, p->value[i].mean, p->value[i].se, p->value[i].se_gap);
    }
    position_print(&p->w, text, sizeof text);
    fprintf(out, "\t%s\n", text);
}

/* ---- reading ---- */

/* Splits a line at its tabs into at most FIELDS fields; their number. */
static int split(char *line, char **field)
{
    int n = 0;
    line[strcspn(line, "\r\n")] = '\0';
    for (char *at = line; n < FIELDS; n++) {
        field[n] = at;
        char *tab = strchr(at, '\t');
        if (!tab)
            return n + 1;
        *tab = '\0';
        at = tab + 1;
    }
    return n + 1; /* more than FIELDS */
}

static int word_index(const char *word, const char *const *words, int count)
{
    for (int i = 0; i < count; i++)
        if (strcmp(word, words[i]) == 0)
            return i;
    return -1;
}

/* "DECISION=MEAN/SE/SE_GAP": the value of the decision listed ith today. */
static bool read_value(char *item, struct suite_position *p, int i, char *why, size_t size)
{
    char word[64], *eq = strrchr(item, '=');
    if (!eq)
        return fail(why, size, "value %d '%s' is not DECISION=MEAN/SE/SE_GAP", i + 1, item);
    *eq = '\0';
    decision_text(p->decision[i], word, sizeof word);
    if (strcmp(item, word) != 0)
        return fail(why, size,
                    "position %s: value %d is for '%s', but the decision legal there today is '%s' (the rules "
                    "changed since the suite was made: make it again, docs/quality.md)",
                    p->id, i + 1, item, word);
    char *mean = eq + 1, *se = strchr(mean, '/'), *gap = se ? strchr(se + 1, '/') : NULL;
    if (!gap)
        return fail(why, size, "value %d '%s' is not DECISION=MEAN/SE/SE_GAP", i + 1, eq + 1);
    *se++ = *gap++ = '\0';
    struct suite_value *v = &p->value[i];
    if (!number_decimal(mean, 0, 1, &v->mean) || !number_decimal(se, 0, 1, &v->se) ||
        !number_decimal(gap, 0, 1, &v->se_gap))
        return fail(why, size, "value %d of '%s': a mean and two standard errors between 0 and 1 are wanted", i + 1,
                    item);
    if (v->mean > p->value[p->best].mean)
        p->best = i;
    return true;
}

static bool read_values(char *text, struct suite_position *p, char *why, size_t size)
{
    int i = 0;
    p->best = 0;
    for (char *item = strtok(text, ";"); item; item = strtok(NULL, ";"), i++)
        if (i >= p->count || !read_value(item, p, i, why, size))
            return i < p->count ? false
                                : fail(why, size,
                                       "position %s has more values than its %d legal decisions (the rules changed "
                                       "since the suite was made: make it again, docs/quality.md)",
                                       p->id, p->count);
    if (i < p->count)
        return fail(why, size,
                    "position %s has %d values for its %d legal decisions (the rules changed since the suite was "
                    "made: make it again, docs/quality.md)",
                    p->id, i, p->count);
    return true;
}

/* The fields before the values, checked against the position read. */
static bool check_fields(char **field, struct suite_position *p, char *why, size_t size)
{
    long long column_year, rollouts;
    struct decisions legal;
    int year = SCENARIO_INFO[p->w.scenario].year;
    snprintf(p->id, sizeof p->id, "%s", field[0]);
    if (!*field[0] || strlen(field[0]) >= SUITE_ID_MAX || strpbrk(field[0], " ;="))
        return fail(why, size, "the id '%s' is not a word of at most %d characters", field[0], SUITE_ID_MAX - 1);
    if (!number_whole(field[1], 0, 9999, &column_year) || column_year != year)
        return fail(why, size, "position %s: the scenario column says '%s' but the position is of %d", p->id, field[1],
                    year);
    if (!number_whole(field[4], 2, 100000000, &rollouts))
        return fail(why, size, "position %s: rollouts '%s' is not a count from 2 to 10^8", p->id, field[4]);
    p->rollouts = (long)rollouts;
    p->side = rules_actor(&p->w);
    rules_legal(&p->w, &legal);
    p->phase = suite_phase_of(&p->w, &legal);
    if (word_index(field[3], SIDE_WORD, SIDE_COUNT) != p->side ||
        word_index(field[2], SUITE_PHASE_NAME, SUITE_PHASES) != p->phase)
        return fail(why, size,
                    "position %s: the line says %s decides in %s, the rules say %s in %s (the rules changed since "
                    "the suite was made: make it again, docs/quality.md)",
                    p->id, field[3], field[2], p->side < SIDE_COUNT ? SIDE_WORD[p->side] : "nobody",
                    p->phase >= 0 ? SUITE_PHASE_NAME[p->phase] : "no phase the suite takes");
    p->count = legal.count;
    memcpy(p->decision, legal.list, (size_t)legal.count * sizeof *legal.list);
    return true;
}

static bool read_position(char *line, struct suite_position *p, char *why, size_t size)
{
    char *field[FIELDS + 1], error[600];
    int n = split(line, field);
    if (n != FIELDS)
        return fail(why, size,
                    "%d tab-separated fields, not %d (id, scenario, phase, side, rollouts, values, position)", n,
                    FIELDS);
    if (!audit_position_parse(field[6], &p->w, error, sizeof error))
        return fail(why, size, "the position: %s", error);
    return check_fields(field, p, why, size) && read_values(field[5], p, why, size);
}

/* The header's lines: the format first, then "# made by: ...". */
static bool read_header(const char *line, long number, struct suite *s, char *why, size_t size)
{
    if (number == 1 && strncmp(line, SUITE_FORMAT, strlen(SUITE_FORMAT)) != 0)
        return fail(why, size, "not a suite file of this r3: its first line must be '%s'", SUITE_FORMAT);
    if (strncmp(line, "# made by: ", 11) == 0)
        snprintf(s->made_by, sizeof s->made_by, "%.*s", (int)strcspn(line + 11, "\r\n"), line + 11);
    return true;
}

static bool read_line(char *line, long number, struct suite *s, char *why, size_t size)
{
    if (number == 1 || line[0] == '#')
        return read_header(line, number, s, why, size);
    if (line[strspn(line, "\r\n")] == '\0')
        return true;
    if (s->count == SUITE_MAX_POSITIONS)
        return fail(why, size, "more than %d positions", SUITE_MAX_POSITIONS);
    if (!read_position(line, &s->position[s->count], why, size))
        return false;
    s->count++;
    return true;
}

/* Whether zlib has met no damage so far: a gzip file cut short, a bad checksum. */
static bool intact(gzFile z, char *why, size_t size)
{
    int status;
    const char *message = gzerror(z, &status);
    if (status == Z_OK || status == Z_STREAM_END)
        return true;
    return fail(why, size, "the file is damaged: %s", status == Z_BUF_ERROR ? "it ends too soon" : message);
}

/* The file's lines through zlib, which reads a gzip file and a plain one alike. */
static bool read_lines(gzFile z, struct suite *s, long *number, char *why, size_t size)
{
    char *line = malloc(LINE_MAX_BYTES + 2);
    bool ok = line || fail(why, size, "no memory for a line");
    while (ok && gzgets(z, line, LINE_MAX_BYTES + 2)) {
        size_t length = strlen(line);
        ++*number;
        if (length > LINE_MAX_BYTES && line[length - 1] != '\n')
            ok = fail(why, size, "longer than %d bytes", LINE_MAX_BYTES);
        else /* a line cut short by a damaged file is not read as a line */
            ok = (line[length - 1] == '\n' || intact(z, why, size)) && read_line(line, *number, s, why, size);
    }
    ok = ok && intact(z, why, size);
    free(line);
    return ok;
}

bool suite_read(const char *path, struct suite *s, char *why, size_t size)
{
    FILE *f;
    char reason[1200];
    long number = 0;
    *s = (struct suite){.position = malloc(SUITE_MAX_POSITIONS * sizeof *s->position)};
    if (!s->position)
        return fail(why, size, "%s: no memory for the suite", path);
    if (!text_file_open(path, SUITE_FILE_MAX, "64 MiB", &f, reason, sizeof reason)) {
        suite_free(s);
        return fail(why, size, "%s: %s", path, reason);
    }
    int fd = dup(fileno(f));
    fclose(f);
    gzFile z = fd >= 0 ? gzdopen(fd, "r") : NULL;
    if (!z) {
        if (fd >= 0)
            close(fd);
        suite_free(s);
        return fail(why, size, "%s: cannot read it: %s", path, strerror(errno));
    }
    bool ok = read_lines(z, s, &number, reason, sizeof reason);
    gzclose(z);
    if (ok && !s->count)
        ok = fail(reason, sizeof reason, "%s", "no positions in it");
    if (!ok) {
        suite_free(s);
        return number ? fail(why, size, "%s line %ld: %s", path, number, reason)
                      : fail(why, size, "%s: %s", path, reason);
    }
    return true;
}

void suite_free(struct suite *s)
{
    free(s->position);
    s->position = NULL;
    s->count = 0;
}
