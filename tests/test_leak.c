/*
 * test_leak.c: everything r3 shows a side is a function of what that side
 * knows (RULINGS C). Positions come from seeded games of all three scenarios,
 * played by the heuristic policy and at random, at every kind of decision
 * point, chance's included. For each position and side, worlds are drawn from
 * the side's view (the sampler of r3 sample), and each output must come out
 * byte for byte the same in the true world and in every drawn one:
 *
 *   - the view as r3 observe and r3 host's board print it, and its JSON
 *     (board json);
 *   - the side's SVG picture (r3 show --svg --side, board svg);
 *   - the legal decisions as r3 host lists them (legal: text and label);
 *   - at the side's own decision points, a seeded search from that world as
 *     its belief, as hint and the engine's info lines report it: the choice,
 *     the win rate, the counts and the principal variations;
 *   - what the side may infer of the enemy's hidden facts, under odds an
 *     inference of its own could give, as the engine's belief lines and r3
 *     host's belief and belief json write them (in a few drawn worlds: each
 *     counts 512 worlds of its own).
 *
 * A world drawn from the view may differ from the truth in every hidden fact
 * (identities, strengths, hands, the deck), so an output that read one would
 * differ in some draw. The test counts every difference by output, so a
 * failure says which output leaks and shows its first differing line.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/core/random.h"
#include "engine/core/scenario.h"
#include "engine/core/tables.h"
#include "engine/hidden/marginals_text.h"
#include "engine/hidden/observe.h"
#include "engine/hidden/sample.h"
#include "engine/hidden/view.h"
#include "engine/picture/view_svg.h"
#include "engine/rules/game.h"
#include "engine/rules/notation.h"
#include "engine/rules/rules.h"
#include "protocol/host/label.h"
#include "search/driver.h"
#include "search/policy.h"
#include "tests/support.h"

#define GAMES 24        /* eight of each scenario, half by the policy, half at random */
#define GAP 24          /* a position is looked at every 1 to 2 * GAP decisions */
#define DRAWS 20        /* worlds drawn per position and side */
#define SEARCH_EVERY 4  /* a search at one in so many of a side's own decision points */
#define SEARCH_DRAWS 4  /* worlds searched besides the truth */
#define ITERATIONS 100  /* per search: enough for a tree and principal variations */
#define BELIEF_DRAWS 2  /* worlds whose belief text is compared besides the truth's */
#define TEXT_MAX 262144 /* any one output: the SVG is the largest, about 110 kB with its map */

enum output { OUT_OBSERVE, OUT_JSON, OUT_SVG, OUT_LEGAL, OUT_SEARCH, OUT_BELIEF, OUT_COUNT };
static const char *const OUTPUT_NAME[OUT_COUNT] = {"observe", "json", "svg", "legal", "hint/info", "belief"};

struct tally {
    long positions, worlds, unlike; /* unlike: drawn worlds that differ from the truth */
    long by_phase[PHASE_COUNT];     /* positions in each phase */
    long ranged, stacked;    /* views with a named enemy block of uncertain strength, with face-down pieces stacked */
    long searched, searches; /* positions searched, searches run */
    long compared[OUT_COUNT], differ[OUT_COUNT];
    char first[OUT_COUNT][512]; /* the first difference of each output, for the failure */
};

/* ---- what the side is shown ---- */

/* A side's picture, from its view only (r3 show --svg --side, board svg). */
static void side_svg(const struct world *w, int side, FILE *out)
{
    static struct view v;
    view_of(w, side, &v);
    view_svg(&v, rules_actor(w), out);
}

static void svg_text(const struct world *w, int side, char *text)
{
    FILE *f = fmemopen(text, TEXT_MAX, "w");
    assert_non_null(f);
    side_svg(w, side, f);
    assert_true(ftell(f) < TEXT_MAX - 1);
    fclose(f);
}

/* The legal decisions as r3 host's legal lists them to the side to move. */
static void legal_text(const struct world *w, int side, char *text)
{
    struct decisions legal;
    size_t n = 0;
    text[0] = '\0';
    if (rules_actor(w) != side)
        return;
    rules_legal(w, &legal);
    for (int i = 0; i < legal.count; i++) {
        char word[64], label[160];
        decision named = observe_named(w, legal.list[i], side);
        decision_text(named, word, sizeof word);
        decision_label(w, legal.list[i], named, label, sizeof label);
        n += (size_t)snprintf(text + n, TEXT_MAX - n, "decision %s | %s\n", word, label);
        assert_true(n < TEXT_MAX);
    }
}

static void shown(const struct world *w, int side, enum output o, char *text)
{
    static struct view v;
    view_of(w, side, &v);
    if (o == OUT_OBSERVE)
        assert_true(view_print(&v, text, TEXT_MAX));
    else if (o == OUT_JSON)
        assert_true(view_json(&v, text, TEXT_MAX));
    else if (o == OUT_SVG)
        svg_text(w, side, text);
    else
        legal_text(w, side, text);
}

/* ---- a seeded search, as hint and the info lines report it ---- */

static struct driver driver; /* trees for many threads: too big for the stack */

struct report {
    struct driver_progress last;
    decision best;
};

static void on_progress(void *context, const struct driver_progress *p) { ((struct report *)context)->last = *p; }
static void on_note(void *context, enum driver_note note, long count) { (void)context, (void)note, (void)count; }
static void on_bestmove(void *context, decision best) { ((struct report *)context)->best = best; }

/* A search with w as the side's belief, reported as hint and the info lines
 * would report it, less the times: the choice as the side names it, its win
 * rate (to the last bit), the counts, and each root line with its win rate,
 * visits and principal variation. The host's hint searches the seat's belief,
 * a world drawn from the side's observations alone whose view is the true
 * world's (tests/test_belief.c); a search that reads only that view gives the
 * same report from the truth and from every drawn world. */
static void search_text(const struct world *w, int side, char *text)
{
    static struct belief b;
    struct report r = {0};
    const struct driver_callbacks callbacks = {on_progress, on_note, on_bestmove, &r, NULL};
    const struct player p = {.kind = PLAYER_ISMCTS,
                             .iterations = ITERATIONS,
                             .memory_mb = 4,
                             .threads = 1,
                             .multipv = 3,
                             .ismcts = ISMCTS_DEFAULT};
    const struct limits budget = {.clock = {-1, -1}};
    b = (struct belief){.w = *w, .side = side};
    driver_forget(&driver);
    driver.rng = 2024;
    driver_start(&driver, &b, NULL, &p, &budget, &callbacks);
    assert_false(driver_settle(&driver));
    driver_finish(&driver);
    char word[64];
    decision_text(observe_named(w, r.best, side), word, sizeof word);
    size_t n =
        (size_t)snprintf(text, TEXT_MAX, "hint %s winrate %a nodes %ld iterations %ld tree %u hashfull %d\n", word,
                         r.last.value, r.last.nodes, r.last.iterations, r.last.tree_nodes, r.last.hashfull);
    for (int k = 0; k < r.last.lines; k++) {
        n += (size_t)snprintf(text + n, TEXT_MAX - n, "line %08x winrate %a visits %ld pv", r.last.line[k].key,
                              r.last.line[k].value, r.last.line[k].visits);
        for (int i = 0; i < r.last.pv_length[k]; i++) {
            decision_text(r.last.pv[k][i], word, sizeof word);
            n += (size_t)snprintf(text + n, TEXT_MAX - n, " %s", word);
        }
        n += (size_t)snprintf(text + n, TEXT_MAX - n, "\n");
    }
}

/* ---- what the side may infer, as belief writes it ---- */

/* Odds such as the side's own inference could give: a function of its view
 * alone, some for and some against each block a piece may be. */
static void odds_of_view(const struct view *v, struct odds *o)
{
    memset(o, 0, sizeof *o);
    for (int l = 0; l < MAX_LABELS; l++)
        for (uint32_t left = v->piece[l].cand; left; left &= left - 1) {
            int bit = __builtin_ctz(left);
            o->log_weight[l][bit] = (float)((l * 31 + bit * 7 + v->w.turn) % 5 - 2) / 2;
        }
}

/* The engine's belief lines, r3 host's belief and its belief json, one
 * after the other, from the side's view of w and the odds of that view. */
static void belief_text(const struct world *w, int side, char *text)
{
    static struct view v;
    static struct odds o;
    static struct marginals m;
    view_of(w, side, &v);
    odds_of_view(&v, &o);
    assert_true(marginals_of(&v, &o, MARGINAL_DRAWS, &m));
    assert_true(marginals_lines(&m, text, TEXT_MAX));
    size_t n = strlen(text);
    assert_true(marginals_print(&m, text + n, TEXT_MAX - n));
    n += strlen(text + n);
    assert_true(marginals_json(&m, text + n, TEXT_MAX - n));
}

/* ---- comparing ---- */

/* The first line where a and b differ, into the tally's example. */
static void note_difference(struct tally *t, enum output o, const char *a, const char *b)
{
    if (t->differ[o]++)
        return;
    size_t start = 0;
    for (size_t i = 0; a[i] && a[i] == b[i]; i++)
        if (a[i] == '\n')
            start = i + 1;
    snprintf(t->first[o], sizeof t->first[o], "true world: '%.150s' / drawn world: '%.150s'", a + start, b + start);
    for (char *c = t->first[o]; *c; c++)
        if (*c == '\n')
            *c = '|';
}

static void compare(struct tally *t, enum output o, const char *truth, const char *drawn)
{
    if (!*truth && !*drawn)
        return; /* no list: the side is not to move in either world */
    t->compared[o]++;
    if (strcmp(truth, drawn) != 0)
        note_difference(t, o, truth, drawn);
}

static char truth_text[OUT_COUNT][TEXT_MAX], drawn_text[TEXT_MAX];

static bool searchable(const struct world *w, int side)
{
    struct decisions legal;
    if (rules_actor(w) != side)
        return false;
    rules_legal(w, &legal);
    return legal.count > 1;
}

/* The cases the old picture gave away: an enemy block the side has named
 * but whose strength it knows only as a range, and two face-down pieces in
 * one area, whose order in block order would tell them apart. */
static void count_cases(struct tally *t, const struct view *v)
{
    int enemy = 1 - v->side, pieces[AREA_COUNT] = {0};
    bool ranged = false, stacked = false;
    for (blockset left = v->w.side_blocks[enemy]; left; left &= left - 1) {
        int b = __builtin_ctzll(left), value;
        ranged |= world_location(&v->w, b) < AREA_COUNT && world_strength_knowledge(&v->w, b, &value) == KNOW_AT_MOST;
    }
    for (int l = 0; l < MAX_LABELS; l++)
        if (v->piece[l].cand)
            stacked |= ++pieces[v->piece[l].area] > 1;
    t->ranged += ranged;
    t->stacked += stacked;
}

static void check_side(struct tally *t, const struct world *w, int side, uint64_t *rng)
{
    static struct view v;
    static struct sampler s;
    static struct world drawn;
    bool search = searchable(w, side) && random_below(rng, SEARCH_EVERY) == 0;
    view_of(w, side, &v);
    count_cases(t, &v);
    assert_true(sampler_init(&s, &v, rng));
    for (int o = 0; o < OUT_SEARCH; o++)
        shown(w, side, o, truth_text[o]);
    if (search) {
        search_text(w, side, truth_text[OUT_SEARCH]);
        t->searched++, t->searches++;
    }
    belief_text(w, side, truth_text[OUT_BELIEF]);
    for (int i = 0; i < DRAWS; i++) {
        sampler_draw(&s, rng, &drawn);
        assert_true(infokey(&drawn, side) == view_key(&v));
        t->worlds++;
        t->unlike += memcmp(&drawn, w, sizeof drawn) != 0;
        for (int o = 0; o < OUT_SEARCH; o++) {
            shown(&drawn, side, o, drawn_text);
            compare(t, o, truth_text[o], drawn_text);
        }
        if (search && i < SEARCH_DRAWS) {
            search_text(&drawn, side, drawn_text);
            compare(t, OUT_SEARCH, truth_text[OUT_SEARCH], drawn_text);
            t->searches++;
        }
        if (i < BELIEF_DRAWS) {
            belief_text(&drawn, side, drawn_text);
            compare(t, OUT_BELIEF, truth_text[OUT_BELIEF], drawn_text);
        }
    }
}

struct walk {
    struct tally *t;
    uint64_t rng;
    long next; /* the decision count at which the next position is looked at */
};

/* The phases with few decision points would be met only a few times at
 * random gaps: every mulligan point is looked at, and one in three of the
 * supply phase's and the political turn's. */
static bool rare_phase(const struct world *w, uint64_t *rng)
{
    return w->phase == PHASE_MULLIGAN ||
           ((w->phase == PHASE_SUPPLY || w->phase == PHASE_POLITICAL) && random_below(rng, 3) == 0);
}

static bool look(void *context, const struct world *w, long played)
{
    struct walk *k = context;
    if (played < k->next && !rare_phase(w, &k->rng))
        return true;
    k->next = played + 1 + random_below(&k->rng, 2 * GAP);
    k->t->positions++;
    k->t->by_phase[w->phase]++;
    for (int side = 0; side < SIDE_COUNT; side++)
        check_side(k->t, w, side, &k->rng);
    return true;
}

static void report(const struct tally *t)
{
    printf("%ld positions, %ld drawn worlds (%ld unlike the truth), %ld searches at %ld positions\n", t->positions,
           t->worlds, t->unlike, t->searches, t->searched);
    printf("  views with a named enemy block of uncertain strength %ld, with face-down pieces stacked %ld\n", t->ranged,
           t->stacked);
    printf("  positions by phase:");
    for (int p = 0; p < PHASE_COUNT; p++)
        if (t->by_phase[p])
            printf(" %s %ld", PHASE_NAME[p], t->by_phase[p]);
    printf("\n");
    for (int o = 0; o < OUT_COUNT; o++) {
        printf("  %-9s %6ld compared, %5ld differ\n", OUTPUT_NAME[o], t->compared[o], t->differ[o]);
        if (t->differ[o])
            printf("    first: %s\n", t->first[o]);
    }
}

static void every_output_shown_to_a_side_is_the_same_in_every_world_it_cannot_tell_apart(void **state)
{
    (void)state;
    static struct tally t;
    for (int g = 0; g < GAMES; g++) {
        struct world w;
        uint64_t players = 7000 + (uint64_t)g, chance = 9000 + (uint64_t)g;
        struct walk k = {&t, 100 + (uint64_t)g, 0};
        const struct game_player by = {g / SCENARIO_COUNT % 2 ? game_uniform : policy_player, &players};
        const struct game_player dice = {game_uniform, &chance};
        const struct game_hooks hooks = {.before = look, .context = &k};
        scenario_setup(&w, g % SCENARIO_COUNT);
        game_play(&w, (const struct game_player[GAME_ACTORS]){by, by, dice}, &hooks);
    }
    report(&t);
    for (int o = 0; o < OUT_COUNT; o++)
        if (t.differ[o])
            fail_msg("%s shows a side something it cannot know: it differs in %ld of %ld worlds drawn from the "
                     "side's view",
                     OUTPUT_NAME[o], t.differ[o], t.compared[o]);
    assert_true(t.positions >= 200 && t.unlike > t.worlds / 2 && t.searched >= 20 && t.ranged >= 20 &&
                t.stacked >= 100);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_output_shown_to_a_side_is_the_same_in_every_world_it_cannot_tell_apart),
    };
    int failed = cmocka_run_group_tests(tests, NULL, NULL);
    driver_forget(&driver);
    return failed;
}
