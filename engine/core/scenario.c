/*
 * scenario.c: builds a scenario's opening position from SCENARIO_START and
 * SCENARIO_INFO, so that the setups cannot disagree with scenarios.tsv.
 */
#include "engine/core/scenario.h"

#include "engine/core/crown.h"
#include "engine/core/tables.h"

int scenario_from_year(int year)
{
    for (int s = 0; s < SCENARIO_COUNT; s++)
        if (SCENARIO_INFO[s].year == year)
            return s;
    return -1;
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
