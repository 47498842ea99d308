/*
 * board.c: writes the readable board of r3 show. The truth is shown whole:
 * this is the referee's view, not a player's.
 */
#include "engine/text/board.h"

#include "engine/core/tables.h"

static void print_block(const struct world *w, int b, FILE *out)
{
    fprintf(out, "%s %d/%d", BLOCK_INFO[b].id, world_steps(w, b), BLOCK_INFO[b].steps);
    const char *sep = " (";
    for (int i = 0; i < BLOCK_FLAG_COUNT; i++)
        if (world_has_flag(w, b, i)) {
            fprintf(out, "%s%s", sep, BLOCK_FLAG_NAME[i]);
            sep = ", ";
        }
    if (*sep == ',')
        fputc(')', out);
}

static void print_set(const struct world *w, blockset set, FILE *out)
{
    if (!set) {
        fputs("-", out);
        return;
    }
    const char *sep = "";
    for (int b = 0; b < BLOCK_COUNT; b++)
        if (set & block_bit(b)) {
            fputs(sep, out);
            print_block(w, b, out);
            sep = ", ";
        }
}

/* The map symbols of an area, as a short note: "exile of York", "London", "crown", "port". */
static void print_area_note(int a, FILE *out)
{
    const struct area_info *info = &AREA_INFO[a];
    char note[96] = "";
    int n = 0;
    if (info->kind == AREA_EXILE)
        n += snprintf(note + n, sizeof note - (size_t)n, ", exile of %s", SIDE_NAME[info->exile_of]);
    else if (info->kind != AREA_ENGLAND)
        n += snprintf(note + n, sizeof note - (size_t)n, ", %s", info->kind == AREA_WALES ? "Wales" : "island");
    if (info->city)
        n += snprintf(note + n, sizeof note - (size_t)n, ", %s", info->city);
    if (info->cathedral)
        n += snprintf(note + n, sizeof note - (size_t)n, ", cathedral");
    if (info->crown)
        n += snprintf(note + n, sizeof note - (size_t)n, ", crown");
    if (info->major_port)
        snprintf(note + n, sizeof note - (size_t)n, ", port");
    fprintf(out, "  %-13s %-30s ", info->name, *note ? note + 2 : "");
}

static void print_side_split(const struct world *w, const char *title, blockset set, FILE *out)
{
    fprintf(out, "%s\n", title);
    for (int s = 0; s < SIDE_COUNT; s++) {
        fprintf(out, "  %-10s ", SIDE_NAME[s]);
        print_set(w, set & w->side_blocks[s], out);
        fputc('\n', out);
    }
    blockset rest = set & ~(w->side_blocks[0] | w->side_blocks[1]);
    if (rest) {
        fprintf(out, "  %-10s ", "no side");
        print_set(w, rest, out);
        fputc('\n', out);
    }
}

static void print_cards(uint32_t cards, FILE *out)
{
    if (!cards)
        fputs("-", out);
    const char *sep = "";
    for (int c = 1; c <= CARD_COUNT; c++)
        if (cards >> c & 1) {
            const struct card_info *k = &CARD_INFO[c];
            if (k->event != EVENT_NONE)
                fprintf(out, "%s%d (%s, AP%d)", sep, c, k->name, k->ap);
            else
                fprintf(out, "%s%d (AP%d)", sep, c, k->ap);
            sep = ", ";
        }
}

static void print_crown(const char *title, int block, FILE *out)
{
    if (block == BLOCK_NONE)
        fprintf(out, "%s: -", title);
    else
        fprintf(out, "%s: %s (%s)", title, BLOCK_INFO[block].id, SIDE_NAME[BLOCK_INFO[block].side]);
}

static void print_header(const struct world *w, FILE *out)
{
    fprintf(out, "Scenario %d, campaign %d, turn %d, phase: %s\n", SCENARIO_INFO[w->scenario].year, w->campaign,
            w->turn, PHASE_NAME[w->phase]);
    print_crown("King", w->king, out);
    print_crown("   Pretender", w->pretender, out);
    fprintf(out, "\nPlayer 1: %s   AP left: %d   Winner: %s\n\n", SIDE_NAME[w->player1], w->ap_left,
            SIDE_NAME[w->winner]);
}

static void print_cards_section(const struct world *w, FILE *out)
{
    fputs("Cards\n", out);
    for (int s = 0; s < SIDE_COUNT; s++) {
        fprintf(out, "  %-10s hand: ", SIDE_NAME[s]);
        print_cards(w->hand[s], out);
        fputs("   played: ", out);
        print_cards(w->played[s] ? (uint32_t)1 << w->played[s] : 0, out);
        fprintf(out, "   mulligan used: %s\n", (w->flags >> s & 1) ? "yes" : "no");
    }
    fprintf(out, "  Deck       %d cards: ", bits_count(w->deck));
    print_cards(w->deck, out);
    fputc('\n', out);
}

static const char *area_or_dash(int area) { return area == AREA_NONE ? "-" : AREA_INFO[area].name; }
static const char *block_or_dash(int block) { return block == BLOCK_NONE ? "-" : BLOCK_INFO[block].id; }

/* The move and battle in progress, and this turn's border crossings, when there are any. */
static void print_in_progress(const struct world *w, FILE *out)
{
    const struct move *m = &w->move;
    const struct battle *b = &w->battle;
    if (m->kind != MOVE_NONE)
        fprintf(out,
                "Move in progress: %s from %s, block %s, reached %s after %d areas (last from %s), Muster area %s\n",
                MOVE_KIND_NAME[m->kind], area_or_dash(m->from), block_or_dash(m->block), area_or_dash(m->via), m->steps,
                area_or_dash(m->came_from), area_or_dash(m->target));
    if (b->area != AREA_NONE) {
        fprintf(out, "Battle in progress: %s, round %d, attacker %s, acting %s, hits to assign %d",
                AREA_INFO[b->area].name, b->round, SIDE_NAME[b->attacker], block_or_dash(b->actor), b->hits);
        for (int i = 0; i < BATTLE_FLAG_COUNT; i++)
            if (b->flags >> i & 1)
                fprintf(out, ", %s", BATTLE_FLAG_NAME[i]);
        fputc('\n', out);
    }
    const char *sep = "Borders crossed this turn: ";
    for (int e = 0; e < BORDER_COUNT; e++)
        if (world_crossed(w, e)) {
            fprintf(out, "%s%s-%s %d/%d", sep, AREA_INFO[BORDER_INFO[e].a].name, AREA_INFO[BORDER_INFO[e].b].name,
                    world_crossed(w, e), BORDER_INFO[e].limit);
            sep = ", ";
        }
    if (*sep == ',')
        fputc('\n', out);
}

void board_print(const struct world *w, FILE *out)
{
    print_header(w, out);
    fputs("Areas\n", out);
    for (int a = 0; a < AREA_COUNT; a++) {
        print_area_note(a, out);
        print_set(w, w->at[a], out);
        fputc('\n', out);
    }
    fputc('\n', out);
    print_side_split(w, "Pools", w->pool, out);
    print_side_split(w, "Minors", w->minor, out);
    print_side_split(w, "Out of play (the other side's version is in play)", w->other_side, out);
    print_side_split(w, "Dead", w->dead, out);
    fputs("Prisoner\n  ", out);
    print_set(w, w->prisoner == BLOCK_NONE ? 0 : block_bit(w->prisoner), out);
    fputs("\n\n", out);
    print_cards_section(w, out);
    fprintf(out, "Minors due to enter: York %d, Lancaster %d\n", w->minors_due[SIDE_YORK],
            w->minors_due[SIDE_LANCASTER]);
    if (w->flags & WORLD_TREASON_ROLLED)
        fputs("The Treason card's roll is spent this turn\n", out);
    print_in_progress(w, out);
}
