/* support.c: see support.h. */
#include "tests/support.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "engine/core/random.h"
#include "engine/core/scenario.h"
#include "engine/core/tables.h"
#include "engine/hidden/observe.h"
#include "engine/rules/game.h"
#include "engine/rules/notation.h"
#include "engine/rules/rules.h"
#include "engine/text/weights_file.h"
#include "tuning/fit/fit_bench.h"

void lines_from_text(struct lines *l, const char *text)
{
    l->count = 0;
    l->storage = strdup(text);
    for (char *save = NULL, *s = strtok_r(l->storage, "\n", &save); s && l->count < MAX_LINES;
         s = strtok_r(NULL, "\n", &save))
        l->line[l->count++] = s;
}

bool lines_from_file(struct lines *l, const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return false;
    char *text = NULL;
    size_t size = 0;
    FILE *mem = open_memstream(&text, &size);
    int ch;
    while ((ch = fgetc(f)) != EOF)
        fputc(ch, mem);
    fclose(f);
    fclose(mem);
    lines_from_text(l, text);
    free(text);
    return true;
}

void lines_free(struct lines *l)
{
    free(l->storage);
    l->storage = NULL;
    l->count = 0;
}

static int compare_strings(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

void lines_sort(struct lines *l) { qsort(l->line, (size_t)l->count, sizeof l->line[0], compare_strings); }

char *capture(void (*writer)(FILE *out, const void *arg), const void *arg)
{
    char *text = NULL;
    size_t size = 0;
    FILE *mem = open_memstream(&text, &size);
    writer(mem, arg);
    fclose(mem);
    return text;
}

uint64_t rng_next(uint64_t *state) { return random_next(state); }

int rng_below(uint64_t *state, int n) { return random_below(state, n); }

void play_text(struct world *w, const char *text)
{
    decision d;
    char error[160];
    if (!decision_parse(w, text, &d, error, sizeof error))
        fail_msg("%s", error);
    rules_apply(w, d);
}

bool legal_has(const struct world *w, uint32_t d)
{
    struct decisions legal;
    rules_legal(w, &legal);
    for (int i = 0; i < legal.count; i++)
        if (legal.list[i] == d)
            return true;
    return false;
}

bool is_legal(const struct world *w, const char *text)
{
    decision d;
    char error[160];
    return decision_parse(w, text, &d, error, sizeof error);
}

void assert_world_ok(const struct world *w)
{
    char why[200];
    if (!world_check(w, why, sizeof why))
        fail_msg("%s", why);
}

void empty_board(struct world *w, int york_card, int lancaster_card)
{
    char text[16];
    scenario_setup(w, SCENARIO_1460);
    for (int b = 0; b < BLOCK_COUNT; b++)
        if (world_location(w, b) < AREA_COUNT && b != BLOCK_L_HENRY_VI && b != BLOCK_Y_YORK)
            world_place(w, b, LOC_POOL);
    w->deck = 0;
    w->phase = PHASE_CARDS;
    w->step = CARDS_YORK_PLAYS;
    w->hand[SIDE_YORK] = (uint32_t)1 << york_card;
    w->hand[SIDE_LANCASTER] = (uint32_t)1 << lancaster_card;
    snprintf(text, sizeof text, "play %d", york_card);
    play_text(w, text);
    snprintf(text, sizeof text, "play %d", lancaster_card);
    play_text(w, text);
}

void richmond_usurps_in_1483(struct world *w)
{
    static const int OUT[] = {BLOCK_Y_GLOUCESTER, BLOCK_Y_ESSEX,          BLOCK_Y_SUFFOLK, BLOCK_Y_NORFOLK,
                              BLOCK_Y_ARUNDEL,    BLOCK_Y_NORTHUMBERLAND, BLOCK_Y_STANLEY};
    scenario_setup(w, SCENARIO_1483);
    w->turn = 7;
    w->deck = (1u << 26) - 2;
    world_place(w, BLOCK_L_RICHMOND, AREA_MIDDLESEX);
    world_place(w, BLOCK_L_OXFORD, AREA_ESSEX);
    world_place(w, BLOCK_L_PEMBROKE, AREA_PEMBROKE);
    for (int i = 0; i < 7; i++)
        world_place(w, OUT[i], AREA_CALAIS);
}

void put(struct world *w, int block, int area)
{
    world_place(w, block, area);
    world_set_flag(w, block, FLAG_FACE_DOWN, false);
}

void march(struct world *w, const char *from, const char *block, const char *to)
{
    char text[64];
    snprintf(text, sizeof text, "move-from %s", from);
    play_text(w, text);
    snprintf(text, sizeof text, "block %s", block);
    play_text(w, text);
    snprintf(text, sizeof text, "to %s", to);
    play_text(w, text);
    if (is_legal(w, "halt"))
        play_text(w, "halt");
    play_text(w, "end");
}

void rolls(struct world *w, const char *faces)
{
    for (const char *p = faces; *p; p++) {
        char text[8] = "roll x";
        text[5] = *p;
        play_text(w, text);
    }
}

/* observe_random_games()'s hook: both sides' observations of each transition. */
struct observing {
    observed_fn *each;
    void *context;
};

static bool observe_both(void *context, const struct world *before, decision d, const struct world *after, long played)
{
    static struct observations seen;
    struct observing *o = context;
    (void)played;
    for (int side = 0; side < SIDE_COUNT; side++) {
        observe(before, d, after, side, &seen);
        o->each(before, d, after, side, &seen, o->context);
    }
    return true;
}

void observe_random_games(int games, uint64_t seed, observed_fn *each, void *context)
{
    uint64_t rng = seed;
    const struct game_player random = {game_uniform, &rng};
    struct observing o = {each, context};
    const struct game_hooks hooks = {.after = observe_both, .context = &o};
    for (int g = 0; g < games; g++) {
        struct world w;
        scenario_setup(&w, g % SCENARIO_COUNT);
        game_play(&w, (const struct game_player[GAME_ACTORS]){random, random, random}, &hooks);
    }
}

/* random_decision_point()'s hook: on to the depth, then to a side's decision. */
static bool short_of(void *depth, const struct world *w, long played)
{
    return played < *(int *)depth || rules_actor(w) >= SIDE_COUNT;
}

void random_decision_point(struct world *w, int scenario, int depth, uint64_t *rng)
{
    const struct game_player random = {game_uniform, rng};
    for (;; depth /= 2) {
        const struct game_hooks hooks = {.before = short_of, .context = &depth};
        scenario_setup(w, scenario);
        game_play(w, (const struct game_player[GAME_ACTORS]){random, random, random}, &hooks);
        if (w->phase != PHASE_OVER)
            return;
    }
}

char *file_text(const char *path)
{
    FILE *in = fopen(path, "r");
    assert_non_null(in);
    char *text = calloc(1, 1 << 20);
    size_t n = fread(text, 1, (1 << 20) - 1, in);
    text[n] = '\0';
    fclose(in);
    return text;
}

/* Not inlined: GCC then takes the stream's buffer for a dangling pointer. */
__attribute__((noinline)) char *synthetic_text(const struct fit_synthetic *s, long *lines)
{
    char *text = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&text, &size);
    long count = fit_synthetic_write(s, out);
    fclose(out);
    if (lines)
        *lines = count;
    return text;
}

void assert_gradient_is_slope(int n, const double *w, const double *gradient, loss_at *loss, const void *context,
                              const struct weight_info *info)
{
    double *x = malloc((size_t)n * sizeof *x);
    memcpy(x, w, (size_t)n * sizeof *x);
    for (int j = 0; j < n; j++) {
        double h = 1e-6;
        x[j] = w[j] + h;
        double up = loss(x, context);
        x[j] = w[j] - h;
        double slope = (up - loss(x, context)) / (2 * h);
        x[j] = w[j];
        if (fabs(slope - gradient[j]) > 1e-6 * (1 + fabs(slope)))
            fail_msg("%s: gradient %g, slope %g", info[j].name, gradient[j], slope);
    }
    free(x);
}

void assert_only_marked(const char *report, const char *name, const char *mark)
{
    char start[64];
    snprintf(start, sizeof start, "\n%s ", name);
    const char *row = strstr(report, start);
    assert_non_null(row);
    const char *row_end = strchr(row + 1, '\n'), *found = strstr(row, mark);
    assert_true(row_end && found && found < row_end);
    assert_null(strstr(row_end, mark));         /* no other row */
    assert_true(strstr(report, mark) == found); /* nor one before */
}

bool ids_have(const int64_t *id, long count, int64_t wanted)
{
    for (long i = 0; i < count; i++)
        if (id[i] == wanted)
            return true;
    return false;
}

void assert_refused_by_line(bool read, const char *why, const char *where, const char *why_part)
{
    if (read)
        fail_msg("accepted, expected '%s'", why_part);
    if (strncmp(why, where, strlen(where)) != 0 || !strstr(why, why_part))
        fail_msg("'%s' does not name %s and '%s'", why, where, why_part);
}
