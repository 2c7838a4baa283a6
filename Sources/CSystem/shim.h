// Linux calls that Glibc's Swift overlay does not expose (epoll, eventfd, accept4, memmem).
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <arpa/inet.h>
#include <fcntl.h>
#include <signal.h>
#include <unistd.h>
#include <errno.h>
// Declared here rather than defining _GNU_SOURCE, which breaks the Glibc overlay's fd_set.
extern int accept4(int sockfd, struct sockaddr *addr, socklen_t *addrlen, int flags);
extern void *memmem(const void *haystack, size_t haystacklen, const void *needle, size_t needlelen);

#include <sys/syscall.h>
// read(2) and send(2) as bare system calls. glibc's wrappers are cancellation points, which
// costs two atomic updates of the thread's cancellation state per call; no thread of ours is
// ever cancelled with pthread_cancel, so connections read and write through these.
static inline long csystem_read(int fd, void *buffer, size_t count) {
    return syscall(SYS_read, fd, buffer, count);
}
static inline long csystem_send(int fd, const void *buffer, size_t count, int flags) {
    return syscall(SYS_sendto, fd, buffer, count, flags, (void *)0, 0);
}
