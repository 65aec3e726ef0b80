// Starts one program and reports what it cost, for parlance-launch.
// Usage: launch-exec <program> [arguments...]
// The program's output passes through; then one line goes to standard error:
//   launch-exec: <wall nanoseconds, fork to reaped> <peak resident KiB> <exit status>
//
// Why a C launcher: Linux keeps a process's peak resident size across execve, and a child
// started with posix_spawn (vfork) from the Swift runner would inherit the runner's peak
// (tens of MB). This launcher is small, so a program it forks starts from its ~1 MB.
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: launch-exec <program> [arguments...]\n");
        return 2;
    }
    struct timespec start, end;
    clock_gettime(CLOCK_MONOTONIC, &start);
    pid_t pid = fork();
    if (pid < 0) {
        perror("launch-exec: fork");
        return 1;
    }
    if (pid == 0) {
        execv(argv[1], argv + 1);
        perror("launch-exec: exec");
        _exit(127);
    }
    int status = 0;
    struct rusage usage;
    if (wait4(pid, &status, 0, &usage) < 0) {
        perror("launch-exec: wait4");
        return 1;
    }
    clock_gettime(CLOCK_MONOTONIC, &end);
    long long nanoseconds = (long long)(end.tv_sec - start.tv_sec) * 1000000000LL + (end.tv_nsec - start.tv_nsec);
    int code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    fprintf(stderr, "launch-exec: %lld %ld %d\n", nanoseconds, usage.ru_maxrss, code);
    return code;
}
