// glibc, musl and dyld call an initializer with the program's argc, argv and environment; this
// keeps the first two for `ProcessArguments`. It reads nothing else and changes nothing.
#include "CArguments.h"

static int saved_count;
static char *const *saved_arguments;

__attribute__((constructor)) static void linkwell_save_arguments(int argc, char **argv, char **envp) {
    (void)envp;
    saved_count = argc;
    saved_arguments = argv;
}

int linkwell_argument_count(void) { return saved_count; }

char *const *linkwell_arguments(void) { return saved_arguments; }
