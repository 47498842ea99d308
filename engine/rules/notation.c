/*
 * notation.c: see notation.h. Each decision kind has one word and one shape
 * of argument; writing and reading both go through the table below.
 */
#include "engine/rules/notation.h"

#include <stdio.h>
#include <string.h>

#include "engine/core/tables.h"
#include "engine/rules/rules.h"

enum argument { ARG_NONE, ARG_CARD, ARG_AREA, ARG_BLOCK, ARG_BLOCK_AREA, ARG_BLOCK_BLOCK, ARG_FACE };

static const struct {
    const char *word;
    uint8_t argument;
} KIND[DECIDE_KIND_COUNT] = {
    [DECIDE_DEAL] = {"deal", ARG_CARD},
    [DECIDE_MULLIGAN] = {"mulligan", ARG_NONE},
    [DECIDE_KEEP] = {"keep", ARG_NONE},
    [DECIDE_REDEAL] = {"redeal", ARG_NONE},
    [DECIDE_PLAY] = {"play", ARG_CARD},
    [DECIDE_PASS] = {"pass", ARG_NONE},
    [DECIDE_MOVE_FROM] = {"move-from", ARG_AREA},
    [DECIDE_SEA_FROM] = {"sea-from", ARG_AREA},
    [DECIDE_BLOCK] = {"block", ARG_BLOCK},
    [DECIDE_TO] = {"to", ARG_AREA},
    [DECIDE_STOP] = {"halt", ARG_NONE},
    [DECIDE_END] = {"end", ARG_NONE},
    [DECIDE_RECRUIT] = {"recruit", ARG_BLOCK},
    [DECIDE_AT] = {"at", ARG_AREA},
    [DECIDE_MUSTER] = {"muster", ARG_AREA},
    [DECIDE_PLAGUE] = {"plague", ARG_AREA},
    [DECIDE_BATTLE] = {"battle", ARG_AREA},
    [DECIDE_TREASON] = {"treason", ARG_BLOCK},
    [DECIDE_DECLINE] = {"decline", ARG_NONE},
    [DECIDE_FIRE] = {"fire", ARG_BLOCK},
    [DECIDE_HOLD] = {"pass", ARG_BLOCK},
    [DECIDE_RETREAT] = {"retreat", ARG_BLOCK_AREA},
    [DECIDE_CHARGE] = {"charge", ARG_BLOCK_BLOCK},
    [DECIDE_TREACHERY] = {"treachery", ARG_BLOCK_BLOCK},
    [DECIDE_HIT] = {"hit", ARG_BLOCK},
    [DECIDE_ROLL] = {"roll", ARG_FACE},
    [DECIDE_REGROUP] = {"regroup", ARG_BLOCK_AREA},
    [DECIDE_ENTER] = {"enter", ARG_AREA},
    [DECIDE_EXECUTE] = {"execute", ARG_BLOCK},
    [DECIDE_SPARE] = {"spare", ARG_NONE},
    [DECIDE_LOSE] = {"lose", ARG_BLOCK},
    [DECIDE_HOME] = {"home", ARG_BLOCK_AREA},
    [DECIDE_DISBAND] = {"disband", ARG_BLOCK},
};

decision decision_masked(decision d, int (*name)(int block, const void *context), const void *context)
{
    int kind = decision_kind(d), arg = decision_arg(d);
    switch (KIND[kind].argument) {
    case ARG_BLOCK: return decision_make(kind, name(arg, context));
    case ARG_BLOCK_AREA: return decision_pair(kind, name(decision_first(d), context), decision_second(d));
    case ARG_BLOCK_BLOCK:
        return decision_pair(kind, name(decision_first(d), context), name(decision_second(d), context));
    default: return d;
    }
}

void block_word(int block_or_piece, char *word, size_t size)
{
    if (block_or_piece & 0x80)
        snprintf(word, size, "%c?%d", (block_or_piece >> 5 & 1) == SIDE_YORK ? 'Y' : 'L', (block_or_piece & 31) + 1);
    else
        snprintf(word, size, "%s", BLOCK_INFO[block_or_piece].id);
}

void decision_text(decision d, char *text, size_t size)
{
    int kind = decision_kind(d), arg = decision_arg(d);
    char word[32], first[32], second[32];
    if (KIND[kind].argument == ARG_BLOCK || KIND[kind].argument == ARG_BLOCK_AREA ||
        KIND[kind].argument == ARG_BLOCK_BLOCK)
        block_word(decision_first(d), first, sizeof first);
    switch (KIND[kind].argument) {
    case ARG_CARD:
    case ARG_FACE: snprintf(text, size, "%s %d", KIND[kind].word, arg); break;
    case ARG_BLOCK_AREA:
        area_word(decision_second(d), word, sizeof word);
        snprintf(text, size, "%s %s %s", KIND[kind].word, first, word);
        break;
    case ARG_BLOCK_BLOCK:
        block_word(decision_second(d), second, sizeof second);
        snprintf(text, size, "%s %s %s", KIND[kind].word, first, second);
        break;
    case ARG_BLOCK: snprintf(text, size, "%s %s", KIND[kind].word, first); break;
    case ARG_AREA:
        area_word(arg, word, sizeof word);
        snprintf(text, size, "%s %s", KIND[kind].word, word);
        break;
    default: snprintf(text, size, "%s", KIND[kind].word); break;
    }
}

bool block_read(const char *word, int *out)
{
    int label;
    char side, rest;
    if (sscanf(word, "%c?%d%c", &side, &label, &rest) == 2 && (side == 'Y' || side == 'L') && label >= 1 &&
        label <= 32) {
        *out = piece_ref(side == 'Y' ? SIDE_YORK : SIDE_LANCASTER, label);
        return true;
    }
    *out = block_by_id(word, (int)strlen(word));
    return *out >= 0;
}

static int argument_words(int argument)
{
    switch (argument) {
    case ARG_NONE: return 0;
    case ARG_BLOCK_AREA:
    case ARG_BLOCK_BLOCK: return 2;
    default: return 1;
    }
}

/* A decision of one kind from its argument words; false if they do not fit. */
static bool read_argument(int kind, char words[][48], decision *out)
{
    int first = 0, second = 0;
    bool fits;
    switch (KIND[kind].argument) {
    case ARG_NONE: fits = true; break;
    case ARG_CARD: fits = sscanf(words[0], "%d", &first) == 1 && first >= 1 && first <= CARD_COUNT; break;
    case ARG_FACE: fits = sscanf(words[0], "%d", &first) == 1 && first >= 1 && first <= 6; break;
    case ARG_AREA:
        first = area_by_name(words[0], (int)strlen(words[0]));
        fits = first >= 0;
        break;
    case ARG_BLOCK: fits = block_read(words[0], &first); break;
    case ARG_BLOCK_AREA:
        second = area_by_name(words[1], (int)strlen(words[1]));
        fits = block_read(words[0], &first) && second >= 0;
        break;
    default: fits = block_read(words[0], &first) && block_read(words[1], &second); break;
    }
    if (fits)
        *out = decision_pair(kind, first, second);
    return fits;
}

bool decision_read(const char *text, decision *out, char *error, size_t error_size)
{
    char words[4][48];
    int n = sscanf(text, "%47s %47s %47s %47s", words[0], words[1], words[2], words[3]);
    bool known_word = false;
    for (int kind = 0; n >= 1 && kind < DECIDE_KIND_COUNT; kind++) {
        if (strcmp(KIND[kind].word, words[0]) != 0)
            continue;
        known_word = true;
        if (argument_words(KIND[kind].argument) != n - 1)
            continue;
        if (read_argument(kind, words + 1, out))
            return true;
    }
    if (known_word)
        snprintf(error, error_size, "'%s': the words after '%s' are not what it takes (docs/decisions.md)", text,
                 words[0]);
    else
        snprintf(error, error_size, "'%s' is no decision (docs/decisions.md lists them)", n >= 1 ? words[0] : "");
    return false;
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
