/*
 * world.h: the complete true state of one game of Richard III, as plain data.
 *
 * One fixed-size struct, no pointers, copied with memcpy (copy-make). Every
 * creator starts from a zeroed struct, so padding is zero and two equal worlds
 * compare equal with memcmp and hash equal with world_hash().
 *
 * Blocks are numbered as in enum block (York 0..30, rebel 31, Lancaster 32..62),
 * so a set of blocks is one 64-bit word (blockset). "Which York blocks are in
 * Kent" is one AND:  w->at[AREA_KENT] & w->side_blocks[SIDE_YORK].
 *
 * Layout (bytes; 8-byte words first so that the only padding is at the end):
 *
 *   offset size  field
 *   ------ ----  ------------------------------------------------------------
 *      0   264   at[33]           blocks standing in each area
 *    264    32   pool, minor, other_side, dead   blocks in each off-map place
 *    296    16   side_blocks[2]   blocks fighting for York / Lancaster
 *    312    16   step_lo, step_hi strength - 1, as two bit planes
 *    328    56   moved, pinned, face_down, revealed, defected, reserve, by_sea
 *    384    24   crossed[3]       per-border crossing counts, three bit planes
 *    408    32   entered[2][2]    borders crossed into a battle, per side and way
 *    440     8   main_attack      borders that carry a main attack
 *    448     8   acted            blocks done in this step (battle turns, regroups, supply losses)
 *    456    12   hand[2], deck    card sets, bit n = card n
 *    468    39   one-byte fields: game clock, crowns, cards played, step, move, battle
 *    507     5   padding: the truth ends on a 512-byte line
 *    512   352   know             what each side knows of the other's blocks (below)
 *
 * A block's strength is 1 + bit(step_lo) + 2 * bit(step_hi), so 1..4:
 *
 *     step_hi  step_lo   strength
 *        0        0         1
 *        0        1         2
 *        1        0         3
 *        1        1         4
 *
 * The count of blocks that crossed border e is bit e of crossed[0] (1s),
 * crossed[1] (2s) and crossed[2] (4s), 0..7, so one border's count is three
 * shifts and the whole table clears in three stores:
 *
 *     bit:        63 .. 61 60 ...  2  1  0      (borders 0..61, bits 62-63 unused)
 *     crossed[0]   0     b61 ...  b2 b1 b0   -> count bit 0
 *     crossed[1]   0     b61 ...  b2 b1 b0   -> count bit 1
 *     crossed[2]   0     b61 ...  b2 b1 b0   -> count bit 2
 *
 * entered[side][0] has bit e when that side crossed border e from its area a
 * into its area b (as listed in borders.tsv) to enter an enemy or contested
 * area; entered[side][1] the other way. Retreats (6.6) and pinning (5.22) need
 * the direction.
 *
 * Knowledge (docs/knowledge.md). Every block can be hidden from one side only:
 * the enemy of the side it fights for, its observer. What the observer knows
 * of it is kept with the block, so that apply() moves it along for free:
 *
 *   label[b]  0 when the observer knows which block b is (or b is off the
 *             map); otherwise 1..32, the observer's name for that face-down
 *             piece, the lowest free when it appeared.
 *   cand[b]   for a hidden piece, the blocks it may be: bit i is block
 *             knowledge_base(observer) + i (York sees Lancaster 32..62 and
 *             the rebel 31 as bits 1..32; Lancaster sees York 0..30 and the
 *             rebel as bits 0..31).
 *   vague, relative, value_lo, value_hi: what the observer knows of b's
 *             strength, for blocks on the map:
 *
 *     vague relative  value v (0..3)   the observer knows
 *       0      -         -             the strength exactly (it is the truth)
 *       1      1         v             full strength less v steps
 *       1      0         v             at most v + 1 steps
 *
 * The truth fills the first 512 bytes (docs/architecture.md); the
 * knowledge is the 352 bytes after it. Search playouts may set
 * WORLD_NO_KNOWLEDGE to skip keeping it.
 */
#ifndef R3_WORLD_H
#define R3_WORLD_H

#include <stddef.h>
#include <string.h>

#include "engine/core/types.h"

enum phase {
    PHASE_DEAL,      /* chance: shuffle and deal seven cards each (1.0, 8.5) */
    PHASE_MULLIGAN,  /* the players may ask for a redeal (5.1, RULINGS A.2) */
    PHASE_CARDS,     /* both players choose a card, unseen by the other (1.1) */
    PHASE_ACTION,    /* player 1, then player 2, spend action points (1.2, 5.0) */
    PHASE_BATTLE,    /* battles one at a time, in player 1's order (1.3, 6.0) */
    PHASE_SUPPLY,    /* supply and exile limits (1.4, 7.0) */
    PHASE_POLITICAL, /* between campaigns (8.0) */
    PHASE_OVER,      /* the game has ended; see winner */
    PHASE_COUNT
};

/* world.step in PHASE_MULLIGAN (5.1, RULINGS A.2): each side in turn may show a
 * hand of AP13 or less and ask for a redeal; the other side then keeps or
 * redeals its own hand too. */
enum mulligan_step {
    MULLIGAN_YORK_ASKS,         /* York may ask */
    MULLIGAN_LANCASTER_ASKS,    /* Lancaster may ask */
    MULLIGAN_LANCASTER_ANSWERS, /* York asked; Lancaster keeps or redeals */
    MULLIGAN_YORK_ANSWERS,      /* Lancaster asked; York keeps or redeals */
    MULLIGAN_STEP_COUNT
};

/* world.step in PHASE_CARDS (1.1): York chooses, then Lancaster. York's card
 * lies face-down in played[] until both are down; Lancaster has not seen it. */
enum card_step { CARDS_YORK_PLAYS, CARDS_LANCASTER_PLAYS, CARD_STEP_COUNT };

/* world.step in PHASE_POLITICAL. */
enum political_step {
    POLITICAL_PRETENDER_HOME, /* the Pretender's blocks go home (8.3) */
    POLITICAL_KING_HOME,      /* then the King's (8.4) */
    POLITICAL_EXILE_SURPLUS,  /* blocks over an exile limit go to the pool (RULINGS A.8) */
    POLITICAL_STEP_COUNT,
    /* Set by the supply phase when the campaign's last turn ends. rules_apply()
     * begins the turn only after the knowledge has taken in the decision that
     * ended the campaign, since 8.1's narrowing must start from what the
     * observer knew then (a block recruited by that very decision included). */
    POLITICAL_DUE = POLITICAL_STEP_COUNT,
    /* Set when 8.1 and 8.2 are done: the blocks going home come next, as a
     * stage of their own, since a block that disbanded to the pool and one
     * that went home to it look alike but for when they went. */
    POLITICAL_HOMING_DUE
};

/* Game-wide flags (world.flags). */
enum {
    WORLD_MULLIGAN_USED_YORK = 1 << 0,      /* York asked for a redeal this campaign (5.1) */
    WORLD_MULLIGAN_USED_LANCASTER = 1 << 1, /* Lancaster did */
    WORLD_TREASON_ROLLED = 1 << 2,          /* the Treason card's roll is spent this turn */
    WORLD_NO_KNOWLEDGE = 1 << 3,            /* apply() does not keep the knowledge (fast playouts) */
};
#define WORLD_FLAG_COUNT 4

/* The per-block flags of struct world, in the order the position text writes them. */
enum block_flag {
    FLAG_MOVED,
    FLAG_PINNED,
    FLAG_FACE_DOWN,
    FLAG_REVEALED,
    FLAG_DEFECTED,
    FLAG_RESERVE,
    FLAG_BY_SEA,
    BLOCK_FLAG_COUNT
};

/* The group move in progress (5.2, 5.3): area, then each block and its way. */
enum move_kind { MOVE_NONE, MOVE_LAND, MOVE_SEA, MOVE_MUSTER, MOVE_RECRUIT, MOVE_KIND_COUNT };

/* MOVE_NONE has every other field NONE (steps 0). */
struct move {
    uint8_t kind;      /* enum move_kind */
    uint8_t from;      /* area the group starts in; AREA_NONE for Muster and recruits */
    uint8_t block;     /* block now on its way (or being recruited), BLOCK_NONE between blocks */
    uint8_t via;       /* area it has reached; at sea, after a port-to-port block has landed,
                        * the port a second block may follow it to (5.31) */
    uint8_t came_from; /* area it left on its last step: it may not cross straight back (B.8) */
    uint8_t steps;     /* areas it has moved so far, 0..3 */
    uint8_t target;    /* Muster: the named area; AREA_NONE otherwise */
};

/* Battle flags (battle.flags). */
enum {
    BATTLE_CONTROL_SWAPPED = 1 << 0, /* all round-1 defenders fell (6.3, RULINGS B.2) */
    BATTLE_KING_ROLLED = 1 << 1,     /* treachery rolls spent this battle (6.9, B.10) */
    BATTLE_PRETENDER_ROLLED = 1 << 2,
    BATTLE_WARWICK_ROLLED = 1 << 3,
    BATTLE_TREASON_ASKED = 1 << 4, /* the Treason card's holder has had his chance here */
    BATTLE_FLAG_COUNT = 5
};

/* world.step in PHASE_BATTLE: what the battle is waiting for. */
enum battle_step {
    BATTLE_CHOOSE,      /* Player 1 chooses the next battle (6.1) */
    BATTLE_TREASON,     /* the Treason card's holder may roll before it begins (RULINGS A.1) */
    BATTLE_TURNS,       /* the next block takes its battle turn (6.2) */
    BATTLE_FIRE,        /* chance: the actor's dice, one at a time (6.4) */
    BATTLE_HITS,        /* the owner chooses which of his equally strong blocks takes the volley */
    BATTLE_CHARGE,      /* chance: the charging heir's dice at the target (6.5) */
    BATTLE_CHARGE_BACK, /* chance: the surviving target's bonus fire at the heir */
    BATTLE_TREACHERY,   /* chance: the treachery dice, all even to turn the target (6.9) */
    BATTLE_REGROUP,     /* the winner regroups (6.7) */
    BATTLE_STEP_COUNT
};

/* The battle being fought (6.0). area == AREA_NONE when there is none, and then
 * every other field is zero or NONE. */
struct battle {
    uint8_t area;     /* enum area */
    uint8_t round;    /* 1..4 */
    uint8_t attacker; /* enum side; swaps on loss of control */
    uint8_t actor;    /* block taking its battle turn, BLOCK_NONE between turns */
    uint8_t target;   /* the block a charge or treachery roll is aimed at, BLOCK_NONE otherwise */
    uint8_t dice;     /* dice still to roll for the actor */
    uint8_t hits;     /* hits rolled and not yet assigned (6.4); for treachery, odd dice seen */
    uint8_t flags;
    /* Retreats and regroups over each of the battle area's borders this round
     * (6.6, RULINGS B.8): side s, neighbour i (AREA_NEIGHBOURS order) is the
     * nibble i % 2 of retreats[s][i / 2]. */
    uint8_t retreats[SIDE_COUNT][MAX_NEIGHBOURS / 2];
};

/* Strength knowledge (see the layout above). */
enum strength_knowledge { KNOW_EXACT, KNOW_DEFICIT, KNOW_AT_MOST };

#define MAX_LABELS 32

struct knowledge {
    blockset vague, relative, value_lo, value_hi;
    uint32_t cand[BLOCK_COUNT];
    uint8_t label[BLOCK_COUNT];
    uint8_t spare;
};

struct world {
    blockset at[AREA_COUNT];
    blockset pool, minor, other_side, dead;
    blockset side_blocks[SIDE_COUNT]; /* the rebel joins the Pretender's side (3.26), and stays
                                       * with it while no heir holds that place */
    blockset step_lo, step_hi;
    blockset moved;     /* moved (or was recruited) this turn (1.2, 5.2) */
    blockset pinned;    /* held by attackers (5.22) */
    blockset face_down; /* eliminated this campaign: may not be recruited (6.83-6.85) */
    blockset revealed;  /* shown in the battle in progress (6.1) */
    blockset defected;  /* changed sides in this battle; no roll may win it back (6.9) */
    blockset reserve;   /* a reserve of the battle it is in (6.3, RULINGS B.1, B.9) */
    blockset by_sea;    /* attacked by sea under Piracy (RULINGS A.1) */
    uint64_t crossed[3];
    uint64_t entered[SIDE_COUNT][2];
    uint64_t main_attack;
    blockset acted;            /* blocks done in the current step: battle turns this round, regroups, supply losses */
    uint32_t hand[SIDE_COUNT]; /* bit n = card n */
    uint32_t deck;             /* cards not dealt and not played */

    uint8_t scenario;               /* enum scenario */
    uint8_t campaign;               /* 1..3 */
    uint8_t turn;                   /* 1..7 */
    uint8_t phase;                  /* enum phase */
    uint8_t king;                   /* enum block, BLOCK_NONE if none */
    uint8_t pretender;              /* enum block, BLOCK_NONE if none */
    uint8_t prisoner;               /* the block held prisoner (1470: Henry VI), BLOCK_NONE if none */
    uint8_t player1;                /* enum side; SIDE_NONE until the cards are shown */
    uint8_t ap_left;                /* action points the acting player has left */
    uint8_t played[SIDE_COUNT];     /* card played this turn, 0 if none yet */
    uint8_t flags;                  /* WORLD_* */
    uint8_t minors_due[SIDE_COUNT]; /* heirs killed whose minors enter next supply phase (6.82) */
    uint8_t winner;                 /* enum side; SIDE_NONE while the game goes on */
    uint8_t step;                   /* where in its phase the game is; see enum mulligan_step and friends */
    struct move move;
    struct battle battle;
    struct knowledge know; /* starts at byte 512: the truth above ends at 507 */
};

/* The blocks of one side standing in an area: one AND. */
static inline blockset blocks_in(const struct world *w, int side, int area)
{
    return w->at[area] & w->side_blocks[side];
}

/* 2.1: friendly (own blocks only), vacant (no blocks), contested (both sides). */
static inline bool area_friendly(const struct world *w, int side, int area)
{
    return blocks_in(w, side, area) && !blocks_in(w, 1 - side, area);
}
static inline bool area_vacant(const struct world *w, int area) { return w->at[area] == 0; }
static inline bool area_friendly_or_vacant(const struct world *w, int side, int area)
{
    return !blocks_in(w, 1 - side, area) && (w->at[area] == 0 || blocks_in(w, side, area));
}
static inline bool area_contested(const struct world *w, int area)
{
    return blocks_in(w, 0, area) && blocks_in(w, 1, area);
}

/* Borders a side crossed this turn into an area that held the enemy (5.22, 6.6),
 * as a set of border numbers. */
uint64_t borders_entered_into(const struct world *w, int side, int area);
/* Did a side attack this area this turn, by land or under Piracy by sea (6.3)? */
bool attacked_by(const struct world *w, int side, int area);

/* A copy of a whole world, through the C library's memcpy. The compiler
 * copies a struct of this size inline with "rep movs", which costs twice as
 * much as the library's vector copy, chosen for the processor at run time;
 * a size it cannot see at compile time keeps it from inlining the copy. */
extern volatile size_t WORLD_BYTES;
static inline void world_copy(struct world *to, const struct world *from) { memcpy(to, from, WORLD_BYTES); }

/* An empty world: no blocks anywhere, every NONE field set. */
void world_clear(struct world *w);

/* The blocks on the map: every block not in an off-map place (a block is
 * always in exactly one place). */
static inline blockset world_on_map(const struct world *w)
{
    blockset off = w->pool | w->minor | w->other_side | w->dead;
    if (w->prisoner != BLOCK_NONE)
        off |= block_bit(w->prisoner);
    return ~off & (block_bit(BLOCK_COUNT) - 1);
}

/* The blocks that stand in another area (or came onto or left the map) in
 * b than in a: two areas a step, which the compiler does in one vector
 * operation where the machine has them. */
static inline blockset world_moved_between(const struct world *a, const struct world *b)
{
    blockset even = 0, odd = 0;
    for (int area = 0; area + 1 < AREA_COUNT; area += 2) {
        even |= a->at[area] ^ b->at[area];
        odd |= a->at[area + 1] ^ b->at[area + 1];
    }
    return even | odd | (a->at[AREA_COUNT - 1] ^ b->at[AREA_COUNT - 1]);
}

/* Where a block is: an area or an off-map enum location. */
int world_location(const struct world *w, int block);
/* Moves a block to an area or an off-map location. Flags and steps stay. */
void world_place(struct world *w, int block, int location);

static inline int world_steps(const struct world *w, int block)
{
    return 1 + (int)((w->step_lo >> block) & 1) + 2 * (int)((w->step_hi >> block) & 1);
}
/* The steps of a set of blocks: world_steps() of each, summed. */
static inline int world_steps_of(const struct world *w, blockset blocks)
{
    return bits_count(blocks) + bits_count(blocks & w->step_lo) + 2 * bits_count(blocks & w->step_hi);
}
/* The set of blocks with a flag (enum block_flag): the sets moved to by_sea
 * lie one word after another in that order (world.c checks it). */
static inline blockset *world_flag_set(struct world *w, int flag)
{
    return (blockset *)((char *)w + offsetof(struct world, moved) + (size_t)flag * sizeof(blockset));
}
static inline bool world_has_flag(const struct world *w, int block, int flag)
{
    return *world_flag_set((struct world *)w, flag) & block_bit(block);
}
static inline void world_set_flag(struct world *w, int block, int flag, bool on)
{
    blockset *set = world_flag_set(w, flag);
    *set = on ? (*set | block_bit(block)) : (*set & ~block_bit(block));
}
void world_set_steps(struct world *w, int block, int steps);

/* Sets the Pretender and with him the side the rebel fights for; BLOCK_NONE
 * leaves the place empty but the side unchanged. */
void world_set_pretender(struct world *w, int block);
/* The Pretender's side, even while the place is empty: the rebel's side. */
int world_pretender_side(const struct world *w);
/* Moves the Pretender's side (and the rebel) to a side, keeping the place empty. */
void world_set_pretender_side(struct world *w, int side);

/* The side a block fights for now (the rebel: the Pretender's), or SIDE_NONE. */
static inline int world_block_side(const struct world *w, int block)
{
    blockset bit = block_bit(block);
    if (w->side_blocks[SIDE_YORK] & bit)
        return SIDE_YORK;
    if (w->side_blocks[SIDE_LANCASTER] & bit)
        return SIDE_LANCASTER;
    return SIDE_NONE;
}

static inline int world_crossed(const struct world *w, int border)
{
    return (int)((w->crossed[0] >> border) & 1) | (int)((w->crossed[1] >> border) & 1) << 1 |
           (int)((w->crossed[2] >> border) & 1) << 2;
}
void world_set_crossed(struct world *w, int border, int count);

int world_retreats(const struct world *w, int side, int neighbour_index);
void world_set_retreats(struct world *w, int side, int neighbour_index, int count);

/* The side a block can be hidden from: the enemy of the side it fights for. */
static inline int world_observer(const struct world *w, int block) { return 1 - world_block_side(w, block); }

/* Knowledge sets use 32-bit masks over the observer's possible enemies. */
static inline int knowledge_base(int observer) { return observer == SIDE_YORK ? 31 : 0; }
static inline blockset cand_blocks(uint32_t cand, int observer) { return (blockset)cand << knowledge_base(observer); }
static inline uint32_t cand_mask(blockset blocks, int observer)
{
    return (uint32_t)(blocks >> knowledge_base(observer));
}

/* A block's strength knowledge: kind (enum strength_knowledge) and value 0..3. */
int world_strength_knowledge(const struct world *w, int block, int *value);
void world_set_strength_knowledge(struct world *w, int block, int kind, int value);
/* Forgets everything hidden about a block: its label, candidates and strength. */
void world_forget(struct world *w, int block);

/* Checks every invariant of the struct. Returns true if it holds; otherwise
 * writes why into why[size] and returns false. */
bool world_check(const struct world *w, char *why, size_t size);

/* XXH3 64-bit hash of the whole state. */
uint64_t world_hash(const struct world *w);

extern const char *const PHASE_NAME[PHASE_COUNT];
extern const char *const MOVE_KIND_NAME[MOVE_KIND_COUNT];
extern const char *const BATTLE_FLAG_NAME[BATTLE_FLAG_COUNT];
extern const char BLOCK_FLAG_LETTER[BLOCK_FLAG_COUNT + 1];  /* "mpfrdvs" */
extern const char *const BLOCK_FLAG_NAME[BLOCK_FLAG_COUNT]; /* "moved", "pinned", ... */

#endif
