/*
 * random.c: see random.h. The table of random_mod's multipliers.
 */
#include "engine/core/random.h"

#ifdef __SIZEOF_INT128__
unsigned __int128 random_mod_magic[RANDOM_FAST_MOD];

__attribute__((constructor)) static void random_mod_init(void)
{
    for (uint64_t n = 1; n < RANDOM_FAST_MOD; n++)
        random_mod_magic[n] = ~(unsigned __int128)0 / n + 1;
}
#endif
