/*
 * label.c: see label.h. One sentence per kind of decision, in the rulebook's
 * words where it has them.
 */
#include "protocol/host/label.h"

#include <stdio.h>

#include "engine/core/tables.h"
#include "engine/rules/notation.h"

static const char *area_name(int area) { return area < AREA_COUNT ? AREA_INFO[area].name : "?"; }

static void card_label(int card, char *text, size_t size)
{
    const struct card_info *c = &CARD_INFO[card];
    if (c->event == EVENT_NONE)
        snprintf(text, size, "play card %d: %d AP", card, c->ap);
    else
        snprintf(text, size, "play card %d: %s (%d AP)", card, c->name, c->ap);
}

/* The moving block's label in a land or sea move. */
static void step_label(const struct world *w, const char *block, int to, char *text, size_t size)
{
    int from = w->move.via != AREA_NONE ? w->move.via : w->move.from;
    snprintf(text, size, "%s %s %s → %s", w->move.kind == MOVE_SEA ? "sail" : "march", block, area_name(from),
             area_name(to));
}

void decision_label(const struct world *w, decision d, decision named, char *text, size_t size)
{
    char first[32], second[32], moving[32];
    int arg = decision_arg(d);
    block_word(decision_first(named), first, sizeof first);
    block_word(decision_second(named), second, sizeof second);
    block_word(w->move.block, moving, sizeof moving);
    switch (decision_kind(d)) {
    case DECIDE_DEAL: snprintf(text, size, "deal card %d", arg); break;
    case DECIDE_MULLIGAN: snprintf(text, size, "show the hand and ask for a redeal"); break;
    case DECIDE_KEEP: snprintf(text, size, "keep the hand"); break;
    case DECIDE_REDEAL: snprintf(text, size, "have your own hand redealt too"); break;
    case DECIDE_PLAY: card_label(arg, text, size); break;
    case DECIDE_PASS: snprintf(text, size, w->ap_left ? "pass, leaving %d AP unspent" : "pass", w->ap_left); break;
    case DECIDE_MOVE_FROM: snprintf(text, size, "move a group from %s (1 AP)", area_name(arg)); break;
    case DECIDE_SEA_FROM: snprintf(text, size, "move by sea from %s (1 AP)", area_name(arg)); break;
    case DECIDE_BLOCK: snprintf(text, size, "move %s", first); break;
    case DECIDE_TO: step_label(w, moving, arg, text, size); break;
    case DECIDE_STOP: snprintf(text, size, "%s stops in %s", moving, area_name(w->move.via)); break;
    case DECIDE_END: snprintf(text, size, "end the move"); break;
    case DECIDE_RECRUIT: snprintf(text, size, "recruit %s (1 AP)", first); break;
    case DECIDE_AT: snprintf(text, size, "place the recruit %s in %s", moving, area_name(arg)); break;
    case DECIDE_MUSTER: snprintf(text, size, "Muster to %s", area_name(arg)); break;
    case DECIDE_PLAGUE: snprintf(text, size, "Plague in %s", area_name(arg)); break;
    case DECIDE_BATTLE: snprintf(text, size, "fight the battle in %s next", area_name(arg)); break;
    case DECIDE_TREASON: snprintf(text, size, "roll Treason at %s", first); break;
    case DECIDE_DECLINE: snprintf(text, size, "keep the Treason roll for a later battle"); break;
    case DECIDE_FIRE: snprintf(text, size, "%s fires", first); break;
    case DECIDE_HOLD: snprintf(text, size, "%s holds its fire", first); break;
    case DECIDE_RETREAT: snprintf(text, size, "%s retreats to %s", first, area_name(decision_second(d))); break;
    case DECIDE_CHARGE: snprintf(text, size, "%s charges %s", first, second); break;
    case DECIDE_TREACHERY: snprintf(text, size, "%s rolls for treachery at %s", first, second); break;
    case DECIDE_HIT: snprintf(text, size, "%s takes the volley", first); break;
    case DECIDE_ROLL: snprintf(text, size, "a die shows %d", arg); break;
    case DECIDE_REGROUP: snprintf(text, size, "%s regroups to %s", first, area_name(decision_second(d))); break;
    case DECIDE_ENTER: snprintf(text, size, "the senior minor enters in %s", area_name(arg)); break;
    case DECIDE_EXECUTE: snprintf(text, size, "execute %s", first); break;
    case DECIDE_SPARE: snprintf(text, size, "spare him this supply phase"); break;
    case DECIDE_LOSE: snprintf(text, size, "%s loses a step to supply", first); break;
    case DECIDE_HOME: snprintf(text, size, "%s goes home to %s", first, area_name(decision_second(d))); break;
    case DECIDE_DISBAND: snprintf(text, size, "%s disbands to the pool", first); break;
    default: decision_text(named, text, size); break;
    }
}
