/*
 * match_command.c: see match_command.h. "--engine" takes the key=value words
 * that follow it (cmd=, name=, option.NAME=), so it is read by hand rather
 * than by getopt.
 */
#include "protocol/cli/match_command.h"

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/core/scenario.h"
#include "engine/core/tables.h"
#include "engine/core/types.h"
#include "engine/io/number.h"
#include "games/record.h"
#include "games/record_file.h"
#include "protocol/cli/cli.h"
#include "protocol/host/replay_print.h"
#include "tuning/arena/match.h"
#include "tuning/arena/merge.h"

/* A usage error naming the command: "COMMAND: " and the rest as fmt makes it of 'word'. */
static int engine_usage(const char *command, const char *fmt, const char *word)
{
    char text[600];
    int n = snprintf(text, sizeof text, "%s: ", command);
    snprintf(text + n, sizeof text - (size_t)n, fmt, word);
    return cli_usage_error("%s", text), -1;
}

bool match_engine_word(const char *command, char *word, struct engine_spec *e)
{
    char *eq = strchr(word, '=');
    if (!eq)
        return engine_usage(command, "'%s' is not KEY=VALUE (cmd=, name=, option.NAME=)", word), false;
    if (strncmp(word, "cmd=", 4) == 0) {
        e->cmd = eq + 1;
    } else if (strncmp(word, "name=", 5) == 0) {
        e->name = eq + 1;
    } else if (strncmp(word, "option.", 7) == 0) {
        if (e->options == REFEREE_MAX_OPTIONS)
            return engine_usage(command, "'%s' is one option.NAME=VALUE too many (8 per engine)", word), false;
        *eq = '\0';
        e->option_name[e->options] = word + 7;
        e->option_value[e->options++] = eq + 1;
    } else {
        return engine_usage(command, "unknown engine setting '%s' (cmd=, name=, option.NAME=)", word), false;
    }
    return true;
}

bool match_engine_done(const char *command, struct engine_spec *e)
{
    if (!e->cmd)
        return engine_usage(command, "each --engine needs cmd=PATH%s", ""), false;
    if (!e->name)
        e->name = e->cmd;
    /* A forfeit's reason begins with the name, and r3 replay checks it there. */
    if (!*e->name || strlen(e->name) > REFEREE_NAME_MAX) {
        char text[200];
        snprintf(text, sizeof text, "an engine's name has 1 to %d bytes; give one with name= (not '%.60s')",
                 REFEREE_NAME_MAX, e->name);
        return engine_usage(command, "%s", text), false;
    }
    return true;
}

/* --sprt ELO0 ELO1 ALPHA BETA, read a number at a time into words[]. */
struct sprt_words {
    double v[4];
    int count;
};

static bool sprt_usage(const char *command)
{
    return cli_usage_error("%s: --sprt takes four numbers: ELO0 ELO1 ALPHA BETA, as in --sprt 0 5 0.05 0.05", command),
           false;
}

static bool sprt_word(const char *command, const char *word, struct sprt_words *w)
{
    if (w->count == 4 || !number_decimal(word, -DBL_MAX, DBL_MAX, &w->v[w->count]))
        return sprt_usage(command);
    w->count++;
    return true;
}

/* The four numbers, checked, into s. */
static bool sprt_done(const char *command, const struct sprt_words *w, struct sprt *s)
{
    if (w->count != 4)
        return sprt_usage(command);
    *s = (struct sprt){.elo0 = w->v[0], .elo1 = w->v[1], .alpha = w->v[2], .beta = w->v[3]};
    if (!(s->elo0 < s->elo1))
        return cli_usage_error("%s: --sprt needs ELO0 below ELO1", command), false;
    if (!(s->alpha > 0 && s->alpha < 0.5 && s->beta > 0 && s->beta < 0.5))
        return cli_usage_error("%s: --sprt needs ALPHA and BETA between 0 and 0.5", command), false;
    return true;
}

/* 1460, 1470, 1483, all, or a list of years such as 1460,1483, played in turn by pair. */
static bool read_scenario(const char *text, struct match_options *o)
{
    if (strcmp(text, "all") == 0) {
        o->scenario = MATCH_ALL_SCENARIOS;
        return true;
    }
    o->cycle_count = 0;
    for (const char *c = text;; c++) {
        char year[8];
        int length = (int)strcspn(c, ",");
        snprintf(year, sizeof year, "%.*s", length, c);
        int scenario = length < (int)sizeof year ? cli_scenario(year) : -1;
        if (scenario < 0 || o->cycle_count == SCENARIO_COUNT)
            return cli_usage_error("unknown scenario '%s' (1460, 1470, 1483, a list such as 1460,1483, or all)", text),
                   false;
        o->cycle[o->cycle_count++] = scenario;
        c += length;
        if (!*c)
            break;
    }
    o->scenario = o->cycle_count == 1 ? o->cycle[0] : MATCH_SCENARIO_LIST;
    return true;
}

/* SECONDS+INCREMENT (or SECONDS alone), as fastchess writes a game clock:
 * 60+0.5 is a minute a side and half a second more after each decision. */
static bool read_clock(const char *value, struct time_control *tc)
{
    const char *plus = strchr(value, '+');
    int length = plus ? (int)(plus - value) : (int)strlen(value);
    char text[64];
    double seconds = 0, increment = 0;
    snprintf(text, sizeof text, "%.*s", length, value);
    if ((size_t)length >= sizeof text || !number_decimal(text, 0, 86400, &seconds) || seconds == 0 ||
        (plus && !number_decimal(plus + 1, 0, 3600, &increment)))
        return cli_usage_error("match: --tc takes SECONDS+INCREMENT (such as 60+0.5), movetime=MS, nodes=N or none, "
                               "not '%s'",
                               value),
               false;
    *tc = (struct time_control){
        .clock_ms = lround(seconds * 1000), .increment_ms = lround(increment * 1000), .timeout_ms = tc->timeout_ms};
    return true;
}

/* movetime=MS, nodes=N, SECONDS+INCREMENT or none; the timeout is left as it was. */
static bool read_time_control(const char *value, struct time_control *tc)
{
    long long n;
    if (strcmp(value, "none") == 0) {
        tc->movetime_ms = 0, tc->nodes = 0, tc->clock_ms = tc->increment_ms = 0;
        return true;
    }
    if (value[0] >= '0' && value[0] <= '9')
        return read_clock(value, tc);
    if (strncmp(value, "movetime=", 9) == 0) {
        if (!cli_option_number("--tc movetime", value + 9, 1, 3600000, &n))
            return false;
        tc->movetime_ms = (int)n, tc->nodes = 0, tc->clock_ms = tc->increment_ms = 0;
        return true;
    }
    if (strncmp(value, "nodes=", 6) == 0) {
        if (!cli_option_number("--tc nodes", value + 6, 1, 1000000000000LL, &n))
            return false;
        tc->movetime_ms = 0, tc->nodes = n, tc->clock_ms = tc->increment_ms = 0;
        return true;
    }
    return cli_usage_error("match: --tc takes SECONDS+INCREMENT (such as 60+0.5), movetime=MS, nodes=N or none, "
                           "not '%s'",
                           value),
           false;
}

/* I/N with 1 <= I <= N. */
static bool read_shard(const char *value, struct match_options *o)
{
    long shard, shards;
    int used = 0;
    if (sscanf(value, "%ld/%ld%n", &shard, &shards, &used) != 2 || value[used] || shard < 1 || shard > shards ||
        shards > 1000000 || strspn(value, "0123456789/") != strlen(value))
        return cli_usage_error("match: --shard takes I/N with 1 <= I <= N <= 1000000, not '%s'", value), false;
    o->shard = shard;
    o->shards = shards;
    return true;
}

bool match_take_setting(const struct cli_argument *a, struct match_options *o)
{
    const char *name = a->option->name;
    if (strcmp(name, "games") == 0)
        o->games = (long)a->number;
    else if (strcmp(name, "seed") == 0)
        o->seed = (uint64_t)a->number;
    else if (strcmp(name, "scenario") == 0)
        return read_scenario(a->text, o);
    else if (strcmp(name, "tc") == 0)
        return read_time_control(a->text, &o->tc);
    else if (strcmp(name, "timeout") == 0)
        o->tc.timeout_ms = (int)a->number;
    else if (strcmp(name, "concurrency") == 0)
        o->concurrency = (int)a->number;
    else if (strcmp(name, "shard") == 0)
        return read_shard(a->text, o);
    else if (strcmp(name, "out") == 0)
        o->out_dir = a->text;
    else
        return cli_usage_error("unknown option '--%s'", name), false;
    return true;
}

enum { MATCH_ENGINE, MATCH_GAMES, MATCH_SPRT = MATCH_GAMES + MATCH_SETTINGS_COUNT + 1 };
static const struct cli_option MATCH_OPTIONS[] = {
    [MATCH_ENGINE] = {"engine", CLI_TEXT, "cmd=PATH [name=NAME] [option.NAME=VALUE ...]", 0, 0,
                      "an engine; give exactly two", true},
    {"games", CLI_COUNT, "N", 1, 100000000, "games (default 2), in pairs on one seed with the sides swapped", false},
    MATCH_SETTINGS,
    [MATCH_SPRT] = {"sprt", CLI_TEXT, "ELO0 ELO1 ALPHA BETA", 0, 0,
                    "stop once the SPRT decides; --games is then the most", true},
    {"shard", CLI_TEXT, "I/N", 0, 0, "play only pairs p with p mod N = I - 1 (merge with match-merge)", false},
    {"out", CLI_DIR, "DIR", 0, 0, "write there a record per game, results.tsv and games.pgn", false},
    {0}};

static int command_match(int argc, char **argv);
const struct cli_command CLI_MATCH = {"match",
                                      "",
                                      "play two protocol engines against each other under the referee",
                                      NULL,
                                      MATCH_OPTIONS,
                                      "  (docs/matches.md has the details)\n",
                                      command_match};

/* What r3 match's command line gave. */
struct match_reading {
    struct match_options o;
    int engines;
    struct sprt_words sprt;
    const struct cli_option *open; /* --engine or --sprt while their words come */
};

/* Ends the words of the option before: its engine or its four numbers checked. */
static bool close_words(struct match_reading *r)
{
    const struct cli_option *open = r->open;
    r->open = NULL;
    if (open == &MATCH_OPTIONS[MATCH_ENGINE])
        return match_engine_done("match", &r->o.engine[r->engines - 1]);
    if (open == &MATCH_OPTIONS[MATCH_SPRT])
        return sprt_done("match", &r->sprt, &r->o.sprt);
    return true;
}

static bool take_match(void *context, const struct cli_argument *a)
{
    struct match_reading *r = context;
    if (!a->option) {
        if (!a->words_of)
            return cli_usage_error("match: unexpected argument '%s'", a->text), false;
        if (a->words_of == &MATCH_OPTIONS[MATCH_SPRT])
            return sprt_word("match", a->text, &r->sprt);
        return match_engine_word("match", (char *)a->text, &r->o.engine[r->engines - 1]);
    }
    if (!close_words(r))
        return false;
    if (a->option == &MATCH_OPTIONS[MATCH_ENGINE]) {
        if (r->engines == 2)
            return cli_usage_error("%s", "match: exactly two --engine"), false;
        r->engines++;
        r->open = a->option;
        return match_engine_word("match", (char *)a->text, &r->o.engine[r->engines - 1]);
    }
    if (a->option == &MATCH_OPTIONS[MATCH_SPRT]) {
        r->o.use_sprt = true;
        r->sprt.count = 0;
        r->open = a->option;
        return sprt_word("match", a->text, &r->sprt);
    }
    return match_take_setting(a, &r->o);
}

/* Two engines with names that results.tsv and the PGN can tell apart. */
static int check_engines(const struct match_options *o, int engines)
{
    if (engines != 2)
        return cli_usage_error("%s",
                               "match needs two engines: --engine cmd=PATH [name=NAME] [option.NAME=VALUE ...] twice");
    for (int e = 0; e < 2; e++)
        if (strpbrk(o->engine[e].name, "\t\n\r"))
            return cli_usage_error("match: the engine name '%s' has a tab or line break, which results.tsv cannot hold",
                                   o->engine[e].name);
    if (strcmp(o->engine[0].name, o->engine[1].name) == 0)
        return cli_usage_error("match: both engines are named '%s'; tell them apart with name=", o->engine[0].name);
    return 0;
}

static int command_match(int argc, char **argv)
{
    struct match_reading r = {.o = MATCH_DEFAULT};
    int status = cli_parse(&CLI_MATCH, argc, argv, take_match, &r);
    if (status || !close_words(&r))
        return status ? status : 2;
    if ((status = check_engines(&r.o, r.engines)))
        return status;
    return match_run(&r.o, stdout);
}

static const struct cli_option MERGE_OPTIONS[] = {
    {"sprt", CLI_TEXT, "ELO0 ELO1 ALPHA BETA", 0, 0, "the SPRT to judge the merged games by, as r3 match's", true},
    {"DIR...", CLI_WORDS, NULL, 0, 0, "the folders of the runs, each written by r3 match --out", false},
    {0}};

static int command_match_merge(int argc, char **argv);
const struct cli_command CLI_MATCH_MERGE = {"match-merge",
                                            "DIR...",
                                            "one report over the results of r3 match --out runs (shards)",
                                            NULL,
                                            MERGE_OPTIONS,
                                            NULL,
                                            command_match_merge};

struct merge_reading {
    struct sprt_words sprt;
    bool use_sprt, sprt_open;
    const char **dir;
    int dirs;
};

static bool take_merge(void *context, const struct cli_argument *a)
{
    struct merge_reading *r = context;
    if (a->option) {
        r->use_sprt = r->sprt_open = true;
        r->sprt.count = 0;
        return sprt_word("match-merge", a->text, &r->sprt);
    }
    if (r->sprt_open && a->words_of && r->sprt.count < 4)
        return sprt_word("match-merge", a->text, &r->sprt);
    r->dir[r->dirs++] = a->text;
    return true;
}

/* r3 match-merge [--sprt ELO0 ELO1 ALPHA BETA] DIR...: one report over the results of several runs. */
static int command_match_merge(int argc, char **argv)
{
    const char *dir[argc > 0 ? argc : 1];
    struct merge_reading r = {.dir = dir};
    struct sprt sprt;
    int status = cli_parse(&CLI_MATCH_MERGE, argc, argv, take_merge, &r);
    if (status)
        return status;
    if (r.use_sprt && !sprt_done("match-merge", &r.sprt, &sprt))
        return 2;
    if (!r.dirs)
        return cli_usage_error("%s", "match-merge needs a DIR, written by r3 match --out");
    return match_merge(dir, r.dirs, r.use_sprt ? &sprt : NULL, stdout);
}

enum { REPLAY_PRINT, REPLAY_SIDE };
static const struct cli_option REPLAY_OPTIONS[] = {
    [REPLAY_PRINT] = {"print", CLI_FLAG, NULL, 0, 0, "show the game as a side saw it, the events as sentences", false},
    [REPLAY_SIDE] = {"side", CLI_SIDE, "york|lancaster", 0, 0, "with --print: whose game (default york)", false},
    {"FILE...", CLI_WORDS, NULL, 0, 0, "game records, as r3 match --out and r3 host's save write them", false},
    {0}};

static int command_replay(int argc, char **argv);
const struct cli_command CLI_REPLAY = {"replay",
                                       "[--print [--side S]] FILE...",
                                       "verify game records of r3 match --out; --print shows\n"
                                       "the game as side S (york) saw it, the events as sentences",
                                       NULL,
                                       REPLAY_OPTIONS,
                                       NULL,
                                       command_replay};

struct replay_reading {
    bool print;
    int side;
    const char **file;
    int files;
};

static bool take_replay(void *context, const struct cli_argument *a)
{
    struct replay_reading *r = context;
    if (!a->option)
        r->file[r->files++] = a->text;
    else if (a->option - REPLAY_OPTIONS == REPLAY_PRINT)
        r->print = true;
    else
        r->side = (int)a->number;
    return true;
}

/* r3 replay [--print [--side S]] FILE...: replays and verifies game records. */
static int command_replay(int argc, char **argv)
{
    const char *file[argc > 0 ? argc : 1];
    struct replay_reading r = {.side = -1, .file = file};
    int status = cli_parse(&CLI_REPLAY, argc, argv, take_replay, &r);
    if (status)
        return status;
    if (r.side >= 0 && !r.print)
        return cli_usage_error("%s", "replay: --side goes with --print");
    int side = r.print ? (r.side >= 0 ? r.side : SIDE_YORK) : -1;
    if (!r.files)
        return cli_usage_error("%s", "replay needs a FILE, a game record written by r3 match --out");
    for (int k = 0; k < r.files; k++) {
        const char *path = file[k];
        char error[300];
        FILE *f;
        if (!record_file_open(path, &f, error, sizeof error)) {
            fprintf(stderr, "r3: replay: %s: %s\n", path, error);
            return 1;
        }
        if (side < 0)
            printf("%s: ", path);
        bool ok = side >= 0 ? replay_print(f, side, stdout, error, sizeof error)
                            : replay_record(f, stdout, NULL, error, sizeof error);
        fclose(f);
        if (!ok) {
            printf("FAILED\n");
            fprintf(stderr, "r3: replay: %s: %s\n", path, error);
            return 1;
        }
    }
    return 0;
}
