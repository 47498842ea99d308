/*
 * marginals.c: see marginals.h. The counts come from one sampler's draws;
 * its generator starts from the view's key, so the marginals depend on
 * nothing the side has not seen.
 */
#include "engine/hidden/marginals.h"

#include <string.h>

#include "engine/core/knowledge.h"
#include "engine/core/tables.h"

static void count_world(const struct world *w, struct marginals *m)
{
    for (int i = 0; i < m->pieces; i++) {
        struct piece_marginal *p = &m->piece[i];
        int b = knowledge_block_with_label(w, m->side, p->label);
        if (b < 0)
            continue;
        p->block[b] += 1;
        int steps = world_steps(w, b);
        if (steps >= 1 && steps <= 4)
            p->steps[steps] += 1;
    }
}

/* The enemy's cards: nothing tells its unseen cards apart (the sampler deals
 * them evenly), so each unseen card's chance is exact, not counted: the
 * cards in its hand (or the one face down) over the cards unseen. A hand
 * shown for a redeal is known. */
static void card_chances(const struct view *v, struct marginals *m)
{
    int enemy = 1 - v->side, unseen = bits_count(v->unseen_cards);
    uint32_t shown = v->w.hand[enemy];
    for (int c = 1; c <= CARD_COUNT; c++) {
        bool open = v->unseen_cards >> c & 1;
        m->hand[c] = shown ? (float)(shown >> c & 1) : open ? (float)v->enemy_hand / (float)unseen : 0;
        m->played[c] = m->card_down && open ? 1.0f / (float)unseen : 0;
    }
}

static void scale(float *x, int n, float by)
{
    for (int i = 0; i < n; i++)
        x[i] *= by;
}

bool marginals_of(const struct view *v, const struct odds *o, int draws, struct marginals *out)
{
    struct sampler s;
    struct world w;
    uint64_t rng = view_key(v);
    memset(out, 0, sizeof *out);
    out->side = v->side;
    out->card_down = v->enemy_card_down;
    out->draws = draws < 1 ? 1 : draws;
    for (int l = 0; l < MAX_LABELS; l++)
        if (v->piece[l].cand)
            out->piece[out->pieces++] = (struct piece_marginal){.label = (uint8_t)(l + 1), .area = v->piece[l].area};
    if (!sampler_init(&s, v, &rng))
        return false;
    sampler_weigh(&s, o);
    for (int d = 0; d < out->draws; d++) {
        sampler_draw(&s, &rng, &w);
        count_world(&w, out);
    }
    float share = 1.0f / (float)out->draws;
    for (int i = 0; i < out->pieces; i++) {
        scale(out->piece[i].block, BLOCK_COUNT, share);
        scale(out->piece[i].steps, 5, share);
    }
    card_chances(v, out);
    return true;
}
