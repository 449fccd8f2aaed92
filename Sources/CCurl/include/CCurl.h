// One bounded HTTP GET through the system's libcurl, loaded at run time.
//
// Why C: libcurl's setup call is variadic, which Swift cannot call. Why loaded at run time: the
// binary then builds without libcurl's headers and starts without libcurl; only `verify` needs it.
#ifndef LINKWELL_CCURL_H
#define LINKWELL_CCURL_H

#include <stddef.h>

/// What one GET got. `code` is libcurl's result (0: a complete answer).
typedef struct {
    int code;
    /// 1 when the body passed `max_body` bytes and reading stopped there.
    int body_over_limit;
    /// 1 when the header block passed `max_headers` bytes and reading stopped there.
    int headers_over_limit;
    long status;
    /// The final response's header block as received (status line first, CRLF-separated).
    unsigned char *headers;
    size_t headers_length;
    unsigned char *body;
    size_t body_length;
    /// libcurl's own words for a failure, empty when it gave none.
    char error[256];
} lw_http_result;

/// Loads libcurl once per process. Returns 0, or -1 with the reason in `error`.
int lw_http_load(char *error, size_t error_size);

/// GET `url` with `header_count` extra request headers ("Name: value"), never following a
/// redirect, giving up after `timeout_ms` in all (connecting, waiting, reading), reading at most
/// `max_body` body bytes. Call `lw_http_load` first; free the result with `lw_http_result_free`.
void lw_http_get(
    const char *url, const char *const *headers, size_t header_count, long timeout_ms, size_t max_body,
    size_t max_headers, lw_http_result *result);

void lw_http_result_free(lw_http_result *result);

#endif
