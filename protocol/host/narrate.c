/*
 * narrate.c: see narrate.h. Each event is told once: the steps of a move or
 * a recruit (move-from, block, to, at, ...) are left to the move that
 * follows them, and a block's fire waits for its dice, so that the volley is
 * one line. Words the sentences do not know are shown as the side saw them.
 */
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

/* A block's printed combat rating ("B2": initiative and firepower, 3.12), or "" for a face-down piece. */
static const char *rating_of(const char *id, char *out, size_t size)
{
    *out = '\0';
    for (int b = 0; b < BLOCK_COUNT; b++)
        if (strcmp(BLOCK_INFO[b].id, id) == 0)
            snprintf(out, size, "%c%d", BLOCK_INFO[b].initiative, BLOCK_INFO[b].fire);
    return out;
}

/* The volley waiting for its dice, told once they are all seen. */
static void tell_volley(struct narrator *n, FILE *out)
{
    if (!n->firer[0]) { /* the firer was told apart, as one's own decision */
        if (n->dice[0])
            fprintf(out, "  The dice show %s.\n", n->dice);
        n->dice[0] = '\0';
        return;
    }
    char rating[8];
    rating_of(n->firer, rating, sizeof rating);
    fprintf(out, "  %s%s%s%s fires", n->firer, *rating ? " (" : "", rating, *rating ? ")" : "");
    if (n->dice[0])
        fprintf(out, ": the dice show %s.\n", n->dice);
    else
        fputs(".\n", out);
    n->firer[0] = n->dice[0] = '\0';
}

/* The steps of a move or a recruit, told by the move or the recruit itself. */
static bool told_later(const char *kind)
{
    static const char *const STEPS[] = {"move-from", "sea-from", "block", "to", "end", "halt", "at", "recruit"};
    for (size_t i = 0; i < sizeof STEPS / sizeof *STEPS; i++)
        if (strcmp(kind, STEPS[i]) == 0)
            return true;
    return false;
}

/* A block's move: where it came from and went, in words for the pool and the dead. */
static void tell_move(struct narrator *n, char w[][64], FILE *out)
{
    if (strcmp(n->moved, w[1]) == 0) { /* its retreat or regroup was told */
        n->moved[0] = '\0';
        return;
    }
    if (strcmp(w[2], "pool") == 0)
        fprintf(out, "  %s is recruited in %s.\n", w[1], w[3]);
    else if (strcmp(w[3], "dead") == 0)
        fprintf(out, "  %s is eliminated in %s.\n", w[1], w[2]);
    else if (strcmp(w[3], "prisoner") == 0)
        fprintf(out, "  %s is taken prisoner in %s.\n", w[1], w[2]);
    else
        fprintf(out, "  %s goes from %s to %s.\n", w[1], w[2], w[3]);
}

/* The battle's decisions (6.0), true when the observation was one. */
static bool tell_battle(struct narrator *n, char w[][64], int count, FILE *out)
{
    if (strcmp(w[0], "fire") == 0)
        snprintf(n->firer, sizeof n->firer, "%s", w[1]);
    else if (strcmp(w[0], "roll") == 0) {
        size_t used = strlen(n->dice);
        snprintf(n->dice + used, sizeof n->dice - used, "%s%s", used ? " " : "", w[1]);
    } else if (strcmp(w[0], "battle") == 0)
        fprintf(out, "  Battle in %s.\n", w[1]);
    else if (strcmp(w[0], "pass") == 0 && count == 2)
        fprintf(out, "  %s holds its fire.\n", w[1]);
    else if (strcmp(w[0], "hit") == 0)
        fprintf(out, "  %s takes the volley.\n", w[1]);
    else if (strcmp(w[0], "charge") == 0)
        fprintf(out, "  %s charges %s.\n", w[1], w[2]);
    else if (strcmp(w[0], "retreat") == 0 || strcmp(w[0], "regroup") == 0) {
        fprintf(out, "  %s %s to %s.\n", w[1], strcmp(w[0], "retreat") == 0 ? "retreats" : "regroups", w[2]);
        snprintf(n->moved, sizeof n->moved, "%s", w[1]);
    } else if (strcmp(w[0], "treason") == 0)
        fprintf(out, "  The Treason card is played: a loyalty roll at %s.\n", w[1]);
    else if (strcmp(w[0], "decline") == 0)
        fputs("  The Treason card is kept for a later battle.\n", out);
    else
        return false;
    return true;
}

/* The cards, the map and the political turn, true when the observation was one of them. */
static bool tell_game(struct narrator *n, const char *observation, char w[][64], int count, FILE *out)
{
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
        tell_move(n, w, out);
    else if (strcmp(w[0], "appear") == 0)
        fprintf(out, "  A recruit, %s, appears in %s.\n", w[1], w[2]);
    else if (strcmp(w[0], "reveal") == 0)
        fprintf(out, "  %s is revealed: %s, strength %s.\n", w[1], w[2], w[3]);
    else if (strcmp(w[0], "strength") == 0)
        fprintf(out, "  %s is now at strength %s.\n", w[1], w[2]);
    else if (strcmp(w[0], "step-lost") == 0)
        fprintf(out, "  %s loses a step.\n", w[1]);
    else if (strcmp(w[0], "lose") == 0)
        fprintf(out, "  %s loses a step for want of supply.\n", w[1]);
    else if (strcmp(w[0], "home") == 0)
        fprintf(out, "  %s goes home to %s.\n", w[1], w[2]);
    else if (strcmp(w[0], "plague") == 0)
        fprintf(out, "  Plague strikes %s.\n", w[1]);
    else if (strcmp(w[0], "pass") == 0 && count == 1)
        fputs("  The side acting ends its actions.\n", out);
    else if (strcmp(w[0], "king") == 0 || strcmp(w[0], "pretender") == 0)
        fprintf(out, "  %s is now %s.\n", w[1], strcmp(w[0], "king") == 0 ? "King" : "the Pretender");
    else if (strcmp(w[0], "mulligan") == 0)
        fputs("  A redeal is asked for (mulligan).\n", out);
    else if (strcmp(w[0], "keep") == 0)
        fputs("  The hands are kept.\n", out);
    else if (strcmp(w[0], "shows") == 0 && count >= 3)
        fprintf(out, "  %s shows its hand for the redeal: %s.\n", strcmp(w[1], "Y") == 0 ? "York" : "Lancaster",
                observation + strlen(w[0]) + strlen(w[1]) + 2); /* the cards, after "shows SIDE " */
    else if (strcmp(w[0], "campaign") == 0)
        fprintf(out, "  == Campaign %s begins: every block is at full strength ==\n", w[1]);
    else
        return false;
    return true;
}

void narrate(struct narrator *n, const char *side, const char *observation, FILE *out)
{
    char w[5][64] = {{0}};
    int count = sscanf(observation, "%63s %63s %63s %63s %63s", w[0], w[1], w[2], w[3], w[4]);
    if (strcmp(w[0], "roll") != 0 && (strcmp(w[0], "phase") != 0 || strcmp(w[1], n->phase) != 0))
        tell_volley(n, out); /* its dice are all seen: no step of the battle comes between */
    if (told_later(w[0]) || tell_battle(n, w, count, out) || tell_game(n, observation, w, count, out) ||
        strcmp(w[0], "winner") == 0)
        return;
    fprintf(out, "  %s%s\n", strcmp(side, "york") == 0 ? "York sees: " : "Lancaster sees: ", observation);
}

void narrate_end(struct narrator *n, FILE *out) { tell_volley(n, out); }
