/*
 * host.c: see host.h. The host plays the game forward after every command
 * that changes it: chance from its own seeded generator, the engine sides by
 * a search of their own belief (as an engine under the referee would, but in
 * this process), until a human side is to decide or the game is over. Each
 * transition is told to every side as observe() lists it: an engine side's
 * belief takes it in, a human side is written its lines as events.
 */
#include "protocol/host.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "engine/core/random.h"
#include "engine/core/tables.h"
#include "engine/hidden/belief.h"
#include "engine/hidden/observe.h"
#include "engine/hidden/view.h"
#include "engine/rules/game.h"
#include "engine/rules/notation.h"
#include "engine/rules/rules.h"
#include "engine/text/position.h"
#include "engine/text/scenario.h"
#include "protocol/label.h"
#include "protocol/options.h"
#include "protocol/say.h"

#define LINE_LIMIT 4096
#define MAX_WORDS 64

static const char *const SIDE_WORD[SIDE_COUNT] = {"york", "lancaster"};
static const char *const HOW_WORD[GAME_HOW_COUNT] = {"heirs", "usurpation", "last-campaign"};

/* One side of the game: a person at the client, or an engine in the process. */
struct seat {
    bool human;
    struct belief belief; /* an engine's picture of the game, from its observations alone */
    struct driver driver;
    struct player player;
};

struct host {
    FILE *out;
    bool in_game;
    struct world truth;
    uint64_t chance; /* the deals and dice */
    struct seat seat[SIDE_COUNT];
    struct option_values options;
    decision best; /* the last search's choice */
    int resigned;  /* the side that resigned, or SIDE_NONE */
};

static bool error_line(struct host *h, const char *code, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static bool error_line(struct host *h, const char *code, const char *fmt, ...)
{
    char message[600];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(message, sizeof message, fmt, ap);
    va_end(ap);
    say(h->out, "error %s %s", code, message);
    return false;
}

static int side_from_word(const char *word)
{
    for (int s = 0; s < SIDE_COUNT; s++)
        if (strcmp(word, SIDE_WORD[s]) == 0)
            return s;
    return -1;
}

/* ---- the engine sides ---- */

static void on_progress(void *context, const struct driver_progress *p) { (void)context, (void)p; }
static void on_note(void *context, enum driver_note note, long count) { (void)context, (void)note, (void)count; }
static void on_bestmove(void *context, decision best) { ((struct host *)context)->best = best; }

/* The engine's choice for its side, searched from its belief with its options' budget. */
static decision engine_choice(struct host *h, int side)
{
    struct seat *s = &h->seat[side];
    const struct limits limits = {.clock = {-1, -1}};
    const struct driver_callbacks report = {on_progress, on_note, on_bestmove, h, NULL};
    driver_start(&s->driver, &s->belief, NULL, &s->player, &limits, &report);
    driver_settle(&s->driver);
    return h->best;
}

/* ---- the game going forward ---- */

/* Tells every side what it saw of before -> d -> after. */
static bool tell(struct host *h, const struct world *before, decision d, const struct world *after)
{
    static struct observations seen;
    char text[200], why[300];
    for (int side = 0; side < SIDE_COUNT; side++) {
        observe(before, d, after, side, &seen);
        if (!h->seat[side].human) {
            if (!belief_observe(&h->seat[side].belief, &seen, why, sizeof why))
                return error_line(h, "internal", "the %s engine cannot take in what it saw: %s", SIDE_WORD[side], why);
            continue;
        }
        for (int i = 0; i < seen.count; i++) {
            observation_text(&seen.list[i], text, sizeof text);
            say(h->out, "event %s %s", SIDE_WORD[side], text);
        }
    }
    return true;
}

static bool apply(struct host *h, decision d)
{
    static struct world before;
    before = h->truth;
    rules_apply(&h->truth, d);
    if (h->truth.phase == PHASE_OVER) {
        struct game_result r = game_result_of(&before, &h->truth);
        bool told = tell(h, &before, d, &h->truth);
        say(h->out, "result %s %s", SIDE_WORD[r.winner], HOW_WORD[r.how]);
        return told;
    }
    return tell(h, &before, d, &h->truth);
}

/* Plays chance and the engines until a human is to decide or the game ends. */
static bool run_on(struct host *h)
{
    for (long n = 0; h->truth.phase != PHASE_OVER && n < GAME_DECISION_BOUND; n++) {
        int actor = rules_actor(&h->truth);
        if (actor == ACTOR_NONE)
            return error_line(h, "internal", "nobody is to decide in this position");
        if (actor < SIDE_COUNT && h->seat[actor].human) {
            say(h->out, "tomove %s", SIDE_WORD[actor]);
            return true;
        }
        decision d = actor == ACTOR_CHANCE ? rules_chance(&h->truth, random_next(&h->chance)) : engine_choice(h, actor);
        if (!apply(h, d))
            return false;
    }
    return true;
}

/* ---- the commands ---- */

/* "york human" or "lancaster engine", from two words. */
static bool read_seat(struct host *h, char w[][64], int n, int i, int side)
{
    if (i + 1 >= n || side_from_word(w[i]) != side)
        return error_line(h, "bad-arguments", "expected '%s human|engine' after the scenario", SIDE_WORD[side]);
    if (strcmp(w[i + 1], "human") != 0 && strcmp(w[i + 1], "engine") != 0)
        return error_line(h, "bad-arguments", "'%s' is neither human nor engine", w[i + 1]);
    h->seat[side].human = strcmp(w[i + 1], "human") == 0;
    return true;
}

/* The words after the seats: "seed S" and "option NAME=VALUE", into o and *seed. */
static bool read_extras(struct host *h, char w[][64], int n, int i, struct option_values *o, uint64_t *seed)
{
    char why[600];
    for (; i < n; i += 2) {
        if (i + 1 >= n)
            return error_line(h, "bad-arguments", "'%s' needs a value", w[i]);
        if (strcmp(w[i], "seed") == 0) {
            char *end;
            *seed = strtoull(w[i + 1], &end, 10);
            if (*end || w[i + 1][0] == '-')
                return error_line(h, "bad-arguments", "seed '%s' is not a whole number", w[i + 1]);
        } else if (strcmp(w[i], "option") == 0) {
            char *equals = strchr(w[i + 1], '=');
            if (!equals)
                return error_line(h, "bad-arguments", "expected 'option NAME=VALUE', not '%s'", w[i + 1]);
            *equals = '\0';
            if (!options_set(o, w[i + 1], equals + 1, why, sizeof why))
                return error_line(h, "bad-option", "%s", why);
        } else {
            return error_line(h, "bad-arguments", "unknown word '%s' (seed S or option NAME=VALUE)", w[i]);
        }
    }
    return true;
}

static int split(char *args, char w[][64])
{
    int n = 0;
    for (char *word = strtok(args, " \t"); word && n < MAX_WORDS; word = strtok(NULL, " \t"))
        snprintf(w[n++], 64, "%s", word);
    return n;
}

static void start(struct host *h, int scenario, uint64_t seed)
{
    scenario_setup(&h->truth, scenario);
    h->chance = seed;
    h->in_game = true;
    h->resigned = SIDE_NONE;
    for (int side = 0; side < SIDE_COUNT; side++) {
        struct seat *s = &h->seat[side];
        driver_forget(&s->driver);
        belief_start(&s->belief, scenario, side, seed + 1 + (uint64_t)side);
        s->driver.rng = seed + 1 + (uint64_t)side;
        options_player(&h->options, &s->player);
    }
}

/* new scenario YEAR york human|engine lancaster human|engine [seed S] [option NAME=VALUE ...] */
static bool cmd_new(struct host *h, char *args)
{
    static char w[MAX_WORDS][64];
    bool was_human[SIDE_COUNT] = {h->seat[0].human, h->seat[1].human};
    uint64_t seed = 1;
    int n = split(args, w);
    if (n < 6 || strcmp(w[0], "scenario") != 0)
        return error_line(h, "bad-arguments",
                          "expected 'new scenario 1460|1470|1483 york human|engine lancaster human|engine [seed S] "
                          "[option NAME=VALUE ...]'");
    int scenario = scenario_from_year(atoi(w[1]));
    if (scenario < 0 || strlen(w[1]) != 4)
        return error_line(h, "bad-arguments", "unknown scenario '%s' (1460, 1470 or 1483)", w[1]);
    struct option_values options;
    options_default(&options);
    if (!read_seat(h, w, n, 2, SIDE_YORK) || !read_seat(h, w, n, 4, SIDE_LANCASTER) ||
        !read_extras(h, w, n, 6, &options, &seed)) {
        h->seat[0].human = was_human[0], h->seat[1].human = was_human[1];
        return false; /* the game in play, if any, goes on as it was */
    }
    h->options = options;
    start(h, scenario, seed);
    return run_on(h);
}

static bool human_to_move(struct host *h, int *side)
{
    if (!h->in_game)
        return error_line(h, "no-game", "no game: send 'new scenario YEAR york human|engine lancaster human|engine'");
    if (h->truth.phase == PHASE_OVER || h->resigned != SIDE_NONE)
        return error_line(h, "game-over", "the game is over");
    *side = rules_actor(&h->truth);
    if (*side >= SIDE_COUNT || !h->seat[*side].human)
        return error_line(h, "not-your-turn", "no human side is to decide now");
    return true;
}

static bool cmd_legal(struct host *h, char *args)
{
    struct decisions legal;
    char text[64], label[160];
    int side;
    if (*args)
        return error_line(h, "bad-arguments", "legal takes no arguments");
    if (!human_to_move(h, &side))
        return false;
    rules_legal(&h->truth, &legal);
    for (int i = 0; i < legal.count; i++) {
        decision named = observe_named(&h->truth, legal.list[i], side);
        decision_text(named, text, sizeof text);
        decision_label(&h->truth, legal.list[i], named, label, sizeof label);
        say(h->out, "decision %s | %s", text, label);
    }
    return true;
}

/* The legal decision the human's text names, as legal lists it. */
static bool find_decision(struct host *h, int side, const char *text, decision *out)
{
    struct decisions legal;
    decision wanted;
    char why[300];
    if (!decision_read(text, &wanted, why, sizeof why))
        return error_line(h, "bad-decision", "'%s': %s", text, why);
    rules_legal(&h->truth, &legal);
    for (int i = 0; i < legal.count; i++)
        if (observe_named(&h->truth, legal.list[i], side) == wanted) {
            *out = legal.list[i];
            return true;
        }
    return error_line(h, "illegal", "'%s' is not legal here; legal lists the %d legal decisions", text, legal.count);
}

static bool cmd_play(struct host *h, char *args)
{
    int side;
    decision d;
    if (!*args)
        return error_line(h, "bad-arguments", "expected 'play DECISION', a decision as legal lists it");
    if (!human_to_move(h, &side) || !find_decision(h, side, args, &d))
        return false;
    return apply(h, d) && run_on(h);
}

/* board [york|lancaster]: a side's view as r3 observe prints it; the human's by default. */
static bool cmd_board(struct host *h, char *args)
{
    static struct view v;
    static char text[POSITION_TEXT_MAX];
    int side = *args ? side_from_word(args) : h->seat[SIDE_YORK].human ? SIDE_YORK : SIDE_LANCASTER;
    if (!h->in_game)
        return error_line(h, "no-game", "no game: send 'new scenario ...' first");
    if (side < 0)
        return error_line(h, "bad-arguments", "'%s' is not york or lancaster", args);
    if (!h->seat[side].human)
        return error_line(h, "not-yours", "%s is the engine's side: its view is not shown", SIDE_WORD[side]);
    view_of(&h->truth, side, &v);
    view_print(&v, text, sizeof text);
    for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n"))
        say(h->out, "%s", line);
    return true;
}

static bool cmd_resign(struct host *h, char *args)
{
    int side;
    if (*args)
        return error_line(h, "bad-arguments", "resign takes no arguments");
    if (!human_to_move(h, &side))
        return false;
    h->resigned = side;
    say(h->out, "result %s resignation", SIDE_WORD[1 - side]);
    return true;
}

static const struct {
    const char *word;
    bool (*run)(struct host *h, char *args);
} COMMAND[] = {
    {"new", cmd_new}, {"legal", cmd_legal}, {"play", cmd_play}, {"board", cmd_board}, {"resign", cmd_resign},
};

/* ---- lines ---- */

/* Runs one line, answering it; false for "quit". */
static bool run_line(struct host *h, char *line)
{
    line[strcspn(line, "\r\n")] = '\0';
    for (const char *c = line; *c; c++)
        if ((unsigned char)*c < 0x20 && *c != '\t')
            return error_line(h, "bad-bytes", "the line holds control characters"), true;
    char *start = line + strspn(line, " \t");
    size_t word = strcspn(start, " \t");
    char *args = start + word + strspn(start + word, " \t");
    for (char *end = args + strlen(args); end > args && (end[-1] == ' ' || end[-1] == '\t');)
        *--end = '\0';
    if (word == 4 && strncmp(start, "quit", 4) == 0) {
        say(h->out, "ok");
        return false;
    }
    for (size_t i = 0; i < sizeof COMMAND / sizeof COMMAND[0]; i++)
        if (strlen(COMMAND[i].word) == word && strncmp(start, COMMAND[i].word, word) == 0) {
            if (COMMAND[i].run(h, args))
                say(h->out, "ok");
            return true;
        }
    error_line(h, "unknown-command", "'%.*s' is not a command (new, legal, play, board, resign, quit)",
               (int)(word > 40 ? 40 : word), start);
    return true;
}

int host_run(FILE *in, FILE *out)
{
    static struct host h;
    char *line = NULL;
    size_t capacity = 0;
    ssize_t length;
    h = (struct host){.out = out, .resigned = SIDE_NONE};
    options_default(&h.options);
    while ((length = getline(&line, &capacity, in)) >= 0) {
        if (length > LINE_LIMIT) {
            error_line(&h, "line-too-long", "a line of %zd bytes; the limit is %d", length, LINE_LIMIT);
            continue;
        }
        if (memchr(line, '\0', (size_t)length)) {
            error_line(&h, "bad-bytes", "the line holds a NUL byte");
            continue;
        }
        if (!run_line(&h, line))
            break;
    }
    for (int side = 0; side < SIDE_COUNT; side++)
        driver_forget(&h.seat[side].driver);
    free(line);
    return 0;
}
