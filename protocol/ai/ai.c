/*
 * ai.c: see ai.h. The engine protocol's commands, run by the command
 * loop (protocol/ai/line_loop.h): one line in, zero or more lines out,
 * each flushed. Observations are gathered until the next transition begins (its decision
 * opens it) or a command needs the belief, then taken in whole. Every bad
 * line gets exactly one "error CODE message" line and changes nothing. An
 * observation refused as inconsistent also marks the record broken: until
 * position or newgame, the lines that need the game are refused at once.
 */
#include "protocol/ai/ai.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "engine/core/random.h"
#include "engine/core/scenario.h"
#include "engine/core/tables.h"
#include "engine/hidden/belief.h"
#include "engine/hidden/marginals_text.h"
#include "engine/hidden/view.h"
#include "engine/io/number.h"
#include "engine/rules/audit.h"
#include "engine/rules/notation.h"
#include "engine/rules/rules.h"
#include "engine/text/position.h"
#include "protocol/ai/go.h"
#include "protocol/ai/line_loop.h"
#include "protocol/ai/options.h"
#include "protocol/ai/say.h"
#include "protocol/ai/version.h"

#define LINE_LIMIT (1 << 20) /* bytes in one line, newline excluded: room for a whole game's position */

/* Where this side's record stopped fitting the host's observations. Every
 * later line the host builds on the refused one would be refused as well,
 * each only after the belief's whole search of worlds, so the engine answers
 * them at once instead, until position or newgame gives it a record afresh. */
struct broken_record {
    long line;     /* the input line refused as inconsistent; 0 while the record holds */
    char why[512]; /* that line's error message, which say_error's 600 bytes hold with the desync's words */
};

struct ai_session {
    FILE *out;
    bool in_game;
    struct belief belief;
    struct observations pending;
    struct world truth; /* the referee's world, for the cheat player; only until the next observation */
    bool has_truth;
    long pending_line, pending_item, line; /* where the gathered transition began: a line, or an item of position */
    bool pending_whole;                    /* a world was found in which the gathered lines are the whole transition */
    struct broken_record broken;
    uint64_t seed;
    struct option_values options;
    struct driver driver; /* the search, and the player's random stream */
};

/* Every refusal of this loop goes to its output. */
#define error_line(owner, ...) say_error((owner)->out, __VA_ARGS__)

/* ---- observations ---- */

/* Refuses the line as inconsistent, after the belief found no world for it,
 * and marks the record broken there; returns false. */
static bool refuse_inconsistent(struct ai_session *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static bool refuse_inconsistent(struct ai_session *e, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(e->broken.why, sizeof e->broken.why, fmt, ap);
    va_end(ap);
    e->broken.line = e->line;
    return error_line(e, "inconsistent", "%s", e->broken.why);
}

/* Whether the record still fits the host's observations; otherwise the one
 * error line that names where it broke, given without searching again. */
static bool record_holds(struct ai_session *e)
{
    return !e->broken.line || error_line(e, "desync",
                                         "the observations are inconsistent since line %ld (%s); send 'position' or "
                                         "'newgame'",
                                         e->broken.line, e->broken.why);
}

/* The belief takes in a transition with the inference the options ask for
 * (search/infer.h), or by the hard facts alone. */
static bool observe_pending(struct ai_session *e, char *why, size_t size)
{
    struct inference inference;
    bool infer = options_inference(&e->options, &inference);
    return infer_observe(&e->belief, &e->pending, infer ? &inference : NULL, why, size);
}

/* Takes in the transition gathered so far; false after an error line, with
 * the transition left open and the record broken. */
static bool take_in(struct ai_session *e)
{
    char why[300];
    if (!e->pending.count || observe_pending(e, why, sizeof why)) {
        e->pending.count = 0;
        return true;
    }
    if (e->pending_item)
        return refuse_inconsistent(e,
                                   "position: the transition from observation %ld on is incomplete or does not fit "
                                   "what this side has seen: %s",
                                   e->pending_item, why);
    return refuse_inconsistent(e,
                               "the transition from line %ld on is incomplete or does not fit what this side has "
                               "seen: %s",
                               e->pending_line, why);
}

/* Refuses, at once, an observation no world gives after those gathered
 * before it; false after the error line, with nothing gathered. */
static bool could_begin(struct ai_session *e, const char *where)
{
    char why[300], text[96];
    const struct observation *o = &e->pending.list[e->pending.count - 1];
    bool whole;
    if (belief_could_begin(&e->belief, &e->pending, &whole, why, sizeof why)) {
        e->pending_whole = whole;
        return true;
    }
    e->pending.count--;
    observation_text(o, text, sizeof text);
    if (o->kind == OBS_DECISION && !e->pending.count && rules_actor(&e->belief.w) == e->belief.side)
        return refuse_inconsistent(e, "%s'%s' is not a legal decision for %s now", where, text,
                                   SIDE_WORD[e->belief.side]);
    return refuse_inconsistent(e, "%s'%s' does not fit what this side has seen: %s", where, text, why);
}

/* Adds one observation to the transition being gathered; 'item' is its
 * number in a position line, or 0 for a line of its own. */
static bool gather(struct ai_session *e, const struct observation *o, long item)
{
    char where[48] = "";
    if (item)
        snprintf(where, sizeof where, "position: observation %ld: ", item);
    if (observation_opens_transition(o)) {
        if (!take_in(e))
            return false;
    } else if (!e->pending.count) {
        return error_line(e, "out-of-order", "%sthis observation must follow the decision that opens its transition",
                          where);
    }
    if (e->pending.count >= MAX_OBSERVATIONS)
        return error_line(e, "too-many", "%smore than %d observations in one transition", where, MAX_OBSERVATIONS);
    e->pending.list[e->pending.count++] = *o;
    if (!could_begin(e, where))
        return false;
    if (e->pending.count == 1) {
        e->pending_line = e->line;
        e->pending_item = item;
    }
    e->has_truth = false; /* the game moves on: the truth given is no longer now */
    return true;
}

static bool observation_line(struct ai_session *e, const struct observation *o)
{
    if (!e->in_game)
        return error_line(e, "no-game", "an observation before 'newgame scenario YEAR side york|lancaster'");
    return record_holds(e) && gather(e, o, 0);
}

static bool in_game(struct ai_session *e)
{
    return e->in_game || error_line(e, "no-game", "no game: send 'newgame scenario YEAR side york|lancaster' first");
}

/* The game as it stands, observations taken in; false after an error line. */
static bool game_now(struct ai_session *e) { return in_game(e) && record_holds(e) && take_in(e); }

/* The game for a command that only reads it: as it stands, or, while a
 * transition is still arriving, as it was before that transition, which is
 * left open. A question never changes the game, and never waits for the
 * belief's search of a transition that is not whole. With the record broken,
 * it reads the game as last taken in, and takes nothing more in: so a host
 * sees where the two parted, and the belief searches no worlds. */
static bool game_to_read(struct ai_session *e)
{
    char why[300];
    if (!in_game(e))
        return false;
    if (e->broken.line)
        return true;
    if (e->pending.count && e->pending_whole && observe_pending(e, why, sizeof why))
        e->pending.count = 0;
    return true;
}

/* ---- commands ---- */

static bool words_are(const char *args, int count, char words[][64])
{
    char extra[2];
    int n = sscanf(args, "%63s %63s %63s %63s %1s", words[0], words[1], words[2], words[3], extra);
    return n == count || (count == 0 && n == EOF);
}

static bool cmd_hello(void *context, char *args)
{
    struct ai_session *e = context;
    if (*args)
        return error_line(e, "bad-arguments", "r3p takes no arguments");
    say(e->out, "id name r3 %s", R3_VERSION);
    say(e->out, "id version %s", R3_VERSION);
    options_list(e->out);
    say(e->out, "r3pok");
    return true;
}

static bool cmd_isready(void *context, char *args)
{
    struct ai_session *e = context;
    if (*args)
        return error_line(e, "bad-arguments", "isready takes no arguments");
    say(e->out, "readyok");
    return true;
}

static bool cmd_setoption(void *context, char *args)
{
    struct ai_session *e = context;
    char name[64], why[600];
    int used = 0;
    /* The value is the rest of the line, so that a file's path may hold spaces. */
    if (sscanf(args, "name %63s value %n", name, &used) != 1 || !used || !args[used])
        return error_line(e, "bad-arguments", "expected 'setoption name NAME value VALUE'");
    if (!options_set(&e->options, name, args + used, why, sizeof why))
        return error_line(e, "bad-option", "%s", why);
    if (strcmp(name, "Seed") == 0)
        e->seed = e->driver.rng = (uint64_t)e->options.value[OPTION_SEED];
    return true;
}

/* Reads "scenario YEAR side SIDE" from w[0..3]; false after the error line. */
static bool read_game(struct ai_session *e, char w[][64], const char *command, int *scenario, int *side)
{
    if (strcmp(w[0], "scenario") != 0 || strcmp(w[2], "side") != 0)
        return error_line(e, "bad-arguments", "expected '%s scenario 1460|1470|1483 side york|lancaster%s'", command,
                          strcmp(command, "position") == 0 ? " [observations OBS, OBS, ...]" : "");
    long long year;
    *scenario = number_whole(w[1], 0, 9999, &year) ? scenario_from_year((int)year) : -1;
    *side = -1;
    for (int s = 0; s < SIDE_COUNT; s++)
        if (strcmp(w[3], SIDE_WORD[s]) == 0)
            *side = s;
    if (*scenario < 0 || strlen(w[1]) != 4)
        return error_line(e, "bad-arguments", "unknown scenario '%s' (1460, 1470 or 1483)", w[1]);
    if (*side < 0)
        return error_line(e, "bad-arguments", "unknown side '%s' (york or lancaster)", w[3]);
    return true;
}

static void start_game(struct ai_session *e, int scenario, int side)
{
    driver_forget(&e->driver); /* the trees kept were of another game */
    e->driver.time_banked_us = 0;
    belief_start(&e->belief, scenario, side, e->seed);
    e->driver.rng = e->seed;
    e->in_game = true;
    e->pending.count = 0;
    e->has_truth = false;
    e->broken.line = 0; /* a record afresh: nothing in it is refused yet */
}

static bool cmd_newgame(void *context, char *args)
{
    struct ai_session *e = context;
    char w[4][64];
    int scenario, side;
    if (!words_are(args, 4, w))
        return error_line(e, "bad-arguments", "expected 'newgame scenario 1460|1470|1483 side york|lancaster'");
    if (!read_game(e, w, "newgame", &scenario, &side))
        return false;
    start_game(e, scenario, side);
    return true;
}

/* Feeds "OBS, OBS, ..." to a fresh game, as if each had come on its own line;
 * false after the error line, naming the observation. */
static bool replay_history(struct ai_session *e, char *history)
{
    char why[300];
    int index = 0;
    for (char *item = strtok(history, ","); item; item = strtok(NULL, ",")) {
        struct observation o;
        item += strspn(item, " \t");
        for (size_t n = strlen(item); n && (item[n - 1] == ' ' || item[n - 1] == '\t');)
            item[--n] = '\0';
        index++;
        if (!observation_read(item, &o, why, sizeof why))
            return error_line(e, "bad-arguments", "position: observation %d '%.60s': %s", index, item, why);
        if (!gather(e, &o, index))
            return false;
    }
    return take_in(e);
}

/* The game as a refused position must give it back: the belief, the
 * transition still arriving and where it began, the record's state, the
 * truth given and the player's random stream. */
struct game_kept {
    struct belief belief;
    struct observations pending;
    long pending_line;
    bool pending_whole, in_game, has_truth;
    struct broken_record broken;
    uint64_t rng;
};

static void keep_game(const struct ai_session *e, struct game_kept *kept)
{
    *kept = (struct game_kept){.belief = e->belief,
                               .pending = e->pending,
                               .pending_line = e->pending_line,
                               .pending_whole = e->pending_whole,
                               .in_game = e->in_game,
                               .has_truth = e->has_truth,
                               .broken = e->broken,
                               .rng = e->driver.rng};
}

static void restore_game(struct ai_session *e, const struct game_kept *kept)
{
    e->belief = kept->belief;
    e->pending = kept->pending;
    e->pending_line = kept->pending_line;
    e->pending_whole = kept->pending_whole;
    e->in_game = kept->in_game;
    e->has_truth = kept->has_truth;
    e->broken = kept->broken;
    e->driver.rng = kept->rng;
}

/* position scenario YEAR side SIDE [observations OBS, OBS, ...]: a game
 * rebuilt from its whole observation history, in one go. On any error the
 * game that was there before is kept. */
static bool cmd_position(void *context, char *args)
{
    struct ai_session *e = context;
    char w[4][64], keyword[16] = "";
    int scenario, side, used = 0;
    sscanf(args, "%63s %63s %63s %63s%n", w[0], w[1], w[2], w[3], &used);
    if (!used)
        return error_line(e, "bad-arguments",
                          "expected 'position scenario 1460|1470|1483 side york|lancaster "
                          "[observations OBS, OBS, ...]'");
    if (!read_game(e, w, "position", &scenario, &side))
        return false;
    const char *rest = args + used;
    int more = 0;
    if (sscanf(rest, "%15s%n", keyword, &more) == 1 && strcmp(keyword, "observations") != 0)
        return error_line(e, "bad-arguments", "position: '%s' where 'observations' or the end of the line was due",
                          keyword);
    struct game_kept kept;
    keep_game(e, &kept);
    start_game(e, scenario, side);
    bool replayed = replay_history(e, args + used + more); /* cut into its items in place: the line is this command's */
    e->pending_item = 0;
    if (replayed)
        return true;
    restore_game(e, &kept);
    return false;
}

static bool cmd_go(void *context, char *args)
{
    struct ai_session *e = context;
    struct limits limits;
    char why[300];
    if (!go_limits(args, &limits, why, sizeof why))
        return error_line(e, "bad-arguments", "%s", why);
    if (!game_now(e))
        return false;
    const struct world *w = &e->belief.w;
    if (w->phase == PHASE_OVER)
        return error_line(e, "game-over", "the game is over");
    int actor = rules_actor(w);
    if (actor != e->belief.side)
        return error_line(e, "not-your-turn", "it is %s to decide, not %s",
                          actor < SIDE_COUNT ? SIDE_WORD[actor] : "chance", SIDE_WORD[e->belief.side]);
    struct player player;
    options_player(&e->options, &player);
    if (player.kind == PLAYER_CHEAT && !e->has_truth)
        return error_line(e, "no-truth", "Player cheat reads the true world: send 'truth POSITION' before go");
    struct driver_callbacks lines = go_lines(e->out);
    driver_start(&e->driver, &e->belief, player.kind == PLAYER_CHEAT ? &e->truth : NULL, &player, &limits, &lines);
    return true;
}

/* Whether 'truth' could be the world now, as far as this side can tell:
 * what it shows this side (its information-set key) is what this side has seen. */
static bool truth_fits(const struct ai_session *e, const struct world *truth)
{
    return infokey(&e->belief.w, e->belief.side) == infokey(truth, e->belief.side);
}

/* truth POSITION: the referee's whole world, for the cheat player alone,
 * which exists to measure what hidden information costs. */
static bool cmd_truth(void *context, char *args)
{
    struct ai_session *e = context;
    struct world truth;
    char why[300];
    if (!game_now(e))
        return false;
    if (!audit_position_parse(args, &truth, why, sizeof why))
        return error_line(e, "bad-arguments", "truth: %s", why);
    if (!truth_fits(e, &truth))
        return error_line(e, "inconsistent", "truth: this is not the game's position now as this side has seen it");
    e->truth = truth;
    e->has_truth = true;
    return true;
}

static bool cmd_stop(void *context, char *args)
{
    struct ai_session *e = context;
    if (*args)
        return error_line(e, "bad-arguments", "stop takes no arguments");
    driver_stop(&e->driver);
    return true;
}

static bool cmd_legal(void *context, char *args)
{
    struct ai_session *e = context;
    if (*args)
        return error_line(e, "bad-arguments", "legal takes no arguments");
    if (!game_to_read(e))
        return false;
    int actor = rules_actor(&e->belief.w);
    if (actor != e->belief.side) /* another's choices may turn on what this side cannot see */
        return error_line(e, "not-your-turn", "it is %s to decide; legal lists %s's own decisions",
                          actor < SIDE_COUNT      ? SIDE_WORD[actor]
                          : actor == ACTOR_CHANCE ? "chance"
                                                  : "nobody",
                          SIDE_WORD[e->belief.side]);
    struct decisions legal;
    char line[MAX_DECISIONS * 40] = "legal", text[64];
    size_t n = strlen(line);
    rules_legal(&e->belief.w, &legal);
    for (int i = 0; i < legal.count && n < sizeof line - 64; i++) {
        decision_text(legal.list[i], text, sizeof text);
        n += (size_t)snprintf(line + n, sizeof line - n, "%s%s", i ? ", " : " ", text);
    }
    say(e->out, "%s", legal.count ? line : "legal -");
    return true;
}

static bool cmd_query(void *context, char *args)
{
    struct ai_session *e = context;
    char w[4][64];
    if (!words_are(args, 1, w))
        return error_line(e, "bad-arguments", "expected 'query phase|turn|result|tomove'");
    if (!game_to_read(e))
        return false;
    const struct world *g = &e->belief.w;
    int actor = rules_actor(g);
    if (strcmp(w[0], "phase") == 0)
        say(e->out, "phase %s %d", PHASE_NAME[g->phase], g->step);
    else if (strcmp(w[0], "turn") == 0)
        say(e->out, "turn campaign %d turn %d", g->campaign, g->turn);
    else if (strcmp(w[0], "result") == 0)
        say(e->out, "result %s", g->winner < SIDE_COUNT ? SIDE_WORD[g->winner] : "none");
    else if (strcmp(w[0], "tomove") == 0)
        say(e->out, "tomove %s", actor < SIDE_COUNT ? SIDE_WORD[actor] : actor == ACTOR_CHANCE ? "chance" : "none");
    else
        return error_line(e, "bad-arguments", "no query '%s' (phase, turn, result, tomove)", w[0]);
    return true;
}

static bool cmd_show(void *context, char *args)
{
    struct ai_session *e = context;
    char text[16384];
    struct view v;
    if (*args)
        return error_line(e, "bad-arguments", "show takes no arguments");
    if (!game_to_read(e))
        return false;
    view_of(&e->belief.w, e->belief.side, &v);
    view_print(&v, text, sizeof text);
    for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n"))
        say(e->out, "show %s", line);
    say(e->out, "showok");
    return true;
}

/* belief: what this side may infer of the enemy's hidden blocks and cards,
 * as chances counted over worlds drawn from its own view and the odds its
 * inference gave (engine/hidden/marginals.h): a "belief ..." line each, then
 * beliefok. The draws are seeded by the view, so asking again, or asking in
 * any world this side cannot tell from this one, gives the same lines. */
static bool cmd_belief(void *context, char *args)
{
    struct ai_session *e = context;
    struct view v;
    struct marginals m;
    char text[MARGINALS_TEXT_MAX];
    if (*args)
        return error_line(e, "bad-arguments", "belief takes no arguments");
    if (!game_to_read(e))
        return false;
    view_of(&e->belief.w, e->belief.side, &v);
    if (!marginals_of(&v, &e->belief.odds, MARGINAL_DRAWS, &m))
        return error_line(e, "internal", "belief: no world fits this side's view");
    if (!marginals_lines(&m, text, sizeof text))
        return error_line(e, "internal", "belief: the lines did not fit their buffer");
    for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n"))
        say(e->out, "belief %s", line);
    say(e->out, "beliefok");
    return true;
}

static bool cmd_help(void *context, char *args);

/* The commands that read nothing a search could be changing run while
 * one runs (go infinite); the others wait for stop. */
static const struct line_command COMMAND[] = {
    {"r3p", cmd_hello, true},        {"isready", cmd_isready, true},    {"setoption", cmd_setoption, false},
    {"newgame", cmd_newgame, false}, {"position", cmd_position, false}, {"go", cmd_go, false},
    {"stop", cmd_stop, true},        {"legal", cmd_legal, true},        {"query", cmd_query, true},
    {"show", cmd_show, true},        {"belief", cmd_belief, true},      {"truth", cmd_truth, false},
    {"help", cmd_help, true},
};

/* help: every command and every option, as GTP's list_commands, then helpok. */
static bool cmd_help(void *context, char *args)
{
    struct ai_session *e = context;
    if (*args)
        return error_line(e, "bad-arguments", "help takes no arguments");
    for (size_t i = 0; i < sizeof COMMAND / sizeof COMMAND[0]; i++)
        say(e->out, "command %s", COMMAND[i].word);
    say(e->out, "command quit");
    options_list(e->out);
    say(e->out, "helpok");
    return true;
}

/* A go infinite search is running: a command that waits for stop is refused. */
static bool busy(void *context, const char *word)
{
    struct ai_session *e = context;
    return driver_settle(&e->driver) &&
           !error_line(e, "busy", "a go infinite search is running: send stop before '%s'", word);
}

/* ---- lines ---- */

/* A line that is no command: quit, or an observation. */
static bool other_line(void *context, char *start, size_t word, char *args)
{
    struct ai_session *e = context;
    struct observation o;
    char why[300];
    if (!*start)
        return error_line(e, "empty-line", "an empty line: expected a command or an observation"), true;
    if (word == 4 && strncmp(start, "quit", 4) == 0 && !*args) {
        driver_stop(&e->driver);
        return false;
    }
    if (observation_read(start, &o, why, sizeof why)) {
        if (driver_settle(&e->driver))
            error_line(e, "busy", "a go infinite search is running: send stop before observations");
        else
            observation_line(e, &o);
    } else
        error_line(e, "unknown", "'%.*s' is neither a command nor an observation: %s", (int)(word > 40 ? 40 : word),
                   start, why);
    return true;
}

static void count_line(void *context) { ((struct ai_session *)context)->line++; }

int ai_run(FILE *in, FILE *out)
{
    struct ai_session *e = calloc(1, sizeof *e); /* its driver holds the search's room */
    if (!e)
        return say_error(out, "no-memory", "no memory for the engine"), 1;
    e->out = out;
    e->seed = 1;
    options_default(&e->options);
    e->driver.rng = 1;
    const struct line_loop loop = {.in = in,
                                   .out = out,
                                   .limit = LINE_LIMIT,
                                   .every_line_end = true,
                                   .ascii_only = true,
                                   .command = COMMAND,
                                   .commands = sizeof COMMAND / sizeof COMMAND[0],
                                   .context = e,
                                   .busy = busy,
                                   .other = other_line,
                                   .line_begins = count_line};
    line_loop_run(&loop);
    /* At the end of input a search stops at once, as at quit, and gives its bestmove. */
    driver_stop(&e->driver);
    driver_finish(&e->driver);
    driver_forget(&e->driver);
    free(e);
    return 0;
}
