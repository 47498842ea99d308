/*
 * scenario.c: builds a scenario's opening position from SCENARIO_START and
 * SCENARIO_INFO, so that the setups cannot disagree with scenarios.tsv.
 */
#include "scenario.h"

#include "tables.h"

int scenario_from_year(int year)
{
    for (int s = 0; s < SCENARIO_COUNT; s++)
        if (SCENARIO_INFO[s].year == year)
            return s;
    return -1;
}

int senior_heir_in_play(const struct world *w, int side)
{
    int best = BLOCK_NONE;
    for (int b = 0; b < BLOCK_COUNT; b++) {
        const struct block_info *info = &BLOCK_INFO[b];
        if (info->side != side || info->type != BLOCK_HEIR || world_location(w, b) >= AREA_COUNT)
            continue;
        if (best == BLOCK_NONE || info->heir_rank < BLOCK_INFO[best].heir_rank)
            best = b;
    }
    return best;
}

int royal_side(const struct world *w)
{
    return 1 - world_pretender_side(w);
}

bool heir_shield(const struct world *w, int heir, int area)
{
    static const int OWN_SHIELD[] = {BLOCK_L_EXETER, BLOCK_L_SOMERSET, BLOCK_L_RICHMOND};
    const struct block_info *info = &BLOCK_INFO[heir];
    for (int i = 0; i < info->seat_count; i++)
        if (info->seats[i] == area)
            return true;
    for (int i = 0; i < 3 && info->side == SIDE_LANCASTER; i++)
        if ((w->dead & block_bit(OWN_SHIELD[i])) && BLOCK_INFO[OWN_SHIELD[i]].seats[0] == area)
            return true;
    return false;
}

void scenario_setup(struct world *w, int scenario)
{
    const struct scenario_info *info = &SCENARIO_INFO[scenario];
    world_clear(w);
    w->scenario = (uint8_t)scenario;
    w->campaign = info->first_campaign;
    w->turn = 1;
    w->phase = PHASE_DEAL;
    for (int b = 0; b < BLOCK_COUNT; b++) {
        world_place(w, b, SCENARIO_START[scenario][b]);
        world_set_steps(w, b, BLOCK_INFO[b].steps);
    }
    w->king = info->king;
    /* 1470: while Henry VI is a prisoner, Prince Edward acts as Pretender (RULINGS B.15). */
    world_set_pretender_side(w, info->pretender_side);
    world_set_pretender(w, senior_heir_in_play(w, info->pretender_side));
    for (int card = 1; card <= CARD_COUNT; card++)
        w->deck |= (uint32_t)1 << card;
}
