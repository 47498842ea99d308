/* narrate.c: see narrate.h. Words the sentences do not know are shown as the side saw them. */
#include "protocol/host/narrate.h"

#include <string.h>

void narrate(struct narrator *n, const char *side, const char *observation, FILE *out)
{
    char w[5][64] = {{0}};
    int count = sscanf(observation, "%63s %63s %63s %63s %63s", w[0], w[1], w[2], w[3], w[4]);
    if (strcmp(w[0], "deal") == 0) {
        if (strcmp(w[1], "?") != 0)
            fprintf(out, "  You are dealt card %s.\n", w[1]);
    } else if (strcmp(w[0], "play") == 0)
        fprintf(out, strcmp(w[1], "?") ? "  Card %s is played.\n" : "  A card is played face-down.\n", w[1]);
    else if (strcmp(w[0], "cards") == 0)
        fprintf(out, "  The cards are shown: York %s, Lancaster %s.\n", w[1], w[2]);
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
