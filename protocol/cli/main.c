/*
 * main.c: the r3 command line. Subcommands in the git style, options through
 * getopt_long. With no subcommand r3 will speak the engine protocol on stdin
 * and stdout, the way a chess engine starts in UCI mode.
 *
 * Exit status: 0 success, 1 bad input data (a position that does not parse),
 * 2 bad usage (unknown subcommand or option, missing argument).
 */
#include <errno.h>
#include <getopt.h>
#ifndef R3_NO_JEMALLOC /* the ThreadSanitizer build: TSan's allocator, since jemalloc's fork handlers overflow its lock tracking */
#include <jemalloc/jemalloc.h>
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <xxhash.h>

#include "engine/hidden/view_svg.h"
#include "engine/rules/notation.h"
#include "engine/rules/rules.h"
#include "engine/text/board_svg.h"
#include "engine/text/scenario.h"
#include "engine/text/tsv.h"
#include "protocol/cli/apply_command.h"
#include "protocol/cli/cli.h"
#include "protocol/cli/hidden_commands.h"
#include "protocol/cli/match_command.h"
#include "protocol/cli/play_command.h"
#include "protocol/cli/selfplay_command.h"
#include "protocol/cli/tune_command.h"
#include "protocol/engine/engine.h"
#include "protocol/engine/version.h"
#include "protocol/host/host.h"
#include "search/ismcts.h"
#include "search/policy.h"
#include "tuning/bench/bench.h"
#include "tuning/bench/playout.h"

static const char HELP[] =
    "r3 " R3_VERSION ": an AI opponent and game-tree search engine for Columbia Games' Richard III.\n"
    "\n"
    "usage: r3 [--help] [--version] [COMMAND [OPTIONS]]\n"
    "\n"
    "With no command, r3 speaks the engine protocol on stdin/stdout (docs/protocol.md).\n"
    "Its option Player picks who plays: ismcts (the default: information-set MCTS), or a\n"
    "baseline to measure it by: random, greedy, flatmc (flat Monte Carlo), pimc (determinized\n"
    "UCT), cheat. cheat READS THE TRUE WORLD (the host must send it with 'truth'): it exists\n"
    "only to measure what hidden information costs, and is never a default.\n"
    "\n"
    "Commands:\n"
    "  data TABLE                 print a game table as TSV: areas, borders, blocks, cards, scenarios, scenario_info\n"
    "  show                       print a position as a readable board\n"
    "  legal --position TEXT      list the legal decisions in a position, one per line\n"
    "  apply DECISION...          apply decisions to a position and print the position they lead to\n"
    "  playout                    play uniformly random legal games and print speed and results\n"
    "  observe                    print what one side knows of a position\n"
    "  infokey                    print one side's information-set key (hex)\n"
    "  sample                     print worlds drawn from what one side knows, one position per line\n"
    "  host                       the game master on stdin/stdout for a client that knows no rules:\n"
    "                             it deals, rolls, plays the engine side(s) and tells a human side\n"
    "                             what it may see (docs/host.md)\n"
    "  play                       play against r3 in the terminal: --scenario YEAR --side york|lancaster\n"
    "                             [--seed S] [option NAME=VALUE ...] (numbers choose; u undo, h hint,\n"
    "                             s FILE save, q quit)\n"
    "  match                      play two protocol engines against each other under the referee\n"
    "  match-merge DIR...         one report over the results of r3 match --out runs (shards)\n"
    "  replay [--print [--side S]] FILE...  verify game records of r3 match --out; --print shows\n"
    "                             the game as side S (york) saw it, the events as sentences\n"
    "  bench                      fixed ISMCTS searches on one thread: each position's choice,\n"
    "                             then the time, the iterations, 'Nodes searched' (the signature),\n"
    "                             'Nodes/second' and 'Iterations/second'\n"
    "  selfplay                   play the engine against itself and write labelled positions for the tuners\n"
    "  tune eval                  fit the evaluation's weights to labelled positions of self-play\n"
    "  tune policy                fit the playout policy's weights to the search's visits in self-play\n"
    "  tune spsa                  tune engine options and weights by matches (SPSA, as fishtest does)\n"
    "\n"
    "Options of show:\n"
    "  --scenario YEAR            the starting position of scenario 1460, 1470 or 1483\n"
    "  --position TEXT            a position in the text format of docs/position-format.md\n"
    "  --text                     print the position text (one line) instead of the board\n"
    "  --svg                      draw the board as an SVG picture (a map, the blocks on it)\n"
    "  --side york|lancaster      with --svg: what that side knows, as r3 observe; hidden blocks face-down\n"
    "\n"
    "Options of apply:\n"
    "  --scenario YEAR | --position TEXT   the position to start from\n"
    "  --board                    print the readable board instead of the position text\n"
    "  DECISION...                each one argument in r3 legal's form, such as 'deal 3' or 'fire Y:March',\n"
    "                             applied in order; an illegal one exits 1 naming it, printing no position\n"
    "\n"
    "Options of playout (a run longer than 10 s reports its progress on stderr every 10 s):\n"
    "  --scenario 1460|1470|1483|all  the scenario (default all: game g plays the (g mod 3)th)\n"
    "  --games N                  how many games (default 1000)\n"
    "  --seed S                   the seed of every random choice (default 1)\n"
    "  --check                    verify the rule invariants after every decision\n"
    "  --threads T                play on T threads (default 1; results do not depend on T)\n"
    "  --dump-at N                print each game's position after N decisions instead\n"
    "  --no-knowledge             do not keep each side's knowledge (as search playouts may)\n"
    "  --hash-worlds              the signature also takes in every world of every game, each\n"
    "                             side's knowledge included (slower; for checking speed changes)\n"
    "  --policy random|heuristic  how the players choose: uniformly (default), or by the search's\n"
    "                             heuristic playout policy (search/policy.h)\n"
    "  --transcript york|lancaster  print instead what a protocol host sends that side's engine:\n"
    "                             newgame, every observation, go where it is to decide, query result\n"
    "\n"
    "Options of observe, infokey and sample:\n"
    "  --position TEXT | --scenario YEAR   the true world (the referee's position)\n"
    "  --side york|lancaster      whose knowledge\n"
    "  --count N                  sample: how many worlds (default 1)\n"
    "  --seed S                   sample: the seed of the draws (default 1)\n"
    "  --speed                    sample: draw N worlds without printing them and report samples/s\n"
    "\n"
    "Options of match:\n"
    "  --engine cmd=PATH [name=NAME] [option.NAME=VALUE ...]   an engine; give exactly two\n"
    "  --games N                  games (default 2), in pairs on one seed with the sides swapped\n"
    "  --concurrency C            play C games at once, 1 to 64 (default 1; game g is the same game whatever C)\n"
    "  --scenario 1460|1470|1483|all  (default all: pair p plays the (p mod 3)th)\n"
    "  --seed K                   the first pair's seed (default 1); pair p plays K + p\n"
    "  --tc movetime=MS|nodes=N|none  the limit sent with each go (default none: a bare go,\n"
    "                             and each engine searches its own budget, option Iterations)\n"
    "  --timeout MS               under nodes or none, an engine that has not answered a go\n"
    "                             within MS + 2000 ms has hung (default 10000)\n"
    "  --sprt ELO0 ELO1 ALPHA BETA  stop once the SPRT decides; --games is then the most\n"
    "  --shard I/N                play only pairs p with p mod N = I - 1 (merge with match-merge)\n"
    "  --out DIR                  write there a record per game, results.tsv and games.pgn\n"
    "  (docs/matches.md has the details; match-merge takes [--sprt ELO0 ELO1 ALPHA BETA] DIR...)\n"
    "\n"
    "Options of selfplay (docs/selfplay.md; progress on stderr every 10 s):\n"
    "  option.NAME=VALUE          an engine option for both sides, as setoption takes it (option.Iterations=200)\n"
    "  --games N                  games in the whole run; game g is seeded from (K, g) alone\n"
    "  --scenario 1460|1470|1483|all  (all: game g plays the (g mod 3)th)\n"
    "  --seed K                   the run's seed\n"
    "  --out FILE                 the positions, one a line (FILE.tmp until done; FILE.gz through gzip)\n"
    "  --concurrency C            play C games at once, 1 to 64 (default 1; the file is the same whatever C)\n"
    "  --shard I/N                play only the Ith of N blocks of games, 0 <= I < N (files concatenate)\n"
    "  --sample-every K           keep one position in K on average (default 1: every one)\n"
    "  --record-visits            add the search's visits of every legal decision at the root\n"
    "\n"
    "Options of bench:\n"
    "  --iterations N             iterations per position (default 10000)\n"
    "  --seed S                   the seed of the searches (default 1)\n"
    "  --policy random|heuristic  the playouts' policy (default heuristic, whose nodes are the signature)\n"
    "\n"
    "Options of tune eval (docs/tuning.md; it ends with 'validation loss: START -> FITTED'):\n"
    "  --data FILE...             labelled positions, one a line: game ply scenario side result winrate position\n"
    "  --out WEIGHTS              write the fitted weights there (a weights file, as EvalFile reads)\n"
    "  --weights START            start from these weights, keeping the file's comments (default: built-in)\n"
    "  --lambda L                 target (1-L) result + L winrate, L from 0 to 1 (default 0)\n"
    "  --l2 R                     pull toward the start weights, R per squared unit (default 1e-05)\n"
    "  --validation F             the fraction of games kept out of the fit to measure it (default 0.1)\n"
    "  --seed K                   the seed of the split by game (default 1)\n"
    "  --iterations N             the most evaluations of the loss (default 1000)\n"
    "  --fix NAME[,NAME...]       hold these weights at their start values (marked 'fixed' in the table)\n"
    "  --plot DIR                 write loss.svg and calibration-1460/1470/1483.svg there\n"
    "  --threads T                read the data on T threads (default: the cores)\n"
    "  --bench [--positions N]    time reading and fitting N made-up positions (default 1000000)\n"
    "  --synthetic GAMES          print labelled positions of GAMES random games (every 5th decision), their\n"
    "                             results drawn from known weights, each a game of its own; --seed K\n"
    "\n"
    "Options of tune policy (docs/tuning.md; it ends with 'validation loss: START -> FITTED'):\n"
    "  --data FILE...             self-play positions with their visits (r3 selfplay --record-visits)\n"
    "  --out POLICY               write the fitted weights there (a policy file, as PolicyFile reads)\n"
    "  --weights START            start from this policy file, keeping its comments (default: built-in)\n"
    "  --l2 R                     pull toward the start weights, R per squared unit (default 1e-05)\n"
    "  --validation F             the fraction of games kept out of the fit to measure it (default 0.1)\n"
    "  --seed K                   the seed of the split by game (default 1)\n"
    "  --iterations N             the most evaluations of the loss (default 1000)\n"
    "  --fix NAME[,NAME...]       hold these weights at their start values (marked 'fixed' in the table)\n"
    "  --plot DIR                 write loss.svg there\n"
    "  --threads T                read the data on T threads (default: the cores)\n"
    "  --synthetic GAMES          print positions of GAMES random games (every 5th choice) with 100 visits\n"
    "                             drawn from known weights; --seed K\n"
    "\n"
    "Options of tune spsa (docs/tuning.md):\n"
    "  --engine cmd=PATH [name=NAME] [option.NAME=VALUE ...]  the engine tuned, with its fixed options\n"
    "  --param NAME=START,MIN,MAX,C_END,R_END  a spin option, eval.WEIGHT or policy.WEIGHT (one each)\n"
    "  --iterations N             iterations; each perturbs every parameter at once\n"
    "  --pairs-per-iteration P    game pairs each iteration plays, sides swapped (default 1)\n"
    "  --out DIR                  params.tsv, results.tsv, the games, plots, tuned.txt\n"
    "  --resume                   go on with the run in DIR, from its last whole iteration\n"
    "  --tc, --timeout, --scenario, --seed, --concurrency  as for match\n"
    "\n"
    "Global options:\n"
    "  -h, --help                 print this help and exit\n"
    "  -V, --version              print the version and the libraries in use, and exit\n";

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

static int command_data(int argc, char **argv)
{
    if (argc != 2)
        return cli_usage_error(
            "%s", argc < 2 ? "data needs a TABLE: areas, borders, blocks, cards, scenarios or scenario_info"
                           : "data takes one TABLE");
    if (!tsv_print_table(argv[1], stdout))
        return cli_usage_error("unknown table '%s' (areas, borders, blocks, cards, scenarios, scenario_info)", argv[1]);
    return 0;
}

/* r3 show (--scenario YEAR | --position TEXT) [--text] */
/* r3 show's options: the world, and how to print it. */
struct show_options {
    const char *scenario, *position;
    bool text, svg;
    int side; /* --side: the picture one side sees; SIDE_NONE for the truth */
};

static int parse_show_options(int argc, char **argv, struct show_options *o)
{
    static const struct option LONG[] = {
        {"scenario", required_argument, NULL, 's'}, {"position", required_argument, NULL, 'p'},
        {"text", no_argument, NULL, 't'},           {"svg", no_argument, NULL, 'g'},
        {"side", required_argument, NULL, 'S'},     {NULL, 0, NULL, 0}};
    int c;
    optind = 0;
    while ((c = getopt_long(argc, argv, ":", LONG, NULL)) != -1) {
        if (c == 's')
            o->scenario = optarg;
        else if (c == 'p')
            o->position = optarg;
        else if (c == 't' || c == 'g')
            *(c == 't' ? &o->text : &o->svg) = true;
        else if (c == 'S') {
            if ((o->side = cli_side(optarg)) < 0)
                return 2;
        } else
            return cli_option_error(argv, c);
    }
    if (optind < argc)
        return cli_usage_error("show: unexpected argument '%s'", argv[optind]);
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
    static struct view v;
    view_of(w, side, &v);
    view_svg(&v, stdout);
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
        board_svg(&w, stdout);
    else
        cli_print_world(&w, o.text);
    return 0;
}

/* r3 legal --position TEXT: the decisions due, in their text form. */
static int command_legal(int argc, char **argv)
{
    static const struct option LONG[] = {{"position", required_argument, NULL, 'p'}, {NULL, 0, NULL, 0}};
    const char *text = NULL;
    int c;
    optind = 0;
    while ((c = getopt_long(argc, argv, ":", LONG, NULL)) != -1) {
        if (c != 'p')
            return cli_option_error(argv, c);
        text = optarg;
    }
    if (optind < argc)
        return cli_usage_error("legal: unexpected argument '%s'", argv[optind]);
    if (!text)
        return cli_usage_error("%s", "legal needs --position TEXT");
    struct world w;
    int status = cli_load_world(NULL, text, &w);
    if (status)
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
    char *end;
    long year = strtol(text, &end, 10);
    *out = *end || end == text ? -1 : scenario_from_year((int)year);
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

static int parse_playout_options(int argc, char **argv, struct playout_options *o)
{
    static const struct option LONG[] = {{"scenario", required_argument, NULL, 's'},
                                         {"games", required_argument, NULL, 'g'},
                                         {"seed", required_argument, NULL, 'r'},
                                         {"check", no_argument, NULL, 'c'},
                                         {"threads", required_argument, NULL, 't'},
                                         {"dump-at", required_argument, NULL, 'd'},
                                         {"no-knowledge", no_argument, NULL, 'k'},
                                         {"transcript", required_argument, NULL, 'T'},
                                         {"policy", required_argument, NULL, 'p'},
                                         {"hash-worlds", no_argument, NULL, 'w'},
                                         {NULL, 0, NULL, 0}};
    long long n;
    int c;
    optind = 0;
    while ((c = getopt_long(argc, argv, ":", LONG, NULL)) != -1) {
        bool ok = true;
        switch (c) {
        case 's': ok = playout_scenario(optarg, &o->scenario); break;
        case 'g':
            ok = cli_option_number("--games", optarg, 1, 1000000000LL, &n);
            o->games = (long)n;
            break;
        case 'r':
            ok = cli_option_number("--seed", optarg, 0, 9223372036854775807LL, &n);
            o->seed = (uint64_t)n;
            break;
        case 'c': o->check = true; break;
        case 'k': o->no_knowledge = true; break;
        case 'w': o->hash_worlds = true; break;
        case 'p': ok = playout_policy(optarg, &o->policy); break;
        case 'T':
            o->transcript = cli_side(optarg);
            ok = o->transcript >= 0;
            break;
        case 't':
            ok = cli_option_number("--threads", optarg, 1, 64, &n);
            o->threads = (int)n;
            break;
        case 'd':
            ok = cli_option_number("--dump-at", optarg, 0, 1000000000LL, &n);
            o->dump_at = (long)n;
            break;
        default: return cli_option_error(argv, c);
        }
        if (!ok)
            return 2;
    }
    if (optind < argc)
        return cli_usage_error("playout: unexpected argument '%s'", argv[optind]);
    return 0;
}

/* r3 playout: random games; the statistics, or with --dump-at the positions. */
static int command_playout(int argc, char **argv)
{
    struct playout_options o = {
        .scenario = PLAYOUT_ALL_SCENARIOS, .games = 1000, .seed = 1, .threads = 1, .dump_at = -1, .transcript = -1};
    struct playout_stats s;
    int status = parse_playout_options(argc, argv, &o);
    if (status)
        return status;
    bool printing = o.dump_at >= 0 || o.transcript >= 0;
    playout_run(&o, &s, printing ? stdout : NULL);
    if (!printing)
        playout_report(&o, &s, stdout);
    return (s.violations || s.dead_ends) ? 1 : 0;
}

/* r3 bench [--iterations N] [--seed S] [--policy random|heuristic] */
static int command_bench(int argc, char **argv)
{
    static const struct option LONG[] = {{"iterations", required_argument, NULL, 'i'},
                                         {"seed", required_argument, NULL, 's'},
                                         {"policy", required_argument, NULL, 'p'},
                                         {NULL, 0, NULL, 0}};
    long long iterations = BENCH_ITERATIONS, seed = 1;
    int policy = ISMCTS_DEFAULT.playout_policy;
    int c;
    opterr = 0;
    optind = 1;
    while ((c = getopt_long(argc, argv, ":", LONG, NULL)) != -1) {
        if (c == 'i' && !cli_option_number("--iterations", optarg, 1, 100000000, &iterations))
            return 2;
        if (c == 's' && !cli_option_number("--seed", optarg, 0, 9223372036854775807LL, &seed))
            return 2;
        if (c == 'p' && !playout_policy(optarg, &policy))
            return 2;
        if (c != 'i' && c != 's' && c != 'p')
            return cli_option_error(argv, c);
    }
    if (optind < argc)
        return cli_usage_error("bench takes no argument '%s'", argv[optind]);
    return bench_run((long)iterations, (uint64_t)seed, policy, stdout);
}

/* r3 host: takes no options; the game is set up with its 'new' command. */
static int command_host(int argc, char **argv)
{
    if (argc > 1)
        return cli_usage_error("host takes no arguments ('%s'); set the game up with its 'new' command", argv[1]);
    return host_run(stdin, stdout);
}

/* Every command, by the word that names it. */
static const struct {
    const char *name;
    int (*run)(int argc, char **argv);
} COMMAND[] = {
    {"data", command_data},         {"show", command_show},       {"legal", command_legal},
    {"apply", command_apply},       {"playout", command_playout}, {"sample", command_sample},
    {"infokey", command_infokey},   {"observe", command_observe}, {"match", command_match},
    {"replay", command_replay},     {"bench", command_bench},     {"match-merge", command_match_merge},
    {"selfplay", command_selfplay}, {"tune", command_tune},       {"host", command_host},
    {"play", command_play},
};

/* Whether LINE (up to its newline) names WORD as a whole word. */
static bool line_names(const char *line, const char *word)
{
    size_t n = strlen(word);
    const char *end = strchr(line, '\n');
    for (const char *at = strstr(line, word); at && at < end; at = strstr(at + 1, word)) {
        bool starts = at == line || at[-1] == ' ';
        bool ends = at[n] == ' ' || at[n] == ',' || at[n] == ':' || at[n] == '\n';
        if (starts && ends)
            return true;
    }
    return false;
}

/* r3 COMMAND --help: the command's lines of the list of commands, then the
 * 'Options of' sections that name it, each with the lines indented under it.
 * NAME is the command, or 'tune eval' and its like. */
static int print_command_help(const char *name)
{
    bool in_commands = false, in_section = false, found = false;
    for (const char *line = HELP; *line; line = strchr(line, '\n') + 1) {
        bool indented = line[0] == ' ';
        if (line[0] == '\n') {
            in_commands = in_section = false;
            continue;
        }
        if (!indented) {
            in_commands = strncmp(line, "Commands:", 9) == 0;
            in_section = strncmp(line, "Options of ", 11) == 0 && line_names(line + 11, name);
        }
        bool command_line = in_commands && strncmp(line + 2, name, strlen(name)) == 0 &&
                            (line[2 + strlen(name)] == ' ' || line[2 + strlen(name)] == '\n');
        bool continued = in_commands && found && strncmp(line, "     ", 5) == 0;
        if (command_line || continued || in_section) {
            if (in_section && !indented && found)
                putchar('\n');
            fwrite(line, 1, (size_t)(strchr(line, '\n') + 1 - line), stdout);
            found = true;
        } else if (in_commands && found) {
            in_commands = false;
        }
    }
    fputs("\nEvery command and option: r3 --help.\n", stdout);
    return 0;
}

/* Whether the command's arguments ask for its help. */
static bool asks_for_help(int argc, char **argv)
{
    for (int i = 1; i < argc; i++)
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0)
            return true;
    return false;
}

/* r3 COMMAND --help, or r3 tune TUNER --help. */
static int command_help(int argc, char **argv)
{
    char name[64];
    bool tuner = strcmp(argv[0], "tune") == 0 && argc > 1 && argv[1][0] != '-';
    snprintf(name, sizeof name, "%s%s%s", argv[0], tuner ? " " : "", tuner ? argv[1] : "");
    return print_command_help(name);
}

int main(int argc, char **argv)
{
    static const struct option LONG[] = {
        {"help", no_argument, NULL, 'h'}, {"version", no_argument, NULL, 'V'}, {NULL, 0, NULL, 0}};
    int c;
    opterr = 0;
    while ((c = getopt_long(argc, argv, "+:hV", LONG, NULL)) != -1) {
        if (c == 'h') {
            fputs(HELP, stdout);
            return 0;
        }
        if (c == 'V')
            return print_version();
        return cli_option_error(argv, c);
    }
    if (optind == argc)
        return engine_run(stdin, stdout);
    const char *command = argv[optind];
    for (size_t i = 0; i < sizeof COMMAND / sizeof COMMAND[0]; i++)
        if (strcmp(command, COMMAND[i].name) == 0)
            return asks_for_help(argc - optind, argv + optind) ? command_help(argc - optind, argv + optind)
                                                               : COMMAND[i].run(argc - optind, argv + optind);
    return cli_usage_error("unknown command '%s'", command);
}
