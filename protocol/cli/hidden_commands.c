/*
 * hidden_commands.c: see hidden_commands.h. Each command reads a world and a
 * side, and prints what that side knows, its key, or worlds drawn from it.
 */
#include "protocol/cli/hidden_commands.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "engine/core/clock.h"
#include "engine/hidden/sample.h"
#include "engine/text/position.h"
#include "protocol/cli/cli.h"

struct hidden_options {
    const char *command;
    const char *scenario, *position;
    int side;
    long long count, seed;
    bool speed;
};

static bool parse_side_option(const char *text, int *side)
{
    *side = cli_side(text);
    return *side >= 0;
}

static int parse_hidden_options(int argc, char **argv, struct hidden_options *o, bool sampling)
{
    static const struct option LONG[] = {{"scenario", required_argument, NULL, 'S'},
                                         {"position", required_argument, NULL, 'p'},
                                         {"side", required_argument, NULL, 's'},
                                         {"count", required_argument, NULL, 'n'},
                                         {"seed", required_argument, NULL, 'r'},
                                         {"speed", no_argument, NULL, 'b'},
                                         {NULL, 0, NULL, 0}};
    static const struct option VIEW_ONLY[] = {{"scenario", required_argument, NULL, 'S'},
                                              {"position", required_argument, NULL, 'p'},
                                              {"side", required_argument, NULL, 's'},
                                              {NULL, 0, NULL, 0}};
    int c;
    optind = 0;
    while ((c = getopt_long(argc, argv, ":", sampling ? LONG : VIEW_ONLY, NULL)) != -1) {
        bool ok = true;
        if (c == 'S')
            o->scenario = optarg;
        else if (c == 'p')
            o->position = optarg;
        else if (c == 's')
            ok = parse_side_option(optarg, &o->side);
        else if (c == 'n')
            ok = cli_option_number("--count", optarg, 1, 1000000000LL, &o->count);
        else if (c == 'r')
            ok = cli_option_number("--seed", optarg, 0, 9223372036854775807LL, &o->seed);
        else if (c == 'b')
            o->speed = true;
        else
            return cli_option_error(argv, c);
        if (!ok)
            return 2;
    }
    if (optind < argc)
        return cli_usage_error("unexpected argument '%s'", argv[optind]);
    if (!o->scenario == !o->position)
        return cli_usage_error("%s needs exactly one of --position TEXT and --scenario YEAR", o->command);
    if (o->side < 0)
        return cli_usage_error("%s needs --side york|lancaster", o->command);
    return 0;
}

static int load(int argc, char **argv, struct hidden_options *o, bool sampling, struct world *w)
{
    int status = parse_hidden_options(argc, argv, o, sampling);
    return status ? status : cli_load_world(o->scenario, o->position, w);
}

/* r3 sample --speed: draws without printing, and says how fast. */
static void report_speed(struct sampler *s, long long count, uint64_t *rng)
{
    struct world out;
    uint64_t checksum = 0;
    double start = clock_seconds();
    for (long long i = 0; i < count; i++) {
        sampler_draw(s, rng, &out);
        checksum ^= world_hash(&out);
    }
    double elapsed = clock_seconds() - start;
    printf("samples:      %lld\nseconds:      %.3f\nsamples/s:    %.0f\nchecksum:     %016llx\n", count, elapsed,
           (double)count / elapsed, (unsigned long long)checksum);
}

int command_sample(int argc, char **argv)
{
    struct hidden_options o = {.command = "sample", .side = -1, .count = 1, .seed = 1};
    struct world w, out;
    int status = load(argc, argv, &o, true, &w);
    if (status)
        return status;
    uint64_t rng = (uint64_t)o.seed;
    struct view v;
    static struct sampler s;
    view_of(&w, o.side, &v);
    if (!sampler_init(&s, &v, &rng)) {
        fputs("r3: sample: no world fits this side's knowledge (the position's knowledge is broken)\n", stderr);
        return 1;
    }
    if (o.speed) {
        report_speed(&s, o.count, &rng);
        return 0;
    }
    static char text[POSITION_TEXT_MAX];
    for (long long i = 0; i < o.count; i++) {
        sampler_draw(&s, &rng, &out);
        position_print(&out, text, sizeof text);
        puts(text);
    }
    return 0;
}

/* r3 infokey and r3 observe: loads the world, then has 'show' print what the side makes of it. */
static int show_for_side(int argc, char **argv, const char *command, void (*show)(const struct world *w, int side))
{
    struct hidden_options o = {.command = command, .side = -1};
    struct world w;
    int status = load(argc, argv, &o, false, &w);
    if (!status)
        show(&w, o.side);
    return status;
}

static void print_infokey(const struct world *w, int side)
{
    printf("%016llx\n", (unsigned long long)infokey(w, side));
}

static void print_view(const struct world *w, int side)
{
    static struct view v;
    static char text[POSITION_TEXT_MAX];
    view_of(w, side, &v);
    view_print(&v, text, sizeof text);
    fputs(text, stdout);
}

int command_infokey(int argc, char **argv) { return show_for_side(argc, argv, "infokey", print_infokey); }

int command_observe(int argc, char **argv) { return show_for_side(argc, argv, "observe", print_view); }
