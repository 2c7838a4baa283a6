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
