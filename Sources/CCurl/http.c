#include "CCurl.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// The few libcurl declarations used, with the values of curl/curl.h (stable ABI since 7.x), so
// building needs no libcurl development package.
typedef void CURL;
struct curl_slist;
typedef size_t (*curl_write_callback)(char *data, size_t size, size_t count, void *context);

enum {
    CURLOPT_WRITEDATA = 10001,
    CURLOPT_URL = 10002,
    CURLOPT_ERRORBUFFER = 10010,
    CURLOPT_WRITEFUNCTION = 20011,
    CURLOPT_USERAGENT = 10018,
    CURLOPT_HTTPHEADER = 10023,
    CURLOPT_HEADERDATA = 10029,
    CURLOPT_FOLLOWLOCATION = 52,
    CURLOPT_HEADERFUNCTION = 20079,
    CURLOPT_NOSIGNAL = 99,
    CURLOPT_MAXFILESIZE_LARGE = 30117,
    CURLOPT_TIMEOUT_MS = 155,
    CURLOPT_CONNECTTIMEOUT_MS = 156,
    CURLOPT_PROTOCOLS = 181,
    CURLOPT_REDIR_PROTOCOLS = 182,
    CURLOPT_PROTOCOLS_STR = 10318,
};
enum { CURLINFO_RESPONSE_CODE = 0x200000 + 2 };
enum { CURL_GLOBAL_ALL = 3, CURLPROTO_HTTP = 1, CURLPROTO_HTTPS = 2, CURL_ERROR_SIZE = 256 };
enum { CURLE_OK = 0, CURLE_FAILED_INIT = 2, CURLE_OUT_OF_MEMORY = 27, CURLE_UNKNOWN_OPTION = 48 };

static struct {
    int (*global_init)(long flags);
    CURL *(*easy_init)(void);
    int (*easy_setopt)(CURL *handle, int option, ...);
    int (*easy_perform)(CURL *handle);
    int (*easy_getinfo)(CURL *handle, int info, ...);
    void (*easy_cleanup)(CURL *handle);
    struct curl_slist *(*slist_append)(struct curl_slist *list, const char *string);
    void (*slist_free_all)(struct curl_slist *list);
} curl;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static char load_error[256];

static void load(void) {
    // The OpenSSL build first (what `curl` itself uses on Debian and Ubuntu), then the others.
    static const char *const names[] = {
        "libcurl.so.4", "libcurl-gnutls.so.4", "libcurl-nss.so.4", "libcurl.so", "libcurl.4.dylib",
        "/usr/lib/libcurl.4.dylib",
    };
    void *library = NULL;
    for (size_t index = 0; index < sizeof names / sizeof names[0] && library == NULL; index++) {
        library = dlopen(names[index], RTLD_NOW | RTLD_LOCAL);
    }
    if (library == NULL) {
        snprintf(load_error, sizeof load_error, "libcurl is not installed (verify needs libcurl.so.4: "
                                                "apt-get install libcurl4, dnf install libcurl)");
        return;
    }
    *(void **)&curl.global_init = dlsym(library, "curl_global_init");
    *(void **)&curl.easy_init = dlsym(library, "curl_easy_init");
    *(void **)&curl.easy_setopt = dlsym(library, "curl_easy_setopt");
    *(void **)&curl.easy_perform = dlsym(library, "curl_easy_perform");
    *(void **)&curl.easy_getinfo = dlsym(library, "curl_easy_getinfo");
    *(void **)&curl.easy_cleanup = dlsym(library, "curl_easy_cleanup");
    *(void **)&curl.slist_append = dlsym(library, "curl_slist_append");
    *(void **)&curl.slist_free_all = dlsym(library, "curl_slist_free_all");
    if (!curl.global_init || !curl.easy_init || !curl.easy_setopt || !curl.easy_perform || !curl.easy_getinfo
        || !curl.easy_cleanup || !curl.slist_append || !curl.slist_free_all) {
        snprintf(load_error, sizeof load_error, "the installed libcurl lacks a function verify uses");
        curl.easy_init = NULL;
        return;
    }
    // Not thread-safe in old libcurl versions: done once, here, before any transfer.
    if (curl.global_init(CURL_GLOBAL_ALL) != CURLE_OK) {
        snprintf(load_error, sizeof load_error, "libcurl failed to initialise");
        curl.easy_init = NULL;
    }
}

int lw_http_load(char *error, size_t error_size) {
    pthread_once(&load_once, load);
    if (curl.easy_init != NULL) return 0;
    snprintf(error, error_size, "%s", load_error);
    return -1;
}

/// A growing byte buffer that refuses to pass its limit.
typedef struct {
    unsigned char *bytes;
    size_t length, capacity, limit;
    int over_limit;
} buffer;

/// Appends what fits under the limit; returns 0 when something did not fit.
static int append(buffer *into, const char *data, size_t count) {
    size_t room = into->limit - into->length;
    size_t taken = count < room ? count : room;
    if (into->length + taken > into->capacity) {
        size_t capacity = into->capacity ? into->capacity : 16384;
        while (capacity < into->length + taken) capacity *= 2;
        if (capacity > into->limit) capacity = into->limit;
        unsigned char *grown = realloc(into->bytes, capacity);
        if (grown == NULL) return 0;
        into->bytes = grown;
        into->capacity = capacity;
    }
    memcpy(into->bytes + into->length, data, taken);
    into->length += taken;
    if (taken < count) into->over_limit = 1;
    return taken == count;
}

// Returning less than given makes libcurl stop the transfer (CURLE_WRITE_ERROR).
static size_t take_body(char *data, size_t size, size_t count, void *context) {
    return append(context, data, size * count) ? size * count : 0;
}

static size_t take_header(char *data, size_t size, size_t count, void *context) {
    buffer *headers = context;
    // A new status line starts a new response (after a 100 Continue): keep only the last block.
    if (size * count >= 5 && memcmp(data, "HTTP/", 5) == 0) headers->length = 0;
    return append(headers, data, size * count) ? size * count : 0;
}

void lw_http_get(
    const char *url, const char *const *headers, size_t header_count, long timeout_ms, size_t max_body,
    size_t max_headers, lw_http_result *result) {
    memset(result, 0, sizeof *result);
    CURL *handle = curl.easy_init ? curl.easy_init() : NULL;
    if (handle == NULL) {
        result->code = CURLE_FAILED_INIT;
        return;
    }
    buffer body = {.limit = max_body}, header_block = {.limit = max_headers};
    struct curl_slist *list = NULL;
    for (size_t index = 0; index < header_count; index++) {
        struct curl_slist *longer = curl.slist_append(list, headers[index]);
        if (longer == NULL) {
            result->code = CURLE_OUT_OF_MEMORY;
            goto done;
        }
        list = longer;
    }
    curl.easy_setopt(handle, CURLOPT_URL, url);
    curl.easy_setopt(handle, CURLOPT_HTTPHEADER, list);
    curl.easy_setopt(handle, CURLOPT_ERRORBUFFER, result->error);
    curl.easy_setopt(handle, CURLOPT_WRITEFUNCTION, (curl_write_callback)take_body);
    curl.easy_setopt(handle, CURLOPT_WRITEDATA, (void *)&body);
    curl.easy_setopt(handle, CURLOPT_HEADERFUNCTION, (curl_write_callback)take_header);
    curl.easy_setopt(handle, CURLOPT_HEADERDATA, (void *)&header_block);
    curl.easy_setopt(handle, CURLOPT_FOLLOWLOCATION, 0L);
    // Signals are how libcurl times out name lookups by default; they are unsafe in a threaded
    // process, so the deadline covers lookups through libcurl's resolver thread instead.
    curl.easy_setopt(handle, CURLOPT_NOSIGNAL, 1L);
    curl.easy_setopt(handle, CURLOPT_TIMEOUT_MS, timeout_ms);
    curl.easy_setopt(handle, CURLOPT_CONNECTTIMEOUT_MS, timeout_ms);
    curl.easy_setopt(handle, CURLOPT_MAXFILESIZE_LARGE, (long long)max_body);
    if (curl.easy_setopt(handle, CURLOPT_PROTOCOLS_STR, "http,https") == CURLE_UNKNOWN_OPTION) {
        curl.easy_setopt(handle, CURLOPT_PROTOCOLS, (long)(CURLPROTO_HTTP | CURLPROTO_HTTPS));
    }
    // No CURLOPT_ACCEPT_ENCODING: libcurl then decodes nothing, so a compressed body is kept as
    // sent and counted against the limit at its sent size.
    result->code = curl.easy_perform(handle);
    curl.easy_getinfo(handle, CURLINFO_RESPONSE_CODE, &result->status);
done:
    result->body_over_limit = body.over_limit;
    result->headers_over_limit = header_block.over_limit;
    result->body = body.bytes;
    result->body_length = body.length;
    result->headers = header_block.bytes;
    result->headers_length = header_block.length;
    if (list != NULL) curl.slist_free_all(list);
    curl.easy_cleanup(handle);
}

void lw_http_result_free(lw_http_result *result) {
    free(result->body);
    free(result->headers);
    result->body = NULL;
    result->headers = NULL;
}
