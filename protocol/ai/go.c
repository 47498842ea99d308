/*
 * go.c: see go.h. Every line goes out through say(), whole and flushed: the
 * search thread writes these while the command loop may be answering.
 */
#include "protocol/ai/go.h"

#include <stdlib.h>
#include <string.h>

#include "engine/core/fail.h"
#include "engine/io/number.h"
#include "engine/rules/notation.h"
#include "protocol/ai/say.h"

/* ---- go's words ---- */

static long *limit_slot(struct limits *l, const char *word)
{
    static const char *const NAME[] = {"movetime", "nodes", "movestogo", "wtime", "btime", "winc", "binc"};
    long *slot[] = {&l->movetime,
                    &l->nodes,
                    &l->movestogo,
                    &l->clock[SIDE_YORK],
                    &l->clock[SIDE_LANCASTER],
                    &l->increment[SIDE_YORK],
                    &l->increment[SIDE_LANCASTER]};
    for (size_t i = 0; i < sizeof NAME / sizeof NAME[0]; i++)
        if (strcmp(word, NAME[i]) == 0)
            return slot[i];
    return NULL;
}

bool go_limits(const char *args, struct limits *out, char *why, size_t size)
{
    struct limits l = {.clock = {-1, -1}};
    char word[64], number[64];
    int used, more;
    for (const char *p = args; sscanf(p, "%63s%n", word, &used) == 1; p += used) {
        if (strcmp(word, "infinite") == 0) {
            l.infinite = true;
            continue;
        }
        long *slot = limit_slot(&l, word);
        if (!slot)
            return fail(why, size,
                        "'%s' is no limit of go (movetime, nodes, wtime, btime, winc, binc, "
                        "movestogo, infinite)",
                        word);
        long long value;
        if (sscanf(p + used, "%63s%n", number, &more) != 1 || !number_whole(number, 0, LIMITS_MAX, &value))
            return fail(why, size, "%s needs a whole number from 0 to %ld, not '%s'", word, LIMITS_MAX,
                        sscanf(p + used, "%63s", number) == 1 ? number : "nothing");
        *slot = (long)value;
        if (*slot == 0 && (slot == &l.movetime || slot == &l.nodes || slot == &l.movestogo))
            return fail(why, size, "%s 0 would search nothing: it needs at least 1", word);
        used += more;
    }
    *out = l;
    return true;
}

/* ---- the search's lines ---- */

/* A principal variation as text: its decisions joined by " | ". */
static void pv_text(const decision *pv, int length, char *text, size_t size)
{
    size_t n = 0;
    text[0] = '\0';
    for (int i = 0; i < length && n < size; i++) {
        char one[64];
        decision_text(pv[i], one, sizeof one);
        n += (size_t)snprintf(text + n, size - n, "%s%s", i ? " | " : "", one);
    }
}

/* A tree player's report: one line, or one per root decision with MultiPV. */
static void tree_lines(void *context, const struct driver_progress *p, double nps)
{
    char pv[DRIVER_PV_MAX * 64], multipv[32] = "";
    for (int k = 0; k < p->lines; k++) {
        pv_text(p->pv[k], p->pv_length[k], pv, sizeof pv);
        if (p->lines > 1)
            snprintf(multipv, sizeof multipv, "multipv %d ", k + 1);
        say(context,
            "info %stime %ld nodes %ld nps %.0f iterations %ld tree %u hashfull %d winrate %.3f visits %ld pv %s",
            multipv, p->elapsed_us / 1000, p->nodes, nps, p->iterations, p->tree_nodes, p->hashfull, p->line[k].value,
            p->line[k].visits, pv);
    }
}

/* MixedCard's strategy, after the final report: "info string strategy play 12 0.620 play 8 0.380". */
static void strategy_line(void *context, const struct card_strategy *s)
{
    char text[CARD_COUNT * 24] = "", card[64];
    size_t n = 0;
    for (int i = 0; i < s->count && n < sizeof text; i++) {
        decision_text(s->card[i], card, sizeof card);
        n += (size_t)snprintf(text + n, sizeof text - n, " %s %.3f", card, s->share[i]);
    }
    say(context, "info string strategy%s", text);
}

static void info_line(void *context, const struct driver_progress *p)
{
    char pv[64];
    long us = p->elapsed_us;
    double nps = (double)p->nodes * 1e6 / (double)(us > 0 ? us : 1);
    if (p->trees) {
        tree_lines(context, p, nps);
        if (p->mixed)
            strategy_line(context, &p->strategy);
        return;
    }
    decision_text(p->best, pv, sizeof pv);
    say(context, "info time %ld nodes %ld nps %.0f worlds %d score eval %.3f pv %s", us / 1000, p->nodes, nps,
        p->worlds, p->value, pv);
}

/* A switch with no default, so that -Wswitch names a note left without its line. */
static void info_string(void *context, enum driver_note note, long count)
{
    switch (note) {
    case DRIVER_ONLY_ONE: say(context, "info string only one legal decision"); break;
    case DRIVER_RANDOM: say(context, "info string random choice among %ld legal decisions", count); break;
    case DRIVER_REUSED: say(context, "info string tree reused: %ld nodes kept", count); break;
    case DRIVER_NO_MEMORY: say(context, "info string no memory for the trees: the first legal decision"); break;
    }
}

static void bestmove_line(void *context, decision best)
{
    char text[64];
    decision_text(best, text, sizeof text);
    say(context, "bestmove %s", text);
}

struct driver_callbacks go_lines(FILE *out)
{
    return (struct driver_callbacks){
        .progress = info_line, .note = info_string, .bestmove = bestmove_line, .context = out};
}
