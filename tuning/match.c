/*
 * match.c: see match.h. Game g of the match plays seed + g / 2: engine 0 has
 * York in even games and Lancaster in odd ones, so each pair of games sees
 * the same cards and dice from both chairs.
 */
/* gnulib (for getopt) puts its own system headers first on the include path;
 * they need its config.h before anything else. */
#include <config.h>

#include "match.h"

#include <math.h>
#include <string.h>
#include <sys/stat.h>

#include "../engine/scenario.h"
#include "../engine/tables.h"

struct tally {
    long wins[2], draws;         /* by engine */
    long side_wins[2][SIDE_COUNT]; /* [engine][side it won with] */
    long forfeits[2], by_rules, by_bound;
};

static FILE *open_record(const struct match_options *o, long game, int scenario, uint64_t seed, int york)
{
    char path[512];
    if (!o->out_dir)
        return NULL;
    mkdir(o->out_dir, 0777);
    snprintf(path, sizeof path, "%s/game-%05ld.r3g", o->out_dir, game + 1);
    FILE *f = fopen(path, "w");
    if (f)
        fprintf(f, "# r3 game record\nscenario %d\nseed %llu\nyork %s\nlancaster %s\n", SCENARIO_INFO[scenario].year,
                (unsigned long long)seed, o->engine[york].name, o->engine[1 - york].name);
    return f;
}

static void count(struct tally *t, const struct game_result_record *r, int york)
{
    if (r->winner == SIDE_NONE) {
        t->draws++;
        t->by_bound++;
        return;
    }
    int winner = r->winner == SIDE_YORK ? york : 1 - york;
    t->wins[winner]++;
    t->side_wins[winner][r->winner]++;
    if (r->end == END_FORFEIT)
        t->forfeits[1 - winner]++;
    else
        t->by_rules++;
}

/* Elo difference for a score fraction. */
static double elo_of(double score)
{
    return -400.0 * log10(1.0 / score - 1.0);
}

/* Elo of engine 0 over engine 1 with its 95% interval (the normal
 * approximation over per-game scores), and the likelihood of superiority. */
static void report_elo(const struct tally *t, FILE *out)
{
    double n = (double)(t->wins[0] + t->wins[1] + t->draws);
    double w = (double)t->wins[0], l = (double)t->wins[1], d = (double)t->draws;
    double score = (w + d / 2) / n;
    double variance = (w * pow(1 - score, 2) + l * pow(score, 2) + d * pow(0.5 - score, 2)) / n;
    double margin = 1.96 * sqrt(variance / n);
    double los = w + l > 0 ? 0.5 * (1 + erf((w - l) / sqrt(2 * (w + l)))) : 0.5;
    if (score <= 0 || score >= 1)
        fprintf(out, "Elo difference: %s (every game went one way), LOS: %.1f %%\n", score >= 1 ? "+inf" : "-inf",
                100 * los);
    else
        fprintf(out, "Elo difference: %.1f +/- %.1f, LOS: %.1f %%\n", elo_of(score),
                (elo_of(fmin(score + margin, 0.999)) - elo_of(fmax(score - margin, 0.001))) / 2, 100 * los);
}

static void report(const struct match_options *o, const struct tally *t, FILE *out)
{
    const char *a = o->engine[0].name, *b = o->engine[1].name;
    for (int e = 0; e < 2; e++)
        fprintf(out, "%s: %ld wins (%ld as York, %ld as Lancaster), %ld losses, %ld forfeits\n", o->engine[e].name,
                t->wins[e], t->side_wins[e][SIDE_YORK], t->side_wins[e][SIDE_LANCASTER], t->wins[1 - e],
                t->forfeits[e]);
    fprintf(out, "Ended: %ld by the rules, %ld by forfeit, %ld at the decision bound (draws)\n", t->by_rules,
            t->forfeits[0] + t->forfeits[1], t->by_bound);
    report_elo(t, out);
    fprintf(out, "Score of %s vs %s: %ld - %ld - %ld\n", a, b, t->wins[0], t->wins[1], t->draws);
}

int match_run(const struct match_options *o, FILE *out)
{
    struct engine_process engine[2] = {{.pid = -1}, {.pid = -1}};
    struct tally t;
    char why[200];
    memset(&t, 0, sizeof t);
    for (int e = 0; e < 2; e++)
        if (!engine_start(&engine[e], &o->engine[e], why, sizeof why)) {
            fprintf(stderr, "r3: match: %s\n", why);
            engine_stop(&engine[0]);
            engine_stop(&engine[1]);
            return 1;
        }
    for (long g = 0; g < o->games; g++) {
        long pair = g / 2;
        int york = (int)(g % 2), scenario = o->scenario == MATCH_ALL_SCENARIOS ? (int)(pair % SCENARIO_COUNT) : o->scenario;
        uint64_t seed = o->seed + (uint64_t)pair;
        struct game_result_record r;
        FILE *record = open_record(o, g, scenario, seed, york);
        referee_play(&engine[york], &engine[1 - york], scenario, seed, o->movetime, &r, record);
        count(&t, &r, york);
        if (record) {
            fprintf(record, "# result %s%s%s\n", r.winner < SIDE_COUNT ? SIDE_NAME[r.winner] : "none",
                    r.end == END_FORFEIT ? " by forfeit: " : "", r.end == END_FORFEIT ? r.reason : "");
            fclose(record);
        }
        fprintf(out, "Finished game %ld (%s vs %s, %d, seed %llu): %s%s%s\n", g + 1, o->engine[york].name,
                o->engine[1 - york].name, SCENARIO_INFO[scenario].year, (unsigned long long)seed,
                r.winner < SIDE_COUNT ? r.winner == SIDE_YORK ? "York wins" : "Lancaster wins" : "draw at the bound",
                r.end == END_FORFEIT ? " by forfeit: " : "", r.end == END_FORFEIT ? r.reason : "");
        fprintf(out, "Score of %s vs %s: %ld - %ld - %ld [%ld/%ld]\n", o->engine[0].name, o->engine[1].name, t.wins[0],
                t.wins[1], t.draws, g + 1, o->games);
        fflush(out);
    }
    report(o, &t, out);
    engine_stop(&engine[0]);
    engine_stop(&engine[1]);
    return 0;
}
