#include "ccurl.h"

// libcurl's variadic entry points, called only through the typed wrappers below.
extern int curl_easy_setopt(CURL *handle, int option, ...);
extern int curl_easy_getinfo(CURL *handle, int info, ...);

int ccurl_set_long(CURL *handle, int option, long value) { return curl_easy_setopt(handle, option, value); }

int ccurl_set_pointer(CURL *handle, int option, const void *value) { return curl_easy_setopt(handle, option, value); }

int ccurl_set_data_callback(CURL *handle, int option, ccurl_data_callback callback) {
    return curl_easy_setopt(handle, option, callback);
}

int ccurl_set_opensocket_callback(CURL *handle, ccurl_opensocket_callback callback) {
    return curl_easy_setopt(handle, CCURLOPT_OPENSOCKETFUNCTION, callback);
}

int ccurl_set_progress_callback(CURL *handle, ccurl_progress_callback callback) {
    return curl_easy_setopt(handle, CCURLOPT_XFERINFOFUNCTION, callback);
}

int ccurl_response_code(CURL *handle, long *code) { return curl_easy_getinfo(handle, CCURLINFO_RESPONSE_CODE, code); }
