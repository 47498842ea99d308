/*
 * tables.h: the game's constant data (areas, borders, sea zones, blocks, cards and
 * scenario setups), exactly as in engine/data/. Everything here is read-only and
 * indexed by the enums of types.h. Rules code asks questions through the small
 * inline helpers below rather than walking the raw lists.
 */
#ifndef R3_TABLES_H
#define R3_TABLES_H

#include <stddef.h>

#include "engine/core/types.h"

struct area_info {
    const char *name;
    uint8_t kind;          /* enum area_kind */
    uint8_t exile_of;      /* enum side: whose exile area it is, SIDE_NONE if none */
    const char *city;      /* NULL if none (2.4) */
    const char *cathedral; /* NULL if none (2.5) */
    bool crown;            /* crown symbol (2.3) */
    bool major_port;       /* ship symbol (2.83) */
    uint8_t sea_count;     /* 0: inland */
    uint8_t seas[2];       /* enum sea_zone, in the order the data lists them */
    uint8_t shield_count;
    uint8_t shields[4]; /* enum shield, in the order the data lists them */
};

struct border_info {
    uint8_t a, b;   /* enum area */
    uint8_t colour; /* enum border_colour */
    uint8_t limit;  /* blocks per player per turn (5.21) */
};

/* The land neighbours of an area and the border to each. */
struct neighbours {
    uint8_t count;
    uint8_t area[MAX_NEIGHBOURS];
    uint8_t border[MAX_NEIGHBOURS];
};

struct block_info {
    const char *id;    /* "Y:York": side letter and name, as in blocks.tsv */
    const char *name;  /* "York", "London (levy)" */
    uint8_t side;      /* enum side */
    uint8_t type;      /* enum block_type */
    uint8_t steps;     /* full strength */
    char initiative;   /* 'A'..'D' (3.12) */
    uint8_t fire;      /* firepower 1..4 */
    uint8_t loyalty;   /* enum loyalty */
    uint8_t heir_rank; /* 1 = most senior; 0 = not an heir */
    uint8_t seat_rule; /* enum seat_rule */
    uint8_t seat_count;
    uint8_t seats[3]; /* enum area, for SEATS_AREAS, in data order */
};

struct card_info {
    const char *name;
    uint8_t ap;
    uint8_t event; /* enum event */
};

struct scenario_info {
    uint16_t year;
    uint8_t first_campaign, last_campaign;
    uint8_t king;           /* enum block */
    uint8_t pretender_side; /* enum side */
};

extern const struct area_info AREA_INFO[AREA_COUNT];
extern const char *const SHIELD_NAME[SHIELD_COUNT];
extern const struct border_info BORDER_INFO[BORDER_COUNT];
extern const struct neighbours AREA_NEIGHBOURS[AREA_COUNT];
extern const struct block_info BLOCK_INFO[BLOCK_COUNT];
extern const struct card_info CARD_INFO[CARD_COUNT + 1]; /* index = card number; [0] unused */
extern const struct scenario_info SCENARIO_INFO[SCENARIO_COUNT];
extern const uint8_t SCENARIO_START[SCENARIO_COUNT][BLOCK_COUNT]; /* enum location */

extern const char *const SEA_NAME[SEA_COUNT];
extern const char *const SIDE_NAME[SIDE_NONE + 1];
extern const char *const SIDE_WORD[SIDE_COUNT]; /* "york", "lancaster": the protocols' and command lines' words */
extern const char *const AREA_KIND_NAME[AREA_EXILE + 1];
extern const char *const BORDER_COLOUR_NAME[BORDER_RED + 1];
extern const char *const BLOCK_TYPE_NAME[BLOCK_REBEL_TYPE + 1];
extern const char *const LOYALTY_NAME[LOYALTY_CROWN + 1];
extern const char *const EVENT_NAME[EVENT_TREASON + 1];
extern const char *const LOCATION_NAME[LOC_COUNT - AREA_COUNT]; /* off-map places */

/* The border between two areas, or BORDER_NONE if they are not adjacent by land. */
int border_between(int area_a, int area_b);

/* The position of 'next' in AREA_NEIGHBOURS[area], or -1 if not a land neighbour. */
int neighbour_index(int area, int next);

/* All blocks of one side as printed (the rebel has a side of its own). */
blockset blocks_of_side(int side);

/* An area's name as one word, '-' for its spaces ("Isle-of-Man"): as decisions
 * and the position text write it, so that they are words without blanks. */
void area_word(int area, char *word, size_t size);

/* Name look-ups over a span of text (not NUL-terminated). An area name may be
 * written with '-' for its spaces ("Isle-of-Man"), as the position text does.
 * Each returns -1 if nothing matches. */
int area_by_name(const char *text, int length);
int block_by_id(const char *text, int length);

/* The side a protocol word names ("york", "lancaster"), or -1. */
int side_by_word(const char *word);

static inline bool area_is_coastal(int area) { return AREA_INFO[area].sea_count > 0; }

#endif
