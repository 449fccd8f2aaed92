// Process settings Swift cannot make in time: glibc fixes the arena limit the first time a
// thread other than the main one allocates, and by the first line of an async `main` the
// runtime's worker threads have. malloc.h is not in Swift's Glibc module either.
#include "CProcess.h"

// Any C library header says whether this is glibc.
#include <stdlib.h>
#include <string.h>

#if defined(__GLIBC__)
#include <malloc.h>

// `match` allocates from the main arena only. glibc gives each thread beyond the first an arena
// of its own that grows one page (one mprotect call and a page fault) at a time, while the main
// arena grows 128 KB at a time: commands run on a worker thread, so `match` made 335 such calls
// to load 1,000 rules, and one arena makes its start 0.87x. The other commands keep glibc's
// arenas: threads allocating at once wait on one arena's lock, which cost a nine-shape `compare`
// 1.13x its CPU and a 10,000-row build 1.05x (docs/performance.md, "One malloc arena for match").
// glibc passes a constructor the program's arguments. A MALLOC_ARENA_MAX set in the environment
// wins (glibc has read it already).
__attribute__((constructor)) static void linkwell_one_malloc_arena_for_match(int argc, char **argv, char **envp) {
    (void)envp;
    if (argc > 1 && strcmp(argv[1], "match") == 0 && getenv("MALLOC_ARENA_MAX") == NULL) mallopt(M_ARENA_MAX, 1);
}

// The commands that stream item pages grow each thread's heap 16 MB at a time, not a page at a
// time: a record-less `check` of 10,000 rows made 930 mprotect calls (17 so), 2,450 page faults
// (2,020), and took 0.97-0.98x the time, a fresh build 0.96-0.98x (interleaved pairs with
// GLIBC_TUNABLES=glibc.malloc.top_pad=16777216), for 1-1.5 MB more at its peak (address space is
// reserved, not touched). With MALLOC_TOP_PAD_ or GLIBC_TUNABLES in the environment (either may
// set the top pad) glibc's own settings stand.
__attribute__((constructor)) static void linkwell_heap_growth_for_item_pages(int argc, char **argv, char **envp) {
    (void)envp;
    if (argc < 2 || getenv("MALLOC_TOP_PAD_") != NULL || getenv("GLIBC_TUNABLES") != NULL) return;
    const char *streaming[] = {"build", "check", "validate", "diff"};
    for (size_t index = 0; index < sizeof streaming / sizeof *streaming; index++) {
        if (strcmp(argv[1], streaming[index]) == 0) {
            mallopt(M_TOP_PAD, 16 << 20);
            return;
        }
    }
}
#endif
