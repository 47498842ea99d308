/*
 * view.c: see view.h. view_of() copies the world and takes out, for the enemy
 * of 'side', exactly what RULINGS C says that side cannot see. Everything it
 * leaves in place is either the side's own or in plain sight, so hashing the
 * result gives the information-set key.
 */
#include "engine/hidden/view.h"

#include <string.h>
#include <xxhash.h>

#include "engine/core/tables.h"
#include "engine/io/strbuf.h"
#include "engine/rules/cards.h"
#include "engine/rules/supply.h"

/* Puts a block in canonical "unseen" form: in the pool, full, no flags, no knowledge. */
static void lift_off(struct world *w, int b)
{
    world_place(w, b, LOC_POOL);
    world_set_steps(w, b, BLOCK_INFO[b].steps);
    for (int f = 0; f < BLOCK_FLAG_COUNT; f++)
        world_set_flag(w, b, f, false);
    w->acted &= ~block_bit(b);
    world_forget(w, b);
}

static uint8_t block_flags(const struct world *w, int b)
{
    uint8_t flags = 0;
    for (int f = 0; f < BLOCK_FLAG_COUNT; f++)
        if (world_has_flag(w, b, f))
            flags |= (uint8_t)(1 << f);
    return flags;
}

/* Supply losses show where a step went, never which block took it (7.1); a
 * game that ends in the supply phase ends with its marks still on. */
static bool acted_unseen(const struct world *w) { return w->phase == PHASE_SUPPLY || w->phase == PHASE_OVER; }

static void take_piece(struct view *v, const struct world *w, int b, int area)
{
    struct view_piece *p = &v->piece[w->know.label[b] - 1];
    int value;
    p->cand = w->know.cand[b];
    p->area = (uint8_t)area;
    p->strength_kind = (uint8_t)world_strength_knowledge(w, b, &value);
    p->strength_value = (uint8_t)value;
    p->flags = block_flags(w, b);
    p->acted = !acted_unseen(w) && (w->acted & block_bit(b));
    if (v->w.move.block == b)
        v->moving_label = w->know.label[b];
    if (v->w.battle.actor == b)
        v->actor_label = w->know.label[b];
    if (v->w.battle.target == b)
        v->target_label = w->know.label[b];
}

/* The enemy's blocks: face-down pieces to the list, the pool blanked, vague
 * strengths and unseen supply losses out. */
static void censor_blocks(struct view *v, const struct world *w, int enemy)
{
    struct world *c = &v->w;
    for (blockset left = w->side_blocks[enemy]; left; left &= left - 1) {
        int b = __builtin_ctzll(left), where = world_location(w, b);
        if (where < AREA_COUNT && w->know.label[b]) {
            take_piece(v, w, b, where);
            lift_off(c, b);
        } else if (where == LOC_POOL && !(w->face_down & block_bit(b))) {
            lift_off(c, b);
        } else if (where >= AREA_COUNT || world_strength_knowledge(w, b, &(int){0}) != KNOW_EXACT) {
            world_set_steps(c, b, BLOCK_INFO[b].steps); /* off the map a strength is neither seen nor used */
        }
        if (where < AREA_COUNT && acted_unseen(w) && (w->acted & block_bit(b))) {
            v->supply_losses[where]++;
            c->acted &= ~block_bit(b);
        }
    }
    if (v->moving_label || v->enemy_recruiting)
        c->move.block = BLOCK_NONE;
    if (v->actor_label)
        c->battle.actor = BLOCK_NONE;
    if (v->target_label)
        c->battle.target = BLOCK_NONE;
}

/* The enemy's card chosen but not yet shown (1.1): York's, while Lancaster chooses. */
static bool card_unseen(const struct world *w, int side)
{
    return side == SIDE_LANCASTER && w->phase == PHASE_CARDS && w->step == CARDS_LANCASTER_PLAYS;
}

/* A side asking for a redeal shows its hand until the other answers (5.1). */
static bool hand_shown(const struct world *w, int enemy)
{
    return w->phase == PHASE_MULLIGAN &&
           w->step == (enemy == SIDE_YORK ? MULLIGAN_LANCASTER_ANSWERS : MULLIGAN_YORK_ANSWERS);
}

static void censor_cards(struct view *v, const struct world *w, int side)
{
    int enemy = 1 - side;
    struct world *c = &v->w;
    v->enemy_hand = (uint8_t)bits_count(w->hand[enemy]);
    v->unseen_cards = w->deck | (hand_shown(w, enemy) ? 0 : w->hand[enemy]);
    if (!hand_shown(w, enemy))
        c->hand[enemy] = 0;
    c->deck = 0;
    if (card_unseen(w, side) && w->played[enemy]) {
        v->enemy_card_down = 1;
        v->unseen_cards |= (uint32_t)1 << w->played[enemy];
        c->played[enemy] = 0;
    }
}

void view_of(const struct world *w, int side, struct view *out)
{
    memset(out, 0, sizeof *out);
    out->w = *w;
    out->side = (uint8_t)side;
    int enemy = 1 - side;
    if (w->move.kind == MOVE_RECRUIT && world_block_side(w, w->move.block) == enemy)
        out->enemy_recruiting = 1;
    censor_blocks(out, w, enemy);
    censor_cards(out, w, side);
}

uint64_t view_key(const struct view *v) { return XXH3_64bits(v, sizeof *v); }

uint64_t infokey(const struct world *w, int side)
{
    struct view v;
    view_of(w, side, &v);
    return view_key(&v);
}

/* ---- the view in words ---- */

/* Whether the viewer knows block b's strength only as a range: an enemy
 * block's, as its knowledge has it. The strength knowledge kept on a block is
 * its enemy's, so of the viewer's own blocks it tells what the other side
 * knows, and the viewer knows them whole. */
static bool strength_vague(const struct world *w, int viewer, int b, int *at_most)
{
    return world_block_side(w, b) != viewer && world_strength_knowledge(w, b, at_most) == KNOW_AT_MOST;
}

static void print_area_blocks(struct strbuf *sb, const struct world *w, int viewer, int side, int area)
{
    for (blockset left = blocks_in(w, side, area); left; left &= left - 1) {
        int b = __builtin_ctzll(left), value;
        strbuf_add(sb, " %s", BLOCK_INFO[b].id);
        if (strength_vague(w, viewer, b, &value))
            strbuf_add(sb, "(1-%d)", value + 1);
        else
            strbuf_add(sb, "%d", world_steps(w, b));
    }
}

static void print_places(struct strbuf *sb, const struct view *v)
{
    const struct world *w = &v->w;
    for (int a = 0; a < AREA_COUNT; a++) {
        bool any_piece = false;
        for (int l = 0; l < MAX_LABELS; l++)
            any_piece |= v->piece[l].cand && v->piece[l].area == a;
        if (!w->at[a] && !any_piece)
            continue;
        strbuf_add(sb, "  %-14s", AREA_INFO[a].name);
        print_area_blocks(sb, w, v->side, v->side, a);
        print_area_blocks(sb, w, v->side, 1 - v->side, a);
        for (int l = 0; l < MAX_LABELS; l++)
            if (v->piece[l].cand && v->piece[l].area == a)
                strbuf_add(sb, " %c?%d", 1 - v->side == SIDE_YORK ? 'Y' : 'L', l + 1);
        if (v->supply_losses[a])
            strbuf_add(sb, "  (%d unseen supply loss%s)", v->supply_losses[a], v->supply_losses[a] > 1 ? "es" : "");
        strbuf_add(sb, "\n");
    }
}

static void print_piece(struct strbuf *sb, const struct view *v, int label)
{
    const struct view_piece *p = &v->piece[label - 1];
    int enemy = 1 - v->side;
    strbuf_add(sb, "  %c?%d in %s may be", enemy == SIDE_YORK ? 'Y' : 'L', label, AREA_INFO[p->area].name);
    blockset cands = cand_blocks(p->cand, v->side);
    for (blockset left = cands; left; left &= left - 1) {
        bool first = left == cands, last = !(left & (left - 1));
        strbuf_add(sb, "%s%s", first ? " " : last ? " or " : ", ", BLOCK_INFO[__builtin_ctzll(left)].id);
    }
    if (p->strength_kind == KNOW_DEFICIT)
        strbuf_add(sb, "; full strength%s", p->strength_value ? " less" : "");
    if (p->strength_kind == KNOW_DEFICIT && p->strength_value)
        strbuf_add(sb, " %d", p->strength_value);
    if (p->strength_kind == KNOW_AT_MOST)
        strbuf_add(sb, "; strength 1 to %d", p->strength_value + 1);
    for (int f = 0; f < BLOCK_FLAG_COUNT; f++)
        if (p->flags >> f & 1)
            strbuf_add(sb, "; %s", BLOCK_FLAG_NAME[f]);
    strbuf_add(sb, "\n");
}

/* Cards as a person reads them: each number with its event, if any, and its AP. */
static void print_cards(struct strbuf *sb, const char *what, uint32_t cards)
{
    strbuf_add(sb, "%s:", what);
    const char *comma = "";
    for (int c = 1; c <= CARD_COUNT; c++)
        if (cards >> c & 1) {
            if (CARD_INFO[c].event != EVENT_NONE)
                strbuf_add(sb, "%s %d %s (%d AP)", comma, c, CARD_INFO[c].name, CARD_INFO[c].ap);
            else
                strbuf_add(sb, "%s %d (%d AP)", comma, c, CARD_INFO[c].ap);
            comma = ",";
        }
    strbuf_add(sb, "%s\n", cards ? "" : " none");
}

/* Where in its phase the game is, by name (enum mulligan_step and the like). */
static const char *step_name(const struct world *w)
{
    static const char *const MULLIGAN[] = {"york-asks", "lancaster-asks", "lancaster-answers", "york-answers"};
    static const char *const CARDS[] = {"york-plays", "lancaster-plays"};
    static const char *const ACTION[] = {"player-1", "player-2"};
    static const char *const BATTLE[] = {"choose", "treason",     "turns",     "fire",   "hits",
                                         "charge", "charge-back", "treachery", "regroup"};
    static const char *const SUPPLY[] = {"minors", "execute-york", "execute-lancaster", "losses"};
    static const char *const POLITICAL[] = {"pretender-home", "king-home", "exile-surplus", "due", "homing-due"};
    _Static_assert(sizeof MULLIGAN / sizeof MULLIGAN[0] == MULLIGAN_STEP_COUNT &&
                       sizeof CARDS / sizeof CARDS[0] == CARD_STEP_COUNT &&
                       sizeof BATTLE / sizeof BATTLE[0] == BATTLE_STEP_COUNT &&
                       sizeof SUPPLY / sizeof SUPPLY[0] == SUPPLY_STEP_COUNT &&
                       sizeof POLITICAL / sizeof POLITICAL[0] == POLITICAL_HOMING_DUE + 1,
                   "a name for every step of every phase");
#define STEP(names) (w->step < sizeof names / sizeof names[0] ? names[w->step] : "?")
    switch (w->phase) {
    case PHASE_MULLIGAN: return STEP(MULLIGAN);
    case PHASE_CARDS: return STEP(CARDS);
    case PHASE_ACTION: return STEP(ACTION);
    case PHASE_BATTLE: return STEP(BATTLE);
    case PHASE_SUPPLY: return STEP(SUPPLY);
    case PHASE_POLITICAL: return STEP(POLITICAL);
    default: return "-";
    }
#undef STEP
}

static const char *block_or_none(int block) { return block < BLOCK_COUNT ? BLOCK_INFO[block].id : "none"; }

/* The crown, who acts first, the actions left and the battle being fought. */
static void print_state(struct strbuf *sb, const struct world *w)
{
    strbuf_add(sb, "King %s; Pretender %s; Player 1 %s", block_or_none(w->king), block_or_none(w->pretender),
               w->player1 < SIDE_COUNT ? SIDE_NAME[w->player1] : "not yet");
    if (w->phase == PHASE_ACTION)
        strbuf_add(sb, "; %d AP left", w->ap_left);
    if (w->battle.area != AREA_NONE)
        strbuf_add(sb, "; battle in %s, round %d", AREA_INFO[w->battle.area].name, w->battle.round);
    strbuf_add(sb, "\n");
}

bool view_print(const struct view *v, char *text, size_t size)
{
    struct strbuf sb;
    const struct world *w = &v->w;
    int enemy = 1 - v->side;
    strbuf_init(&sb, text, size);
    strbuf_add(&sb, "%s's view: %d, campaign %d, turn %d, %s phase, step %s\n", SIDE_NAME[v->side],
               SCENARIO_INFO[w->scenario].year, w->campaign, w->turn, PHASE_NAME[w->phase], step_name(w));
    print_state(&sb, w);
    strbuf_add(&sb, "On the map (face-down %s pieces as %c?N):\n", SIDE_NAME[enemy], enemy == SIDE_YORK ? 'Y' : 'L');
    print_places(&sb, v);
    bool any = false;
    for (int l = 0; l < MAX_LABELS; l++)
        any |= v->piece[l].cand != 0;
    if (any)
        strbuf_add(&sb, "Face-down %s pieces:\n", SIDE_NAME[enemy]);
    for (int l = 1; l <= MAX_LABELS; l++)
        if (v->piece[l - 1].cand)
            print_piece(&sb, v, l);
    print_cards(&sb, "Own hand", w->hand[v->side]);
    if (w->hand[enemy])
        print_cards(&sb, "Enemy hand, shown for a redeal", w->hand[enemy]);
    strbuf_add(&sb, "%s holds %d card%s%s; %d cards unseen\n", SIDE_NAME[enemy], v->enemy_hand,
               v->enemy_hand == 1 ? "" : "s", v->enemy_card_down ? " and has played one face-down" : "",
               bits_count(v->unseen_cards));
    if (v->enemy_recruiting)
        strbuf_add(&sb, "%s is recruiting a block not yet seen\n", SIDE_NAME[enemy]);
    strbuf_add(&sb, "Information-set key: %016llx\n", (unsigned long long)view_key(v));
    return !strbuf_overflowed(&sb);
}

/* ---- the view as one JSON object ---- */

static void json_blocks(struct strbuf *sb, const struct world *w, int viewer, int side, int area, bool *first)
{
    for (blockset left = blocks_in(w, side, area); left; left &= left - 1) {
        int b = __builtin_ctzll(left), value;
        strbuf_add(sb, "%s{\"block\":\"%s\",\"side\":\"%s\",", *first ? "" : ",", BLOCK_INFO[b].id,
                   SIDE_WORD[world_block_side(w, b)]);
        if (strength_vague(w, viewer, b, &value))
            strbuf_add(sb, "\"strength\":null,\"strength_at_most\":%d}", value + 1);
        else
            strbuf_add(sb, "\"strength\":%d}", world_steps(w, b));
        *first = false;
    }
}

static void json_pieces(struct strbuf *sb, const struct view *v, int area, bool *first)
{
    char enemy = 1 - v->side == SIDE_YORK ? 'Y' : 'L';
    for (int l = 0; l < MAX_LABELS; l++) {
        const struct view_piece *p = &v->piece[l];
        if (!p->cand || p->area != area)
            continue;
        strbuf_add(sb, "%s{\"piece\":\"%c?%d\",\"side\":\"%s\",\"may_be\":[", *first ? "" : ",", enemy, l + 1,
                   SIDE_WORD[1 - v->side]);
        blockset cands = cand_blocks(p->cand, v->side);
        for (blockset left = cands; left; left &= left - 1)
            strbuf_add(sb, "%s\"%s\"", left == cands ? "" : ",", BLOCK_INFO[__builtin_ctzll(left)].id);
        strbuf_add(sb, "]}");
        *first = false;
    }
}

static void json_areas(struct strbuf *sb, const struct view *v)
{
    bool first_area = true;
    strbuf_add(sb, "\"areas\":[");
    for (int a = 0; a < AREA_COUNT; a++) {
        bool any_piece = false, first = true;
        for (int l = 0; l < MAX_LABELS; l++)
            any_piece |= v->piece[l].cand && v->piece[l].area == a;
        if (!v->w.at[a] && !any_piece)
            continue;
        strbuf_add(sb, "%s{\"area\":\"%s\",\"blocks\":[", first_area ? "" : ",", AREA_INFO[a].name);
        json_blocks(sb, &v->w, v->side, v->side, a, &first);
        json_blocks(sb, &v->w, v->side, 1 - v->side, a, &first);
        json_pieces(sb, v, a, &first);
        strbuf_add(sb, "]}");
        first_area = false;
    }
    strbuf_add(sb, "]");
}

static void json_cards(struct strbuf *sb, const char *name, uint32_t cards)
{
    strbuf_add(sb, ",\"%s\":[", name);
    for (int c = 1, n = 0; c <= CARD_COUNT; c++)
        if (cards >> c & 1)
            strbuf_add(sb, "%s%d", n++ ? "," : "", c);
    strbuf_add(sb, "]");
}

static void json_name(struct strbuf *sb, const char *key, const char *value)
{
    if (value)
        strbuf_add(sb, ",\"%s\":\"%s\"", key, value);
    else
        strbuf_add(sb, ",\"%s\":null", key);
}

bool view_json(const struct view *v, char *text, size_t size)
{
    struct strbuf sb;
    const struct world *w = &v->w;
    int enemy = 1 - v->side;
    strbuf_init(&sb, text, size);
    strbuf_add(&sb, "{\"side\":\"%s\",\"scenario\":%d,\"campaign\":%d,\"turn\":%d,\"phase\":\"%s\",\"step\":\"%s\"",
               SIDE_WORD[v->side], SCENARIO_INFO[w->scenario].year, w->campaign, w->turn, PHASE_NAME[w->phase],
               step_name(w));
    json_name(&sb, "king", w->king < BLOCK_COUNT ? BLOCK_INFO[w->king].id : NULL);
    json_name(&sb, "pretender", w->pretender < BLOCK_COUNT ? BLOCK_INFO[w->pretender].id : NULL);
    json_name(&sb, "player1", w->player1 < SIDE_COUNT ? SIDE_WORD[w->player1] : NULL);
    if (w->phase == PHASE_ACTION)
        strbuf_add(&sb, ",\"ap_left\":%d", w->ap_left);
    if (w->battle.area != AREA_NONE)
        strbuf_add(&sb, ",\"battle\":{\"area\":\"%s\",\"round\":%d}", AREA_INFO[w->battle.area].name, w->battle.round);
    strbuf_add(&sb, ",");
    json_areas(&sb, v);
    json_cards(&sb, "hand", w->hand[v->side]);
    if (w->hand[enemy])
        json_cards(&sb, "enemy_hand_shown", w->hand[enemy]);
    strbuf_add(&sb, ",\"enemy_cards\":%d,\"enemy_card_down\":%s,\"cards_unseen\":%d,\"enemy_recruiting\":%s",
               v->enemy_hand, v->enemy_card_down ? "true" : "false", bits_count(v->unseen_cards),
               v->enemy_recruiting ? "true" : "false");
    strbuf_add(&sb, ",\"infokey\":\"%016llx\"}", (unsigned long long)view_key(v));
    return !strbuf_overflowed(&sb);
}
