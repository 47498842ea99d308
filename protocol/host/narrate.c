/* narrate.c: see narrate.h. Words the sentences do not know are shown as the side saw them. */
#include "protocol/host/narrate.h"

#include <stdlib.h>
#include <string.h>

#include "engine/core/tables.h"

/* A card as a person reads it: its number, its event if any, its action points. */
static const char *card_words(const char *number, char *out, size_t size)
{
    char *end;
    long card = strtol(number, &end, 10);
    if (*end || card < 1 || card > CARD_COUNT)
        return number; /* not a card's number: as it was seen */
    const struct card_info *c = &CARD_INFO[card];
    if (c->event != EVENT_NONE)
        snprintf(out, size, "%ld, %s (%d AP)", card, c->name, c->ap);
    else
        snprintf(out, size, "%ld (%d AP)", card, c->ap);
    return out;
}

void narrate(struct narrator *n, const char *side, const char *observation, FILE *out)
{
    char w[5][64] = {{0}};
    int count = sscanf(observation, "%63s %63s %63s %63s %63s", w[0], w[1], w[2], w[3], w[4]);
    char card[2][64];
    if (strcmp(w[0], "deal") == 0) {
        if (strcmp(w[1], "?") != 0)
            fprintf(out, "  You are dealt card %s.\n", card_words(w[1], card[0], sizeof card[0]));
    } else if (strcmp(w[0], "play") == 0)
        fprintf(out, strcmp(w[1], "?") ? "  Card %s is played.\n" : "  A card is played face-down.\n",
                card_words(w[1], card[0], sizeof card[0]));
    else if (strcmp(w[0], "cards") == 0)
        fprintf(out, "  The cards are shown: York %s, Lancaster %s.\n", card_words(w[1], card[0], sizeof card[0]),
                card_words(w[2], card[1], sizeof card[1]));
    else if (strcmp(w[0], "phase") == 0) {
        if (strcmp(n->phase, w[1]) != 0)
            fprintf(out, "  -- %s phase --\n", w[1]);
        snprintf(n->phase, sizeof n->phase, "%s", w[1]);
    } else if (strcmp(w[0], "move") == 0 && count == 4)
        fprintf(out, "  %s goes from %s to %s.\n", w[1], w[2], w[3]);
    else if (strcmp(w[0], "appear") == 0)
        fprintf(out, "  A recruit, %s, appears in %s.\n", w[1], w[2]);
    else if (strcmp(w[0], "reveal") == 0)
        fprintf(out, "  %s is revealed: %s, strength %s.\n", w[1], w[2], w[3]);
    else if (strcmp(w[0], "strength") == 0)
        fprintf(out, "  %s is now at strength %s.\n", w[1], w[2]);
    else if (strcmp(w[0], "step-lost") == 0)
        fprintf(out, "  %s loses a step.\n", w[1]);
    else if (strcmp(w[0], "roll") == 0)
        fprintf(out, "  A die shows %s.\n", w[1]);
    else if (strcmp(w[0], "king") == 0 || strcmp(w[0], "pretender") == 0)
        fprintf(out, "  %s is now %s.\n", w[1], strcmp(w[0], "king") == 0 ? "King" : "the Pretender");
    else if (strcmp(w[0], "campaign") == 0)
        fprintf(out, "  == Campaign %s begins: every block is at full strength ==\n", w[1]);
    else if (strcmp(w[0], "winner") != 0)
        fprintf(out, "  %s%s\n", strcmp(side, "york") == 0 ? "York sees: " : "Lancaster sees: ", observation);
}
