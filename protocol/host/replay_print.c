/* replay_print.c: see replay_print.h. */
#include "protocol/host/replay_print.h"

#include "engine/core/tables.h"
#include "engine/hidden/observe.h"
#include "engine/rules/game.h"
#include "engine/rules/rules.h"
#include "games/record.h"
#include "protocol/host/label.h"
#include "protocol/host/narrate.h"

struct printing {
    FILE *out;
    int side;
    long own; /* the side's decisions so far */
    struct narrator narrator;
    struct observations seen; /* what the side saw of the transition being printed */
};

/* The side's own decision by its label, then what it saw of the transition;
 * its own decision's line is the label already. */
static bool print_transition(void *context, const struct world *before, decision d, const struct world *after,
                             long played)
{
    struct printing *p = context;
    struct observations *seen = &p->seen;
    char text[128];
    int first = 0;
    (void)played;
    observe(before, d, after, p->side, seen);
    if (rules_actor(before) == p->side) {
        narrate_end(&p->narrator, p->out); /* the volley before, told before this */
        decision_label(before, d, d, text, sizeof text);
        fprintf(p->out, "%ld. %s: %s\n", ++p->own, SIDE_NAME[p->side], text);
        first = 1;
    }
    for (int i = first; i < seen->count; i++) { /* each with its sentence, as r3 host writes its events */
        char sentence[400], line[sizeof text + sizeof sentence + 3];
        observation_text(&seen->list[i], text, sizeof text);
        narrate_event_sentence(before, d, text, sentence, sizeof sentence);
        snprintf(line, sizeof line, "%s | %s", text, sentence);
        narrate(&p->narrator, SIDE_WORD[p->side], line, p->out);
    }
    return true;
}

bool replay_print(FILE *in, int side, FILE *out, char *why, size_t size)
{
    struct printing p = {.out = out, .side = side};
    const struct game_hooks hooks = {.after = print_transition, .context = &p};
    fprintf(out, "The game as %s saw it:\n", SIDE_NAME[side]);
    bool replayed = replay_record(in, out, &hooks, why, size);
    narrate_end(&p.narrator, out);
    return replayed;
}
