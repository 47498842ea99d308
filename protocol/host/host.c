/*
 * host.c: see host.h. The host plays the game forward after every command
 * that changes it, through the one game loop (engine/rules/game.h): chance
 * from its own seeded generator, the engine sides by a search of their own
 * belief (as an engine under the referee would, but in this process) or by
 * asking their engine program, until a human side is to decide or the game
 * is over. Each transition is told to every seat as
 * observe() lists it (protocol/host/seat.h); a human side is also written its
 * lines as events.
 */
#include "protocol/host/host.h"

#include <errno.h>
#include <sodium.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "engine/core/clock.h"
#include "engine/core/fail.h"
#include "engine/core/random.h"
#include "engine/core/scenario.h"
#include "engine/core/tables.h"
#include "engine/hidden/belief.h"
#include "engine/hidden/learned.h"
#include "engine/hidden/marginals_text.h"
#include "engine/hidden/observe.h"
#include "engine/hidden/view.h"
#include "engine/io/number.h"
#include "engine/picture/view_svg.h"
#include "engine/rules/game.h"
#include "engine/rules/notation.h"
#include "engine/rules/rules.h"
#include "engine/text/position.h"
#include "games/pgn.h"
#include "games/record.h"
#include "games/save.h"
#include "protocol/ai/go.h"
#include "protocol/ai/line_loop.h"
#include "protocol/ai/options.h"
#include "protocol/ai/say.h"
#include "protocol/host/label.h"
#include "protocol/host/narrate.h"
#include "protocol/host/restrict.h"
#include "protocol/host/seat.h"

#define LINE_LIMIT (1 << 20) /* room for load data: a save of some 10,000 decisions in base64 */
#define MAX_WORDS 64

static const char *const HOW_WORD[GAME_HOW_COUNT] = {"heirs", "usurpation", "last-campaign"};

/* One decision of the game so far, who took it, and what a human side that
 * took it learned from it (engine/hidden/learned.h): undo stops there. */
struct ply {
    decision d;
    int actor;      /* enum actor */
    uint8_t taught; /* enum lesson: what the actor, a human side, learned from it */
    bool forced;    /* a human side's decision that was its only legal one: undo takes it back with the one before */
    struct observation lesson; /* with LEARNED_SEEN, what told it */
};

#define MAX_PLIES GAME_DECISION_BOUND
#define MAX_OPTION_WORDS 16
#define FORFEIT_WHY_MAX 300  /* an engine program's forfeit, in words */
#define MAX_RESUMPTIONS 1024 /* loads of sealed saves that one game's record keeps */

/* A game resumed from a sealed save: from the decision after the first
 * 'after' on, chance draws from 'chance', a secret drawn at the load. */
struct resumption {
    long after;
    uint64_t chance;
};

struct host {
    FILE *in, *out;
    bool in_game;
    int scenario;
    uint64_t seed;
    struct world truth;
    uint64_t chance; /* the deals and dice */
    struct seat seat[SIDE_COUNT];
    struct option_values options;
    char option_word[MAX_OPTION_WORDS][SEAT_WORD_MAX]; /* "NAME=VALUE" as new gave them, for save */
    int option_words;
    struct ply *ply; /* every decision since new, chance's too */
    long plies;
    int resigned;                      /* the side that resigned or forfeited, or SIDE_NONE */
    bool forfeited;                    /* an engine program lost by a forfeit (not a resignation) */
    char forfeit_why[FORFEIT_WHY_MAX]; /* what it did, as the result line says */
    int how;                           /* enum game_how, once the game is over */
    bool restricted;                   /* r3 host --restricted (protocol/host/restrict.h) */
    long idle_s;                       /* the input may rest this long before the host closes, 0: for ever */
    long line_ms;                      /* a restricted host's bound on one line's searches together */
    struct line_rate rate;
    long line_began_us; /* when the line being answered came: a restricted host's bound on it counts from there */
    /* The game's hidden part stays sealed after its end too: a save sealed
     * it in play, or the game was resumed from such a save, so an open
     * record would show what that save holds. */
    bool kept_secret;
    struct resumption resumed[MAX_RESUMPTIONS];
    int resumptions;
    /* The engine programs new or load starts, each here until all have
     * started and it takes its seat. */
    struct seat launching[SIDE_COUNT];
};

/* Every refusal of this loop goes to its output. */
#define error_line(owner, ...) say_error((owner)->out, __VA_ARGS__)

static bool is_human(const struct host *h, int side) { return h->seat[side].kind == SEAT_HUMAN; }

static const char *ended_how(const struct host *h) { return h->forfeited ? "forfeit" : "resignation"; }

/* ---- the game going forward ---- */

/* Tells every side what it saw of before -> d -> after: a belief for each,
 * and for a human side its events, unless they are being replayed. A human
 * side's own decision is marked in *p if it learned something from it. */
static bool tell_sides(struct host *h, const struct world *before, struct ply *p, const struct world *after,
                       bool events)
{
    struct observations seen;
    char text[200], sentence[400], why[300];
    decision d = p->d;
    for (int side = 0; side < SIDE_COUNT; side++) {
        if (!seat_tell(&h->seat[side], before, d, after, side, &seen, why, sizeof why))
            return error_line(h, "internal", "%s's belief cannot take in what it saw: %s", SIDE_WORD[side], why);
        if (!is_human(h, side))
            continue;
        if (side == p->actor)
            p->taught = (uint8_t)learned_from_own(before, d, after, side, &seen, &p->lesson);
        if (!events)
            continue;
        for (int i = 0; i < seen.count; i++) {
            observation_text(&seen.list[i], text, sizeof text);
            narrate_event_sentence(before, d, text, sentence, sizeof sentence);
            say(h->out, "event %s %s | %s", SIDE_WORD[side], text, sentence);
        }
    }
    return true;
}

/* Takes d, due in the game as it stands, into the history; false (said)
 * past the bound of a game's decisions. */
static bool note_ply(struct host *h, decision d)
{
    if (h->plies >= MAX_PLIES)
        return error_line(h, "internal", "the game is past %d decisions", MAX_PLIES);
    int actor = rules_actor(&h->truth);
    struct decisions legal = {.count = 0};
    if (actor < SIDE_COUNT && is_human(h, actor))
        rules_legal(&h->truth, &legal);
    h->ply[h->plies++] = (struct ply){.d = d, .actor = actor, .forced = legal.count == 1};
    return true;
}

/* Tells every side of the transition from before to the game now, the
 * history's last ply, and the result when it ended the game. */
static bool tell_last_ply(struct host *h, const struct world *before, bool events)
{
    bool told = tell_sides(h, before, &h->ply[h->plies - 1], &h->truth, events);
    if (h->truth.phase == PHASE_OVER) {
        h->how = game_result_of(before, &h->truth).how;
        if (events)
            say(h->out, "result %s %s", SIDE_WORD[h->truth.winner], HOW_WORD[h->how]);
    }
    return told;
}

static bool apply_decision(struct host *h, decision d, bool events)
{
    if (!note_ply(h, d))
        return false;
    struct world before = h->truth;
    rules_apply(&h->truth, d);
    return tell_last_ply(h, &before, events);
}

/* An engine program that could not decide loses the game, as in a match. */
static bool forfeit(struct host *h, int side, const char *why)
{
    h->resigned = side;
    h->forfeited = true;
    snprintf(h->forfeit_why, sizeof h->forfeit_why, "%s", why);
    say(h->out, "result %s forfeit %s", SIDE_WORD[1 - side], why);
    return true;
}

/* How the record names the engine that forfeited, as its york and lancaster
 * lines name it: "engine", or with its side first when both are engines. */
static void forfeit_name(const struct host *h, char *name, size_t size)
{
    bool both_engines = !is_human(h, SIDE_YORK) && !is_human(h, SIDE_LANCASTER);
    snprintf(name, size, "%s%sengine", both_engines ? SIDE_WORD[h->resigned] : "", both_engines ? " " : "");
}

/* How long the next search may take, 0 for no bound: a restricted host's
 * searches stop after RESTRICT_SEARCH_MS, and all of one line's together
 * after its line_ms; past that a search takes a millisecond. */
static long search_ms_left(const struct host *h)
{
    if (!h->restricted)
        return 0;
    long left = h->line_ms - (clock_us() - h->line_began_us) / 1000;
    return left > RESTRICT_SEARCH_MS ? RESTRICT_SEARCH_MS : left > 1 ? left : 1;
}

/* An engine side decides, by its search or its program; one that cannot
 * forfeits, and the game stops there. */
static bool engine_decides(void *context, const struct world *w, decision *d)
{
    struct host *h = context;
    int actor = rules_actor(w), end;
    char why[FORFEIT_WHY_MAX];
    h->seat[actor].most_ms = search_ms_left(h);
    if (seat_decide(&h->seat[actor], w, h->in, d, why, sizeof why, &end))
        return true;
    forfeit(h, actor, why);
    return false;
}

/* game_play's hooks: each decision into the history, each transition told. */
static bool note_decision(void *context, const struct world *w, decision d, long played)
{
    (void)w, (void)played;
    return note_ply(context, d);
}

static bool tell_transition(void *context, const struct world *before, decision d, const struct world *after,
                            long played)
{
    (void)d, (void)after, (void)played;
    return tell_last_ply(context, before, true);
}

/* Plays chance and the engines through the game loop (engine/rules/game.h)
 * until a human is to decide, which the loop leaves to the next command, or
 * the game ends. */
static bool play_until_human(struct host *h)
{
    struct game_player player[GAME_ACTORS] = {[ACTOR_CHANCE] = {game_uniform, &h->chance}};
    const struct game_hooks hooks = {.decided = note_decision, .after = tell_transition, .context = h};
    for (int side = 0; side < SIDE_COUNT; side++)
        if (!is_human(h, side))
            player[side] = (struct game_player){engine_decides, h};
    struct game_outcome o = game_play(&h->truth, player, &hooks);
    if (o.status == GAME_AWAITED)
        say(h->out, "tomove %s", SIDE_WORD[o.actor]);
    if (o.status == GAME_DEAD_END)
        return error_line(h, "internal", "nobody is to decide in this position");
    return o.status != GAME_STOPPED; /* a hook that stopped it has said why */
}

/* ---- the commands ---- */

/* Who sits at a side, as new or a record names it. */
struct seat_choice {
    int kind; /* enum seat_kind */
    char cmd[SEAT_CMD_MAX];
};

/* "york human", "lancaster engine" or "lancaster engine cmd=PATH", from
 * w[*i] on; *i moves past them. */
static bool read_seat(struct host *h, char w[][SEAT_WORD_MAX], int n, int *i, int side, struct seat_choice *c)
{
    if (*i + 1 >= n || side_by_word(w[*i]) != side)
        return error_line(h, "bad-arguments", "expected '%s human|engine [cmd=PATH]' after the scenario",
                          SIDE_WORD[side]);
    if (strcmp(w[*i + 1], "human") != 0 && strcmp(w[*i + 1], "engine") != 0)
        return error_line(h, "bad-arguments", "'%s' is neither human nor engine", w[*i + 1]);
    c->kind = strcmp(w[*i + 1], "human") == 0 ? SEAT_HUMAN : SEAT_ENGINE;
    *i += 2;
    if (c->kind == SEAT_ENGINE && *i < n && strncmp(w[*i], "cmd=", 4) == 0) {
        if (!w[*i][4])
            return error_line(h, "bad-arguments", "cmd= names no program: 'cmd=PATH' runs PATH under /bin/sh -c");
        c->kind = SEAT_PROGRAM;
        snprintf(c->cmd, sizeof c->cmd, "%s", w[*i] + 4);
        (*i)++;
    }
    return true;
}

/* A restricted host seats no engine program (a visitor would name what the
 * server runs), and plays only a game with a person at it: two engines
 * would play a whole game inside one line. */
static bool seats_allowed(struct host *h, const struct seat_choice *choice)
{
    if (!h->restricted)
        return true;
    for (int side = 0; side < SIDE_COUNT; side++)
        if (choice[side].kind == SEAT_PROGRAM)
            return error_line(h, "restricted", "%s: a restricted host seats no engine program (cmd=)", SIDE_WORD[side]);
    if (choice[SIDE_YORK].kind != SEAT_HUMAN && choice[SIDE_LANCASTER].kind != SEAT_HUMAN)
        return error_line(h, "restricted", "a restricted host plays only a game with a person at it: one side human");
    return true;
}

/* A seed nobody knows, from the system's entropy: the deals and dice of a
 * game whose seed was not given, and the future of one resumed from a save. */
static uint64_t secret_seed(void)
{
    uint64_t seed;
    randombytes_buf(&seed, sizeof seed);
    return seed >> 1; /* the seeds r3's command lines take, below 2^63 */
}

/* An option a restricted host allows, or its one error line. */
static bool option_allowed(struct host *h, const char *name, const char *value)
{
    char why[300];
    return !h->restricted || restrict_option(name, value, why, sizeof why) || error_line(h, "restricted", "%s", why);
}

/* An option NAME=VALUE of new, into o and the words a save keeps. */
static bool take_option(struct host *h, const char *name, const char *value, struct option_values *o,
                        char word[][SEAT_WORD_MAX], int *words)
{
    char why[600];
    if (*words >= MAX_OPTION_WORDS)
        return error_line(h, "bad-arguments", "more than %d options", MAX_OPTION_WORDS);
    if (!option_allowed(h, name, value))
        return false;
    if (!options_set(o, name, value, why, sizeof why))
        return error_line(h, "bad-option", "%s", why);
    snprintf(word[(*words)++], SEAT_WORD_MAX, "%s=%s", name, value);
    return true;
}

/* The words of new that stand for an option: the strength and the think
 * time a person chooses (search/level.h, search/driver.h). */
static const char *option_of_word(const char *word)
{
    static const char *const WORD[][2] = {{"level", "Level"}, {"think", "MaxThinkTime"}, {"pace", "MinThinkTime"}};
    for (size_t i = 0; i < sizeof WORD / sizeof WORD[0]; i++)
        if (strcmp(word, WORD[i][0]) == 0)
            return WORD[i][1];
    return NULL;
}

/* The words after the seats: "seed S", "level N", "think MS", "pace MS"
 * and "option NAME=VALUE", into o and *seed. */
static bool read_extras(struct host *h, char w[][SEAT_WORD_MAX], int n, int i, struct option_values *o, uint64_t *seed,
                        char word[][SEAT_WORD_MAX], int *words)
{
    for (; i < n; i += 2) {
        if (i + 1 >= n)
            return error_line(h, "bad-arguments", "'%s' needs a value", w[i]);
        if (strcmp(w[i], "seed") == 0) {
            if (!number_whole_u64(w[i + 1], seed))
                return error_line(h, "bad-arguments", "seed '%s' is not a whole number", w[i + 1]);
        } else if (option_of_word(w[i])) {
            if (!take_option(h, option_of_word(w[i]), w[i + 1], o, word, words))
                return false;
        } else if (strcmp(w[i], "option") == 0) {
            char *equals = strchr(w[i + 1], '=');
            if (!equals)
                return error_line(h, "bad-arguments", "expected 'option NAME=VALUE', not '%s'", w[i + 1]);
            *equals = '\0';
            if (!take_option(h, w[i + 1], equals + 1, o, word, words))
                return false;
        } else {
            return error_line(h, "bad-arguments",
                              "unknown word '%s' (seed S, level N, think MS, pace MS or option NAME=VALUE)", w[i]);
        }
    }
    return true;
}

/* The words of args into w, split at spaces and tabs; a double-quoted run
 * ("sh engine.sh --fast") is one word, without its quotes. -1 (with the
 * error said) for a word too long, too many words or a quote left open. */
static int split_words(struct host *h, const char *args, char w[][SEAT_WORD_MAX])
{
    int n = 0;
    for (const char *c = args + strspn(args, " \t"); *c; c += strspn(c, " \t")) {
        if (n == MAX_WORDS)
            return error_line(h, "bad-arguments", "more than %d words", MAX_WORDS), -1;
        size_t length = 0;
        bool quoted = false;
        for (; *c && (quoted || (*c != ' ' && *c != '\t')); c++) {
            if (*c == '"')
                quoted = !quoted;
            else if (length + 1 == SEAT_WORD_MAX)
                return error_line(h, "bad-arguments", "a word longer than %d bytes", SEAT_WORD_MAX - 1), -1;
            else
                w[n][length++] = *c;
        }
        if (quoted)
            return error_line(h, "bad-arguments", "a double quote is not closed"), -1;
        w[n++][length] = '\0';
    }
    return n;
}

/* The game's start, every side's belief fresh: the engines' own streams
 * (the driver's) are left to the caller. */
static void reset_game(struct host *h)
{
    scenario_setup(&h->truth, h->scenario);
    h->chance = h->seed;
    h->plies = 0;
    h->in_game = true;
    h->resigned = SIDE_NONE;
    h->forfeited = false;
    for (int side = 0; side < SIDE_COUNT; side++) {
        seat_begin(&h->seat[side], h->scenario, side, h->seed + 1 + (uint64_t)side);
        options_player(&h->options, &h->seat[side].player);
    }
}

static void start_game(struct host *h, int scenario, uint64_t seed)
{
    h->scenario = scenario;
    h->seed = seed;
    reset_game(h);
    for (int side = 0; side < SIDE_COUNT; side++)
        h->seat[side].driver.rng = seed + 1 + (uint64_t)side;
}

/* The chance stream from a resumption after 'played' decisions, if any
 * (the last there). */
static void resume_chance_at(struct host *h, long played)
{
    for (int r = 0; r < h->resumptions; r++)
        if (h->resumed[r].after == played)
            h->chance = h->resumed[r].chance;
}

/* Plays d, the game's decision after 'played' ones, again, silently: the
 * chance stream moved on by the draw that gave it, from the secret of a
 * resumption there if there was one. */
static bool apply_again(struct host *h, long played, decision d)
{
    resume_chance_at(h, played);
    if (rules_actor(&h->truth) == ACTOR_CHANCE)
        random_next(&h->chance);
    return apply_decision(h, d, false);
}

/* Plays the first 'plies' decisions of the history again from the start,
 * silently: the way back for undo. */
static bool replay_history(struct host *h, long plies)
{
    for (long i = 0; i < plies; i++)
        if (!apply_again(h, i, h->ply[i].d))
            return false;
    resume_chance_at(h, plies);
    return true;
}

/* After an undo back to 'keep' decisions, a resumption past them moves back
 * there with its secret: only the side's own decisions lay between, no
 * chance, and going back over a load must not bring back the future the
 * save held. */
static void resume_no_later_than(struct host *h, long keep)
{
    for (int r = 0; r < h->resumptions; r++)
        if (h->resumed[r].after > keep)
            h->resumed[r].after = keep;
    while (h->resumptions > 1 && h->resumed[h->resumptions - 2].after == keep)
        h->resumed[h->resumptions - 2] = h->resumed[h->resumptions - 1], h->resumptions--;
}

/* Starts the engine programs the seats name, then seats them all, ending
 * the programs of the game before; false (and said) with the game before
 * left as it was, if a program does not start. */
static bool take_seats(struct host *h, const struct seat_choice *choice, const char (*option_word)[SEAT_WORD_MAX],
                       int option_words)
{
    struct seat *fresh = h->launching;
    char why[600];
    for (int side = 0; side < SIDE_COUNT; side++)
        if (choice[side].kind == SEAT_PROGRAM &&
            !seat_launch(&fresh[side], choice[side].cmd, option_word, option_words, why, sizeof why)) {
            if (side == SIDE_LANCASTER && choice[SIDE_YORK].kind == SEAT_PROGRAM)
                engine_stop(&fresh[SIDE_YORK].process);
            return error_line(h, "engine-failed", "%s: %s", SIDE_WORD[side], why);
        }
    for (int side = 0; side < SIDE_COUNT; side++) {
        seat_close(&h->seat[side]);
        h->seat[side].kind = choice[side].kind;
        h->seat[side].most_ms = h->restricted ? RESTRICT_SEARCH_MS : 0;
        if (choice[side].kind == SEAT_PROGRAM)
            seat_move_process(&h->seat[side], &fresh[side]);
    }
    return true;
}

/* new scenario YEAR york human|engine [cmd=PATH] lancaster human|engine [cmd=PATH] [seed S] [level N]
 * [think MS] [pace MS] [option NAME=VALUE ...] */
static bool cmd_new(void *context, char *args)
{
    struct host *h = context;
    char w[MAX_WORDS][SEAT_WORD_MAX];
    struct seat_choice choice[SIDE_COUNT];
    uint64_t seed = secret_seed();
    int n = split_words(h, args, w), i = 2;
    if (n < 0)
        return false;
    if (n < 6 || strcmp(w[0], "scenario") != 0)
        return error_line(h, "bad-arguments",
                          "expected 'new scenario 1460|1470|1483 york human|engine [cmd=PATH] lancaster human|engine "
                          "[cmd=PATH] [seed S] [level N] [think MS] [pace MS] [option NAME=VALUE ...]'");
    long long year;
    int scenario = number_whole(w[1], 1000, 9999, &year) ? scenario_from_year((int)year) : -1;
    if (scenario < 0)
        return error_line(h, "bad-arguments", "unknown scenario '%s' (1460, 1470 or 1483)", w[1]);
    struct option_values options;
    char option_word[MAX_OPTION_WORDS][SEAT_WORD_MAX];
    int option_words = 0;
    options_default(&options);
    /* On an error the game in play, if any, goes on as it was. */
    if (!read_seat(h, w, n, &i, SIDE_YORK, &choice[SIDE_YORK]) ||
        !read_seat(h, w, n, &i, SIDE_LANCASTER, &choice[SIDE_LANCASTER]) || !seats_allowed(h, choice) ||
        !read_extras(h, w, n, i, &options, &seed, option_word, &option_words) ||
        !take_seats(h, choice, (const char(*)[SEAT_WORD_MAX])option_word, option_words))
        return false;
    h->options = options;
    memcpy(h->option_word, option_word, sizeof option_word);
    h->option_words = option_words;
    h->kept_secret = false;
    h->resumptions = 0;
    start_game(h, scenario, seed);
    return play_until_human(h);
}

static bool human_to_move(struct host *h, int *side)
{
    if (!h->in_game)
        return error_line(h, "no-game", "no game: send 'new scenario YEAR york human|engine lancaster human|engine'");
    if (h->truth.phase == PHASE_OVER || h->resigned != SIDE_NONE)
        return error_line(h, "game-over", "the game is over");
    *side = rules_actor(&h->truth);
    if (*side >= SIDE_COUNT || !is_human(h, *side))
        return error_line(h, "not-your-turn", "no human side is to decide now");
    return true;
}

static bool cmd_legal(void *context, char *args)
{
    struct host *h = context;
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

static bool cmd_play(void *context, char *args)
{
    struct host *h = context;
    int side;
    decision d;
    if (!*args)
        return error_line(h, "bad-arguments", "expected 'play DECISION', a decision as legal lists it");
    if (!human_to_move(h, &side) || !find_decision(h, side, args, &d))
        return false;
    return apply_decision(h, d, true) && play_until_human(h);
}

/* The human side 'board' or 'belief' shows: the one named, or the first
 * human side; 'words' are those the command takes, for its refusal. */
static bool board_side(struct host *h, const char *word, const char *words, int *side)
{
    *side = *word ? side_by_word(word) : is_human(h, SIDE_YORK) ? SIDE_YORK : SIDE_LANCASTER;
    if (!h->in_game)
        return error_line(h, "no-game", "no game: send 'new scenario ...' first");
    if (*side < 0)
        return error_line(h, "bad-arguments", "'%s' is not %s", word, words);
    if (!is_human(h, *side))
        return error_line(h, "not-yours", "%s is the engine's side: its view is not shown", SIDE_WORD[*side]);
    return true;
}

/* Writes a text of many lines as protocol lines. */
static void say_lines(struct host *h, char *text)
{
    for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n"))
        say(h->out, "%s", line);
}

/* board [york|lancaster]: a side's view as r3 observe prints it; board svg
 * [york|lancaster]: its picture, as r3 show --svg --side draws it. */
static bool cmd_board(void *context, char *args)
{
    struct host *h = context;
    struct view v;
    char text[POSITION_TEXT_MAX];
    bool svg = strncmp(args, "svg", 3) == 0 && (!args[3] || args[3] == ' ');
    bool json = strncmp(args, "json", 4) == 0 && (!args[4] || args[4] == ' ');
    const char *word = svg ? args + 3 + strspn(args + 3, " ") : json ? args + 4 + strspn(args + 4, " ") : args;
    int side;
    if (!board_side(h, word, "york, lancaster, svg or json", &side))
        return false;
    if (!svg) {
        view_of(&h->truth, side, &v);
        if (json ? !view_json(&v, text, sizeof text) : !view_print(&v, text, sizeof text))
            return error_line(h, "internal", "the board did not fit its buffer");
        say_lines(h, text);
        return true;
    }
    char *picture = NULL;
    size_t length = 0;
    FILE *f = open_memstream(&picture, &length);
    if (!f)
        return error_line(h, "no-memory", "no memory for the picture");
    view_of(&h->truth, side, &v);
    view_svg(&v, rules_actor(&h->truth), f);
    fclose(f);
    say_lines(h, picture);
    free(picture);
    return true;
}

/* What the enemy's choices suggest to a human side: the odds its own belief
 * gathered from its observations alone (search/infer.h). */
static const struct odds *human_side_odds(const struct host *h, int side) { return &h->seat[side].belief.odds; }

/* belief [york|lancaster]: what a human side may infer of the enemy's hidden
 * blocks and cards, in words; belief json [york|lancaster]: the same as one
 * line of JSON. From that side's view of the game alone, so it tells the
 * side nothing it has not seen (tests/test_leak.c). */
static bool cmd_belief(void *context, char *args)
{
    struct host *h = context;
    struct view v;
    struct marginals m;
    char text[MARGINALS_TEXT_MAX];
    bool json = strncmp(args, "json", 4) == 0 && (!args[4] || args[4] == ' ');
    const char *word = json ? args + 4 + strspn(args + 4, " ") : args;
    int side;
    if (!board_side(h, word, "york, lancaster or json", &side))
        return false;
    view_of(&h->truth, side, &v);
    if (!marginals_of(&v, human_side_odds(h, side), MARGINAL_DRAWS, &m))
        return error_line(h, "internal", "no world fits %s's view", SIDE_WORD[side]);
    if (json ? !marginals_json(&m, text, sizeof text) : !marginals_print(&m, text, sizeof text))
        return error_line(h, "internal", "the belief did not fit its buffer");
    say_lines(h, text);
    return true;
}

static bool cmd_resign(void *context, char *args)
{
    struct host *h = context;
    int side;
    if (*args)
        return error_line(h, "bad-arguments", "resign takes no arguments");
    if (!human_to_move(h, &side))
        return false;
    h->resigned = side;
    say(h->out, "result %s resignation", SIDE_WORD[1 - side]);
    return true;
}

/* Why undo may not take back ply p for 'side', or NULL if it may: the side
 * must have decided it and learned nothing from it. */
static const char *cannot_take_back(const struct ply *p, int side, char *why, size_t size)
{
    if (p->actor == ACTOR_CHANCE)
        snprintf(why, size, "a deal or a die");
    else if (p->actor != side)
        snprintf(why, size, "the other side's decision");
    else if (p->taught == LEARNED_OUTCOME)
        snprintf(why, size, "an outcome of its decision that turned on something hidden");
    else if (p->taught == LEARNED_SEEN) {
        char text[200];
        observation_text(&p->lesson, text, sizeof text);
        snprintf(why, size, "what its decision showed it (%s)", text);
    } else
        return NULL;
    return why;
}

/* How many decisions of the game stay when 'side' takes back its last n,
 * each with the decisions it had no choice in that followed it (a recruit's
 * only place): a client that plays those at once would otherwise play them
 * again at once. -1 (said) where one of them may not be taken back. */
static long undo_point(struct host *h, int side, long n)
{
    long keep = h->plies;
    char why[300];
    for (long k = 0; k < n; k++)
        do {
            if (keep == 0)
                return error_line(h, "cannot-undo", "the game has no decision of %s's to take back", SIDE_WORD[side]),
                       -1;
            if (cannot_take_back(&h->ply[keep - 1], side, why, sizeof why))
                return error_line(h, "cannot-undo",
                                  "%s has seen %s: undo goes back only over its own decisions that showed it nothing",
                                  SIDE_WORD[side], why),
                       -1;
        } while (h->ply[--keep].forced);
    return keep;
}

/* undo [N]: takes back the side to move's own last N decisions (and what
 * each forced on it), as long as it learned nothing since the first of
 * them: no deal, no die, no decision of the other side, and nothing its own
 * decisions showed it (a card or a block revealed, an outcome that turned
 * on something hidden). */
static bool cmd_undo(void *context, char *args)
{
    struct host *h = context;
    int side;
    long long n = 1;
    if (*args && !number_whole(args, 1, MAX_PLIES, &n))
        return error_line(h, "bad-arguments", "undo takes a number of decisions, 1 or more, not '%s'", args);
    if (!human_to_move(h, &side))
        return false;
    long keep = undo_point(h, side, (long)n);
    if (keep < 0)
        return false;
    resume_no_later_than(h, keep);
    reset_game(h);
    if (!replay_history(h, keep))
        return false;
    say(h->out, "tomove %s", SIDE_WORD[side]);
    return true;
}

/* hint [movetime MS]: what the engine would decide for the human side, from
 * that side's own belief, with the game's options (or the time given). */
static bool cmd_hint(void *context, char *args)
{
    struct host *h = context;
    struct limits limits = {.clock = {-1, -1}};
    struct decisions legal;
    char text[64], label[160], why[300];
    int side;
    if (*args && (strncmp(args, "movetime ", 9) != 0 || strpbrk(args + 9 + strspn(args + 9, " \t"), " \t")))
        return error_line(h, "bad-arguments", "expected 'hint' or 'hint movetime MS', not 'hint %s'", args);
    if (*args && !go_limits(args, &limits, why, sizeof why))
        return error_line(h, "bad-arguments", "hint: %s", why);
    if (h->restricted && limits.movetime > RESTRICT_SEARCH_MS)
        return error_line(h, "restricted", "hint movetime %ld: a restricted host searches at most %d ms",
                          limits.movetime, RESTRICT_SEARCH_MS);
    limits.most_ms = search_ms_left(h);
    if (!human_to_move(h, &side))
        return false;
    struct seat *s = &h->seat[side];
    if (s->player.kind == PLAYER_CHEAT)
        return error_line(h, "bad-arguments",
                          "no hint from Player cheat: it reads the true world, which the person at the board may "
                          "not see");
    decision best = observe_named(&s->belief.w, seat_search(s, &limits, NULL, h->in), side);
    rules_legal(&h->truth, &legal);
    for (int i = 0; i < legal.count; i++)
        if (observe_named(&h->truth, legal.list[i], side) == best) {
            decision_text(best, text, sizeof text);
            decision_label(&h->truth, legal.list[i], best, label, sizeof label);
            say(h->out, "hint %s | %s | winrate %.3f", text, label, s->value < 0 ? 0.5 : s->value);
            return true;
        }
    return error_line(h, "internal", "the search's choice is not among the legal decisions");
}

/* ---- save and load: the game as an r3 match record (games/record.h) ---- */

/* The record's result: how the game ended, or that it goes on. */
static void write_result(const struct host *h, FILE *f)
{
    char reason[FORFEIT_WHY_MAX + 40];
    int winner = 1 - h->resigned; /* where one side resigned or forfeited */
    if (h->truth.phase == PHASE_OVER)
        record_write_result(f, RECORD_WON, h->truth.winner, "");
    else if (h->resigned != SIDE_NONE && h->forfeited) {
        char name[32];
        forfeit_name(h, name, sizeof name);
        snprintf(reason, sizeof reason, "%s %s", name, h->forfeit_why);
        record_write_result(f, RECORD_FORFEIT, winner, reason);
    } else
        record_write_result(f, h->resigned != SIDE_NONE ? RECORD_RESIGNATION : RECORD_IN_PLAY, winner, "");
}

/* The game as a record (games/record.h), with the host's own lines
 * that load needs to play it on: the engine programs, the options, and the
 * engines' random streams; who gave up, after the decisions. */
static void write_record(const void *context, FILE *f)
{
    const struct host *h = context;
    record_write_header(f, SCENARIO_INFO[h->scenario].year, h->seed, is_human(h, SIDE_YORK) ? "human" : "engine",
                        is_human(h, SIDE_LANCASTER) ? "human" : "engine");
    for (int side = 0; side < SIDE_COUNT; side++)
        if (h->seat[side].kind == SEAT_PROGRAM)
            record_write_comment(f, "host cmd %s %s", SIDE_WORD[side], h->seat[side].cmd);
    for (int i = 0; i < h->option_words; i++)
        record_write_comment(f, "host option %s", h->option_word[i]);
    for (int side = 0; side < SIDE_COUNT; side++)
        record_write_comment(f, "host rng %s %llu", SIDE_WORD[side], (unsigned long long)h->seat[side].driver.rng);
    for (long i = 0, r = 0; i <= h->plies; i++) {
        for (; r < h->resumptions && h->resumed[r].after == i; r++)
            record_write_resumed(f, i, h->resumed[r].chance);
        if (i < h->plies)
            record_write_decision(f, h->ply[i].d);
    }
    if (h->resigned != SIDE_NONE)
        record_write_comment(f, "host %s %s", h->forfeited ? "forfeited" : "resigned", SIDE_WORD[h->resigned]);
    write_result(h, f);
}

/* Whether the game has ended, by the rules or by a resignation or forfeit. */
static bool game_over(const struct host *h) { return h->resigned != SIDE_NONE || h->truth.phase == PHASE_OVER; }

/* The sides a save must keep the game's hidden things from: its human sides,
 * while the game goes on, and after its end too where a sealed save holds
 * them (kept_secret). A finished game that was never sealed, or one with no
 * person at it, hides nothing. */
static unsigned hidden_from(const struct host *h)
{
    unsigned sides = 0;
    for (int side = 0; side < SIDE_COUNT && (!game_over(h) || h->kept_secret); side++)
        if (is_human(h, side))
            sides |= 1u << side;
    return sides;
}

/* Who played a side, for PGN's tags. */
static const char *seat_name(const struct host *h, int side)
{
    const struct seat *s = &h->seat[side];
    return s->kind == SEAT_HUMAN ? "human" : s->kind == SEAT_ENGINE ? "r3" : s->cmd;
}

/* PGN's tags for the game (games/pgn.h), with room for the words they
 * name: while the game goes on, as its human sides saw it, without the seed. */
struct pgn_tags {
    struct pgn_game game;
    char termination[64], resumed[64];
};

static void pgn_tags_of(const struct host *h, struct pgn_tags *t)
{
    bool over = game_over(h);
    if (h->resumptions)
        snprintf(t->resumed, sizeof t->resumed, "after decision %ld", h->resumed[h->resumptions - 1].after);
    int winner = h->resigned != SIDE_NONE ? 1 - h->resigned : over ? h->truth.winner : SIDE_NONE;
    snprintf(t->termination, sizeof t->termination, "%s",
             h->resigned != SIDE_NONE ? ended_how(h)
             : over                   ? HOW_WORD[h->how]
                                      : "unterminated");
    t->game = (struct pgn_game){.event = "r3 host",
                                .york = seat_name(h, SIDE_YORK),
                                .lancaster = seat_name(h, SIDE_LANCASTER),
                                .year = SCENARIO_INFO[h->scenario].year,
                                .seed = h->seed,
                                .winner = winner,
                                .over = over,
                                .termination = t->termination,
                                .hidden_from = hidden_from(h),
                                .resumed = h->resumptions ? t->resumed : NULL};
}

/* The save (games/save.h), to the file 'path', or to f where path is NULL:
 * the record, sealed while a person plays, or the game as PGN. */
static bool save(struct host *h, const char *path, FILE *f, bool pgn, char *why, size_t size)
{
    struct pgn_tags tags;
    int form = pgn ? SAVE_PGN : hidden_from(h) ? SAVE_SEALED : SAVE_RECORD;
    if (pgn)
        pgn_tags_of(h, &tags);
    const struct save_game game = {.write_record = write_record,
                                   .context = h,
                                   .year = SCENARIO_INFO[h->scenario].year,
                                   .york = is_human(h, SIDE_YORK) ? "human" : "engine",
                                   .lancaster = is_human(h, SIDE_LANCASTER) ? "human" : "engine",
                                   .pgn = pgn ? &tags.game : NULL};
    bool saved = path ? save_file(path, form, &game, why, size) : save_write(f, form, &game, why, size);
    if (form == SAVE_SEALED)
        h->kept_secret |= saved; /* the game's end must not open what this save holds */
    return saved;
}

/* save [pgn] data: the save's bytes in one line, "record BASE64" ("pgn
 * BASE64"), for a client that keeps the file itself (docs/web.md). */
static bool save_data(struct host *h, bool pgn)
{
    char *bytes = NULL, why[400] = "";
    size_t length = 0;
    FILE *memory = open_memstream(&bytes, &length);
    if (!memory)
        return error_line(h, "no-memory", "no memory for the save");
    bool written = save(h, NULL, memory, pgn, why, sizeof why);
    written = fclose(memory) == 0 && written;
    size_t room = sodium_base64_ENCODED_LEN(length, sodium_base64_VARIANT_ORIGINAL);
    char *text = written ? malloc(room) : NULL;
    if (text) {
        sodium_bin2base64(text, room, (const unsigned char *)bytes, length, sodium_base64_VARIANT_ORIGINAL);
        say(h->out, "%s %s", pgn ? "pgn" : "record", text);
    }
    if (bytes)
        explicit_bzero(bytes, length);
    free(bytes);
    free(text);
    return text || error_line(h, "cannot-write", "the save: %s", *why ? why : "no memory");
}

/* save [pgn] FILE: the record (or, with pgn, the game as PGN), written whole
 * to FILE.part, then renamed, so a failed save leaves no half file. A save
 * of a game in play with a person at it is sealed; its PGN shows only what
 * the human sides saw. 'data' for FILE sends it over the connection. */
static bool cmd_save(void *context, char *args)
{
    struct host *h = context;
    char why[400];
    bool pgn = strncmp(args, "pgn", 3) == 0 && (!args[3] || args[3] == ' ' || args[3] == '\t');
    if (pgn)
        args += 3 + strspn(args + 3, " \t");
    if (!*args)
        return error_line(h, "bad-arguments", "expected 'save FILE', 'save pgn FILE' or 'save [pgn] data'");
    bool data = strcmp(args, "data") == 0;
    if (h->restricted && !data)
        return error_line(h, "restricted", "a restricted host writes no file: 'save%s data' sends the save here",
                          pgn ? " pgn" : "");
    if (!h->in_game)
        return error_line(h, "no-game", "no game to save");
    if (data)
        return save_data(h, pgn);
    if (strlen(args) > 4096)
        return error_line(h, "bad-arguments", "a path of over 4096 bytes");
    return save(h, args, NULL, pgn, why, sizeof why) || error_line(h, "cannot-write", "'%s': %s", args, why);
}

/* What a saved record sets up, read before anything of the game in play changes. */
struct setup {
    int scenario;
    uint64_t seed, rng[SIDE_COUNT];
    struct seat_choice seat[SIDE_COUNT];
    int resigned;
    bool forfeited;
    char forfeit_why[FORFEIT_WHY_MAX]; /* the reason of "# result SIDE by forfeit: NAME WHY" */
    struct option_values options;
    char option_word[MAX_OPTION_WORDS][SEAT_WORD_MAX];
    long option_line[MAX_OPTION_WORDS]; /* where each stands in the record */
    int option_words;
    struct resumption resumed[MAX_RESUMPTIONS];
    int resumptions;
    long damaged;                 /* the first of the host's lines that is damaged, or 0 */
    char why[300];                /* what is wrong with it */
    decision decision[MAX_PLIES]; /* the record's decisions, as its replay verified them */
    long decisions;
};

/* A "# host WHAT ..." line: rng, cmd, option, resigned or forfeited, each
 * whole; anything else there is a damaged record. */
static bool host_line(struct setup *u, const char *line, char *why, size_t size)
{
    char what[16], word[SEAT_WORD_MAX], rest[SEAT_CMD_MAX];
    int side, used = 0;
    uint64_t number;
    if (sscanf(line, "# host %15s %255s %n", what, word, &used) != 2)
        return fail(why, size, "'%.60s' is no host line", line);
    strncpy(rest, line + used, sizeof rest - 1);
    rest[sizeof rest - 1] = '\0';
    bool one_word = !line[used], for_a_side = (side = side_by_word(word)) >= 0;
    if (strcmp(what, "rng") == 0 && for_a_side && number_whole_u64(rest, &number))
        u->rng[side] = number;
    else if (strcmp(what, "cmd") == 0 && for_a_side && rest[0]) {
        if (u->seat[side].kind != SEAT_ENGINE)
            return fail(why, size, "'# host cmd %.40s' for a side that is not an engine", word);
        u->seat[side] = (struct seat_choice){.kind = SEAT_PROGRAM};
        snprintf(u->seat[side].cmd, sizeof u->seat[side].cmd, "%s", rest);
    } else if ((strcmp(what, "resigned") == 0 || strcmp(what, "forfeited") == 0) && for_a_side && one_word) {
        u->resigned = side;
        u->forfeited = what[0] == 'f';
    } else if (strcmp(what, "option") == 0 && one_word) {
        /* Only kept: it is set once the record is verified and a restricted
         * host has allowed it, since an option may read a file. */
        if (!strchr(word, '=') || u->option_words >= MAX_OPTION_WORDS)
            return fail(why, size, "'%s' is no option NAME=VALUE", word);
        snprintf(u->option_word[u->option_words++], SEAT_WORD_MAX, "%s", word);
    } else
        return fail(why, size,
                    "'%.60s' is damaged: a host line is 'rng SIDE N', 'cmd SIDE PATH', 'option "
                    "NAME=VALUE', 'resigned SIDE' or 'forfeited SIDE'",
                    line);
    return true;
}

/* A "# resumed" line, as the record's reader has verified it: where the
 * game's chance drew afresh, and from what. */
static bool resumed_line(struct setup *u, const char *line, char *why, size_t size)
{
    struct resumption *r = &u->resumed[u->resumptions];
    if (u->resumptions == MAX_RESUMPTIONS)
        return fail(why, size, "resumed more than %d times", MAX_RESUMPTIONS);
    if (!record_resumed_read(line, &r->after, &r->chance))
        return fail(why, size, "'%.60s' is damaged", line);
    u->resumptions++;
    return true;
}

/* A line of the header or a comment: the host's own lines, and who sits at
 * each side. */
static bool setup_line(struct setup *u, const char *line, char *why, size_t size)
{
    char word[SEAT_WORD_MAX], value[64], extra[2];
    if (strncmp(line, "# host ", 7) == 0)
        return host_line(u, line, why, size);
    if (strncmp(line, RECORD_RESUMED_WORDS, strlen(RECORD_RESUMED_WORDS)) == 0)
        return resumed_line(u, line, why, size);
    if (sscanf(line, "%63s %63s %1s", word, value, extra) == 2 && side_by_word(word) >= 0 &&
        (strcmp(value, "human") == 0 || strcmp(value, "engine") == 0))
        u->seat[side_by_word(word)].kind = strcmp(value, "human") == 0 ? SEAT_HUMAN : SEAT_ENGINE;
    else if (sscanf(line, "%63s %63s", word, value) == 2 && side_by_word(word) >= 0)
        return fail(why, size, "%.20s is '%.40s', not human or engine: not a record of r3 host", word, value);
    return true;
}

/* The record's reader tells the setup each line of its header and each
 * comment; the first damaged one is kept, and said once the record is
 * verified (a record that does not replay is told as such first). */
static void read_line_of_setup(void *context, const char *text, long number)
{
    struct setup *u = context;
    int options = u->option_words;
    if (!u->damaged && !setup_line(u, text, u->why, sizeof u->why))
        u->damaged = number;
    if (u->option_words > options)
        u->option_line[options] = number;
}

/* Each decision of the record, as its replay takes it. */
static bool keep_decision(void *context, const struct world *w, decision d, long played)
{
    struct setup *u = context;
    (void)w, (void)played;
    u->decision[u->decisions++] = d;
    return true;
}

static void setup_defaults(struct setup *u)
{
    memset(u, 0, sizeof *u);
    u->scenario = -1;
    u->seed = 1;
    u->resigned = SIDE_NONE;
    u->rng[SIDE_YORK] = 2;
    u->rng[SIDE_LANCASTER] = 3;
    u->seat[SIDE_YORK].kind = u->seat[SIDE_LANCASTER].kind = SEAT_ENGINE;
    options_default(&u->options);
}

/* What the verified record's header and result say: the game and, for a
 * forfeit, what the engine did. */
static void header_into_setup(struct setup *u, const struct record_header *header)
{
    const char *reason = strstr(header->result, " by forfeit: ");
    const char *engine = reason ? strstr(reason, "engine ") : NULL; /* the replay has checked that it names it */
    u->scenario = header->scenario;
    u->seed = header->seed;
    if (engine)
        snprintf(u->forfeit_why, sizeof u->forfeit_why, "%s", engine + 7);
}

/* Sets the game up as the record says and plays its decisions again. */
static bool set_up_from_record(struct host *h, const struct setup *u)
{
    h->options = u->options;
    memcpy(h->option_word, u->option_word, sizeof h->option_word);
    h->option_words = u->option_words;
    memcpy(h->resumed, u->resumed, sizeof h->resumed);
    h->resumptions = u->resumptions;
    h->kept_secret = false;
    start_game(h, u->scenario, u->seed);
    for (int side = 0; side < SIDE_COUNT; side++)
        h->seat[side].driver.rng = u->rng[side];
    for (long i = 0; i < u->decisions; i++)
        if (!apply_again(h, i, u->decision[i]))
            return false;
    resume_chance_at(h, u->decisions);
    h->resigned = u->resigned;
    h->forfeited = u->forfeited;
    memcpy(h->forfeit_why, u->forfeit_why, sizeof h->forfeit_why);
    return true;
}

/* The save in 'text' loaded (games/save.h): opened if sealed (*sealed), its
 * record verified as r3 replay verifies it, and its setup and decisions
 * kept in u; false with why. */
static bool load_record(const char *text, size_t length, struct setup *u, bool *sealed, char *why, size_t size)
{
    struct record_header header;
    setup_defaults(u);
    const struct game_hooks hooks = {.decided = keep_decision, .context = u};
    const struct record_reader reader = {.hooks = &hooks, .line = read_line_of_setup, .context = u};
    if (!save_load(text, length, &reader, &header, sealed, why, size))
        return false;
    if (u->damaged)
        return fail(why, size, "line %ld: %s", u->damaged, u->why);
    header_into_setup(u, &header);
    return true;
}

/* Whether every engine program the record names was allowed on the load
 * line ("allow-engine CMD", the words after the file); if not, says how. */
static bool engines_allowed(struct host *h, const struct setup *u, const char *file, char w[][SEAT_WORD_MAX], int n)
{
    for (int side = 0; side < SIDE_COUNT; side++) {
        bool allowed = u->seat[side].kind != SEAT_PROGRAM;
        for (int i = 2; i < n && !allowed; i += 2)
            allowed = strcmp(w[i], u->seat[side].cmd) == 0;
        if (!allowed)
            return error_line(h, "engine-not-allowed",
                              "'%s' runs the engine program '%s' for %s; load starts a program only when the "
                              "load line names it: load \"%s\" allow-engine \"%s\"",
                              file, u->seat[side].cmd, SIDE_WORD[side], file, u->seat[side].cmd);
    }
    return true;
}

/* load FILE [allow-engine CMD ...]: a game saved by save (or any record of
 * r3 host), sealed or open, verified as r3 replay verifies it, then
 * continued where it stopped. */
static bool load_words(struct host *h, char *args, char w[][SEAT_WORD_MAX], int *n)
{
    *n = split_words(h, args, w);
    if (*n < 0)
        return false;
    if (*n == 0 || *n % 2 == 0)
        return error_line(h, "bad-arguments",
                          "expected 'load FILE [allow-engine CMD ...]', a FILE or CMD with spaces in double quotes");
    for (int i = 1; i < *n; i += 2)
        if (strcmp(w[i], "allow-engine") != 0)
            return error_line(h, "bad-arguments", "unknown word '%s' after the file (allow-engine CMD)", w[i]);
    return true;
}

/* load data BASE64: the save's bytes, as save data sent them, into *text. */
static bool decode_data(struct host *h, const char *base64, char **text, size_t *length)
{
    size_t room = strlen(base64) / 4 * 3 + 3;
    *text = malloc(room);
    if (!*text)
        return error_line(h, "no-memory", "no memory for the save");
    if (sodium_base642bin((unsigned char *)*text, room, base64, strlen(base64), " \t", length, NULL,
                          sodium_base64_VARIANT_ORIGINAL) == 0)
        return true;
    free(*text);
    *text = NULL;
    return error_line(h, "bad-record", "load data: what follows 'data' is not base64, as save data sends it");
}

/* The save to load: a file's, or the data sent; a restricted host reads no file. */
static bool load_source(struct host *h, char *args, char w[][SEAT_WORD_MAX], int *n, char **text, size_t *length)
{
    char why[400];
    if (strncmp(args, "data", 4) == 0 && (!args[4] || args[4] == ' ')) {
        *n = 1;
        snprintf(w[0], SEAT_WORD_MAX, "the data sent");
        if (!args[4] || !args[5])
            return error_line(h, "bad-arguments", "expected 'load data BASE64', a save as save data sends it");
        return decode_data(h, args + 5, text, length);
    }
    if (h->restricted)
        return error_line(h, "restricted", "a restricted host reads no file: 'load data BASE64' sends the save here");
    if (!load_words(h, args, w, n))
        return false;
    return save_read_file(w[0], text, length, why, sizeof why) || error_line(h, "cannot-read", "'%s': %s", w[0], why);
}

/* A record's options set, each first allowed as a restricted host allows
 * them (before any is set: an option may open a file); false (said) at the
 * first refused. */
static bool take_record_options(struct host *h, struct setup *u, const char *file)
{
    char name[MAX_OPTION_WORDS][SEAT_WORD_MAX], *value[MAX_OPTION_WORDS], why[600];
    for (int i = 0; i < u->option_words; i++) {
        snprintf(name[i], sizeof name[i], "%s", u->option_word[i]);
        value[i] = strchr(name[i], '=');
        *value[i]++ = '\0';
        if (!option_allowed(h, name[i], value[i]))
            return false;
    }
    for (int i = 0; i < u->option_words; i++)
        if (!options_set(&u->options, name[i], value[i], why, sizeof why))
            return error_line(h, "bad-record", "'%s': line %ld: %s", file, u->option_line[i], why);
    return true;
}

/* A loaded game that goes on with a person at it (and any sealed save) goes
 * on from a new secret: its deals, dice and the engines' draws to come are
 * not the ones the save held, so a save can be resumed but not replayed to
 * see what comes next. A room for it is made first (false, said, where the
 * record has none). */
static bool room_to_resume(struct host *h, const struct setup *u, const char *file)
{
    bool full = u->resumptions == MAX_RESUMPTIONS && u->resumed[MAX_RESUMPTIONS - 1].after != u->decisions;
    return !full || error_line(h, "bad-record", "'%s': resumed more than %d times", file, MAX_RESUMPTIONS);
}

static void resume_afresh(struct host *h)
{
    if (h->resumptions == 0 || h->resumed[h->resumptions - 1].after != h->plies)
        h->resumptions++;
    h->resumed[h->resumptions - 1] = (struct resumption){h->plies, secret_seed()};
    h->chance = h->resumed[h->resumptions - 1].chance;
    for (int side = 0; side < SIDE_COUNT; side++)
        h->seat[side].driver.rng = secret_seed();
    h->kept_secret = true;
}

/* The game of the save that load names, read into u, set up in the host;
 * false (said) where it cannot be. */
static bool load_game(struct host *h, char *args, struct setup *u)
{
    char w[MAX_WORDS][SEAT_WORD_MAX], why[400], *text = NULL;
    size_t length = 0;
    int n = 0;
    bool sealed, taken = false;
    if (!load_source(h, args, w, &n, &text, &length))
        return false;
    if (!load_record(text, length, u, &sealed, why, sizeof why))
        error_line(h, "bad-record", "'%s': %s", w[0], why);
    else if (seats_allowed(h, u->seat) && take_record_options(h, u, w[0]) && engines_allowed(h, u, w[0], w, n) &&
             room_to_resume(h, u, w[0]) &&
             take_seats(h, u->seat, (const char(*)[SEAT_WORD_MAX])u->option_word, u->option_words)) {
        taken = set_up_from_record(h, u);
        if (taken && (sealed || hidden_from(h)))
            resume_afresh(h);
    }
    free(text);
    return taken;
}

static bool cmd_load(void *context, char *args)
{
    struct host *h = context;
    struct setup *u = malloc(sizeof *u); /* its decisions are a whole game's */
    if (!u)
        return error_line(h, "no-memory", "no memory to load a game");
    bool taken = load_game(h, args, u);
    free(u);
    if (!taken)
        return false;
    if (h->resigned != SIDE_NONE)
        say(h->out, "result %s %s%s%s", SIDE_WORD[1 - h->resigned], ended_how(h), h->forfeited ? " " : "",
            h->forfeited ? h->forfeit_why : "");
    else if (h->truth.phase == PHASE_OVER)
        say(h->out, "result %s %s", SIDE_WORD[h->truth.winner], HOW_WORD[h->how]);
    return h->resigned != SIDE_NONE || h->truth.phase == PHASE_OVER || play_until_human(h);
}

/* ---- pondering: the engine thinks while the human does ---- */

/* Every command begins with the engines' pondering stopped, so that nothing
 * the command reads or changes is being searched at the same time. */
static void stop_pondering(struct host *h)
{
    for (int side = 0; side < SIDE_COUNT; side++)
        seat_stop_pondering(&h->seat[side]);
}

/* A line came: the engines stop pondering, and its time bound begins. */
static void line_begins(void *context)
{
    struct host *h = context;
    stop_pondering(h);
    h->line_began_us = clock_us();
}

/* With option Ponder, once a command is answered and a human is to decide,
 * the engine side searches on until the next line comes. */
static void start_pondering(void *context)
{
    struct host *h = context;
    if (!options_ponder(&h->options) || !h->in_game || h->truth.phase == PHASE_OVER || h->resigned != SIDE_NONE)
        return;
    int actor = rules_actor(&h->truth);
    if (actor < SIDE_COUNT && is_human(h, actor))
        seat_ponder(&h->seat[1 - actor]);
}

static const struct line_command COMMAND[] = {
    {"new", cmd_new, false},       {"legal", cmd_legal, false},   {"play", cmd_play, false},
    {"board", cmd_board, false},   {"resign", cmd_resign, false}, {"undo", cmd_undo, false},
    {"hint", cmd_hint, false},     {"save", cmd_save, false},     {"load", cmd_load, false},
    {"belief", cmd_belief, false},
};

/* ---- lines ---- */

/* A line that is no command: quit, or a refusal. */
static bool other_line(void *context, char *start, size_t word, char *args)
{
    struct host *h = context;
    if (word == 4 && strncmp(start, "quit", 4) == 0) {
        if (*args)
            return error_line(h, "bad-arguments", "quit takes no arguments"), true;
        say(h->out, "ok");
        return false;
    }
    /* r3 web writes this line in place of a binary WebSocket frame, so that
     * its refusal comes in order with every other answer. */
    uint64_t bytes = 0;
    if (word == 12 && strncmp(start, "binary-frame", 12) == 0 && number_whole_u64(args, &bytes))
        return error_line(h, "binary-frame",
                          "a binary WebSocket frame (%llu bytes) is no command: send each command as a text message",
                          (unsigned long long)bytes),
               true;
    error_line(h, "unknown-command",
               "'%.*s' is not a command (new, legal, play, undo, hint, board, belief, save, load, resign, quit)",
               (int)(word > 40 ? 40 : word), start);
    return true;
}

/* A restricted host takes lines at a bounded rate: past it, each is refused unread. */
static bool within_line_rate(void *context)
{
    struct host *h = context;
    if (!h->restricted || line_rate_admits(&h->rate, clock_us()))
        return true;
    return error_line(h, "rate-limit", "over %d lines a second: this line was not run", RESTRICT_LINES_A_SECOND);
}

/* The input rested past the idle time: the host says so and closes, and
 * whoever serves it closes the connection (docs/web.md). */
static void say_bye_idle(void *context)
{
    struct host *h = context;
    say(h->out, "bye idle %ld | No command came for %ld second%s: this game was closed.", h->idle_s, h->idle_s,
        h->idle_s == 1 ? "" : "s");
}

int host_run(FILE *in, FILE *out, const struct host_settings *settings)
{
    struct host *h = calloc(1, sizeof *h); /* its seats hold engines, each with its search's room */
    struct ply *ply = malloc(MAX_PLIES * sizeof *ply);
    if (!h || !ply) {
        free(h), free(ply);
        say(out, "error no-memory for the game's history");
        return 1;
    }
    h->in = in;
    h->out = out;
    h->ply = ply;
    h->resigned = SIDE_NONE;
    h->restricted = settings->restricted;
    h->idle_s = settings->idle_s >= 0 ? settings->idle_s : settings->restricted ? RESTRICT_IDLE_S : 0;
    h->line_ms = settings->line_ms > 0 ? settings->line_ms : RESTRICT_LINE_MS;
    options_default(&h->options);
    /* Only the line's own end is taken off: a carriage return inside it is a
     * control character like any other, so "legal\rjunk" runs nothing. */
    const struct line_loop loop = {.in = in,
                                   .out = out,
                                   .limit = LINE_LIMIT,
                                   .trim_arguments = true,
                                   .done = "ok",
                                   .command = COMMAND,
                                   .commands = sizeof COMMAND / sizeof COMMAND[0],
                                   .context = h,
                                   .other = other_line,
                                   .line_begins = line_begins,
                                   .line_answered = start_pondering,
                                   .admit = within_line_rate,
                                   .idle_ms = h->idle_s * 1000,
                                   .idle = say_bye_idle};
    line_loop_run(&loop);
    stop_pondering(h);
    for (int side = 0; side < SIDE_COUNT; side++) {
        driver_forget(&h->seat[side].driver);
        seat_close(&h->seat[side]);
    }
    free(h->ply);
    free(h);
    return 0;
}
