/*
 * random.h: splitmix64, the one seeded generator r3 uses. Every random choice
 * (playouts, samplers, tests) draws from a state the caller owns, so a seed
 * fixes the result (docs/architecture.md: determinism).
 */
#ifndef R3_RANDOM_H
#define R3_RANDOM_H

#include <stdint.h>

static inline uint64_t random_next(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* Uniform on 0..n-1 (n >= 1); the modulo bias is below 2^-58 for r3's sizes. */
static inline int random_below(uint64_t *state, int n) { return (int)(random_next(state) % (uint64_t)n); }

#endif
