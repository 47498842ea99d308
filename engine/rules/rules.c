/*
 * rules.c: the decision-point interface over the phase modules. Each phase
 * module lists and applies its own decisions; this file only dispatches.
 */
#include "engine/rules/rules.h"

#include "engine/core/knowledge.h"
#include "engine/core/random.h"
#include "engine/core/tables.h"
#include "engine/rules/action.h"
#include "engine/rules/battle.h"
#include "engine/rules/cards.h"
#include "engine/rules/political.h"
#include "engine/rules/supply.h"

/* Each phase's module: who decides, what may be decided, and applying it. */
struct phase_module {
    int (*actor)(const struct world *w);
    void (*legal)(const struct world *w, struct decisions *out);
    void (*apply)(struct world *w, decision d);
};

static const struct phase_module CARDS = {cards_actor, cards_legal, cards_apply};
static const struct phase_module *const MODULE[PHASE_COUNT] = {
    [PHASE_DEAL] = &CARDS,
    [PHASE_MULLIGAN] = &CARDS,
    [PHASE_CARDS] = &CARDS,
    [PHASE_ACTION] = &(const struct phase_module){action_actor, action_legal, action_apply},
    [PHASE_BATTLE] = &(const struct phase_module){battle_actor, battle_legal, battle_apply},
    [PHASE_SUPPLY] = &(const struct phase_module){supply_actor, supply_legal, supply_apply},
    [PHASE_POLITICAL] = &(const struct phase_module){political_actor, political_legal, political_apply},
    [PHASE_OVER] = NULL, /* the game is over: nobody decides */
};

int rules_actor(const struct world *w) { return MODULE[w->phase] ? MODULE[w->phase]->actor(w) : ACTOR_NONE; }

void rules_legal(const struct world *w, struct decisions *out)
{
    out->count = 0;
    if (MODULE[w->phase])
        MODULE[w->phase]->legal(w, out);
}

static bool stage_due(const struct world *w)
{
    return w->phase == PHASE_POLITICAL && (w->step == POLITICAL_DUE || w->step == POLITICAL_HOMING_DUE);
}

/* The end of a campaign's last turn, 8.1-8.2 and the blocks going home are one
 * transition, taken in three stages so that the knowledge of each is in place
 * when the next narrows it. The later stages carry no decision of their own:
 * an 'end' stands for them, as it names no block, area or loss. */
/* The deal, the mulligan and the card play move no block and change no
 * strength (cards.c), so no side learns anything of the other's blocks
 * from them: the knowledge update would find nothing to do. */
static bool blocks_stay(const struct world *w)
{
    return w->phase == PHASE_DEAL || w->phase == PHASE_MULLIGAN || w->phase == PHASE_CARDS;
}

bool rules_apply_stage(struct world *w, decision d)
{
    bool knowing = !(w->flags & WORLD_NO_KNOWLEDGE) && !blocks_stay(w);
    struct world before;
    if (knowing)
        world_copy(&before, w);
    if (!stage_due(w)) {
        if (MODULE[w->phase])
            MODULE[w->phase]->apply(w, d);
    } else {
        bool first = w->step == POLITICAL_DUE;
        d = decision_make(DECIDE_END, 0);
        if (first)
            political_disband_and_usurp(w);
        else
            political_homing(w);
    }
    free_prisoner_if_rescued(w); /* RULINGS B.15: as soon as Lancaster holds Middlesex */
    if (knowing)
        knowledge_update(&before, d, w);
    return stage_due(w);
}

void rules_apply(struct world *w, decision d)
{
    while (rules_apply_stage(w, d))
        ;
}

decision rules_chance(const struct world *w, uint64_t random_bits)
{
    struct decisions legal;
    rules_legal(w, &legal);
    return legal.list[random_mod(random_bits, (uint64_t)legal.count)];
}

bool rules_die_counts(const struct world *w, decision roll) { return battle_die_counts(w, decision_arg(roll)); }
