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

/* Moves the generator on as 'draws' calls of random_next would, without
 * working out the numbers: splitmix64's state only counts up. For a draw
 * whose outcome is already known (a choice of one). */
static inline void random_skip(uint64_t *state, uint64_t draws) { *state += draws * 0x9e3779b97f4a7c15ull; }

/* x % n for n >= 1, exactly. A 64-bit division takes tens of cycles, and a
 * playout or a sampled world asks for hundreds of them; for the small n that
 * r3 draws among, Lemire's remainder by multiplication (Lemire, Kaser and
 * Kurz, "Faster remainder by direct computation", 2019) gives the same
 * result with four multiplications, from a table filled at start-up. */
#define RANDOM_FAST_MOD 256
#ifdef __SIZEOF_INT128__
extern unsigned __int128 random_mod_magic[RANDOM_FAST_MOD]; /* ceil(2^128 / n), 0 for n = 1 */

static inline uint64_t random_mod(uint64_t x, uint64_t n)
{
    if (n >= RANDOM_FAST_MOD)
        return x % n;
    unsigned __int128 low = random_mod_magic[n] * x;
    unsigned __int128 bottom = ((low & UINT64_MAX) * n) >> 64, top = (low >> 64) * n;
    return (uint64_t)((bottom + top) >> 64);
}
#else
static inline uint64_t random_mod(uint64_t x, uint64_t n) { return x % n; }
#endif

/* Uniform on 0..n-1 (n >= 1); the modulo bias is below 2^-58 for r3's sizes. */
static inline int random_below(uint64_t *state, int n) { return (int)random_mod(random_next(state), (uint64_t)n); }

#endif
