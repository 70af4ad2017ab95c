#ifndef MALLOC_COUNTER_H
#define MALLOC_COUNTER_H

/// Heap allocations made by the process so far (malloc, calloc, realloc and the
/// aligned forms), or -1 where they cannot be counted (not Linux with glibc).
long long gesture_bench_allocations(void);

#endif
