/*
 * types.h: the shared vocabulary of r3. Every enum and count that more than one
 * module uses lives here, so that headers need not include each other in cycles.
 * The orders of areas, shields and blocks are the row orders of the TSV files in engine/data/;
 * tables.c and the tests rely on that.
 */
#ifndef R3_TYPES_H
#define R3_TYPES_H

#include <stdbool.h>
#include <stdint.h>

/* A set of blocks: bit i is block i (enum block). York 0..30, the rebel 31,
 * Lancaster 32..62, so each side is one half of the word. */
typedef uint64_t blockset;

enum side { SIDE_YORK, SIDE_LANCASTER, SIDE_REBEL, SIDE_NONE };
#define SIDE_COUNT 2 /* sides that play: York and Lancaster */

enum area_kind { AREA_ENGLAND, AREA_WALES, AREA_ISLAND, AREA_EXILE };
enum sea_zone { SEA_IRISH_SEA, SEA_NORTH_SEA, SEA_ENGLISH_CHANNEL, SEA_COUNT };
enum border_colour { BORDER_YELLOW, BORDER_BLUE, BORDER_RED };

enum block_type { BLOCK_HEIR, BLOCK_NOBLE, BLOCK_CHURCH, BLOCK_LEVY, BLOCK_MERCENARY, BLOCK_BOMBARD, BLOCK_REBEL_TYPE };

/* Loyalty (3.13, 6.9, 6.91): the number of treachery dice, or why there are none. */
enum loyalty {
    LOYALTY_NONE,
    LOYALTY_1,
    LOYALTY_2,
    LOYALTY_3,
    LOYALTY_WARWICK, /* Kent and Salisbury: 2, or 1 when Warwick rolls */
    LOYALTY_ROSE,    /* never defects, dies permanently */
    LOYALTY_CROWN    /* an heir that never defects */
};

/* Where a block's recruits and homecomings may go, beyond a plain list of areas (5.4). */
enum seat_rule { SEATS_AREAS, SEATS_ANY_FRIENDLY_CITY, SEATS_ANY_VACANT_NON_EXILE, SEATS_WALES };

enum event { EVENT_NONE, EVENT_FORCE_MARCH, EVENT_MUSTER, EVENT_PIRACY, EVENT_PLAGUE, EVENT_SURPRISE, EVENT_TREASON };

enum scenario { SCENARIO_1460, SCENARIO_1470, SCENARIO_1483, SCENARIO_COUNT };

#define BORDER_COUNT 62
#define CARD_COUNT 25 /* cards are numbered 1..25 as in cards.tsv */
#define MAX_NEIGHBOURS 8

enum area {
    AREA_IRELAND,
    AREA_ISLE_OF_MAN,
    AREA_SCOTLAND,
    AREA_NORTHUMBRIA,
    AREA_CUMBRIA,
    AREA_NORTH_YORKS,
    AREA_EAST_YORKS,
    AREA_SOUTH_YORKS,
    AREA_LANCASTER,
    AREA_CAERNARVON,
    AREA_CHESTER,
    AREA_DERBY,
    AREA_LINCOLN,
    AREA_PEMBROKE,
    AREA_POWYS,
    AREA_HEREFORD,
    AREA_WARWICK,
    AREA_LEICESTER,
    AREA_RUTLAND,
    AREA_EAST_ANGLIA,
    AREA_GLAMORGAN,
    AREA_GLOUCESTER,
    AREA_OXFORD,
    AREA_MIDDLESEX,
    AREA_ESSEX,
    AREA_SOMERSET,
    AREA_WILTS,
    AREA_SUSSEX,
    AREA_KENT,
    AREA_CORNWALL,
    AREA_DORSET,
    AREA_FRANCE,
    AREA_CALAIS,
    AREA_COUNT
};

enum shield {
    SHIELD_STANLEY,
    SHIELD_NORTHUMBERLAND,
    SHIELD_WESTMORELAND,
    SHIELD_CLIFFORD,
    SHIELD_SALISBURY,
    SHIELD_KENT,
    SHIELD_YORK,
    SHIELD_SHREWSBURY,
    SHIELD_LANCASTER,
    SHIELD_NORFOLK,
    SHIELD_BEAUMONT,
    SHIELD_RICHMOND,
    SHIELD_PEMBROKE,
    SHIELD_BUCKINGHAM,
    SHIELD_WARWICK,
    SHIELD_HASTINGS,
    SHIELD_RIVERS,
    SHIELD_WORCESTER,
    SHIELD_SUFFOLK,
    SHIELD_HERBERT,
    SHIELD_OXFORD,
    SHIELD_ESSEX,
    SHIELD_WILTSHIRE,
    SHIELD_ARUNDEL,
    SHIELD_DEVON,
    SHIELD_EXETER,
    SHIELD_SOMERSET,
    SHIELD_COUNT
};

enum block {
    BLOCK_Y_YORK,
    BLOCK_Y_MARCH,
    BLOCK_Y_RUTLAND,
    BLOCK_Y_CLARENCE,
    BLOCK_Y_GLOUCESTER,
    BLOCK_Y_ESSEX,
    BLOCK_Y_HASTINGS,
    BLOCK_Y_HERBERT,
    BLOCK_Y_WORCESTER,
    BLOCK_Y_SUFFOLK,
    BLOCK_Y_NORFOLK,
    BLOCK_Y_BUCKINGHAM,
    BLOCK_Y_EXETER,
    BLOCK_Y_RIVERS,
    BLOCK_Y_NORTHUMBERLAND,
    BLOCK_Y_SHREWSBURY,
    BLOCK_Y_STANLEY,
    BLOCK_Y_ARUNDEL,
    BLOCK_Y_WARWICK,
    BLOCK_Y_KENT,
    BLOCK_Y_SALISBURY,
    BLOCK_Y_WESTMORELAND,
    BLOCK_Y_LONDON_LEVY,
    BLOCK_Y_NORWICH_LEVY,
    BLOCK_Y_SALISBURY_LEVY,
    BLOCK_Y_BOMBARD,
    BLOCK_Y_CANTERBURY_CHURCH,
    BLOCK_Y_YORK_CHURCH,
    BLOCK_Y_IRISH_MERCENARY,
    BLOCK_Y_BURGUNDIAN_MERCENARY,
    BLOCK_Y_CALAIS_MERCENARY,
    BLOCK_R_REBEL,
    BLOCK_L_SCOTS_MERCENARY,
    BLOCK_L_WELSH_MERCENARY,
    BLOCK_L_FRENCH_MERCENARY,
    BLOCK_L_CANTERBURY_CHURCH,
    BLOCK_L_YORK_CHURCH,
    BLOCK_L_BOMBARD,
    BLOCK_L_COVENTRY_LEVY,
    BLOCK_L_BRISTOL_LEVY,
    BLOCK_L_NEWCASTLE_LEVY,
    BLOCK_L_WESTMORELAND,
    BLOCK_L_NORTHUMBERLAND,
    BLOCK_L_SHREWSBURY,
    BLOCK_L_STANLEY,
    BLOCK_L_YORK_LEVY,
    BLOCK_L_WARWICK,
    BLOCK_L_KENT,
    BLOCK_L_SALISBURY,
    BLOCK_L_OXFORD,
    BLOCK_L_PEMBROKE,
    BLOCK_L_DEVON,
    BLOCK_L_BEAUMONT,
    BLOCK_L_BUCKINGHAM,
    BLOCK_L_CLARENCE,
    BLOCK_L_RIVERS,
    BLOCK_L_HENRY_VI,
    BLOCK_L_PRINCE_EDWARD,
    BLOCK_L_EXETER,
    BLOCK_L_SOMERSET,
    BLOCK_L_RICHMOND,
    BLOCK_L_CLIFFORD,
    BLOCK_L_WILTSHIRE,
    BLOCK_COUNT
};

#define BLOCK_NONE 0xff
#define AREA_NONE 0xff
#define BORDER_NONE 0xff

/* Where a block can be: an area (0..AREA_COUNT-1) or one of the places off the map. */
enum location {
    LOC_POOL = AREA_COUNT, /* in its side's pool, waiting to be recruited (4.2) */
    LOC_MINOR,             /* a minor heir, not yet in play (4.5) */
    LOC_OTHER_SIDE,        /* out of play: the other side's version of this noble is in play (4.6) */
    LOC_DEAD,              /* permanently eliminated */
    LOC_PRISONER,          /* 1470: Henry VI held in the Tower (RULINGS B.15) */
    LOC_COUNT
};

static inline blockset block_bit(int block) { return (blockset)1 << block; }
static inline uint64_t area_bit(int area) { return (uint64_t)1 << area; }

/* A bit count that the portable build (no popcnt instruction) does inline
 * rather than through a call into libgcc. */
static inline int bits_count(uint64_t x)
{
#ifdef __POPCNT__
    return __builtin_popcountll(x);
#else
    x = x - ((x >> 1) & 0x5555555555555555ull);
    x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0full;
    return (int)((x * 0x0101010101010101ull) >> 56);
#endif
}

#endif
