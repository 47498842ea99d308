/*
 * rules.c: the decision-point interface over the phase modules. Each phase
 * module lists and applies its own decisions; this file only dispatches, and
 * gives decisions their text form.
 */
#include "rules.h"

#include <stdio.h>
#include <string.h>

#include "cards.h"

static const char *const KIND_WORD[DECIDE_KIND_COUNT] = {"deal", "mulligan", "keep", "redeal", "play"};
static const bool KIND_HAS_CARD[DECIDE_KIND_COUNT] = {true, false, false, false, true};

static bool in_card_phases(const struct world *w)
{
    return w->phase == PHASE_DEAL || w->phase == PHASE_MULLIGAN || w->phase == PHASE_CARDS;
}

int rules_actor(const struct world *w)
{
    if (in_card_phases(w))
        return cards_actor(w);
    return ACTOR_NONE;
}

void rules_legal(const struct world *w, struct decisions *out)
{
    out->count = 0;
    if (in_card_phases(w))
        cards_legal(w, out);
}

void rules_apply(struct world *w, decision d)
{
    if (in_card_phases(w))
        cards_apply(w, d);
}

decision rules_chance(const struct world *w, uint64_t random_bits)
{
    struct decisions legal;
    rules_legal(w, &legal);
    return legal.list[random_bits % (uint64_t)legal.count];
}

void decision_text(decision d, char *text, size_t size)
{
    int kind = decision_kind(d);
    if (KIND_HAS_CARD[kind])
        snprintf(text, size, "%s %d", KIND_WORD[kind], decision_arg(d));
    else
        snprintf(text, size, "%s", KIND_WORD[kind]);
}

bool decision_parse(const struct world *w, const char *text, decision *out, char *error, size_t error_size)
{
    struct decisions legal;
    char candidate[64];
    rules_legal(w, &legal);
    for (int i = 0; i < legal.count; i++) {
        decision_text(legal.list[i], candidate, sizeof candidate);
        if (strcmp(candidate, text) == 0) {
            *out = legal.list[i];
            return true;
        }
    }
    if (legal.count == 0)
        snprintf(error, error_size, "'%s' is not legal: no decision is due here", text);
    else
        snprintf(error, error_size, "'%s' is not legal here; r3 legal lists the %d legal decisions", text, legal.count);
    return false;
}
