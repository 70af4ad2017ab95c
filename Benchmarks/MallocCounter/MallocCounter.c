// Counts heap allocations for gesture-bench by interposing glibc's allocator entry
// points: the executable's definitions win over libc's, and forward to the __libc_
// implementations. Only the benchmark links this.
#include "MallocCounter.h"
#include <stdlib.h>  // defines __GLIBC__ on glibc

#if defined(__linux__) && defined(__GLIBC__)
#include <stdatomic.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);

static atomic_llong allocations;

void *malloc(size_t size) {
    atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed);
    return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
    atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed);
    return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
    atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed);
    return __libc_realloc(pointer, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
    atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed);
    return __libc_memalign(alignment, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed);
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL) return 12;  // ENOMEM
    *result = pointer;
    return 0;
}

long long gesture_bench_allocations(void) {
    return atomic_load_explicit(&allocations, memory_order_relaxed);
}
#else
long long gesture_bench_allocations(void) { return -1; }
#endif
