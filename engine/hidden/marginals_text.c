/*
 * marginals_text.c: see marginals_text.h. The three forms list the same
 * items in the same order, so a client may read whichever suits it; only
 * the marginals are read, never a world, so the text can tell no more than
 * the counts do.
 */
#include "engine/hidden/marginals_text.h"

#include <stdio.h>

#include "engine/core/tables.h"
#include "engine/io/strbuf.h"

#define MAX_RANKED (BLOCK_COUNT > CARD_COUNT + 1 ? BLOCK_COUNT : CARD_COUNT + 1)

/* The indexes of chance[0..n) that are not 0, into order[], the highest
 * first and equal chances by index; their number. */
static int ranked(const float *chance, int n, int *order)
{
    int count = 0;
    for (int i = 0; i < n; i++) {
        if (chance[i] <= 0)
            continue;
        int at = count++;
        for (; at > 0 && chance[order[at - 1]] < chance[i]; at--)
            order[at] = order[at - 1];
        order[at] = i;
    }
    return count;
}

static char side_letter(int side) { return side == SIDE_YORK ? 'Y' : 'L'; }

/* A chance as a person reads it: a whole percentage, "<1%" for one that
 * would round to nothing yet did happen. */
static void add_percent(struct strbuf *sb, float chance)
{
    int percent = (int)(chance * 100 + 0.5f);
    if (percent == 0)
        strbuf_add(sb, "<1%%");
    else
        strbuf_add(sb, "%d%%", percent);
}

/* ---- the engine protocol's lines ---- */

static void line_cards(struct strbuf *sb, const char *what, const float *chance)
{
    int order[MAX_RANKED];
    strbuf_add(sb, "%s", what);
    for (int i = 0, n = ranked(chance, CARD_COUNT + 1, order); i < n; i++)
        strbuf_add(sb, " card %d %.3f", order[i], chance[order[i]]);
    strbuf_add(sb, "\n");
}

bool marginals_lines(const struct marginals *m, char *text, size_t size)
{
    struct strbuf sb;
    int order[MAX_RANKED];
    char area[32];
    strbuf_init(&sb, text, size);
    for (int p = 0; p < m->pieces; p++) {
        const struct piece_marginal *piece = &m->piece[p];
        area_word(piece->area, area, sizeof area);
        strbuf_add(&sb, "piece %c?%d area %s", side_letter(1 - m->side), piece->label, area);
        for (int i = 0, n = ranked(piece->block, BLOCK_COUNT, order); i < n; i++)
            strbuf_add(&sb, " block %s %.3f", BLOCK_INFO[order[i]].id, piece->block[order[i]]);
        strbuf_add(&sb, " strength");
        for (int s = 1; s <= 4; s++)
            if (piece->steps[s] > 0)
                strbuf_add(&sb, " %d %.3f", s, piece->steps[s]);
        strbuf_add(&sb, "\n");
    }
    line_cards(&sb, "hand", m->hand);
    if (m->card_down)
        line_cards(&sb, "played", m->played);
    return !strbuf_overflowed(&sb);
}

/* ---- in words ---- */

static void print_cards(struct strbuf *sb, const char *what, const float *chance)
{
    int order[MAX_RANKED];
    int n = ranked(chance, CARD_COUNT + 1, order);
    strbuf_add(sb, "%s:%s", what, n ? "" : " none");
    for (int i = 0; i < n; i++) {
        int c = order[i];
        strbuf_add(sb, "%s %d", i ? "," : "", c);
        if (CARD_INFO[c].event != EVENT_NONE)
            strbuf_add(sb, " %s", CARD_INFO[c].name);
        strbuf_add(sb, " ");
        add_percent(sb, chance[c]);
    }
    strbuf_add(sb, "\n");
}

bool marginals_print(const struct marginals *m, char *text, size_t size)
{
    struct strbuf sb;
    int order[MAX_RANKED], enemy = 1 - m->side;
    strbuf_init(&sb, text, size);
    strbuf_add(&sb, "What %s may infer of %s's hidden blocks and cards, over %d worlds drawn from its view:\n",
               SIDE_NAME[m->side], SIDE_NAME[enemy], m->draws);
    if (!m->pieces)
        strbuf_add(&sb, "No face-down %s pieces.\n", SIDE_NAME[enemy]);
    for (int p = 0; p < m->pieces; p++) {
        const struct piece_marginal *piece = &m->piece[p];
        strbuf_add(&sb, "  %c?%d in %s:", side_letter(enemy), piece->label, AREA_INFO[piece->area].name);
        for (int i = 0, n = ranked(piece->block, BLOCK_COUNT, order); i < n; i++) {
            strbuf_add(&sb, "%s %s ", i ? "," : "", BLOCK_INFO[order[i]].id);
            add_percent(&sb, piece->block[order[i]]);
        }
        strbuf_add(&sb, "; strength");
        for (int s = 1, any = 0; s <= 4; s++)
            if (piece->steps[s] > 0) {
                strbuf_add(&sb, "%s %d ", any++ ? "," : "", s);
                add_percent(&sb, piece->steps[s]);
            }
        strbuf_add(&sb, "\n");
    }
    char what[64];
    float held = 0; /* the chances of the cards held add up to their number, which the side sees */
    for (int c = 1; c <= CARD_COUNT; c++)
        held += m->hand[c];
    int cards = (int)(held + 0.5f);
    snprintf(what, sizeof what, "%s's hand, %d card%s", SIDE_NAME[enemy], cards, cards == 1 ? "" : "s");
    print_cards(&sb, what, m->hand);
    snprintf(what, sizeof what, "%s's card played face down", SIDE_NAME[enemy]);
    if (m->card_down)
        print_cards(&sb, what, m->played);
    return !strbuf_overflowed(&sb);
}

/* ---- as JSON ---- */

static void json_cards(struct strbuf *sb, const float *chance)
{
    int order[MAX_RANKED];
    strbuf_add(sb, "[");
    for (int i = 0, n = ranked(chance, CARD_COUNT + 1, order); i < n; i++)
        strbuf_add(sb, "%s{\"card\":%d,\"chance\":%.3f}", i ? "," : "", order[i], chance[order[i]]);
    strbuf_add(sb, "]");
}

static void json_piece(struct strbuf *sb, const struct marginals *m, const struct piece_marginal *piece)
{
    int order[MAX_RANKED];
    strbuf_add(sb, "{\"piece\":\"%c?%d\",\"area\":\"%s\",\"blocks\":[", side_letter(1 - m->side), piece->label,
               AREA_INFO[piece->area].name);
    for (int i = 0, n = ranked(piece->block, BLOCK_COUNT, order); i < n; i++)
        strbuf_add(sb, "%s{\"block\":\"%s\",\"chance\":%.3f}", i ? "," : "", BLOCK_INFO[order[i]].id,
                   piece->block[order[i]]);
    strbuf_add(sb, "],\"strength\":[%.3f,%.3f,%.3f,%.3f]}", piece->steps[1], piece->steps[2], piece->steps[3],
               piece->steps[4]);
}

bool marginals_json(const struct marginals *m, char *text, size_t size)
{
    struct strbuf sb;
    strbuf_init(&sb, text, size);
    strbuf_add(&sb, "{\"side\":\"%s\",\"draws\":%d,\"pieces\":[", SIDE_WORD[m->side], m->draws);
    for (int p = 0; p < m->pieces; p++) {
        strbuf_add(&sb, "%s", p ? "," : "");
        json_piece(&sb, m, &m->piece[p]);
    }
    strbuf_add(&sb, "],\"hand\":");
    json_cards(&sb, m->hand);
    strbuf_add(&sb, ",\"played\":");
    if (m->card_down)
        json_cards(&sb, m->played);
    else
        strbuf_add(&sb, "null");
    strbuf_add(&sb, "}");
    return !strbuf_overflowed(&sb);
}
