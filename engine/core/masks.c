/*
 * masks.c: see masks.h. Each set is read off the tables of tables.c.
 */
#include "engine/core/masks.h"

#include "engine/core/tables.h"

struct map_masks MASKS;

static bool share_sea(int a, int b)
{
    for (int i = 0; i < AREA_INFO[a].sea_count; i++)
        for (int j = 0; j < AREA_INFO[b].sea_count; j++)
            if (AREA_INFO[a].seas[i] == AREA_INFO[b].seas[j])
                return true;
    return false;
}

static void area_masks(struct map_masks *m)
{
    for (int a = 0; a < AREA_COUNT; a++) {
        const struct area_info *info = &AREA_INFO[a];
        uint64_t bit = area_bit(a);
        m->all |= bit;
        m->coastal |= area_is_coastal(a) ? bit : 0;
        m->city |= info->city ? bit : 0;
        m->exile |= info->kind == AREA_EXILE ? bit : 0;
        m->wales |= info->kind == AREA_WALES ? bit : 0;
        m->crown |= info->crown ? bit : 0;
        m->usurpation_ground |= info->kind != AREA_EXILE && a != AREA_ISLE_OF_MAN ? bit : 0;
        for (int side = 0; side < SIDE_COUNT; side++) {
            m->enemy_exiles[side] |= info->kind == AREA_EXILE && info->exile_of != side ? bit : 0;
            m->exiles_of[side] |= info->kind == AREA_EXILE && info->exile_of == side ? bit : 0;
        }
        m->supports[a] =
            (uint8_t)(info->kind == AREA_EXILE ? (a == AREA_CALAIS || a == AREA_FRANCE ? 4 : 2) : (info->city ? 5 : 4));
        for (int b = 0; b < AREA_COUNT; b++)
            if (b != a && area_is_coastal(b) && share_sea(a, b))
                m->sea_reach[a] |= area_bit(b);
    }
}

static bool sails(int block)
{
    int type = BLOCK_INFO[block].type;
    return type != BLOCK_LEVY && type != BLOCK_REBEL_TYPE && block != BLOCK_L_SCOTS_MERCENARY &&
           block != BLOCK_L_WELSH_MERCENARY;
}

static void block_masks(struct map_masks *m)
{
    for (int b = 0; b < BLOCK_COUNT; b++) {
        for (int i = 0; i < BLOCK_INFO[b].seat_count; i++)
            m->seats[b] |= area_bit(BLOCK_INFO[b].seats[i]);
        m->sea_capable |= sails(b) ? block_bit(b) : 0;
        if (BLOCK_INFO[b].type == BLOCK_MERCENARY && BLOCK_INFO[b].seat_rule == SEATS_AREAS)
            m->local_mercenaries[BLOCK_INFO[b].seats[0]] |= block_bit(b);
        int type = BLOCK_INFO[b].type;
        for (int n = 0; n < BLOCK_INFO[b].steps && n < 5; n++)
            m->stronger_than[n] |= block_bit(b);
        m->throne_counters |= type == BLOCK_NOBLE || type == BLOCK_HEIR || type == BLOCK_CHURCH ? block_bit(b) : 0;
        if (type == BLOCK_HEIR && BLOCK_INFO[b].side < SIDE_COUNT)
            m->heirs[BLOCK_INFO[b].side] |= block_bit(b);
    }
}

static void border_masks(struct map_masks *m)
{
    for (int e = 0; e < BORDER_COUNT; e++) {
        const struct border_info *info = &BORDER_INFO[e];
        m->borders_into[0][info->b] |= (uint64_t)1 << e;
        m->borders_into[1][info->a] |= (uint64_t)1 << e;
        m->border_limit[info->limit] |= (uint64_t)1 << e;
    }
}

__attribute__((constructor)) static void masks_init(void)
{
    area_masks(&MASKS);
    block_masks(&MASKS);
    border_masks(&MASKS);
}
