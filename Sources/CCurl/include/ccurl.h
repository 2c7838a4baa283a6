// The part of libcurl's easy interface the feed fetcher uses. FoundationNetworking already loads
// the system's libcurl.so.4, but Debian ships its header only in a -dev package this build does
// not require, so the entry points and the numbers of the options used are declared here; they
// are libcurl's stable ABI (values as in curl/curl.h since 7.85). curl_easy_setopt and
// curl_easy_getinfo are variadic, which Swift cannot call: the typed wrappers below do.
#ifndef CCURL_H
#define CCURL_H

#include <stddef.h>
#include <sys/socket.h>

typedef void CURL;
struct curl_slist;

struct ccurl_sockaddr {
    int family;
    int socktype;
    int protocol;
    unsigned int addrlen;
    struct sockaddr addr;  // followed by the rest of a sockaddr_in6 when the family is AF_INET6
};

typedef size_t (*ccurl_data_callback)(char *data, size_t size, size_t count, void *context);
typedef int (*ccurl_opensocket_callback)(void *context, int purpose, struct ccurl_sockaddr *address);
typedef int (*ccurl_progress_callback)(void *context, long long downloadTotal, long long downloaded,
                                       long long uploadTotal, long long uploaded);

enum {
    CCURLOPT_WRITEDATA = 10001,
    CCURLOPT_URL = 10002,
    CCURLOPT_PROXY = 10004,
    CCURLOPT_ERRORBUFFER = 10010,
    CCURLOPT_WRITEFUNCTION = 20011,
    CCURLOPT_USERAGENT = 10018,
    CCURLOPT_LOW_SPEED_LIMIT = 19,
    CCURLOPT_LOW_SPEED_TIME = 20,
    CCURLOPT_HTTPHEADER = 10023,
    CCURLOPT_HEADERDATA = 10029,
    CCURLOPT_NOPROGRESS = 43,
    CCURLOPT_FOLLOWLOCATION = 52,
    CCURLOPT_XFERINFODATA = 10057,
    CCURLOPT_HEADERFUNCTION = 20079,
    CCURLOPT_NOSIGNAL = 99,
    CCURLOPT_ACCEPT_ENCODING = 10102,
    CCURLOPT_MAXFILESIZE_LARGE = 30117,
    CCURLOPT_TIMEOUT_MS = 155,
    CCURLOPT_CONNECTTIMEOUT_MS = 156,
    CCURLOPT_OPENSOCKETFUNCTION = 20163,
    CCURLOPT_OPENSOCKETDATA = 10164,
    CCURLOPT_NOPROXY = 10177,
    CCURLOPT_RESOLVE = 10203,
    CCURLOPT_XFERINFOFUNCTION = 20219,
    CCURLOPT_PROTOCOLS_STR = 10318,
};

enum {
    CCURLINFO_RESPONSE_CODE = 0x200002,
};

enum {
    CCURLE_OK = 0,
    CCURLE_COULDNT_RESOLVE_HOST = 6,
    CCURLE_COULDNT_CONNECT = 7,
    CCURLE_WRITE_ERROR = 23,
    CCURLE_OPERATION_TIMEDOUT = 28,
    CCURLE_ABORTED_BY_CALLBACK = 42,
    CCURLE_FILESIZE_EXCEEDED = 63,
    CCURL_ERROR_SIZE = 256,
    CCURL_GLOBAL_ALL = 3,
    CCURL_SOCKET_BAD = -1,
};

int curl_global_init(long flags);
CURL *curl_easy_init(void);
void curl_easy_cleanup(CURL *handle);
int curl_easy_perform(CURL *handle);
const char *curl_easy_strerror(int code);
struct curl_slist *curl_slist_append(struct curl_slist *list, const char *text);
void curl_slist_free_all(struct curl_slist *list);

int ccurl_set_long(CURL *handle, int option, long value);
int ccurl_set_pointer(CURL *handle, int option, const void *value);
int ccurl_set_data_callback(CURL *handle, int option, ccurl_data_callback callback);
int ccurl_set_opensocket_callback(CURL *handle, ccurl_opensocket_callback callback);
int ccurl_set_progress_callback(CURL *handle, ccurl_progress_callback callback);
int ccurl_response_code(CURL *handle, long *code);

#endif
