/*
 * main.c: the r3 command line. Subcommands in the git style, each a row of
 * the table below (protocol/cli/command_line.h) that the help, the manual
 * page and the bash completion are printed from. With no subcommand r3
 * speaks the engine protocol on stdin and stdout, the way a chess engine
 * starts in UCI mode. Here too: the small commands (data, show, legal,
 * playout, bench, host) and help.
 *
 * Exit status: 0 success, 1 bad input data (a position that does not parse),
 * 2 bad usage (unknown subcommand or option, missing argument).
 */
/* gnulib's unistd.h wants its configuration first. */
#include <config.h>

#include <errno.h>
#include <getopt.h>
#ifndef R3_NO_JEMALLOC /* the ThreadSanitizer build: TSan's allocator, since jemalloc's fork handlers overflow its lock tracking */
#include <jemalloc/jemalloc.h>
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <xxhash.h>

#include "engine/core/scenario.h"
#include "engine/io/strbuf.h"
#include "engine/picture/board_svg.h"
#include "engine/picture/view_svg.h"
#include "engine/rules/notation.h"
#include "engine/rules/rules.h"
#include "engine/text/tsv.h"
#include "protocol/ai/ai.h"
#include "protocol/ai/options.h"
#include "protocol/ai/version.h"
#include "protocol/cli/apply_command.h"
#include "protocol/cli/belief_quality_command.h"
#include "protocol/cli/cli.h"
#include "protocol/cli/command_line.h"
#include "protocol/cli/help.h"
#include "protocol/cli/hidden_commands.h"
#include "protocol/cli/match_command.h"
#include "protocol/cli/play_command.h"
#include "protocol/cli/quality_card_command.h"
#include "protocol/cli/quality_command.h"
#include "protocol/cli/ratings_command.h"
#include "protocol/cli/selfplay_command.h"
#include "protocol/cli/spsa_command.h"
#include "protocol/cli/tune_command.h"
#include "protocol/cli/web_command.h"
#include "protocol/host/host.h"
#include "search/ismcts.h"
#include "search/policy.h"
#include "tuning/bench/bench.h"
#include "tuning/bench/playout.h"
#include "tuning/bench/value_bench.h"

static int print_version(void)
{
    const char *jemalloc = "none";
#ifndef R3_NO_JEMALLOC
    size_t size = sizeof jemalloc;
    mallctl("version", &jemalloc, &size, NULL, 0);
#endif
    unsigned xxh = XXH_versionNumber();
    printf("r3 %s (jemalloc %.*s, xxHash %u.%u.%u)\n", R3_VERSION, (int)strcspn(jemalloc, "-"), jemalloc, xxh / 10000,
           xxh / 100 % 100, xxh % 100);
    return 0;
}

/* A command's words, for those that take words and no option. */
struct words {
    const char *word[2];
    int count;
};

static bool take_word(void *context, const struct cli_argument *a)
{
    struct words *w = context;
    if (w->count < 2)
        w->word[w->count] = a->text;
    w->count++;
    return true;
}

static int command_data(int argc, char **argv);
static const struct cli_command CLI_DATA = {
    "data",      "TABLE", "print a game table as TSV: areas, borders, blocks, cards, scenarios, scenario_info",
    NULL,        NULL,    NULL,
    command_data};

static int command_data(int argc, char **argv)
{
    struct words w = {0};
    int status = cli_parse(&CLI_DATA, argc, argv, take_word, &w);
    if (status)
        return status;
    if (w.count != 1)
        return cli_usage_error(
            "%s", w.count < 1 ? "data needs a TABLE: areas, borders, blocks, cards, scenarios or scenario_info"
                              : "data takes one TABLE");
    if (!tsv_print_table(w.word[0], stdout))
        return cli_usage_error("unknown table '%s' (areas, borders, blocks, cards, scenarios, scenario_info)",
                               w.word[0]);
    return 0;
}

/* r3 show (--scenario YEAR | --position TEXT) [--text] */
/* r3 show's options: the world, and how to print it. */
struct show_options {
    const char *scenario, *position;
    bool text, svg;
    int side; /* --side: the picture one side sees; SIDE_NONE for the truth */
};

enum { SHOW_SCENARIO, SHOW_POSITION, SHOW_TEXT, SHOW_SVG, SHOW_SIDE };
static const struct cli_option SHOW_OPTIONS[] = {
    [SHOW_SCENARIO] = {"scenario", CLI_TEXT, "YEAR", 0, 0, "the starting position of scenario 1460, 1470 or 1483",
                       false},
    [SHOW_POSITION] = {"position", CLI_TEXT, "TEXT", 0, 0, "a position in the text format of docs/position-format.md",
                       false},
    [SHOW_TEXT] = {"text", CLI_FLAG, NULL, 0, 0, "print the position text (one line) instead of the board", false},
    [SHOW_SVG] = {"svg", CLI_FLAG, NULL, 0, 0, "draw the board as an SVG picture (a map, the blocks on it)", false},
    [SHOW_SIDE] = {"side", CLI_SIDE, "york|lancaster", 0, 0,
                   "with --svg: what that side knows, as r3 observe; hidden blocks face-down", false},
    {0}};

static int command_show(int argc, char **argv);
static const struct cli_command CLI_SHOW = {
    "show", "", "print a position as a readable board", NULL, SHOW_OPTIONS, NULL, command_show};

static bool take_show(void *context, const struct cli_argument *a)
{
    struct show_options *o = context;
    if (!a->option)
        return cli_usage_error("show: unexpected argument '%s'", a->text), false;
    switch (a->option - SHOW_OPTIONS) {
    case SHOW_SCENARIO: o->scenario = a->text; break;
    case SHOW_POSITION: o->position = a->text; break;
    case SHOW_TEXT: o->text = true; break;
    case SHOW_SVG: o->svg = true; break;
    default: o->side = (int)a->number; break;
    }
    return true;
}

static int parse_show_options(int argc, char **argv, struct show_options *o)
{
    int status = cli_parse(&CLI_SHOW, argc, argv, take_show, o);
    if (status)
        return status;
    if (!o->scenario == !o->position)
        return cli_usage_error("%s", "show needs exactly one of --scenario YEAR and --position TEXT");
    if (o->text && o->svg)
        return cli_usage_error("%s", "show prints --text or --svg, not both");
    if (o->side != SIDE_NONE && !o->svg)
        return cli_usage_error("%s", "show --side draws one side's picture: it goes with --svg");
    return 0;
}

/* A side's picture, drawn from its view alone: the world never reaches it. */
static void show_view_svg(const struct world *w, int side)
{
    struct view v;
    view_of(w, side, &v);
    view_svg(&v, rules_actor(w), stdout);
}

static int command_show(int argc, char **argv)
{
    struct show_options o = {.side = SIDE_NONE};
    struct world w;
    int status = parse_show_options(argc, argv, &o);
    if (status || (status = cli_load_world(o.scenario, o.position, &w)))
        return status;
    if (o.svg && o.side != SIDE_NONE)
        show_view_svg(&w, o.side);
    else if (o.svg)
        board_svg(&w, rules_actor(&w), stdout);
    else
        cli_print_world(&w, o.text);
    return 0;
}

enum { LEGAL_SCENARIO, LEGAL_POSITION };
static const struct cli_option LEGAL_OPTIONS[] = {
    [LEGAL_SCENARIO] = {"scenario", CLI_TEXT, "YEAR", 0, 0, "the starting position of scenario 1460, 1470 or 1483",
                        false},
    [LEGAL_POSITION] = {"position", CLI_TEXT, "TEXT", 0, 0,
                        "the position, in the text format of docs/position-format.md", false},
    {0}};

static int command_legal(int argc, char **argv);
static const struct cli_command CLI_LEGAL = {"legal",
                                             "--scenario YEAR | --position TEXT",
                                             "list the legal decisions in a position, one per line",
                                             NULL,
                                             LEGAL_OPTIONS,
                                             NULL,
                                             command_legal};

static bool take_legal(void *context, const struct cli_argument *a)
{
    const char **where = context; /* the scenario, then the position */
    if (!a->option)
        return cli_usage_error("legal: unexpected argument '%s'", a->text), false;
    where[a->option - LEGAL_OPTIONS] = a->text;
    return true;
}

/* r3 legal (--scenario YEAR | --position TEXT): the decisions due, in their text form. */
static int command_legal(int argc, char **argv)
{
    const char *where[2] = {NULL, NULL};
    int status = cli_parse(&CLI_LEGAL, argc, argv, take_legal, where);
    if (status)
        return status;
    if (!where[LEGAL_SCENARIO] == !where[LEGAL_POSITION])
        return cli_usage_error("%s", "legal needs exactly one of --scenario YEAR and --position TEXT");
    struct world w;
    if ((status = cli_load_world(where[LEGAL_SCENARIO], where[LEGAL_POSITION], &w)))
        return status;
    struct decisions legal;
    char line[64];
    rules_legal(&w, &legal);
    for (int i = 0; i < legal.count; i++) {
        decision_text(legal.list[i], line, sizeof line);
        puts(line);
    }
    return 0;
}

static bool playout_scenario(const char *text, int *out)
{
    if (strcmp(text, "all") == 0) {
        *out = PLAYOUT_ALL_SCENARIOS;
        return true;
    }
    *out = cli_scenario(text);
    if (*out < 0) {
        cli_usage_error("unknown scenario '%s' (1460, 1470, 1483 or all)", text);
        return false;
    }
    return true;
}

static bool playout_policy(const char *text, int *out)
{
    for (int p = 0; p < POLICY_COUNT; p++)
        if (strcmp(text, POLICY_NAME[p]) == 0)
            return *out = p, true;
    cli_usage_error("unknown policy '%s' (random or heuristic)", text);
    return false;
}

enum {
    PLAYOUT_SCENARIO,
    PLAYOUT_GAMES,
    PLAYOUT_SEED,
    PLAYOUT_CHECK,
    PLAYOUT_THREADS,
    PLAYOUT_DUMP_AT,
    PLAYOUT_NO_KNOWLEDGE,
    PLAYOUT_HASH_WORLDS,
    PLAYOUT_POLICY,
    PLAYOUT_TRANSCRIPT
};
static const struct cli_option PLAYOUT_OPTIONS[] = {
    [PLAYOUT_SCENARIO] = {"scenario", CLI_TEXT, "1460|1470|1483|all", 0, 0,
                          "the scenario (default all: game g plays the (g mod 3)th)", false},
    [PLAYOUT_GAMES] = {"games", CLI_COUNT, "N", 1, 1000000000, "how many games (default 1000)", false},
    [PLAYOUT_SEED] = {"seed", CLI_SEED, "S", 0, 0, "the seed of every random choice (default 1)", false},
    [PLAYOUT_CHECK] = {"check", CLI_FLAG, NULL, 0, 0, "verify the rule invariants after every decision", false},
    [PLAYOUT_THREADS] = {"threads", CLI_COUNT, "T", 1, 64, "play on T threads (default 1; results do not depend on T)",
                         false},
    [PLAYOUT_DUMP_AT] = {"dump-at", CLI_COUNT, "N", 0, 1000000000,
                         "print each game's position after N decisions instead", false},
    [PLAYOUT_NO_KNOWLEDGE] = {"no-knowledge", CLI_FLAG, NULL, 0, 0,
                              "do not keep each side's knowledge (as search playouts may)", false},
    [PLAYOUT_HASH_WORLDS] = {"hash-worlds", CLI_FLAG, NULL, 0, 0,
                             "the signature also takes in every world of every game, each\n"
                             "side's knowledge included (slower; for checking speed changes)",
                             false},
    [PLAYOUT_POLICY] = {"policy", CLI_TEXT, "random|heuristic", 0, 0,
                        "how the players choose: uniformly (default), or by the search's\n"
                        "heuristic playout policy (search/policy.h)",
                        false},
    [PLAYOUT_TRANSCRIPT] = {"transcript", CLI_SIDE, "york|lancaster", 0, 0,
                            "print instead what a protocol host sends that side's engine:\n"
                            "newgame, every observation, go where it is to decide, query result",
                            false},
    {0}};

static int command_playout(int argc, char **argv);
static const struct cli_command CLI_PLAYOUT = {"playout",
                                               "",
                                               "play uniformly random legal games and print speed and results",
                                               "a run longer than 10 s reports its progress on stderr every 10 s",
                                               PLAYOUT_OPTIONS,
                                               NULL,
                                               command_playout};

static bool take_playout(void *context, const struct cli_argument *a)
{
    struct playout_options *o = context;
    if (!a->option)
        return cli_usage_error("playout: unexpected argument '%s'", a->text), false;
    switch (a->option - PLAYOUT_OPTIONS) {
    case PLAYOUT_SCENARIO: return playout_scenario(a->text, &o->scenario);
    case PLAYOUT_GAMES: o->games = (long)a->number; break;
    case PLAYOUT_SEED: o->seed = (uint64_t)a->number; break;
    case PLAYOUT_CHECK: o->check = true; break;
    case PLAYOUT_THREADS: o->threads = (int)a->number; break;
    case PLAYOUT_DUMP_AT: o->dump_at = (long)a->number; break;
    case PLAYOUT_NO_KNOWLEDGE: o->no_knowledge = true; break;
    case PLAYOUT_HASH_WORLDS: o->hash_worlds = true; break;
    case PLAYOUT_POLICY: return playout_policy(a->text, &o->policy);
    default: o->transcript = (int)a->number; break;
    }
    return true;
}

/* r3 playout: random games; the statistics, or with --dump-at the positions. */
static int command_playout(int argc, char **argv)
{
    struct playout_options o = {
        .scenario = PLAYOUT_ALL_SCENARIOS, .games = 1000, .seed = 1, .threads = 1, .dump_at = -1, .transcript = -1};
    struct playout_stats s;
    int status = cli_parse(&CLI_PLAYOUT, argc, argv, take_playout, &o);
    if (status)
        return status;
    bool printing = o.dump_at >= 0 || o.transcript >= 0;
    playout_run(&o, &s, printing ? stdout : NULL);
    if (!printing)
        playout_report(&o, &s, stdout);
    return (s.violations || s.dead_ends) ? 1 : 0;
}

enum { BENCH_OPTION_WORDS, BENCH_ITERATIONS_OPTION, BENCH_SEED, BENCH_POLICY, BENCH_VALUE };
static const struct cli_option BENCH_OPTIONS[] = {
    [BENCH_OPTION_WORDS] = {"option.NAME=VALUE", CLI_WORDS, NULL, 0, 0,
                            "an engine option of the search, as setoption takes it (option.Prior=0); the defaults "
                            "make the signature",
                            false},
    [BENCH_ITERATIONS_OPTION] = {"iterations", CLI_COUNT, "N", 1, 100000000, "iterations per position (default 10000)",
                                 false},
    [BENCH_SEED] = {"seed", CLI_SEED, "S", 0, 0, "the seed of the searches (default 1)", false},
    [BENCH_POLICY] = {"policy", CLI_TEXT, "random|heuristic", 0, 0,
                      "the playouts' policy (default heuristic, whose nodes are the signature)", false},
    [BENCH_VALUE] =
        {"value", CLI_FILE, "NET", 0, 0,
         "instead: the speed of the learned value NET (a net file, or built-in: r3's own) on 20,000 worlds of random games",
         false},
    {0}};

static int command_bench(int argc, char **argv);
static const struct cli_command CLI_BENCH = {"bench",
                                             "",
                                             "fixed ISMCTS searches on one thread: each position's choice,\n"
                                             "then the time, the iterations, 'Nodes searched' (the signature),\n"
                                             "'Nodes/second' and 'Iterations/second'",
                                             NULL,
                                             BENCH_OPTIONS,
                                             NULL,
                                             command_bench};

struct bench_options {
    long long iterations, seed;
    int policy; /* -1: the options' */
    const char *value;
    struct option_values values; /* the engine's options, as option.NAME=VALUE set them */
    struct strbuf given;
    char given_text[1024];
};

static bool take_bench(void *context, const struct cli_argument *a)
{
    struct bench_options *o = context;
    if (!a->option) {
        if (strncmp(a->text, "option.", 7) != 0)
            return cli_usage_error("bench: unexpected argument '%s' (engine options are option.NAME=VALUE)", a->text),
                   false;
        return cli_engine_option("bench", a->text, &o->values, &o->given);
    }
    switch (a->option - BENCH_OPTIONS) {
    case BENCH_ITERATIONS_OPTION: o->iterations = a->number; break;
    case BENCH_SEED: o->seed = a->number; break;
    case BENCH_VALUE: o->value = a->text; break;
    default: return playout_policy(a->text, &o->policy);
    }
    return true;
}

/* r3 bench [--iterations N] [--seed S] [--policy random|heuristic] [option.NAME=VALUE ...] */
static int command_bench(int argc, char **argv)
{
    struct bench_options o = {.iterations = BENCH_ITERATIONS, .seed = 1, .policy = -1};
    struct player player;
    options_default(&o.values);
    strbuf_init(&o.given, o.given_text, sizeof o.given_text);
    int status = cli_parse(&CLI_BENCH, argc, argv, take_bench, &o);
    if (status)
        return status;
    if (o.value)
        return value_bench_run(o.value, 20000, 10, (uint64_t)o.seed, stdout);
    options_player(&o.values, &player);
    if (o.policy >= 0)
        player.ismcts.playout_policy = o.policy;
    return bench_run((long)o.iterations, (uint64_t)o.seed, &player.ismcts, stdout);
}

static int command_host(int argc, char **argv);
static const struct cli_option HOST_OPTIONS[] = {
    {"restricted", CLI_FLAG, NULL, 0, 0,
     "for a client on the network (r3's web page, docs/web.md): no engine\n"
     "program (cmd=), no file (save data / load data carry the save), file\n"
     "options, Ponder and the cheat player refused, Threads 2, Hash 256,\n"
     "Iterations 100000, searches of 10 s and lines of 30 s (--line-limit)\n"
     "at most, 50 lines a second, a person at one side; idle 600 s (--idle)",
     false},
    {"idle", CLI_COUNT, "S", 0, 86400,
     "close with 'bye idle S' once no line has come for S seconds after an\n"
     "answer (0: never, the default without --restricted)",
     false},
    {"line-limit", CLI_COUNT, "S", 1, 3600,
     "with --restricted: the engine's decisions until the person's turn take\n"
     "S seconds at most together, searches and pace (default 30)",
     false},
    {NULL, 0, NULL, 0, 0, NULL, false},
};

static const struct cli_command CLI_HOST = {"host",
                                            "[--restricted] [--idle S] [--line-limit S]",
                                            "the game master on stdin/stdout for a client that knows no rules:\n"
                                            "it deals, rolls, plays the engine side(s) and tells a human side\n"
                                            "what it may see (docs/host.md)",
                                            NULL,
                                            HOST_OPTIONS,
                                            NULL,
                                            command_host};

struct host_arguments {
    struct host_settings settings;
    const char *word; /* the first word given, which host does not take */
};

static bool take_host_argument(void *context, const struct cli_argument *a)
{
    struct host_arguments *h = context;
    if (a->option && a->option->kind == CLI_FLAG)
        h->settings.restricted = true;
    else if (a->option && strcmp(a->option->name, "idle") == 0)
        h->settings.idle_s = (long)a->number;
    else if (a->option)
        h->settings.line_ms = (long)a->number * 1000;
    else if (!h->word)
        h->word = a->text;
    return true;
}

/* r3 host [--restricted] [--idle S] [--line-limit S]: the game is set up with its 'new' command. */
static int command_host(int argc, char **argv)
{
    struct host_arguments h = {.settings = {.idle_s = -1}};
    int status = cli_parse(&CLI_HOST, argc, argv, take_host_argument, &h);
    if (status)
        return status;
    if (h.word)
        return cli_usage_error("host takes no arguments ('%s'); set the game up with its 'new' command", h.word);
    return host_run(stdin, stdout, &h.settings);
}

static const struct cli_command CLI_HELP; /* defined below, with the table it prints */

/* Every command, in the order the help lists them. */
static const struct cli_command *const COMMANDS[] = {
    &CLI_DATA,           &CLI_SHOW,         &CLI_LEGAL,    &CLI_APPLY,     &CLI_PLAYOUT,     &CLI_OBSERVE,
    &CLI_INFOKEY,        &CLI_SAMPLE,       &CLI_HOST,     &CLI_WEB,       &CLI_PLAY,        &CLI_MATCH,
    &CLI_MATCH_MERGE,    &CLI_RATINGS,      &CLI_REPLAY,   &CLI_BENCH,     &CLI_QUALITY,     &CLI_QUALITY_REFERENCE,
    &CLI_QUALITY_BELIEF, &CLI_QUALITY_CARD, &CLI_SELFPLAY, &CLI_TUNE_EVAL, &CLI_TUNE_POLICY, &CLI_TUNE_VALUE,
    &CLI_TUNE_SPSA,      &CLI_HELP};
static const struct help_table TABLE = {COMMANDS, sizeof COMMANDS / sizeof COMMANDS[0]};

enum { HELP_MAN, HELP_COMPLETION };
static const struct cli_option HELP_OPTIONS[] = {
    [HELP_MAN] = {"man", CLI_FLAG, NULL, 0, 0, "print the manual page, r3(6), as roff (make install installs it)",
                  false},
    [HELP_COMPLETION] = {"bash-completion", CLI_FLAG, NULL, 0, 0,
                         "print the bash completion script (make install installs it)", false},
    {0}};

static int command_help(int argc, char **argv);
static const struct cli_command CLI_HELP = {
    "help", "[COMMAND]", "print the help of every command, or of one", NULL, HELP_OPTIONS, NULL, command_help};

struct help_request {
    bool man, completion;
    char name[64];
};

static bool take_help(void *context, const struct cli_argument *a)
{
    struct help_request *h = context;
    if (a->option) {
        *(a->option - HELP_OPTIONS == HELP_MAN ? &h->man : &h->completion) = true;
        return true;
    }
    size_t used = strlen(h->name);
    snprintf(h->name + used, sizeof h->name - used, "%s%s", used ? " " : "", a->text);
    return true;
}

/* r3 help [COMMAND], r3 help --man, r3 help --bash-completion. */
static int command_help(int argc, char **argv)
{
    struct help_request h = {0};
    int status = cli_parse(&CLI_HELP, argc, argv, take_help, &h);
    if (status)
        return status;
    if (h.man + h.completion + (h.name[0] != 0) > 1)
        return cli_usage_error("%s", "help prints one thing: a COMMAND's help, --man or --bash-completion");
    if (h.man)
        return help_print_man(&TABLE, stdout), 0;
    if (h.completion)
        return help_print_completion(&TABLE, stdout), 0;
    if (h.name[0])
        return help_print_command(&TABLE, h.name, stdout);
    return help_print(&TABLE, stdout), 0;
}

/* The row of the command named at argv[0] (and argv[1] for a tuner); its words in *used. */
static const struct cli_command *command_named(int argc, char **argv, int *used)
{
    for (size_t i = 0; i < TABLE.count; i++) {
        const char *name = TABLE.command[i]->name, *space = strchr(name, ' ');
        if (!space && strcmp(argv[0], name) == 0)
            return *used = 1, TABLE.command[i];
        if (space && argc > 1 && strncmp(argv[0], name, (size_t)(space - name)) == 0 && argv[0][space - name] == '\0' &&
            strcmp(argv[1], space + 1) == 0)
            return *used = 2, TABLE.command[i];
    }
    return NULL;
}

/* Whether the command's arguments ask for its help. */
static bool asks_for_help(int argc, char **argv)
{
    for (int i = 1; i < argc; i++)
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0)
            return true;
    return false;
}

static int run_command(int argc, char **argv)
{
    int used = 0;
    const struct cli_command *c = command_named(argc, argv, &used);
    if (!c && strcmp(argv[0], "tune") == 0)
        return argc < 2 || argv[1][0] == '-'
                   ? cli_usage_error("%s", "tune needs a tuner: eval, policy, value or spsa")
                   : cli_usage_error("unknown tuner '%s' (eval, policy, value or spsa)", argv[1]);
    if (!c)
        return cli_usage_error("unknown command '%s'", argv[0]);
    if (c != &CLI_HELP && asks_for_help(argc, argv))
        return help_print_command(&TABLE, c->name, stdout);
    return c->run(argc - used + 1, argv + used - 1);
}

int main(int argc, char **argv)
{
    static const struct option LONG[] = {
        {"help", no_argument, NULL, 'h'}, {"version", no_argument, NULL, 'V'}, {NULL, 0, NULL, 0}};
    int c;
    opterr = 0;
    while ((c = getopt_long(argc, argv, "+:hV", LONG, NULL)) != -1) {
        if (c == 'h')
            return help_print(&TABLE, stdout), 0;
        if (c == 'V')
            return print_version();
        return cli_option_error(argv, c);
    }
    if (optind == argc && isatty(STDIN_FILENO)) /* a person, not a GUI: say what is waiting */
        fputs("r3: speaking the engine protocol on stdin (docs/protocol.md): type 'r3p' to begin, 'quit' to end;\n"
              "'r3 --help' lists the commands, 'r3 play --scenario 1460 --side york' plays a game.\n",
              stderr);
    if (optind == argc)
        return ai_run(stdin, stdout);
    return run_command(argc - optind, argv + optind);
}
