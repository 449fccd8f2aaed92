// renameat2 is declared only with _GNU_SOURCE, which Swift's Glibc module does not set: the
// call lives here rather than behind a dlsym lookup in Swift.
#define _GNU_SOURCE
#include "CProcess.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>

int linkwell_exchange_paths(const char *first, const char *second) {
#if defined(__APPLE__)
    return renamex_np(first, second, RENAME_SWAP);
#elif defined(RENAME_EXCHANGE)
    return renameat2(AT_FDCWD, first, AT_FDCWD, second, RENAME_EXCHANGE);
#else
    (void)first;
    (void)second;
    errno = ENOSYS;
    return -1;
#endif
}
