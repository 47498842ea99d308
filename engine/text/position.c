/*
 * position.c: prints and parses the position text format (docs/position-format.md).
 *
 * The printer writes the canonical form. The parser accepts exactly that grammar
 * (it tolerates extra blanks between fields and any order of places and blocks),
 * checks every value where it stands so that an error names its column, parses
 * into a scratch world and copies it out only when the whole text is good.
 */
#include "engine/text/position.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "engine/core/fail.h"
#include "engine/core/tables.h"
#include "engine/io/strbuf.h"

static const char *const WORLD_FLAG_NAME[WORLD_FLAG_COUNT] = {"mulligan-Y", "mulligan-L", "treason-rolled",
                                                              "no-knowledge"};

static char side_letter(int side) { return side == SIDE_YORK ? 'Y' : side == SIDE_LANCASTER ? 'L' : '-'; }

/* ==== printing ============================================================ */

static void print_area(struct strbuf *sb, int area)
{
    for (const char *p = AREA_INFO[area].name; *p; p++)
        strbuf_add(sb, "%c", *p == ' ' ? '-' : *p);
}

static void print_place(struct strbuf *sb, int location)
{
    if (location < AREA_COUNT)
        print_area(sb, location);
    else
        strbuf_add(sb, "%s", LOCATION_NAME[location - AREA_COUNT]);
}

static void print_block_or_none(struct strbuf *sb, int block)
{
    strbuf_add(sb, "%s", block == BLOCK_NONE ? "-" : BLOCK_INFO[block].id);
}

static void print_area_or_none(struct strbuf *sb, int area)
{
    if (area == AREA_NONE)
        strbuf_add(sb, "-");
    else
        print_area(sb, area);
}

/* Cards as a comma list in which runs of three or more are written a-b. */
static void print_cards(struct strbuf *sb, uint32_t cards)
{
    if (!cards) {
        strbuf_add(sb, "-");
        return;
    }
    const char *sep = "";
    for (int c = 1; c <= CARD_COUNT; c++) {
        if (!(cards >> c & 1))
            continue;
        int end = c;
        while (end < CARD_COUNT && (cards >> (end + 1) & 1))
            end++;
        if (end - c >= 2)
            strbuf_add(sb, "%s%d-%d", sep, c, end);
        else if (end > c)
            strbuf_add(sb, "%s%d,%d", sep, c, end);
        else
            strbuf_add(sb, "%s%d", sep, c);
        sep = ",";
        c = end;
    }
}

static void print_block_entry(struct strbuf *sb, const struct world *w, int block)
{
    strbuf_add(sb, "%s%d", BLOCK_INFO[block].id, world_steps(w, block));
    for (int i = 0; i < BLOCK_FLAG_COUNT; i++)
        if (world_has_flag(w, block, i))
            strbuf_add(sb, "%c", BLOCK_FLAG_LETTER[i]);
}

static blockset blocks_at(const struct world *w, int location)
{
    switch (location) {
    case LOC_POOL: return w->pool;
    case LOC_MINOR: return w->minor;
    case LOC_OTHER_SIDE: return w->other_side;
    case LOC_DEAD: return w->dead;
    case LOC_PRISONER: return w->prisoner == BLOCK_NONE ? 0 : block_bit(w->prisoner);
    default: return w->at[location];
    }
}

static void print_places(struct strbuf *sb, const struct world *w)
{
    for (int loc = 0; loc < LOC_COUNT; loc++) {
        blockset here = blocks_at(w, loc);
        if (!here)
            continue;
        strbuf_add(sb, " ");
        print_place(sb, loc);
        const char *sep = "=";
        for (int b = 0; b < BLOCK_COUNT; b++)
            if (here & block_bit(b)) {
                strbuf_add(sb, "%s", sep);
                print_block_entry(sb, w, b);
                sep = ",";
            }
    }
}

static void print_border(struct strbuf *sb, int border, char joiner, bool reversed)
{
    const struct border_info *e = &BORDER_INFO[border];
    print_area(sb, reversed ? e->b : e->a);
    strbuf_add(sb, "%c", joiner);
    print_area(sb, reversed ? e->a : e->b);
}

static void print_crossed(struct strbuf *sb, const struct world *w)
{
    const char *sep = " crossed=";
    for (int e = 0; e < BORDER_COUNT; e++) {
        int n = world_crossed(w, e);
        if (!n)
            continue;
        strbuf_add(sb, "%s", sep);
        print_border(sb, e, '/', false);
        strbuf_add(sb, ":%d", n);
        sep = ",";
    }
    if (*sep == ' ')
        strbuf_add(sb, "%s-", sep);
}

static void print_entered(struct strbuf *sb, const struct world *w, int side)
{
    strbuf_add(sb, " entered-%c=", side_letter(side));
    const char *sep = "";
    for (int e = 0; e < BORDER_COUNT; e++)
        for (int way = 0; way < 2; way++)
            if (w->entered[side][way] >> e & 1) {
                strbuf_add(sb, "%s", sep);
                print_border(sb, e, '>', way == 1);
                sep = ",";
            }
    if (!*sep)
        strbuf_add(sb, "-");
}

static void print_main(struct strbuf *sb, const struct world *w)
{
    strbuf_add(sb, " main=");
    const char *sep = "";
    for (int e = 0; e < BORDER_COUNT; e++)
        if (w->main_attack >> e & 1) {
            strbuf_add(sb, "%s", sep);
            print_border(sb, e, '/', false);
            sep = ",";
        }
    if (!*sep)
        strbuf_add(sb, "-");
}

static void print_acted(struct strbuf *sb, const struct world *w)
{
    const char *sep = " acted=";
    for (int b = 0; b < BLOCK_COUNT; b++)
        if (w->acted & block_bit(b)) {
            strbuf_add(sb, "%s%s", sep, BLOCK_INFO[b].id);
            sep = ",";
        }
    if (*sep == ' ')
        strbuf_add(sb, "%s-", sep);
}

static void print_move(struct strbuf *sb, const struct world *w)
{
    const struct move *m = &w->move;
    strbuf_add(sb, " move=");
    if (m->kind == MOVE_NONE) {
        strbuf_add(sb, "-");
        return;
    }
    strbuf_add(sb, "%s/", MOVE_KIND_NAME[m->kind]);
    print_area_or_none(sb, m->from);
    strbuf_add(sb, "/");
    print_block_or_none(sb, m->block);
    strbuf_add(sb, "/");
    print_area_or_none(sb, m->via);
    strbuf_add(sb, "/");
    print_area_or_none(sb, m->came_from);
    strbuf_add(sb, "/%d/", m->steps);
    print_area_or_none(sb, m->target);
}

static void print_battle_retreats(struct strbuf *sb, const struct world *w, int side)
{
    const struct neighbours *n = &AREA_NEIGHBOURS[w->battle.area];
    const char *sep = "/";
    for (int i = 0; i < n->count; i++)
        if (world_retreats(w, side, i)) {
            strbuf_add(sb, "%s", sep);
            print_area(sb, n->area[i]);
            strbuf_add(sb, ":%d", world_retreats(w, side, i));
            sep = ",";
        }
    if (*sep == '/')
        strbuf_add(sb, "/-");
}

static void print_battle(struct strbuf *sb, const struct world *w)
{
    const struct battle *b = &w->battle;
    strbuf_add(sb, " battle=");
    if (b->area == AREA_NONE) {
        strbuf_add(sb, "-");
        return;
    }
    print_area(sb, b->area);
    strbuf_add(sb, "/%d/%c/", b->round, side_letter(b->attacker));
    print_block_or_none(sb, b->actor);
    strbuf_add(sb, "/");
    print_block_or_none(sb, b->target);
    strbuf_add(sb, "/%d/%d/", b->dice, b->hits);
    const char *sep = "";
    for (int i = 0; i < BATTLE_FLAG_COUNT; i++)
        if (b->flags >> i & 1) {
            strbuf_add(sb, "%s%s", sep, BATTLE_FLAG_NAME[i]);
            sep = ",";
        }
    strbuf_add(sb, "%s", *sep ? "" : "-");
    print_battle_retreats(sb, w, SIDE_YORK);
    print_battle_retreats(sb, w, SIDE_LANCASTER);
}

/* hidden=L:Oxford?1(L:Oxford+L:Devon),... : each hidden piece, its label and candidates. */
static void print_hidden(struct strbuf *sb, const struct world *w)
{
    const char *sep = " hidden=";
    for (int b = 0; b < BLOCK_COUNT; b++) {
        if (!w->know.label[b])
            continue;
        strbuf_add(sb, "%s%s?%d", sep, BLOCK_INFO[b].id, w->know.label[b]);
        const char *join = "(";
        for (blockset left = cand_blocks(w->know.cand[b], world_observer(w, b)); left; left &= left - 1) {
            strbuf_add(sb, "%s%s", join, BLOCK_INFO[__builtin_ctzll(left)].id);
            join = "+";
        }
        strbuf_add(sb, ")");
        sep = ",";
    }
    if (*sep == ' ')
        strbuf_add(sb, "%s-", sep);
}

/* strength=L:Oxford/full,L:Devon/full-1,Y:March/max-2 : strengths the enemy knows only vaguely. */
static void print_strength_knowledge(struct strbuf *sb, const struct world *w)
{
    const char *sep = " strength=";
    for (int b = 0; b < BLOCK_COUNT; b++) {
        int value, kind = world_strength_knowledge(w, b, &value);
        if (kind == KNOW_EXACT)
            continue;
        strbuf_add(sb, "%s%s/", sep, BLOCK_INFO[b].id);
        if (kind == KNOW_AT_MOST)
            strbuf_add(sb, "max-%d", value + 1);
        else if (value)
            strbuf_add(sb, "full-%d", value);
        else
            strbuf_add(sb, "full");
        sep = ",";
    }
    if (*sep == ' ')
        strbuf_add(sb, "%s-", sep);
}

static void print_head(struct strbuf *sb, const struct world *w)
{
    strbuf_add(sb, "scenario=%d campaign=%d turn=%d phase=%s step=%d king=", SCENARIO_INFO[w->scenario].year,
               w->campaign, w->turn, PHASE_NAME[w->phase], w->step);
    print_block_or_none(sb, w->king);
    strbuf_add(sb, " pretender=");
    print_block_or_none(sb, w->pretender);
    strbuf_add(sb, " pretender-side=%c", side_letter(world_pretender_side(w)));
    strbuf_add(sb, " player1=%c ap=%d winner=%c flags=", side_letter(w->player1), w->ap_left, side_letter(w->winner));
    const char *sep = "";
    for (int i = 0; i < WORLD_FLAG_COUNT; i++)
        if (w->flags >> i & 1) {
            strbuf_add(sb, "%s%s", sep, WORLD_FLAG_NAME[i]);
            sep = ",";
        }
    strbuf_add(sb, "%s hand-Y=", *sep ? "" : "-");
    print_cards(sb, w->hand[SIDE_YORK]);
    strbuf_add(sb, " hand-L=");
    print_cards(sb, w->hand[SIDE_LANCASTER]);
    strbuf_add(sb, " deck=");
    print_cards(sb, w->deck);
    for (int s = 0; s < SIDE_COUNT; s++) {
        if (w->played[s])
            strbuf_add(sb, " played-%c=%d", side_letter(s), w->played[s]);
        else
            strbuf_add(sb, " played-%c=-", side_letter(s));
    }
    strbuf_add(sb, " minors-due-Y=%d minors-due-L=%d", w->minors_due[SIDE_YORK], w->minors_due[SIDE_LANCASTER]);
}

bool position_print(const struct world *w, char *text, size_t size)
{
    struct strbuf sb;
    strbuf_init(&sb, text, size);
    print_head(&sb, w);
    print_places(&sb, w);
    print_crossed(&sb, w);
    print_entered(&sb, w, SIDE_YORK);
    print_entered(&sb, w, SIDE_LANCASTER);
    print_main(&sb, w);
    print_acted(&sb, w);
    print_move(&sb, w);
    print_battle(&sb, w);
    print_hidden(&sb, w);
    print_strength_knowledge(&sb, w);
    return !strbuf_overflowed(&sb);
}

/* ==== parsing ============================================================= */

struct cursor {
    const char *start; /* the whole text, for column numbers */
    const char *p;     /* next character to read */
    char *error;
    size_t error_size;
    uint32_t cards_seen; /* cards named so far, to catch one card in two places */
    blockset blocks_seen;
    uint64_t places_seen; /* bit per enum location */
};

static bool at_blank(const char *p) { return *p == ' ' || *p == '\t' || *p == '\n' || *p == '\r'; }
static bool at_value_end(const char *p) { return *p == '\0' || at_blank(p); }

static int column(const struct cursor *c, const char *at) { return (int)(at - c->start) + 1; }

/* Reports an error at 'at': "column N: expected <what>, found '<the rest of the field>'". */
static bool expected_at(struct cursor *c, const char *at, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static bool expected_at(struct cursor *c, const char *at, const char *fmt, ...)
{
    struct strbuf sb;
    va_list ap;
    int n = 0;
    while (!at_value_end(at + n) && n < 40)
        n++;
    strbuf_init(&sb, c->error, c->error_size);
    strbuf_add(&sb, "column %d: expected ", column(c, at));
    va_start(ap, fmt);
    strbuf_vadd(&sb, fmt, ap);
    va_end(ap);
    if (n == 0)
        strbuf_add(&sb, ", found %s", *at ? "a blank" : "the end of the text");
    else
        strbuf_add(&sb, ", found '%.*s'", n, at);
    return false;
}

/* Reports an error about the value from 'at' up to 'end' (most often c->p, what was just read). */
static bool invalid_at(struct cursor *c, const char *at, const char *end, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static bool invalid_at(struct cursor *c, const char *at, const char *end, const char *fmt, ...)
{
    struct strbuf sb;
    va_list ap;
    strbuf_init(&sb, c->error, c->error_size);
    strbuf_add(&sb, "column %d: '%.*s' ", column(c, at), (int)(end - at), at);
    va_start(ap, fmt);
    strbuf_vadd(&sb, fmt, ap);
    va_end(ap);
    return false;
}

static bool accept_char(struct cursor *c, char ch)
{
    if (*c->p != ch)
        return false;
    c->p++;
    return true;
}

static bool expect_char(struct cursor *c, char ch) { return accept_char(c, ch) || expected_at(c, c->p, "'%c'", ch); }

/* Moves past the blanks between two fields; there must be at least one. */
static bool next_field(struct cursor *c)
{
    if (!at_blank(c->p))
        return expected_at(c, c->p, "a blank between fields");
    while (at_blank(c->p))
        c->p++;
    return true;
}

static bool expect_key(struct cursor *c, const char *key)
{
    size_t n = strlen(key);
    if (strncmp(c->p, key, n) != 0 || c->p[n] != '=')
        return expected_at(c, c->p, "'%s='", key);
    c->p += n + 1;
    return true;
}

/* The length of the run of characters before any of 'stops', a blank or the
 * end; the stops go into a 256-bit set first (the parser spans every name). */
static int span(const char *p, const char *stops)
{
    uint64_t stop[4] = {1ull | 1ull << ' ' | 1ull << '\t' | 1ull << '\n' | 1ull << '\r', 0, 0, 0};
    for (; *stops; stops++)
        stop[(unsigned char)*stops >> 6] |= 1ull << ((unsigned char)*stops & 63);
    int n = 0;
    while (!((stop[(unsigned char)p[n] >> 6] >> ((unsigned char)p[n] & 63)) & 1))
        n++;
    return n;
}

static bool parse_number(struct cursor *c, int min, int max, const char *what, int *out)
{
    const char *at = c->p;
    int value = 0, digits = 0;
    *out = 0;
    while (*c->p >= '0' && *c->p <= '9' && digits < 6) {
        value = value * 10 + (*c->p++ - '0');
        digits++;
    }
    if (!digits || value < min || value > max) {
        c->p = at;
        return expected_at(c, at, "%s %d..%d", what, min, max);
    }
    *out = value;
    return true;
}

static bool accept_none(struct cursor *c)
{
    if (c->p[0] == '-' && (at_value_end(c->p + 1) || strchr("/,", c->p[1]))) {
        c->p++;
        return true;
    }
    return false;
}

static bool parse_side(struct cursor *c, bool none_ok, uint8_t *out)
{
    if (none_ok && accept_none(c)) {
        *out = SIDE_NONE;
        return true;
    }
    if (accept_char(c, 'Y'))
        *out = SIDE_YORK;
    else if (accept_char(c, 'L'))
        *out = SIDE_LANCASTER;
    else
        return expected_at(c, c->p, none_ok ? "Y, L or -" : "Y or L");
    return true;
}

static bool parse_name(struct cursor *c, const char *const names[], int count, const char *stops, const char *what,
                       int *out)
{
    int n = span(c->p, stops);
    *out = 0;
    for (int i = 0; i < count; i++)
        if ((int)strlen(names[i]) == n && strncmp(names[i], c->p, (size_t)n) == 0) {
            c->p += n;
            *out = i;
            return true;
        }
    return expected_at(c, c->p, "%s", what);
}

/* A name that a table look-up (area_by_name, block_by_id) turns into a number. */
static bool parse_named(struct cursor *c, const char *stops, int (*lookup)(const char *, int), const char *what,
                        int *out)
{
    int n = span(c->p, stops);
    *out = lookup(c->p, n);
    if (*out < 0) {
        *out = 0;
        return expected_at(c, c->p, "%s", what);
    }
    c->p += n;
    return true;
}

/* The same, or '-' for the NONE value given. */
static bool parse_named_or_none(struct cursor *c, const char *stops, int (*lookup)(const char *, int), const char *what,
                                uint8_t none, uint8_t *out)
{
    int value;
    if (accept_none(c)) {
        *out = none;
        return true;
    }
    if (!parse_named(c, stops, lookup, what, &value))
        return false;
    *out = (uint8_t)value;
    return true;
}

static const char AREA_EXPECTED[] = "an area name (spaces written as '-')";
static const char BLOCK_EXPECTED[] = "a block id such as Y:March or L:Henry-VI";

static bool parse_area(struct cursor *c, const char *stops, int *out)
{
    return parse_named(c, stops, area_by_name, AREA_EXPECTED, out);
}

static bool parse_area_or_none(struct cursor *c, const char *stops, uint8_t *out)
{
    return parse_named_or_none(c, stops, area_by_name, AREA_EXPECTED, AREA_NONE, out);
}

static bool parse_block(struct cursor *c, const char *stops, int *out)
{
    return parse_named(c, stops, block_by_id, BLOCK_EXPECTED, out);
}

static bool parse_block_or_none(struct cursor *c, const char *stops, uint8_t *out)
{
    return parse_named_or_none(c, stops, block_by_id, BLOCK_EXPECTED, BLOCK_NONE, out);
}

/* ---- lists ---- */

/* Every list in the format is items joined by one character; each kind of item
 * has one of these, which reads an item at c->p, checks it where it stands (so
 * that an error names its column) and stores it into 'into'. */
typedef bool parse_item(struct cursor *c, void *into);

/* What a list that belongs to something fills in: the world, and the one of
 * these it belongs to. */
struct list_of {
    struct world *w;
    int location; /* block entries: the place they are in */
    int side;     /* retreats: the side that made them */
    int block;    /* candidates: the hidden block they may be */
};

static bool parse_list(struct cursor *c, char joiner, parse_item *item, void *into)
{
    do {
        if (!item(c, into))
            return false;
    } while (accept_char(c, joiner));
    return true;
}

/* A comma list, or '-' for an empty one. */
static bool parse_list_or_none(struct cursor *c, parse_item *item, void *into)
{
    return accept_none(c) || parse_list(c, ',', item, into);
}

/* The field key=list, or key=-. */
static bool parse_list_field(struct cursor *c, const char *key, parse_item *item, void *into)
{
    return next_field(c) && expect_key(c, key) && parse_list_or_none(c, item, into);
}

/* Adds member i, read from 'at' up to here, to *set; a second time is an error. */
static bool add_once(struct cursor *c, const char *at, uint64_t *set, int i)
{
    uint64_t bit = (uint64_t)1 << i;
    if (*set & bit)
        return invalid_at(c, at, c->p, "is listed twice");
    *set |= bit;
    return true;
}

/* Names from a table, each setting its bit: world and battle flags. */
struct name_set {
    const char *const *names;
    int count;
    const char *stops, *what;
    uint64_t bits;
};

static bool parse_name_item(struct cursor *c, void *into)
{
    struct name_set *set = into;
    const char *at = c->p;
    int i;
    return parse_name(c, set->names, set->count, set->stops, set->what, &i) && add_once(c, at, &set->bits, i);
}

/* A comma list of names from a table, or '-' for none; sets bit i for name i. */
static bool parse_flag_list(struct cursor *c, const char *const names[], int count, const char *stops, const char *what,
                            unsigned *out)
{
    struct name_set set = {names, count, stops, what, 0};
    bool ok = parse_list_or_none(c, parse_name_item, &set);
    *out = (unsigned)set.bits;
    return ok;
}

/* ---- cards ---- */

static bool add_card(struct cursor *c, const char *at, int card, uint32_t *set)
{
    uint32_t bit = (uint32_t)1 << card;
    if (c->cards_seen & bit)
        return invalid_at(c, at, c->p, "names card %d, which is already elsewhere", card);
    c->cards_seen |= bit;
    *set |= bit;
    return true;
}

static bool parse_card_range(struct cursor *c, void *into)
{
    uint32_t *set = into;
    const char *at = c->p;
    int first, last;
    if (!parse_number(c, 1, CARD_COUNT, "a card", &first))
        return false;
    last = first;
    if (accept_char(c, '-') && !parse_number(c, first, CARD_COUNT, "the end of a card range", &last))
        return false;
    for (int card = first; card <= last; card++)
        if (!add_card(c, at, card, set))
            return false;
    return true;
}

static bool parse_card_set(struct cursor *c, const char *key, uint32_t *set)
{
    *set = 0;
    return parse_list_field(c, key, parse_card_range, set);
}

static bool parse_played(struct cursor *c, const char *key, uint8_t *out)
{
    uint32_t set = 0;
    int card;
    *out = 0;
    if (!next_field(c) || !expect_key(c, key))
        return false;
    if (accept_none(c))
        return true;
    const char *at = c->p;
    if (!parse_number(c, 1, CARD_COUNT, "a card", &card) || !add_card(c, at, card, &set))
        return false;
    *out = (uint8_t)card;
    return true;
}

/* ---- the head: game clock, crowns and cards ---- */

/* king= or pretender=: an heir (3.21), and the Pretender of the other house. */
static bool parse_crown(struct cursor *c, const char *key, int king, uint8_t *out)
{
    if (!next_field(c) || !expect_key(c, key))
        return false;
    const char *at = c->p;
    if (!parse_block_or_none(c, "", out))
        return false;
    if (*out != BLOCK_NONE && BLOCK_INFO[*out].type != BLOCK_HEIR)
        return invalid_at(c, at, c->p, "cannot be %s: only an heir can (3.21)", key);
    if (*out != BLOCK_NONE && king != BLOCK_NONE && BLOCK_INFO[king].side == BLOCK_INFO[*out].side)
        return invalid_at(c, at, c->p, "is on the King's side; the Pretender is the other house");
    return true;
}

static bool parse_small(struct cursor *c, const char *key, int min, int max, uint8_t *out)
{
    int value;
    if (!next_field(c) || !expect_key(c, key) || !parse_number(c, min, max, key, &value))
        return false;
    *out = (uint8_t)value;
    return true;
}

static bool parse_scenario(struct cursor *c, struct world *w)
{
    int year, phase;
    if (!expect_key(c, "scenario"))
        return false;
    const char *at = c->p;
    if (!parse_number(c, 1000, 9999, "a year", &year))
        return false;
    int s = 0;
    while (s < SCENARIO_COUNT && SCENARIO_INFO[s].year != year)
        s++;
    if (s == SCENARIO_COUNT)
        return expected_at(c, at, "scenario 1460, 1470 or 1483");
    w->scenario = (uint8_t)s;
    if (!parse_small(c, "campaign", 1, 3, &w->campaign) || !parse_small(c, "turn", 1, 7, &w->turn) || !next_field(c) ||
        !expect_key(c, "phase") ||
        !parse_name(c, PHASE_NAME, PHASE_COUNT, "",
                    "a phase (deal, mulligan, cards, action, battle, supply, political, over)", &phase))
        return false;
    w->phase = (uint8_t)phase;
    return parse_small(c, "step", 0, 15, &w->step);
}

static bool parse_crowns(struct cursor *c, struct world *w)
{
    uint8_t pretender, side;
    if (!parse_crown(c, "king", BLOCK_NONE, &w->king) || !parse_crown(c, "pretender", w->king, &pretender) ||
        !next_field(c) || !expect_key(c, "pretender-side"))
        return false;
    const char *at = c->p;
    if (!parse_side(c, false, &side))
        return false;
    if ((pretender != BLOCK_NONE && BLOCK_INFO[pretender].side != side) ||
        (w->king != BLOCK_NONE && BLOCK_INFO[w->king].side == side))
        return invalid_at(c, at, c->p,
                          "is not the Pretender's side: the other house from the King's, the Pretender's own");
    world_set_pretender_side(w, side);
    world_set_pretender(w, pretender);
    return true;
}

static bool parse_head(struct cursor *c, struct world *w)
{
    unsigned flags;
    if (!parse_scenario(c, w) || !parse_crowns(c, w))
        return false;
    if (!next_field(c) || !expect_key(c, "player1") || !parse_side(c, true, &w->player1) ||
        !parse_small(c, "ap", 0, 4, &w->ap_left) || !next_field(c) || !expect_key(c, "winner") ||
        !parse_side(c, true, &w->winner) || !next_field(c) || !expect_key(c, "flags") ||
        !parse_flag_list(c, WORLD_FLAG_NAME, WORLD_FLAG_COUNT, ",",
                         "mulligan-Y, mulligan-L, treason-rolled, no-knowledge or -", &flags))
        return false;
    w->flags = (uint8_t)flags;
    return parse_card_set(c, "hand-Y", &w->hand[SIDE_YORK]) && parse_card_set(c, "hand-L", &w->hand[SIDE_LANCASTER]) &&
           parse_card_set(c, "deck", &w->deck) && parse_played(c, "played-Y", &w->played[SIDE_YORK]) &&
           parse_played(c, "played-L", &w->played[SIDE_LANCASTER]) &&
           parse_small(c, "minors-due-Y", 0, 5, &w->minors_due[SIDE_YORK]) &&
           parse_small(c, "minors-due-L", 0, 5, &w->minors_due[SIDE_LANCASTER]);
}

/* ---- places and blocks ---- */

static bool parse_block_flags(struct cursor *c, struct world *w, int block)
{
    unsigned seen = 0;
    while (!at_value_end(c->p) && *c->p != ',') {
        const char *letter = strchr(BLOCK_FLAG_LETTER, *c->p);
        if (!letter || !*c->p)
            return expected_at(c, c->p, "a block flag (m, p, f, r, d, v or s), ',' or a blank");
        int i = (int)(letter - BLOCK_FLAG_LETTER);
        if (seen >> i & 1)
            return invalid_at(c, c->p, c->p + 1, "is given twice for %s", BLOCK_INFO[block].id);
        seen |= 1u << i;
        world_set_flag(w, block, i, true);
        c->p++;
    }
    return true;
}

static bool parse_block_entry(struct cursor *c, void *into)
{
    const struct list_of *of = into;
    struct world *w = of->w;
    const char *at = c->p;
    int block, steps;
    if (!parse_block(c, "0123456789,", &block))
        return false;
    if (c->blocks_seen & block_bit(block))
        return invalid_at(c, at, c->p, "is listed twice; a block is in one place");
    c->blocks_seen |= block_bit(block);
    if (of->location == LOC_PRISONER && w->prisoner != BLOCK_NONE)
        return invalid_at(c, at, c->p, "cannot join %s: one prisoner at most", BLOCK_INFO[w->prisoner].id);
    if (!parse_number(c, 1, 4, "a strength", &steps))
        return false;
    if (steps > BLOCK_INFO[block].steps)
        return invalid_at(c, at, c->p, "has strength %d, but %s has only %d steps", steps, BLOCK_INFO[block].id,
                          BLOCK_INFO[block].steps);
    world_place(w, block, of->location);
    world_set_steps(w, block, steps);
    return parse_block_flags(c, w, block);
}

static bool parse_place_name(struct cursor *c, int *location)
{
    int n = span(c->p, "=");
    *location = 0;
    int a = area_by_name(c->p, n);
    for (int off = 0; a < 0 && off < LOC_COUNT - AREA_COUNT; off++)
        if ((int)strlen(LOCATION_NAME[off]) == n && strncmp(LOCATION_NAME[off], c->p, (size_t)n) == 0)
            a = AREA_COUNT + off;
    if (a < 0)
        return expected_at(c, c->p, "a place (an area, pool, minor, other-side, dead or prisoner) or 'crossed='");
    if (c->places_seen >> a & 1)
        return invalid_at(c, c->p, c->p + n, "is given twice; list each place once");
    c->places_seen |= (uint64_t)1 << a;
    c->p += n;
    *location = a;
    return true;
}

static bool parse_places(struct cursor *c, struct world *w)
{
    for (;;) {
        if (!next_field(c))
            return false;
        if (strncmp(c->p, "crossed=", 8) == 0)
            break;
        struct list_of entries = {.w = w};
        if (!parse_place_name(c, &entries.location) || !expect_char(c, '=') ||
            !parse_list(c, ',', parse_block_entry, &entries))
            return false;
    }
    for (int b = 0; b < BLOCK_COUNT; b++)
        if (!(c->blocks_seen & block_bit(b)))
            return expected_at(c, c->p, "a place for %s: every block must be listed once", BLOCK_INFO[b].id);
    return true;
}

/* ---- borders ---- */

static bool parse_border(struct cursor *c, char joiner, int *border, bool *reversed)
{
    const char *at = c->p;
    int a, b;
    char stops[] = {joiner, ',', ':', '\0'};
    if (!parse_area(c, stops, &a) || !expect_char(c, joiner) || !parse_area(c, stops, &b))
        return false;
    *border = border_between(a, b);
    if (*border == BORDER_NONE)
        return invalid_at(c, at, c->p, "is no border: %s and %s are not adjacent by land", AREA_INFO[a].name,
                          AREA_INFO[b].name);
    *reversed = BORDER_INFO[*border].a != a;
    return true;
}

static bool parse_crossing(struct cursor *c, void *into)
{
    struct world *w = into;
    const char *at = c->p;
    int border, count;
    bool reversed;
    if (!parse_border(c, '/', &border, &reversed) || !expect_char(c, ':') ||
        !parse_number(c, 1, 7, "a crossing count", &count))
        return false;
    if (world_crossed(w, border))
        return invalid_at(c, at, c->p, "counts a border a second time");
    world_set_crossed(w, border, count);
    return true;
}

static bool parse_crossed(struct cursor *c, struct world *w)
{
    return expect_key(c, "crossed") && parse_list_or_none(c, parse_crossing, w);
}

/* A set of borders: entered= keeps each way apart (a>b), main= does not (a/b). */
struct border_set {
    char joiner;
    uint64_t *way[2]; /* the set for the border read as written, and reversed */
};

static bool parse_border_item(struct cursor *c, void *into)
{
    struct border_set *set = into;
    const char *at = c->p;
    int border;
    bool reversed;
    return parse_border(c, set->joiner, &border, &reversed) && add_once(c, at, set->way[reversed], border);
}

static bool parse_entered(struct cursor *c, const char *key, uint64_t entered[2])
{
    struct border_set set = {'>', {&entered[0], &entered[1]}};
    return parse_list_field(c, key, parse_border_item, &set);
}

static bool parse_main(struct cursor *c, struct world *w)
{
    struct border_set set = {'/', {&w->main_attack, &w->main_attack}};
    return parse_list_field(c, "main", parse_border_item, &set);
}

/* ---- move and battle ---- */

static bool parse_move(struct cursor *c, struct world *w)
{
    struct move *m = &w->move;
    int kind, steps;
    if (!next_field(c) || !expect_key(c, "move"))
        return false;
    if (accept_none(c))
        return true;
    if (!parse_name(c, MOVE_KIND_NAME + 1, MOVE_KIND_COUNT - 1, "/", "a move kind (land, sea, muster, recruit) or -",
                    &kind) ||
        !expect_char(c, '/') || !parse_area_or_none(c, "/", &m->from) || !expect_char(c, '/') ||
        !parse_block_or_none(c, "/", &m->block) || !expect_char(c, '/') || !parse_area_or_none(c, "/", &m->via) ||
        !expect_char(c, '/') || !parse_area_or_none(c, "/", &m->came_from) || !expect_char(c, '/') ||
        !parse_number(c, 0, 3, "a count of areas moved", &steps) || !expect_char(c, '/') ||
        !parse_area_or_none(c, "/", &m->target))
        return false;
    m->kind = (uint8_t)(kind + 1);
    m->steps = (uint8_t)steps;
    return true;
}

static bool parse_acted_block(struct cursor *c, void *into)
{
    const char *at = c->p;
    int block;
    return parse_block(c, ",/", &block) && add_once(c, at, into, block);
}

static bool parse_retreat(struct cursor *c, void *into)
{
    const struct list_of *of = into;
    struct world *w = of->w;
    const char *at = c->p;
    int to, count;
    if (!parse_area(c, ":,/", &to))
        return false;
    int i = neighbour_index(w->battle.area, to);
    if (i < 0)
        return invalid_at(c, at, c->p, "is not a land neighbour of the battle area %s", AREA_INFO[w->battle.area].name);
    if (world_retreats(w, of->side, i))
        return invalid_at(c, at, c->p, "is listed twice");
    if (!expect_char(c, ':') || !parse_number(c, 1, 15, "a retreat count", &count))
        return false;
    world_set_retreats(w, of->side, i, count);
    return true;
}

static bool parse_retreats(struct cursor *c, struct world *w, int side)
{
    struct list_of retreats = {.w = w, .side = side};
    return parse_list_or_none(c, parse_retreat, &retreats);
}

static bool parse_battle(struct cursor *c, struct world *w)
{
    struct battle *b = &w->battle;
    int area, round, hits, dice;
    unsigned flags;
    if (!next_field(c) || !expect_key(c, "battle"))
        return false;
    if (accept_none(c))
        return true;
    if (!parse_area(c, "/", &area) || !expect_char(c, '/') || !parse_number(c, 1, 4, "a battle round", &round) ||
        !expect_char(c, '/') || !parse_side(c, false, &b->attacker) || !expect_char(c, '/') ||
        !parse_block_or_none(c, "/", &b->actor) || !expect_char(c, '/') || !parse_block_or_none(c, "/", &b->target) ||
        !expect_char(c, '/') || !parse_number(c, 0, 4, "a count of dice", &dice) || !expect_char(c, '/') ||
        !parse_number(c, 0, 255, "a count of hits", &hits) || !expect_char(c, '/') ||
        !parse_flag_list(c, BATTLE_FLAG_NAME, BATTLE_FLAG_COUNT, ",/",
                         "a battle flag (swapped, king-rolled, pretender-rolled, warwick-rolled, treason-asked) or -",
                         &flags))
        return false;
    b->area = (uint8_t)area;
    b->round = (uint8_t)round;
    b->dice = (uint8_t)dice;
    b->hits = (uint8_t)hits;
    b->flags = (uint8_t)flags;
    return expect_char(c, '/') && parse_retreats(c, w, SIDE_YORK) && expect_char(c, '/') &&
           parse_retreats(c, w, SIDE_LANCASTER);
}

static bool parse_candidate(struct cursor *c, void *into)
{
    const struct list_of *of = into;
    struct world *w = of->w;
    const char *at = c->p;
    int cand;
    if (!parse_block(c, "+)", &cand))
        return false;
    if (world_block_side(w, cand) != world_block_side(w, of->block))
        return invalid_at(c, at, c->p, "cannot be %s: it fights for the other side", BLOCK_INFO[of->block].id);
    w->know.cand[of->block] |= cand_mask(block_bit(cand), world_observer(w, of->block));
    return true;
}

static bool parse_hidden_piece(struct cursor *c, void *into)
{
    struct world *w = into;
    const char *at = c->p;
    int block, label;
    if (!parse_block(c, "?,", &block))
        return false;
    if (w->know.label[block])
        return invalid_at(c, at, c->p, "is listed twice");
    struct list_of candidates = {.w = w, .block = block};
    if (!expect_char(c, '?') || !parse_number(c, 1, MAX_LABELS, "a piece label", &label) || !expect_char(c, '(') ||
        !parse_list(c, '+', parse_candidate, &candidates) || !expect_char(c, ')'))
        return false;
    w->know.label[block] = (uint8_t)label;
    return true;
}

static bool parse_one_strength(struct cursor *c, void *into)
{
    struct world *w = into;
    const char *at = c->p;
    int block, value = 0;
    if (!parse_block(c, "/,", &block) || !expect_char(c, '/'))
        return false;
    if (w->know.vague & block_bit(block))
        return invalid_at(c, at, c->p - 1, "is listed twice");
    if (strncmp(c->p, "max-", 4) == 0) {
        c->p += 4;
        if (!parse_number(c, 1, 4, "a strength", &value))
            return false;
        world_set_strength_knowledge(w, block, KNOW_AT_MOST, value - 1);
        return true;
    }
    if (strncmp(c->p, "full", 4) != 0)
        return expected_at(c, c->p, "full, full-N or max-N");
    c->p += 4;
    if (accept_char(c, '-') && !parse_number(c, 1, 3, "a number of steps lost", &value))
        return false;
    world_set_strength_knowledge(w, block, KNOW_DEFICIT, value);
    return true;
}

static bool parse_tail(struct cursor *c, struct world *w)
{
    if (!parse_crossed(c, w) || !parse_entered(c, "entered-Y", w->entered[SIDE_YORK]) ||
        !parse_entered(c, "entered-L", w->entered[SIDE_LANCASTER]) || !parse_main(c, w) ||
        !parse_list_field(c, "acted", parse_acted_block, &w->acted) || !parse_move(c, w) || !parse_battle(c, w) ||
        !parse_list_field(c, "hidden", parse_hidden_piece, w) ||
        !parse_list_field(c, "strength", parse_one_strength, w))
        return false;
    if (!at_value_end(c->p))
        return expected_at(c, c->p, "a blank or the end of the text after strength=");
    while (at_blank(c->p))
        c->p++;
    if (*c->p)
        return expected_at(c, c->p, "the end of the text after strength=");
    return true;
}

bool position_parse(const char *text, struct world *w, char *error, size_t error_size)
{
    struct cursor c = {.start = text, .p = text, .error = error, .error_size = error_size};
    struct world scratch;
    char why[200];
    world_clear(&scratch);
    while (at_blank(c.p))
        c.p++;
    if (!parse_head(&c, &scratch) || !parse_places(&c, &scratch) || !parse_tail(&c, &scratch))
        return false;
    if (!world_check(&scratch, why, sizeof why)) {
        return fail(error, error_size, "column %d: the position is inconsistent: %s", column(&c, c.p), why);
    }
    memcpy(w, &scratch, sizeof *w);
    return true;
}
