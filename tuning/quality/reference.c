/*
 * reference.c: see reference.h. The positions are picked from the whole
 * selfplay file by a seeded hash of their game and ply, so every shard picks
 * the same ones and takes its own block of them.
 */
#include "tuning/quality/reference.h"

#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <xxhash.h>

#include "engine/core/clock.h"
#include "engine/core/fail.h"
#include "engine/core/random.h"
#include "engine/core/tables.h"
#include "engine/hidden/sample.h"
#include "engine/io/line_reader.h"
#include "engine/io/number.h"
#include "engine/io/text_file.h"
#include "engine/rules/audit.h"
#include "engine/rules/game.h"
#include "engine/rules/rules.h"
#include "engine/text/position.h"
#include "search/policy.h"
#include "tuning/quality/pool.h"
#include "tuning/quality/suite.h"
#include "tuning/selfplay/selfplay_out.h"

#define SELFPLAY_FILE_MAX (4ll << 30)
#define SELFPLAY_LINE_MAX (POSITION_TEXT_MAX + 16384)

/* A position of the selfplay file the suite could take. */
struct candidate {
    uint64_t key; /* the seeded hash that orders the picking */
    long order;   /* its place in the file */
    long game, ply;
    int phase;
    struct world w;
};

struct making {
    const struct reference_options *o;
    struct candidate *candidate;
    long candidates, capacity;
    struct suite_position *position; /* the picked ones, in file order */
    int positions;
    int first, last; /* this shard's block: position[first..last) */
};

/* ---- the positions ---- */

static bool keep_candidate(struct making *m, const struct candidate *c)
{
    if (m->candidates == m->capacity) {
        long capacity = m->capacity ? 2 * m->capacity : 1024;
        struct candidate *more = realloc(m->candidate, (size_t)capacity * sizeof *more);
        if (!more)
            return false;
        m->candidate = more;
        m->capacity = capacity;
    }
    m->candidate[m->candidates++] = *c;
    return true;
}

/* One selfplay line: "game ply scenario side result winrate position [visits]". */
static bool read_candidate(struct making *m, char *line, char *why, size_t size)
{
    char *field[8] = {line}, error[600];
    int n = 1;
    for (char *tab = strchr(line, '\t'); tab && n < 8; tab = strchr(tab + 1, '\t'))
        *tab = '\0', field[n++] = tab + 1;
    field[n - 1][strcspn(field[n - 1], "\r\n")] = '\0';
    if (n < 7)
        return fail(why, size, "%d tab-separated fields, not the 7 or 8 of an r3 selfplay line", n);
    long long game, ply;
    if (!number_whole(field[0], 0, LONG_MAX, &game) || !number_whole(field[1], 0, LONG_MAX, &ply))
        return fail(why, size, "game '%.40s' and ply '%.40s' are not whole numbers from 0", field[0], field[1]);
    struct candidate c = {.order = m->candidates, .game = (long)game, .ply = (long)ply};
    if (!audit_position_parse(field[6], &c.w, error, sizeof error))
        return fail(why, size, "the position: %s", error);
    struct decisions legal;
    rules_legal(&c.w, &legal);
    c.phase = suite_phase_of(&c.w, &legal);
    if (c.phase < 0)
        return true;
    uint64_t state = m->o->seed ^ (uint64_t)c.game * 0x9e3779b97f4a7c15ull ^ (uint64_t)c.ply << 40;
    c.key = random_next(&state);
    return keep_candidate(m, &c) || fail(why, size, "no memory for %ld positions", m->candidates + 1);
}

static bool read_candidates(struct making *m, char *why, size_t size)
{
    FILE *f;
    char reason[1000], *line = NULL;
    size_t capacity = 0, length;
    bool too_long, ok = true;
    long number = 0;
    if (!text_file_open(m->o->positions, SELFPLAY_FILE_MAX, "4 GiB", &f, reason, sizeof reason))
        return fail(why, size, "%s: %s", m->o->positions, reason);
    while (ok && line_read(f, &line, &capacity, SELFPLAY_LINE_MAX, &too_long, &length) >= 0) {
        number++;
        if (too_long)
            ok = fail(reason, sizeof reason, "longer than %d bytes", SELFPLAY_LINE_MAX);
        else if (line[0] != '#' && line[strspn(line, "\r\n")])
            ok = read_candidate(m, line, reason, sizeof reason);
    }
    free(line);
    fclose(f);
    if (!ok)
        return fail(why, size, "%s line %ld: %s", m->o->positions, number, reason);
    return m->candidates ? true : fail(why, size, "%s: no position the suite takes", m->o->positions);
}

static int by_key(const void *a, const void *b)
{
    const struct candidate *x = a, *y = b;
    return x->key < y->key ? -1 : x->key > y->key;
}

static int by_order(const void *a, const void *b)
{
    const struct candidate *x = a, *y = b;
    return x->order < y->order ? -1 : x->order > y->order;
}

/* The first per_cell of each scenario and phase by key, then back in file order. */
static bool pick(struct making *m, char *why, size_t size)
{
    int taken[SCENARIO_COUNT][SUITE_PHASES] = {{0}};
    long kept = 0;
    qsort(m->candidate, (size_t)m->candidates, sizeof *m->candidate, by_key);
    for (long i = 0; i < m->candidates; i++) {
        struct candidate *c = &m->candidate[i];
        if (taken[c->w.scenario][c->phase] < m->o->per_cell && kept < SUITE_MAX_POSITIONS) {
            taken[c->w.scenario][c->phase]++;
            m->candidate[kept++] = *c;
        }
    }
    qsort(m->candidate, (size_t)kept, sizeof *m->candidate, by_order);
    m->position = calloc((size_t)kept, sizeof *m->position);
    if (!m->position)
        return fail(why, size, "no memory for %ld positions", kept);
    for (long i = 0; i < kept; i++) {
        struct suite_position *p = &m->position[i];
        struct candidate *c = &m->candidate[i];
        snprintf(p->id, sizeof p->id, "g%ldp%ld", c->game, c->ply);
        p->w = c->w;
        p->phase = c->phase;
        p->side = rules_actor(&c->w);
        p->rollouts = m->o->rollouts;
        struct decisions legal;
        rules_legal(&c->w, &legal);
        p->count = legal.count;
        memcpy(p->decision, legal.list, (size_t)legal.count * sizeof *legal.list);
    }
    m->positions = (int)kept;
    m->first = (int)(kept * m->o->shard / m->o->shards);
    m->last = (int)(kept * (m->o->shard + 1) / m->o->shards);
    return true;
}

/* ---- the references ---- */

/* The game played on to its end by the heuristic policy: the side's result, in halves (2 a win). */
static int play_out(struct world *w, int side, uint64_t rng)
{
    const struct game_player players[GAME_ACTORS] = {[ACTOR_YORK] = {policy_player, &rng},
                                                     [ACTOR_LANCASTER] = {policy_player, &rng},
                                                     [ACTOR_CHANCE] = {game_uniform, &rng}};
    struct game_outcome outcome = game_play(w, players, NULL);
    if (outcome.status != GAME_OVER)
        return 1;
    return w->winner == side ? 2 : w->winner == SIDE_NONE ? 1 : 0;
}

static bool same_legal(const struct world *w, const struct suite_position *p)
{
    struct decisions legal;
    rules_legal(w, &legal);
    return legal.count == p->count && memcmp(legal.list, p->decision, (size_t)p->count * sizeof *p->decision) == 0;
}

/* Each decision's mean and its standard error, then the gaps' to the best, from the outcomes (halves). */
static void measure(struct suite_position *p, const unsigned char *outcome)
{
    long r = p->rollouts;
    for (int i = 0; i < p->count; i++) {
        double sum = 0, squares = 0;
        for (long k = 0; k < r; k++)
            sum += outcome[i * r + k], squares += outcome[i * r + k] * outcome[i * r + k];
        double mean = sum / (double)r, variance = (squares / (double)r - mean * mean) / 4;
        p->value[i] = (struct suite_value){mean / 2, sqrt(fmax(variance, 0) / (double)(r - 1)), 0};
        if (p->value[i].mean > p->value[p->best].mean)
            p->best = i;
    }
    for (int i = 0; i < p->count; i++) {
        double sum = 0, squares = 0;
        for (long k = 0; k < r; k++) {
            double gap = (outcome[p->best * r + k] - outcome[i * r + k]) / 2.0;
            sum += gap, squares += gap * gap;
        }
        double mean = sum / (double)r;
        p->value[i].se_gap = sqrt(fmax(squares / (double)r - mean * mean, 0) / (double)(r - 1));
    }
}

static bool reference_position(void *context, long item, int worker, char *why, size_t size)
{
    struct making *m = context;
    struct suite_position *p = &m->position[m->first + item];
    struct sampler sampler;
    struct view view;
    struct world drawn, w;
    uint64_t rng =
        m->o->seed ^ XXH3_64bits(p->id, strlen(p->id)); /* a position's draws are its own, whatever the shard */
    (void)worker;
    unsigned char *outcome = malloc((size_t)p->count * (size_t)p->rollouts);
    view_of(&p->w, p->side, &view);
    if (!outcome || !sampler_init(&sampler, &view, &rng)) {
        free(outcome);
        return fail(why, size, "position %s: %s", p->id, outcome ? "no world fits its side's view" : "no memory");
    }
    for (long k = 0; k < p->rollouts; k++) {
        sampler_draw(&sampler, &rng, &drawn);
        drawn.flags |= WORLD_NO_KNOWLEDGE;
        if (!same_legal(&drawn, p)) {
            free(outcome);
            return fail(why, size, "position %s: a world drawn from the side's view has other legal decisions", p->id);
        }
        uint64_t dice = random_next(&rng);
        for (int i = 0; i < p->count; i++) {
            w = drawn;
            rules_apply(&w, p->decision[i]);
            outcome[i * p->rollouts + k] = (unsigned char)play_out(&w, p->side, dice);
        }
    }
    measure(p, outcome);
    free(outcome);
    return true;
}

/* Whether the references tell p's decisions apart: some gap to the best is
 * min_z standard errors or more. A position whose decisions all come out
 * alike grades nothing, and would only add noise. */
static bool informative(const struct suite_position *p, double min_z)
{
    for (int i = 0; i < p->count; i++)
        if (i != p->best && p->value[p->best].mean - p->value[i].mean >= min_z * fmax(p->value[i].se_gap, 1e-9))
            return true;
    return false;
}

/* ---- the run ---- */

static bool write_suite(const struct making *m, char *why, size_t size)
{
    struct selfplay_out out;
    if (!selfplay_out_open(&out, m->o->out, why, size))
        return false;
    if (m->o->shard == 0)
        suite_write_header(out.f, m->o->made_by);
    for (int i = m->first; i < m->last; i++)
        if (informative(&m->position[i], m->o->min_z))
            suite_write_position(out.f, &m->position[i]);
    return selfplay_out_commit(&out, why, size);
}

static void summary(const struct making *m, double seconds, FILE *report)
{
    int count[SUITE_PHASES] = {0}, written = 0;
    double se = 0, se_gap = 0;
    long gaps = 0;
    for (int i = m->first; i < m->last; i++) {
        const struct suite_position *p = &m->position[i];
        if (!informative(p, m->o->min_z))
            continue;
        count[p->phase]++, written++;
        se += p->value[p->best].se;
        for (int j = 0; j < p->count; j++)
            if (j != p->best)
                se_gap += p->value[j].se_gap, gaps++;
    }
    fprintf(report,
            "quality-reference: %d positions of %d, picked from %ld candidates, %ld rollouts a decision, in %.1f s\n",
            m->last - m->first, m->positions, m->candidates, m->o->rollouts, seconds);
    fprintf(report, "quality-reference: wrote %d (", written);
    for (int k = 0; k < SUITE_PHASES; k++)
        fprintf(report, "%s%s %d", k ? ", " : "", SUITE_PHASE_NAME[k], count[k]);
    fprintf(report, ") to %s; left out %d whose decisions came out alike (no gap %g standard errors)\n", m->o->out,
            m->last - m->first - written, m->o->min_z);
    fprintf(report, "quality-reference: mean standard error of the best decision's value %.4f, of a gap to it %.4f\n",
            written ? se / written : 0, gaps ? se_gap / (double)gaps : 0);
}

int reference_run(const struct reference_options *o, FILE *report)
{
    char why[2000];
    double start = clock_seconds();
    struct making m = {.o = o};
    bool ok = read_candidates(&m, why, sizeof why) && pick(&m, why, sizeof why);
    if (ok) {
        const struct pool_job job = {m.last - m.first,    o->concurrency, reference_position, &m, "positions",
                                     "quality-reference", report};
        ok = (m.last == m.first || pool_run(&job, why, sizeof why)) && write_suite(&m, why, sizeof why);
    }
    if (ok)
        summary(&m, clock_seconds() - start, report);
    else
        fprintf(report, "r3: quality-reference: %s\n", why);
    free(m.candidate);
    free(m.position);
    return ok ? 0 : 1;
}
