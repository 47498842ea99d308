/*
 * narrate.c: see narrate.h. One sentence for each kind of observation
 * (sentence()); a person's narration tells each event once: the steps of a
 * move or a recruit (move-from, block, to, at, ...) are left to the move
 * that follows them, and a block's fire waits for its dice, so that the
 * volley is one line. Words the sentences do not know are shown as the side
 * saw them.
 */
#include "protocol/host/narrate.h"

#include <stdlib.h>
#include <string.h>

#include "engine/core/tables.h"
#include "engine/io/number.h"
#include "engine/rules/rules.h"

/* The words of one observation line, and the host's sentence after " | " if it came with one. */
struct words {
    char w[5][64];
    int count;
    char line[256], said[400];
};

static void split(const char *observation, struct words *o)
{
    const char *bar = strstr(observation, " | ");
    int length = bar ? (int)(bar - observation) : (int)strlen(observation);
    memset(o->w, 0, sizeof o->w);
    snprintf(o->line, sizeof o->line, "%.*s", length, observation);
    snprintf(o->said, sizeof o->said, "%s", bar ? bar + 3 : "");
    size_t said = strlen(o->said);
    if (said && o->said[said - 1] == '.')
        o->said[said - 1] = '\0';
    o->count = sscanf(o->line, "%63s %63s %63s %63s %63s", o->w[0], o->w[1], o->w[2], o->w[3], o->w[4]);
}

static bool is(const struct words *o, const char *kind) { return strcmp(o->w[0], kind) == 0; }

/* A card as a person reads it: its number, its event if any, its action points. */
static const char *card_words(const char *number, char *out, size_t size)
{
    long long card;
    if (!number_whole(number, 1, CARD_COUNT, &card))
        return number; /* not a card's number: as it was seen */
    const struct card_info *c = &CARD_INFO[card];
    if (c->event != EVENT_NONE)
        snprintf(out, size, "%lld, %s (%d AP)", card, c->name, c->ap);
    else
        snprintf(out, size, "%lld (%d AP)", card, c->ap);
    return out;
}

/* A block with its printed combat rating, "L:Oxford (A2)" (3.12); a face-down piece as it is. */
static const char *rated(const char *id, char *out, size_t size)
{
    snprintf(out, size, "%s", id);
    for (int b = 0; b < BLOCK_COUNT; b++)
        if (strcmp(BLOCK_INFO[b].id, id) == 0)
            snprintf(out, size, "%s (%c%d)", id, BLOCK_INFO[b].initiative, BLOCK_INFO[b].fire);
    return out;
}

/* The steps of a move or a recruit, which a person's narration leaves to the move or recruit itself. */
static bool is_step(const struct words *o)
{
    static const char *const STEPS[] = {"move-from", "sea-from", "block", "to", "end", "halt", "at", "recruit"};
    for (size_t i = 0; i < sizeof STEPS / sizeof *STEPS; i++)
        if (is(o, STEPS[i]))
            return true;
    return false;
}

static bool step_sentence(const struct words *o, char *out, size_t size)
{
    if (is(o, "move-from") || is(o, "sea-from"))
        snprintf(out, size, "A %s move from %s.", is(o, "sea-from") ? "sea" : "land", o->w[1]);
    else if (is(o, "block"))
        snprintf(out, size, "%s moves.", o->w[1]);
    else if (is(o, "to"))
        snprintf(out, size, "It goes to %s.", o->w[1]);
    else if (is(o, "end"))
        snprintf(out, size, "The move ends.");
    else if (is(o, "halt"))
        snprintf(out, size, "It halts.");
    else if (is(o, "at"))
        snprintf(out, size, "The recruit is placed at %s.", o->w[1]);
    else if (is(o, "recruit"))
        snprintf(out, size, strcmp(o->w[1], "?") ? "%s is recruited." : "A block is recruited.", o->w[1]);
    else
        return false;
    return true;
}

/* A block's move: where it came from and went, in words for the pool and the dead. */
static bool move_sentence(const struct words *o, char *out, size_t size)
{
    if (!is(o, "move") || o->count != 4)
        return false;
    bool from_off_map =
        strcmp(o->w[2], "other-side") == 0 || strcmp(o->w[2], "minor") == 0 || strcmp(o->w[2], "prisoner") == 0;
    if (strcmp(o->w[2], "pool") == 0)
        snprintf(out, size, "%s is recruited in %s.", o->w[1], o->w[3]);
    else if (strcmp(o->w[3], "dead") == 0)
        snprintf(out, size, from_off_map ? "%s is eliminated." : "%s is eliminated in %s.", o->w[1], o->w[2]);
    else if (strcmp(o->w[3], "pool") == 0)
        snprintf(out, size, "%s goes back to the pool from %s.", o->w[1], o->w[2]);
    else if (strcmp(o->w[3], "prisoner") == 0)
        snprintf(out, size, "%s is taken prisoner in %s.", o->w[1], o->w[2]);
    else if (strcmp(o->w[3], "other-side") == 0) /* 4.6: its other side's version takes its place */
        snprintf(out, size, "%s changes sides in %s.", o->w[1], o->w[2]);
    else if (strcmp(o->w[2], "other-side") == 0)
        snprintf(out, size, "%s takes the field in %s for its new side.", o->w[1], o->w[3]);
    else if (strcmp(o->w[2], "minor") == 0)
        snprintf(out, size, "%s, a minor heir until now, enters in %s.", o->w[1], o->w[3]);
    else
        snprintf(out, size, "%s goes from %s to %s.", o->w[1], o->w[2], o->w[3]);
    return true;
}

/* The battle's decisions and dice (6.0). */
static bool battle_sentence(const struct words *o, char *out, size_t size)
{
    char block[96];
    if (is(o, "fire"))
        snprintf(out, size, "%s fires.", rated(o->w[1], block, sizeof block));
    else if (is(o, "roll"))
        snprintf(out, size, "A die shows %s.", o->w[1]);
    else if (is(o, "battle"))
        snprintf(out, size, "Battle in %s.", o->w[1]);
    else if (is(o, "pass") && o->count == 2)
        snprintf(out, size, "%s holds its fire.", o->w[1]);
    else if (is(o, "hit"))
        snprintf(out, size, "%s takes the volley.", o->w[1]);
    else if (is(o, "charge"))
        snprintf(out, size, "%s charges %s.", o->w[1], o->w[2]);
    else if (is(o, "retreat") || is(o, "regroup"))
        snprintf(out, size, "%s %s to %s.", o->w[1], is(o, "retreat") ? "retreats" : "regroups", o->w[2]);
    else if (is(o, "treachery"))
        snprintf(out, size, "%s tries treachery on %s (all dice even, and it defects).", o->w[1], o->w[2]);
    else if (is(o, "treason"))
        snprintf(out, size, "The Treason card is played: a loyalty roll at %s.", o->w[1]);
    else if (is(o, "decline"))
        snprintf(out, size, "The Treason card is kept for a later battle.");
    else
        return false;
    return true;
}

/* The cards (1.1, 1.0's mulligan). */
static bool card_sentence(const struct words *o, char *out, size_t size)
{
    char card[2][64];
    if (is(o, "deal"))
        snprintf(out, size, strcmp(o->w[1], "?") ? "You are dealt card %s." : "A card is dealt, unseen.",
                 card_words(o->w[1], card[0], sizeof card[0]));
    else if (is(o, "play"))
        snprintf(out, size, strcmp(o->w[1], "?") ? "Card %s is played." : "A card is played face-down.",
                 card_words(o->w[1], card[0], sizeof card[0]));
    else if (is(o, "cards"))
        snprintf(out, size, "The cards are shown: York %s, Lancaster %s.", card_words(o->w[1], card[0], sizeof card[0]),
                 card_words(o->w[2], card[1], sizeof card[1]));
    else if (is(o, "mulligan"))
        snprintf(out, size, "A redeal is asked for (mulligan).");
    else if (is(o, "keep"))
        snprintf(out, size, "The hand is kept.");
    else if (is(o, "redeal"))
        snprintf(out, size, "The answering side has its own hand dealt again too.");
    else if (is(o, "shows") && o->count >= 3) /* the cards follow "shows SIDE " */
        snprintf(out, size, "%s shows its hand for the redeal: %s.", strcmp(o->w[1], "Y") == 0 ? "York" : "Lancaster",
                 o->line + strlen(o->w[0]) + strlen(o->w[1]) + 2);
    else
        return false;
    return true;
}

/* The map, supply and the political turn. */
static bool map_sentence(const struct words *o, char *out, size_t size)
{
    if (is(o, "appear"))
        snprintf(out, size, "A recruit, %s, appears in %s.", o->w[1], o->w[2]);
    else if (is(o, "reveal"))
        snprintf(out, size, "%s is revealed: %s, strength %s.", o->w[1], o->w[2], o->w[3]);
    else if (is(o, "strength"))
        snprintf(out, size, "%s is now at strength %s.", o->w[1], o->w[2]);
    else if (is(o, "step-lost"))
        snprintf(out, size, "%s loses a step.", o->w[1]);
    else if (is(o, "lose") && strcmp(o->w[1], "?") == 0)
        snprintf(out, size, "A block not seen loses a step for want of supply in %s.", o->w[2]);
    else if (is(o, "lose"))
        snprintf(out, size, "%s loses a step for want of supply.", o->w[1]);
    else if (is(o, "home"))
        snprintf(out, size, "%s goes home to %s.", o->w[1], o->w[2]);
    else if (is(o, "plague"))
        snprintf(out, size, "Plague strikes %s.", o->w[1]);
    else if (is(o, "muster"))
        snprintf(out, size, "Muster: blocks march to %s.", o->w[1]);
    else if (is(o, "enter"))
        snprintf(out, size, "The senior minor heir enters in %s.", o->w[1]);
    else if (is(o, "execute"))
        snprintf(out, size, "%s, a defector, is executed.", o->w[1]);
    else if (is(o, "spare"))
        snprintf(out, size, "The defector is spared, this time.");
    else if (is(o, "disband"))
        snprintf(out, size, "%s disbands, over the exile's limit, to the pool.", o->w[1]);
    else if (is(o, "pass") && o->count == 1)
        snprintf(out, size, "The side acting ends its actions.");
    else if ((is(o, "king") || is(o, "pretender")) && strcmp(o->w[1], "-") == 0)
        snprintf(out, size, "There is no %s now.", is(o, "king") ? "King" : "Pretender");
    else if (is(o, "king") || is(o, "pretender"))
        snprintf(out, size, "%s is now %s.", o->w[1], is(o, "king") ? "King" : "the Pretender");
    else if (is(o, "campaign"))
        snprintf(out, size, "Campaign %s begins: every block is at full strength.", o->w[1]);
    else if (is(o, "winner"))
        snprintf(out, size, "%s wins.", strcmp(o->w[1], "york") == 0 ? "York" : "Lancaster");
    else
        return false;
    return true;
}

/* The sentence of one observation alone, or false for a kind no sentence knows. */
static bool sentence(const struct words *o, char *out, size_t size)
{
    if (is(o, "phase")) {
        snprintf(out, size, "The %s phase.", o->w[1]);
        return true;
    }
    return step_sentence(o, out, size) || move_sentence(o, out, size) || battle_sentence(o, out, size) ||
           card_sentence(o, out, size) || map_sentence(o, out, size);
}

void narrate_sentence(const char *observation, char *out, size_t size)
{
    struct words o;
    split(observation, &o);
    if (!sentence(&o, out, size))
        snprintf(out, size, "%s", observation); /* as it was seen */
}

void narrate_event_sentence(const struct world *before, decision d, const char *observation, char *out, size_t size)
{
    bool volley = before->phase == PHASE_BATTLE &&
                  (before->step == BATTLE_FIRE || before->step == BATTLE_CHARGE || before->step == BATTLE_CHARGE_BACK);
    if (volley && decision_kind(d) == DECIDE_ROLL && strncmp(observation, "roll ", 5) == 0)
        snprintf(out, size, "A die shows %d: %s.", decision_arg(d), rules_die_counts(before, d) ? "a hit" : "a miss");
    else
        narrate_sentence(observation, out, size);
}

/* ---- a person's narration ---- */

/* A loyalty roll's outcome (6.9, RULINGS A.1): all dice even and the target defects. */
static void tell_loyalty(struct narrator *n, FILE *out)
{
    bool even = true;
    for (const char *c = n->dice; *c; c++)
        even = even && (*c == ' ' || (*c - '0') % 2 == 0);
    n->told++;
    fprintf(out, "  The dice show %s: %s, %s %s.\n", n->dice, even ? "all even" : "not all even", n->target,
            even ? "defects" : "stays loyal");
    n->target[0] = n->dice[0] = '\0';
}

/* The volley waiting for its dice, told once they are all seen. */
static void tell_volley(struct narrator *n, FILE *out)
{
    char block[96], hits[32] = "";
    if (n->judged && n->dice[0]) /* the dice's sentences said hit or miss */
        snprintf(hits, sizeof hits, ", %d hit%s", n->hits, n->hits == 1 ? "" : "s");
    if (n->target[0] && n->dice[0])
        tell_loyalty(n, out);
    else if (n->firer[0])
        n->told++, fprintf(out, "  %s fires%s%s%s.\n", rated(n->firer, block, sizeof block),
                           n->dice[0] ? ": the dice show " : "", n->dice, hits);
    else if (n->dice[0]) /* the firer was told apart, as one's own decision */
        n->told++, fprintf(out, "  The dice show %s%s.\n", n->dice, hits);
    n->firer[0] = n->dice[0] = '\0';
    n->hits = n->judged = 0;
}

/* A die whose host's sentence says whether it hit counts toward the volley's hits. */
static void judge_die(struct narrator *n, const char *said)
{
    size_t length = strlen(said);
    if (length > 7 && strcmp(said + length - 7, ": a hit") == 0)
        n->hits++, n->judged++;
    else if (length > 8 && strcmp(said + length - 8, ": a miss") == 0)
        n->judged++;
}

/* What a person's narration tells its own way, true when the observation was such. */
static bool told_apart(struct narrator *n, const struct words *o, FILE *out)
{
    if (is(o, "fire"))
        snprintf(n->firer, sizeof n->firer, "%s", o->w[1]);
    else if (is(o, "treachery") || is(o, "treason"))
        return snprintf(n->target, sizeof n->target, "%s", o->w[is(o, "treachery") ? 2 : 1]), false;
    else if (is(o, "roll")) {
        size_t used = strlen(n->dice);
        snprintf(n->dice + used, sizeof n->dice - used, "%s%s", used ? " " : "", o->w[1]);
        judge_die(n, o->said);
    } else if (is(o, "phase")) { /* a step within a phase is no news */
        if (strcmp(n->phase, o->w[1]) != 0)
            n->told++, fprintf(out, "  -- %s phase --\n", o->w[1]);
        snprintf(n->phase, sizeof n->phase, "%s", o->w[1]);
    } else if (is(o, "move") && strcmp(n->moved, o->w[1]) == 0) /* its retreat or regroup was told */
        n->moved[0] = '\0';
    else if (is(o, "retreat") || is(o, "regroup"))
        return snprintf(n->moved, sizeof n->moved, "%s", o->w[1]), false;
    else
        return is_step(o) || is(o, "winner") || (is(o, "deal") && strcmp(o->w[1], "?") == 0);
    return true;
}

void narrate(struct narrator *n, const char *side, const char *observation, FILE *out)
{
    struct words o;
    char text[400];
    split(observation, &o);
    if (!is(&o, "roll") && (!is(&o, "phase") || strcmp(o.w[1], n->phase) != 0))
        tell_volley(n, out); /* its dice are all seen: no step of the battle comes between */
    if (told_apart(n, &o, out))
        return;
    n->told++;
    if (sentence(&o, text, sizeof text))
        fprintf(out, "  %s\n", text);
    else
        fprintf(out, "  %s%s\n", strcmp(side, "york") == 0 ? "York sees: " : "Lancaster sees: ", o.line);
}

void narrate_end(struct narrator *n, FILE *out) { tell_volley(n, out); }
