#ifndef LINKWELL_CPROCESS_H
#define LINKWELL_CPROCESS_H

/// Settings made when the process starts, before `main` and before any thread, which Swift
/// cannot make in time (process.c: one malloc arena for `match`). Nothing here is called: the
/// executable links the target for its constructor.

#endif
