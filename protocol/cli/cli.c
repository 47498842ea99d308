/*
 * cli.c: see cli.h.
 */
#include "protocol/cli/cli.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/core/scenario.h"
#include "engine/core/tables.h"
#include "engine/io/number.h"
#include "engine/io/strbuf.h"
#include "engine/rules/audit.h"
#include "engine/text/board.h"
#include "engine/text/position.h"
#include "protocol/ai/options.h"

int cli_usage_error(const char *fmt, const char *what)
{
    fputs("r3: ", stderr);
    fprintf(stderr, fmt, what);
    fputs("\nTry 'r3 --help' for more information.\n", stderr);
    return 2;
}

int cli_option_error(char **argv, int c)
{
    const char *typed = argv[optind - 1];
    if (c == ':')
        return cli_usage_error("option '%s' needs an argument", typed);
    return cli_usage_error("unknown option '%s'", typed);
}

bool cli_option_number(const char *name, const char *text, long long min, long long max, long long *out)
{
    if (!number_whole(text, min, max, out)) {
        fprintf(stderr,
                "r3: %s needs a whole number from %lld to %lld, not '%s'\nTry 'r3 --help' for more information.\n",
                name, min, max, text);
        return false;
    }
    return true;
}

int cli_scenario(const char *text)
{
    long long year;
    return number_whole(text, 0, 9999, &year) ? scenario_from_year((int)year) : -1;
}

int cli_load_world(const char *scenario, const char *position, struct world *w)
{
    if (scenario) {
        int s = cli_scenario(scenario);
        if (s < 0)
            return cli_usage_error("unknown scenario '%s' (1460, 1470 or 1483)", scenario);
        scenario_setup(w, s);
        return 0;
    }
    char error[256];
    if (!audit_position_parse(position, w, error, sizeof error)) {
        fprintf(stderr, "r3: bad position: %s\n", error);
        return 1;
    }
    return 0;
}

void cli_print_world(const struct world *w, bool text)
{
    if (text) {
        char line[POSITION_TEXT_MAX];
        position_print(w, line, sizeof line);
        puts(line);
    } else {
        board_print(w, stdout);
        printf("Hash: %016llx\n", (unsigned long long)world_hash(w));
    }
}

int cli_side(const char *text)
{
    int side = side_by_word(text);
    if (side >= 0)
        return side;
    cli_usage_error("unknown side '%s' (york or lancaster)", text);
    return -1;
}

bool cli_shard(const char *command, const char *text, long *shard, long *shards)
{
    int used = 0;
    if (sscanf(text, "%ld/%ld%n", shard, shards, &used) != 2 || text[used] || *shard < 0 || *shard >= *shards ||
        *shards > 1000000 || strspn(text, "0123456789/") != strlen(text)) {
        fprintf(stderr, "r3: %s: --shard takes I/N with 0 <= I < N <= 1000000, not '%s'\n", command, text);
        fputs("Try 'r3 --help' for more information.\n", stderr);
        return false;
    }
    return true;
}

bool cli_engine_option(const char *command, const char *word, struct option_values *values, struct strbuf *given)
{
    char why[600], name[200];
    const char *eq = strchr(word, '=');
    if (strncmp(word, "option.", 7) != 0 || !eq || (size_t)(eq - word - 7) >= sizeof name) {
        fprintf(stderr, "r3: %s: '%s' is not option.NAME=VALUE\nTry 'r3 --help' for more information.\n", command,
                word);
        return false;
    }
    snprintf(name, sizeof name, "%.*s", (int)(eq - word - 7), word + 7);
    if (!options_set(values, name, eq + 1, why, sizeof why)) {
        fprintf(stderr, "r3: %s: %s\nTry 'r3 --help' for more information.\n", command, why);
        return false;
    }
    strbuf_add(given, " %s", word);
    return true;
}
