#ifndef LINKWELL_CPROCESS_H
#define LINKWELL_CPROCESS_H

/// What the executable needs from the C library that Swift's system modules do not declare:
/// the atomic exchange of two paths (below), and settings made when the process starts, before
/// `main` and before any thread (process.c: one malloc arena for `match`).

/// Exchanges the directory entries `first` and `second` in one step: `renameat2(RENAME_EXCHANGE)`
/// on Linux (3.15, glibc 2.28), `renamex_np(RENAME_SWAP)` on macOS. 0, or -1 with errno set
/// (ENOSYS where neither exists).
int linkwell_exchange_paths(const char *first, const char *second);

#endif
