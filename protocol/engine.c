/*
 * engine.c: see engine.h. One line in, zero or more lines out, each flushed.
 * Observations are gathered until the next transition begins (its decision
 * opens it) or a command needs the belief, then taken in whole. Every bad
 * line gets exactly one "error CODE message" line and changes nothing.
 */
#include "engine.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "../engine/belief.h"
#include "../engine/random.h"
#include "../engine/scenario.h"
#include "../engine/tables.h"
#include "../engine/view.h"
#include "../search/greedy.h"
#include "version.h"

#define LINE_LIMIT 4096 /* bytes in one line, newline excluded */

struct engine {
    FILE *out;
    bool in_game, searching;
    struct belief belief;
    struct observations pending;
    long pending_line, line;
    uint64_t seed, rng;
    decision chosen;
    bool greedy;  /* Player greedy, else random */
    int samples;  /* Samples: worlds the greedy player draws per decision */
};

static void say(struct engine *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void say(struct engine *e, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vfprintf(e->out, fmt, ap);
    va_end(ap);
    fputc('\n', e->out);
    fflush(e->out);
}

static bool fail(struct engine *e, const char *code, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static bool fail(struct engine *e, const char *code, const char *fmt, ...)
{
    char message[600];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(message, sizeof message, fmt, ap);
    va_end(ap);
    say(e, "error %s %s", code, message);
    return false;
}

/* ---- observations ---- */

/* Takes in the transition gathered so far; false after an error line. */
static bool take_in(struct engine *e)
{
    char why[300];
    if (!e->pending.count)
        return true;
    struct observations seen = e->pending;
    e->pending.count = 0;
    if (belief_observe(&e->belief, &seen, why, sizeof why))
        return true;
    return fail(e, "inconsistent", "the observations from line %ld on do not fit what this side has seen: %s",
                e->pending_line, why);
}

static bool observation_line(struct engine *e, const struct observation *o)
{
    if (!e->in_game)
        return fail(e, "no-game", "an observation before 'newgame scenario YEAR side york|lancaster'");
    if (observation_opens_transition(o)) {
        if (!take_in(e))
            return false;
        e->pending_line = e->line;
    } else if (!e->pending.count) {
        return fail(e, "out-of-order", "this observation must follow the decision that opens its transition");
    }
    if (e->pending.count >= MAX_OBSERVATIONS)
        return fail(e, "too-many", "more than %d observations in one transition", MAX_OBSERVATIONS);
    e->pending.list[e->pending.count++] = *o;
    return true;
}

/* The game as it stands, observations taken in; false after an error line. */
static bool game_now(struct engine *e)
{
    if (!e->in_game)
        return fail(e, "no-game", "no game: send 'newgame scenario YEAR side york|lancaster' first");
    return take_in(e);
}

/* ---- commands ---- */

static const char *const SIDE_WORD[SIDE_COUNT] = {"york", "lancaster"};

static bool words_are(const char *args, int count, char words[][64])
{
    char extra[2];
    int n = sscanf(args, "%63s %63s %63s %63s %1s", words[0], words[1], words[2], words[3], extra);
    return n == count || (count == 0 && n == EOF);
}

static bool cmd_hello(struct engine *e, const char *args)
{
    if (*args)
        return fail(e, "bad-arguments", "r3p takes no arguments");
    say(e, "id name r3 %s", R3_VERSION);
    say(e, "id version %s", R3_VERSION);
    say(e, "option name Player type combo default random var random var greedy");
    say(e, "option name Samples type spin default 8 min 1 max 64");
    say(e, "option name Seed type spin default 1 min 0 max 2147483647");
    say(e, "r3pok");
    return true;
}

static bool cmd_isready(struct engine *e, const char *args)
{
    if (*args)
        return fail(e, "bad-arguments", "isready takes no arguments");
    say(e, "readyok");
    return true;
}

static bool cmd_setoption(struct engine *e, const char *args)
{
    char w[4][64];
    if (!words_are(args, 4, w) || strcmp(w[0], "name") != 0 || strcmp(w[2], "value") != 0)
        return fail(e, "bad-arguments", "expected 'setoption name NAME value VALUE'");
    if (strcmp(w[1], "Player") == 0) {
        if (strcmp(w[3], "random") != 0 && strcmp(w[3], "greedy") != 0)
            return fail(e, "bad-option", "no Player '%s'; the players are random and greedy", w[3]);
        e->greedy = strcmp(w[3], "greedy") == 0;
        return true;
    }
    if (strcmp(w[1], "Samples") == 0) {
        char *end;
        long samples = strtol(w[3], &end, 10);
        if (*end || end == w[3] || samples < 1 || samples > 64)
            return fail(e, "bad-option", "Samples needs a whole number 1..64, not '%s'", w[3]);
        e->samples = (int)samples;
        return true;
    }
    if (strcmp(w[1], "Seed") == 0) {
        char *end;
        long long seed = strtoll(w[3], &end, 10);
        if (*end || end == w[3] || seed < 0 || seed > 2147483647LL)
            return fail(e, "bad-option", "Seed needs a whole number 0..2147483647, not '%s'", w[3]);
        e->seed = e->rng = (uint64_t)seed;
        return true;
    }
    return fail(e, "bad-option", "no option '%s'; the options are Player, Samples and Seed", w[1]);
}

static bool cmd_newgame(struct engine *e, const char *args)
{
    char w[4][64];
    if (!words_are(args, 4, w) || strcmp(w[0], "scenario") != 0 || strcmp(w[2], "side") != 0)
        return fail(e, "bad-arguments", "expected 'newgame scenario 1460|1470|1483 side york|lancaster'");
    int scenario = scenario_from_year(atoi(w[1])), side = -1;
    for (int s = 0; s < SIDE_COUNT; s++)
        if (strcmp(w[3], SIDE_WORD[s]) == 0)
            side = s;
    if (scenario < 0 || strlen(w[1]) != 4)
        return fail(e, "bad-arguments", "unknown scenario '%s' (1460, 1470 or 1483)", w[1]);
    if (side < 0)
        return fail(e, "bad-arguments", "unknown side '%s' (york or lancaster)", w[3]);
    belief_start(&e->belief, scenario, side, e->seed);
    e->rng = e->seed;
    e->in_game = true;
    e->searching = false;
    e->pending.count = 0;
    return true;
}

/* "go" limits: movetime/nodes/wtime/btime N, infinite. */
static bool read_limits(struct engine *e, const char *args, bool *infinite)
{
    char word[64];
    int used;
    *infinite = false;
    for (const char *p = args; sscanf(p, "%63s%n", word, &used) == 1; p += used) {
        if (strcmp(word, "infinite") == 0) {
            *infinite = true;
            continue;
        }
        if (strcmp(word, "movetime") && strcmp(word, "nodes") && strcmp(word, "wtime") && strcmp(word, "btime"))
            return fail(e, "bad-arguments", "'%s' is no limit of go (movetime, nodes, wtime, btime, infinite)", word);
        char number[64];
        int more;
        if (sscanf(p + used, "%63s%n", number, &more) != 1 || strspn(number, "0123456789") != strlen(number))
            return fail(e, "bad-arguments", "%s needs a whole number", word);
        used += more;
    }
    return true;
}

static bool cmd_go(struct engine *e, const char *args)
{
    bool infinite;
    if (e->searching)
        return fail(e, "busy", "a search is running; send stop first");
    if (!read_limits(e, args, &infinite) || !game_now(e))
        return false;
    const struct world *w = &e->belief.w;
    if (w->phase == PHASE_OVER)
        return fail(e, "game-over", "the game is over");
    int actor = rules_actor(w);
    if (actor != e->belief.side)
        return fail(e, "not-your-turn", "it is %s to decide, not %s", actor < SIDE_COUNT ? SIDE_WORD[actor] : "chance",
                    SIDE_WORD[e->belief.side]);
    struct decisions legal;
    rules_legal(w, &legal);
    if (e->greedy) {
        e->chosen = greedy_choose(w, e->belief.side, e->samples, &e->rng);
        say(e, "info string greedy choice among %d legal decisions over %d sampled worlds", legal.count, e->samples);
    } else {
        e->chosen = legal.list[random_below(&e->rng, legal.count)];
        say(e, "info string random choice among %d legal decisions", legal.count);
    }
    e->searching = infinite;
    if (!infinite) {
        char text[64];
        decision_text(e->chosen, text, sizeof text);
        say(e, "bestmove %s", text);
    }
    return true;
}

static bool cmd_stop(struct engine *e, const char *args)
{
    if (*args)
        return fail(e, "bad-arguments", "stop takes no arguments");
    if (e->searching) {
        char text[64];
        decision_text(e->chosen, text, sizeof text);
        say(e, "bestmove %s", text);
        e->searching = false;
    }
    return true;
}

static bool cmd_legal(struct engine *e, const char *args)
{
    if (*args)
        return fail(e, "bad-arguments", "legal takes no arguments");
    if (!game_now(e))
        return false;
    int actor = rules_actor(&e->belief.w);
    if (actor != e->belief.side) /* another's choices may turn on what this side cannot see */
        return fail(e, "not-your-turn", "it is %s to decide; legal lists %s's own decisions",
                    actor < SIDE_COUNT ? SIDE_WORD[actor] : actor == ACTOR_CHANCE ? "chance" : "nobody",
                    SIDE_WORD[e->belief.side]);
    struct decisions legal;
    char line[MAX_DECISIONS * 40] = "legal", text[64];
    size_t n = strlen(line);
    rules_legal(&e->belief.w, &legal);
    for (int i = 0; i < legal.count && n < sizeof line - 64; i++) {
        decision_text(legal.list[i], text, sizeof text);
        n += (size_t)snprintf(line + n, sizeof line - n, "%s%s", i ? ", " : " ", text);
    }
    say(e, "%s", legal.count ? line : "legal -");
    return true;
}

static bool cmd_query(struct engine *e, const char *args)
{
    char w[4][64];
    if (!words_are(args, 1, w))
        return fail(e, "bad-arguments", "expected 'query phase|turn|result|tomove'");
    if (!game_now(e))
        return false;
    const struct world *g = &e->belief.w;
    int actor = rules_actor(g);
    if (strcmp(w[0], "phase") == 0)
        say(e, "phase %s %d", PHASE_NAME[g->phase], g->step);
    else if (strcmp(w[0], "turn") == 0)
        say(e, "turn campaign %d turn %d", g->campaign, g->turn);
    else if (strcmp(w[0], "result") == 0)
        say(e, "result %s", g->winner < SIDE_COUNT ? SIDE_WORD[g->winner] : "none");
    else if (strcmp(w[0], "tomove") == 0)
        say(e, "tomove %s", actor < SIDE_COUNT ? SIDE_WORD[actor] : actor == ACTOR_CHANCE ? "chance" : "none");
    else
        return fail(e, "bad-arguments", "no query '%s' (phase, turn, result, tomove)", w[0]);
    return true;
}

static bool cmd_show(struct engine *e, const char *args)
{
    static char text[16384];
    struct view v;
    if (*args)
        return fail(e, "bad-arguments", "show takes no arguments");
    if (!game_now(e))
        return false;
    view_of(&e->belief.w, e->belief.side, &v);
    view_print(&v, text, sizeof text);
    for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n"))
        say(e, "show %s", line);
    say(e, "showok");
    return true;
}

static const struct {
    const char *word;
    bool (*run)(struct engine *e, const char *args);
} COMMAND[] = {
    {"r3p", cmd_hello}, {"isready", cmd_isready}, {"setoption", cmd_setoption}, {"newgame", cmd_newgame},
    {"go", cmd_go},     {"stop", cmd_stop},       {"legal", cmd_legal},         {"query", cmd_query},
    {"show", cmd_show},
};

/* ---- lines ---- */

static bool printable(const char *line, size_t length)
{
    for (size_t i = 0; i < length; i++)
        if ((unsigned char)line[i] < 0x20 || (unsigned char)line[i] > 0x7e)
            return false;
    return true;
}

/* Runs one line; returns false for "quit". */
static bool run_line(struct engine *e, char *line, size_t length)
{
    while (length && (line[length - 1] == '\n' || line[length - 1] == '\r'))
        line[--length] = '\0';
    if (length > LINE_LIMIT)
        return fail(e, "line-too-long", "a line of %zu bytes; the limit is %d", length, LINE_LIMIT), true;
    if (!printable(line, length))
        return fail(e, "bad-bytes", "the line holds bytes that are not printable ASCII"), true;
    char *start = line + strspn(line, " \t");
    if (!*start)
        return fail(e, "empty-line", "an empty line: expected a command or an observation"), true;
    size_t word = strcspn(start, " \t");
    const char *args = start + word + strspn(start + word, " \t");
    if (word == 4 && strncmp(start, "quit", 4) == 0 && !*args)
        return false;
    for (size_t i = 0; i < sizeof COMMAND / sizeof COMMAND[0]; i++)
        if (strlen(COMMAND[i].word) == word && strncmp(start, COMMAND[i].word, word) == 0) {
            COMMAND[i].run(e, args);
            return true;
        }
    struct observation o;
    char why[300];
    if (observation_read(start, &o, why, sizeof why))
        observation_line(e, &o);
    else
        fail(e, "unknown", "'%.*s' is neither a command nor an observation: %s", (int)(word > 40 ? 40 : word), start, why);
    return true;
}

int engine_run(FILE *in, FILE *out)
{
    static struct engine e;
    char *line = NULL;
    size_t capacity = 0;
    ssize_t length;
    e = (struct engine){.out = out, .seed = 1, .rng = 1, .samples = 8};
    while ((length = getline(&line, &capacity, in)) >= 0) {
        e.line++;
        if (memchr(line, '\0', (size_t)length)) {
            fail(&e, "bad-bytes", "the line holds a NUL byte");
            continue;
        }
        if (!run_line(&e, line, (size_t)length))
            break;
    }
    free(line);
    return 0;
}
