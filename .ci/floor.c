/* The benchmark's yardstick: what the file system costs without Linkwell.
 *   floor write LIST...  creates every file of each LIST ("SIZE PATH" lines), its folders as
 *                        needed, with SIZE bytes each: open, write, close — the least a build
 *                        must do. More than one LIST: one process per list, all at once (the
 *                        benchmark gives one list per host folder: the two-process floor);
 *   floor write-stat LIST...  the same with an fstat of each file before it is closed: the
 *                        identity (device, inode, size, times) a build record keeps of each page,
 *                        which no build that proves pages later can skip;
 *   floor read LIST      reads every file of LIST whole: the least a no-op build or check must do.
 * Plain POSIX calls, one file at a time, no error recovery. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static char buffer[1 << 20];

static void make_parents(char *path) {
    for (char *p = path + 1; *p; p++)
        if (*p == '/') { *p = 0; mkdir(path, 0755); *p = '/'; }
}

int main(int argc, char **argv) {
    int stating = argc >= 3 && strcmp(argv[1], "write-stat") == 0;
    if (argc < 3 || (argc > 3 && strcmp(argv[1], "write") != 0 && !stating)) {
        fprintf(stderr, "usage: floor write LIST... | floor write-stat LIST... | floor read LIST\n");
        return 2;
    }
    if (argc > 3) {
        for (int i = 2; i < argc; i++) {
            pid_t child = fork();
            if (child < 0) { perror("fork"); return 1; }
            if (child == 0) { execl(argv[0], argv[0], argv[1], argv[i], (char *)0); perror(argv[0]); _exit(1); }
        }
        int status, failed = 0;
        while (wait(&status) > 0) failed |= !WIFEXITED(status) || WEXITSTATUS(status) != 0;
        return failed;
    }
    int writing = strcmp(argv[1], "write") == 0 || stating;
    FILE *list = fopen(argv[2], "r");
    if (!list) { perror(argv[2]); return 1; }
    memset(buffer, 'x', sizeof buffer);
    char line[8192], path[8000];
    long size;
    while (fgets(line, sizeof line, list)) {
        if (sscanf(line, "%ld %7999[^\n]", &size, path) != 2) continue;
        if (writing) {
            int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
            if (fd < 0 && errno == ENOENT) { make_parents(path); fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644); }
            if (fd < 0) { perror(path); return 1; }
            for (long left = size; left > 0;) {
                long n = left > (long)sizeof buffer ? (long)sizeof buffer : left;
                if (write(fd, buffer, n) != n) { perror(path); return 1; }
                left -= n;
            }
            struct stat info;
            if (stating && fstat(fd, &info) != 0) { perror(path); return 1; }
            close(fd);
        } else {
            int fd = open(path, O_RDONLY);
            if (fd < 0) { perror(path); return 1; }
            while (read(fd, buffer, sizeof buffer) > 0) {}
            close(fd);
        }
    }
    return 0;
}
