/*
 * tally.c: see tally.h.
 */
#include "tuning/arena/tally.h"

#include "engine/core/types.h"
#include "games/referee.h"

void tally_game(struct tally *t, int winner, int end, int york_engine)
{
    t->ends[end]++;
    if (winner == SIDE_NONE) {
        t->draws++;
        return;
    }
    int engine = winner == SIDE_YORK ? york_engine : 1 - york_engine;
    t->wins[engine]++;
    t->side_wins[engine][winner]++;
    if (end_is_forfeit(end))
        t->forfeits[1 - engine]++;
}

int tally_half_points(int winner, int york_engine)
{
    if (winner == SIDE_NONE)
        return 1;
    int engine = winner == SIDE_YORK ? york_engine : 1 - york_engine;
    return engine == 0 ? 2 : 0;
}

void tally_pair(struct tally *t, int half_points) { t->pairs[half_points]++; }

double tally_llr(const struct tally *t, const struct sprt *s) { return sprt_llr(s, t->pairs); }

static long pair_count(const struct tally *t)
{
    long n = 0;
    for (int k = 0; k < PAIR_SCORES; k++)
        n += t->pairs[k];
    return n;
}

/* The Elo difference from the game pairs (pentanomial), as fastchess gives
 * it, once two pairs are complete; from single games before. */
static void report_elo(const struct tally *t, FILE *out)
{
    long pairs = pair_count(t);
    struct elo_estimate e =
        pairs >= 2 ? stats_elo_pairs(t->pairs) : stats_elo_estimate(t->wins[0], t->wins[1], t->draws);
    double los = 100 * stats_los(t->wins[0], t->wins[1]);
    if (e.infinite)
        fprintf(out, "Elo difference: %s (every game went one way), LOS: %.1f %%\n", e.infinite > 0 ? "+inf" : "-inf",
                los);
    else if (pairs >= 2)
        fprintf(out, "Elo difference: %.1f +/- %.1f (from %ld game pairs), LOS: %.1f %%\n", e.elo, e.margin, pairs,
                los);
    else
        fprintf(out, "Elo difference: %.1f +/- %.1f, LOS: %.1f %%\n", e.elo, e.margin, los);
    if (pairs > 0)
        fprintf(out, "Ptnml(0-2): [%ld, %ld, %ld, %ld, %ld]\n", t->pairs[0], t->pairs[1], t->pairs[2], t->pairs[3],
                t->pairs[4]);
}

/* In cutechess-cli's words: "SPRT: llr 2.96 (100.6%), lbound -2.94, ubound 2.94 - H1 was accepted". */
static void report_sprt(const struct tally *t, const struct sprt *s, FILE *out)
{
    double llr = tally_llr(t, s), lower = sprt_lower_bound(s), upper = sprt_upper_bound(s);
    enum sprt_verdict v = sprt_verdict(s, llr);
    fprintf(out, "SPRT: llr %.2f (%.1f%%), lbound %.2f, ubound %.2f - %s\n", llr,
            100 * llr / (llr < 0 ? -lower : upper), lower, upper,
            v == SPRT_H1   ? "H1 was accepted"
            : v == SPRT_H0 ? "H0 was accepted"
                           : "no decision");
}

void tally_report(const struct tally *t, const char *const names[2], const struct sprt *s, FILE *out)
{
    for (int e = 0; e < 2; e++)
        fprintf(out, "%s: %ld wins (%ld as York, %ld as Lancaster), %ld losses, %ld forfeits\n", names[e], t->wins[e],
                t->side_wins[e][SIDE_YORK], t->side_wins[e][SIDE_LANCASTER], t->wins[1 - e], t->forfeits[e]);
    const long *e = t->ends;
    fprintf(out,
            "Ended: %ld by heirs, %ld by usurpation, %ld at the end of the last campaign; forfeits: %ld illegal, "
            "%ld crash, %ld hang, %ld garbage, %ld on time; %ld at the decision bound (draws)\n",
            e[END_HEIRS], e[END_USURPATION], e[END_LAST_CAMPAIGN], e[END_ILLEGAL], e[END_CRASH], e[END_HANG],
            e[END_GARBAGE], e[END_TIME], e[END_BOUND]);
    if (t->wins[0] + t->wins[1] + t->draws > 0)
        report_elo(t, out);
    if (s)
        report_sprt(t, s, out);
    fprintf(out, "Score of %s vs %s: %ld - %ld - %ld\n", names[0], names[1], t->wins[0], t->wins[1], t->draws);
}
