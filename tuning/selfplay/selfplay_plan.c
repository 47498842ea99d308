/* selfplay_plan.c: see selfplay_plan.h. */
#include "tuning/selfplay/selfplay_plan.h"

#include "engine/core/random.h"
#include "engine/core/types.h"

struct selfplay_range selfplay_shard(long games, long shard, long shards)
{
    /* in long long: games * shards may pass a 32-bit long's range */
    long long g = games, i = shard, n = shards;
    return (struct selfplay_range){(long)(i * g / n), (long)((i + 1) * g / n)};
}

int selfplay_scenario_of(int scenario, long game)
{
    return scenario == SELFPLAY_ALL_SCENARIOS ? (int)(game % SCENARIO_COUNT) : scenario;
}

struct selfplay_seeds selfplay_seeds_of(uint64_t seed, long game, uint64_t player_seed)
{
    uint64_t run = seed;
    uint64_t state = random_next(&run) ^ ((uint64_t)game * 0xd1b54a32d192ed03ull);
    struct selfplay_seeds s;
    s.chance = random_next(&state);
    s.sampling = random_next(&state);
    for (int side = 0; side < 2; side++)
        s.side[side] = random_next(&state) + player_seed;
    return s;
}

static long gap(struct selfplay_sampler *s) { return 1 + random_below(&s->rng, (int)(2 * s->every - 1)); }

void selfplay_sampler_start(struct selfplay_sampler *s, uint64_t seed, long every)
{
    s->rng = seed;
    s->every = every < 1 ? 1 : every > SELFPLAY_MAX_EVERY ? SELFPLAY_MAX_EVERY : every;
    s->countdown = gap(s);
}

bool selfplay_sampler_keep(struct selfplay_sampler *s)
{
    if (--s->countdown > 0)
        return false;
    s->countdown = gap(s);
    return true;
}
