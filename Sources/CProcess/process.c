// Process settings Swift cannot make in time: glibc fixes the arena limit the first time a
// thread other than the main one allocates, and by the first line of an async `main` the
// runtime's worker threads have (`mallopt` there left all 335 calls below). malloc.h is not in
// Swift's Glibc module either.
#include "CProcess.h"

// Any C library header says whether this is glibc.
#include <stdlib.h>

#if defined(__GLIBC__)
#include <malloc.h>

// Every thread allocates from the main arena. glibc gives each thread beyond the first an
// arena of its own that grows one page (one mprotect call and a page fault) at a time, while
// the main arena grows 128 KB at a time: commands run on a worker thread, so `match` made 335
// such calls to load 1,000 rules. Builds measured no slower with one arena
// (docs/performance.md).
// A MALLOC_ARENA_MAX set in the environment wins (glibc has read it already): how the
// benchmark measures what the one arena costs or saves.
__attribute__((constructor)) static void linkwell_use_one_malloc_arena(void) {
    if (getenv("MALLOC_ARENA_MAX") == NULL) mallopt(M_ARENA_MAX, 1);
}
#endif
