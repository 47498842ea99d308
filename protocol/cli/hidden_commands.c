/*
 * hidden_commands.c: see hidden_commands.h. Each command reads a world and a
 * side, and prints what that side knows, its key, or worlds drawn from it.
 */
#include "protocol/cli/hidden_commands.h"

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

enum { HIDDEN_POSITION, HIDDEN_SCENARIO, HIDDEN_SIDE, HIDDEN_COUNT, HIDDEN_SEED, HIDDEN_SPEED };
static const struct cli_option HIDDEN_OPTIONS[] = {
    [HIDDEN_POSITION] = {"position", CLI_TEXT, "TEXT", 0, 0, "the true world (the referee's position)", false},
    [HIDDEN_SCENARIO] = {"scenario", CLI_TEXT, "YEAR", 0, 0, "or a scenario's starting position", false},
    [HIDDEN_SIDE] = {"side", CLI_SIDE, "york|lancaster", 0, 0, "whose knowledge", false},
    [HIDDEN_COUNT] = {"count", CLI_COUNT, "N", 1, 1000000000, "sample: how many worlds (default 1)", false},
    [HIDDEN_SEED] = {"seed", CLI_SEED, "S", 0, 0, "sample: the seed of the draws (default 1)", false},
    [HIDDEN_SPEED] = {"speed", CLI_FLAG, NULL, 0, 0, "sample: draw N worlds without printing them and report samples/s",
                      false},
    {0}};

static int command_observe(int argc, char **argv);
static int command_infokey(int argc, char **argv);
static int command_sample(int argc, char **argv);
const struct cli_command CLI_OBSERVE = {
    "observe", "", "print what one side knows of a position", NULL, HIDDEN_OPTIONS, NULL, command_observe};
const struct cli_command CLI_INFOKEY = {
    "infokey", "", "print one side's information-set key (hex)", NULL, HIDDEN_OPTIONS, NULL, command_infokey};
const struct cli_command CLI_SAMPLE = {
    "sample",      "", "print worlds drawn from what one side knows, one position per line", NULL, HIDDEN_OPTIONS, NULL,
    command_sample};

static bool take_hidden(void *context, const struct cli_argument *a)
{
    struct hidden_options *o = context;
    if (!a->option)
        return cli_usage_error("unexpected argument '%s'", a->text), false;
    int which = (int)(a->option - HIDDEN_OPTIONS);
    if (which >= HIDDEN_COUNT && strcmp(o->command, "sample") != 0)
        return cli_usage_error("unknown option '--%s'", a->option->name), false; /* sample's own */
    switch (which) {
    case HIDDEN_POSITION: o->position = a->text; break;
    case HIDDEN_SCENARIO: o->scenario = a->text; break;
    case HIDDEN_SIDE: o->side = (int)a->number; break;
    case HIDDEN_COUNT: o->count = a->number; break;
    case HIDDEN_SEED: o->seed = a->number; break;
    default: o->speed = true; break;
    }
    return true;
}

static int parse_hidden_options(int argc, char **argv, struct hidden_options *o)
{
    int status = cli_parse(strcmp(o->command, "sample") == 0 ? &CLI_SAMPLE : &CLI_OBSERVE, argc, argv, take_hidden, o);
    if (status)
        return status;
    if (!o->scenario == !o->position)
        return cli_usage_error("%s needs exactly one of --position TEXT and --scenario YEAR", o->command);
    if (o->side < 0)
        return cli_usage_error("%s needs --side york|lancaster", o->command);
    return 0;
}

static int load(int argc, char **argv, struct hidden_options *o, struct world *w)
{
    int status = parse_hidden_options(argc, argv, o);
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

static int command_sample(int argc, char **argv)
{
    struct hidden_options o = {.command = "sample", .side = -1, .count = 1, .seed = 1};
    struct world w, out;
    int status = load(argc, argv, &o, &w);
    if (status)
        return status;
    uint64_t rng = (uint64_t)o.seed;
    struct view v;
    struct sampler s;
    view_of(&w, o.side, &v);
    if (!sampler_init(&s, &v, &rng)) {
        fputs("r3: sample: no world fits this side's knowledge (the position's knowledge is broken)\n", stderr);
        return 1;
    }
    if (o.speed) {
        report_speed(&s, o.count, &rng);
        return 0;
    }
    char text[POSITION_TEXT_MAX];
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
    int status = load(argc, argv, &o, &w);
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
    struct view v;
    char text[POSITION_TEXT_MAX];
    view_of(w, side, &v);
    view_print(&v, text, sizeof text);
    fputs(text, stdout);
}

static int command_infokey(int argc, char **argv) { return show_for_side(argc, argv, "infokey", print_infokey); }

static int command_observe(int argc, char **argv) { return show_for_side(argc, argv, "observe", print_view); }
