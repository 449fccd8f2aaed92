#ifndef LINKWELL_C_ARGUMENTS_H
#define LINKWELL_C_ARGUMENTS_H

// The program's arguments as the C runtime handed them over, before `main`: the Swift runtime on
// Linux reads them from /proc/self/cmdline, which a chroot or a minimal container may not have.
// Zero and NULL where the C runtime passed none to initializers.
int linkwell_argument_count(void);
char *const *linkwell_arguments(void);

#endif
