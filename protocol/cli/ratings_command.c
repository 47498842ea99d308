/*
 * ratings_command.c: see ratings_command.h. Every results.tsv is read whole
 * (tuning/arena/results.h) before anything is printed: a bad line stops
 * the command with its file and line, and no table.
 */
#include "protocol/cli/ratings_command.h"

#include <float.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "engine/core/types.h"
#include "engine/io/number.h"
#include "protocol/cli/cli.h"
#include "tuning/arena/rating.h"
#include "tuning/arena/results.h"

static const struct cli_option RATINGS_OPTIONS[] = {
    {"anchor", CLI_TEXT, "NAME=ELO", 0, 0, "hold this engine at this Elo (default: the first engine read, at 0)",
     false},
    {"RESULTS...", CLI_WORDS, NULL, 0, 0, "folders written by r3 match --out (their results.tsv), or results.tsv files",
     false},
    {0}};

static int command_ratings(int argc, char **argv);
const struct cli_command CLI_RATINGS = {
    "ratings",         "RESULTS...",    "one Elo scale for every engine of many matches (Bradley-Terry, as Ordo)",
    "docs/matches.md", RATINGS_OPTIONS, NULL,
    command_ratings};

struct ratings_reading {
    const char *anchor;
    const char **source;
    int sources;
};

static bool take_ratings(void *context, const struct cli_argument *a)
{
    struct ratings_reading *r = context;
    if (a->option)
        r->anchor = a->text;
    else
        r->source[r->sources++] = a->text;
    return true;
}

/* A folder's results.tsv, or the file itself. */
static void results_path(const char *source, char *path, size_t size)
{
    struct stat s;
    bool folder = stat(source, &s) == 0 && S_ISDIR(s.st_mode);
    snprintf(path, size, folder ? "%s/" RESULTS_TSV : "%s", source);
}

/* One game into the table; false with why. */
static bool take_game(void *context, const struct game_line *line, long number, char *why, size_t size)
{
    struct rating_games *g = context;
    (void)number;
    int york = rating_engine(g, line->york, why, size);
    int lancaster = york < 0 ? -1 : rating_engine(g, line->lancaster, why, size);
    if (york < 0 || lancaster < 0)
        return false;
    if (york == lancaster)
        return snprintf(why, size, "game %ld is '%s' against itself", line->game, line->york), false;
    if (!rating_add(g, york, lancaster,
                    line->winner == SIDE_YORK   ? 1.0
                    : line->winner == SIDE_NONE ? 0.5
                                                : 0.0,
                    line->seed))
        return snprintf(why, size, "no memory for game %ld", line->game), false;
    return true;
}

static bool read_results(struct rating_games *g, const char *source)
{
    char path[4096], why[4500];
    results_path(source, path, sizeof path);
    if (results_read(path, take_game, g, why, sizeof why))
        return true;
    fprintf(stderr, "r3: ratings: %s\n", why);
    return false;
}

/* --anchor NAME=ELO: the engine and its Elo, or -1 after the usage error. */
static int anchor_of(const struct rating_games *g, const char *text, double *elo)
{
    *elo = 0;
    if (!text)
        return 0;
    const char *eq = strrchr(text, '=');
    if (!eq || !number_decimal(eq + 1, -DBL_MAX, DBL_MAX, elo))
        return cli_usage_error("ratings: --anchor takes NAME=ELO, such as greedy=0, not '%s'", text), -1;
    for (int i = 0; i < g->engines; i++)
        if (strlen(g->name[i]) == (size_t)(eq - text) && strncmp(g->name[i], text, (size_t)(eq - text)) == 0)
            return i;
    char name[RATING_NAME_MAX + 1];
    snprintf(name, sizeof name, "%.*s", (int)(eq - text), text);
    return cli_usage_error("ratings: --anchor names no engine of the results: '%s'", name), -1;
}

/* The engines by Elo, highest first (an insertion sort: at most 64). */
static void rank(const struct rating_fit *fit, int count, int *order)
{
    for (int i = 0; i < count; i++) {
        int j = i;
        for (; j > 0 && fit->elo[order[j - 1]] < fit->elo[i]; j--)
            order[j] = order[j - 1];
        order[j] = i;
    }
}

static void print_table(const struct rating_games *g, const struct rating_fit *fit, int anchor, double anchor_elo)
{
    int order[RATING_MAX_ENGINES];
    double games = 0;
    for (int i = 0; i < g->engines; i++)
        games += fit->games[i] / 2;
    rank(fit, g->engines, order);
    printf("Ratings of %d engines from %.0f games (Bradley-Terry, maximum likelihood; %s held at %g; +/- from game "
           "pairs):\n",
           g->engines, games, g->name[anchor], anchor_elo);
    printf("%4s  %-30s %8s %7s %7s %7s\n", "rank", "engine", "Elo", "+/-", "games", "score");
    for (int k = 0; k < g->engines; k++) {
        int i = order[k];
        printf("%4d  %-30s %+8.1f %7.1f %7.0f %6.1f%%\n", k + 1, g->name[i], fit->elo[i], fit->margin[i], fit->games[i],
               100 * fit->points[i] / fit->games[i]);
    }
}

/* The games of every source rated and the table printed: the exit status. */
static int rate(struct rating_games *g, const struct ratings_reading *r)
{
    struct rating_fit fit;
    char why[400];
    double anchor_elo;
    for (int i = 0; i < r->sources; i++)
        if (!read_results(g, r->source[i]))
            return 1;
    if (g->engines < 2) {
        fprintf(stderr, "r3: ratings: the results hold %d engine%s; a rating needs two\n", g->engines,
                g->engines == 1 ? "" : "s");
        return 1;
    }
    int anchor = anchor_of(g, r->anchor, &anchor_elo);
    if (anchor < 0)
        return 2;
    if (!rating_fit(g, anchor, anchor_elo, &fit, why, sizeof why)) {
        fprintf(stderr, "r3: ratings: %s\n", why);
        return 1;
    }
    print_table(g, &fit, anchor, anchor_elo);
    return 0;
}

static int command_ratings(int argc, char **argv)
{
    struct rating_games g = {0};
    const char *source[argc > 0 ? argc : 1];
    struct ratings_reading r = {.source = source};
    int status = cli_parse(&CLI_RATINGS, argc, argv, take_ratings, &r);
    if (status)
        return status;
    if (!r.sources)
        return cli_usage_error("%s", "ratings needs RESULTS: folders written by r3 match --out, or results.tsv files");
    status = rate(&g, &r);
    rating_free(&g);
    return status;
}
