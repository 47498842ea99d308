/* amaf.c: see amaf.h. An open-addressed table probed linearly, cleared by
 * each search: it stays small enough to sit in the first-level cache. */
#include "search/amaf.h"

#include <string.h>

#define AMAF_USED 0x80000000u /* a decision's kind fits in its bits below */

void amaf_clear(struct amaf *a) { memset(a, 0, sizeof *a); }

static uint32_t home_of(uint32_t key) { return (key * 0x9e3779b1u) >> 22; }

_Static_assert(AMAF_SLOTS == 1 << 10, "home_of keeps 10 bits");

/* The index of the key's slot, or of the free slot where it would go. */
static uint32_t probe(const struct amaf *a, uint32_t want)
{
    uint32_t i = home_of(want);
    while (a->slot[i].key && a->slot[i].key != want)
        i = (i + 1) & (AMAF_SLOTS - 1);
    return i;
}

/* The key's slot, a free one taken for it while the table is less than
 * three quarters full (so that a probe always ends), or NULL. */
static struct amaf_slot *slot_for(struct amaf *a, decision key)
{
    uint32_t want = key | AMAF_USED;
    struct amaf_slot *s = &a->slot[probe(a, want)];
    if (s->key)
        return s;
    if (a->used >= AMAF_SLOTS / 4 * 3)
        return NULL;
    a->used++;
    s->key = want;
    return s;
}

void amaf_count(struct amaf *a, struct amaf_notes *n, uint32_t stamp, double york)
{
    for (int i = 0; i < n->count; i++) {
        struct amaf_slot *s = slot_for(a, n->key[i]);
        if (s && s->stamp != stamp) {
            s->stamp = stamp;
            s->plays++;
            s->york += (float)york;
        }
    }
    n->count = 0;
}

uint32_t amaf_plays(const struct amaf *a, decision key) { return a->slot[probe(a, key | AMAF_USED)].plays; }

bool amaf_mean(const struct amaf *a, decision key, int side, double prior, double *mean)
{
    const struct amaf_slot *s = &a->slot[probe(a, key | AMAF_USED)];
    if (!s->plays)
        return false;
    double won = side == SIDE_YORK ? s->york : s->plays - s->york;
    *mean = (won + prior) / (s->plays + 1.0);
    return true;
}
