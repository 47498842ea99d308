/*
 * pgn.c: see pgn.h. The movetext is written while the record is replayed
 * (games/record.h), so only decisions that stand get into it.
 */
/* gnulib (for getopt) puts its own system headers first on the include path;
 * they need its config.h before anything else. */
#include <config.h>

#include "games/pgn.h"

#include <string.h>
#include <time.h>
#include <unistd.h>

#include "engine/hidden/observe.h"
#include "engine/rules/game.h"
#include "engine/rules/notation.h"
#include "engine/rules/rules.h"
#include "games/record.h"

#define LINE_WIDTH 79 /* PGN's export format keeps lines under 80 characters */

/* The text with tabs and line breaks made spaces, quotes and backslashes escaped. */
static void put_escaped(FILE *out, const char *text)
{
    for (const char *c = text; *c; c++) {
        if (*c == '\t' || *c == '\n' || *c == '\r')
            fputc(' ', out);
        else if (*c == '"' || *c == '\\')
            fprintf(out, "\\%c", *c);
        else
            fputc(*c, out);
    }
}

static void tag(FILE *out, const char *name, const char *value)
{
    fprintf(out, "[%s \"", name);
    put_escaped(out, value);
    fputs("\"]\n", out);
}

/* ---- movetext ---- */

struct movetext {
    FILE *out;
    size_t column;
    int campaign, turn;
    unsigned hidden_from; /* pgn_game's */
};

static void put_word(struct movetext *m, const char *word)
{
    size_t n = strlen(word);
    if (m->column && m->column + 1 + n > LINE_WIDTH) {
        fputc('\n', m->out);
        m->column = 0;
    } else if (m->column) {
        fputc(' ', m->out);
        m->column++;
    }
    fputs(word, m->out);
    m->column += n;
}

/* Decision d at w as text: whole, or as the side of 'hidden_from' that saw
 * least of it saw it (its observation of the transition's opening). */
static void seen_text(const struct world *w, decision d, unsigned hidden_from, char *text, size_t size)
{
    struct world after;
    struct observations seen;
    decision_text(d, text, size);
    if (!hidden_from)
        return;
    world_copy(&after, w);
    rules_apply(&after, d);
    for (int side = 0; side < SIDE_COUNT; side++) {
        if (!(hidden_from >> side & 1))
            continue;
        observe(w, d, &after, side, &seen);
        const struct observation *opening = &seen.list[0];
        if (seen.count > 0 && observation_opens_transition(opening) &&
            !(opening->kind == OBS_DECISION && opening->value == d)) {
            observation_text(opening, text, size);
            return;
        }
    }
}

/* Each turn on a line of its own, headed by its number; each decision a
 * comment, its side's initial first. */
static bool put_decision(void *context, const struct world *w, decision d, long played)
{
    static const char INITIAL[SIDE_COUNT] = {'Y', 'L'};
    struct movetext *m = context;
    char text[64], word[96];
    (void)played;
    if (w->campaign != m->campaign || w->turn != m->turn) {
        if (m->column)
            fputc('\n', m->out);
        m->column = 0;
        m->campaign = w->campaign;
        m->turn = w->turn;
        snprintf(word, sizeof word, "{campaign %d turn %d}", w->campaign, w->turn);
        put_word(m, word);
    }
    int actor = rules_actor(w);
    seen_text(w, d, m->hidden_from, text, sizeof text);
    if (actor < SIDE_COUNT)
        snprintf(word, sizeof word, "{%c %s}", INITIAL[actor], text);
    else
        snprintf(word, sizeof word, "{%s}", text);
    put_word(m, word);
    return true;
}

static void put_decisions(FILE *out, FILE *record, unsigned hidden_from)
{
    struct movetext m = {.out = out, .hidden_from = hidden_from};
    const struct game_hooks hooks = {.decided = put_decision, .context = &m};
    char why[300];
    if (!replay_record(record, NULL, &hooks, why, sizeof why)) {
        if (m.column)
            fputc('\n', out);
        m.column = 0;
        put_word(&m, "{the record does not replay:");
        put_escaped(out, why); /* one long comment line is still PGN */
        fputc('}', out);
    }
    if (m.column)
        fputc('\n', out);
}

/* ---- a game ---- */

void pgn_write(FILE *out, const struct pgn_game *g, FILE *record)
{
    char date[16] = "????.??.??", site[256] = "?", round[24] = "-", variant[32], seed[24];
    time_t now = time(NULL);
    struct tm local;
    if (localtime_r(&now, &local))
        strftime(date, sizeof date, "%Y.%m.%d", &local);
    if (gethostname(site, sizeof site - 1) != 0)
        strcpy(site, "?");
    if (g->round > 0)
        snprintf(round, sizeof round, "%ld", g->round);
    snprintf(variant, sizeof variant, "Richard III %d", g->year);
    snprintf(seed, sizeof seed, g->hidden_from ? "?" : "%llu", (unsigned long long)g->seed);
    const char *result = !g->over                      ? "*"
                         : g->winner == SIDE_YORK      ? "1-0"
                         : g->winner == SIDE_LANCASTER ? "0-1"
                                                       : "1/2-1/2";
    tag(out, "Event", g->event);
    tag(out, "Site", site);
    tag(out, "Date", date);
    tag(out, "Round", round);
    tag(out, "White", g->york);
    tag(out, "Black", g->lancaster);
    tag(out, "Result", result);
    tag(out, "Variant", variant);
    tag(out, "Seed", seed);
    tag(out, "Termination", g->termination);
    if (g->resumed)
        tag(out, "Resumed", g->resumed);
    fputc('\n', out);
    if (record)
        put_decisions(out, record, g->hidden_from);
    fprintf(out, "%s\n\n", result);
}
