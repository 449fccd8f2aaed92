#ifndef LINKWELL_CPROCESS_H
#define LINKWELL_CPROCESS_H

/// Settings made when the process starts, before `main` and before any thread (process.c):
/// every thread allocates from glibc's main arena. Nothing here is called from Swift.

#endif
