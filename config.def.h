/* See LICENSE file for copyright and license details. */

/* feed */
static const char *feedurl = "https://lwn.net/headlines/newrss"; /* fetched when no URL is given */
static const char *cafile = "/etc/ssl/certs/ca-certificates.crt"; /* trust anchors; SSL_CERT_FILE overrides */
static const unsigned int conntimeout = 10;  /* seconds to connect to one address */
static const unsigned int fetchtimeout = 30; /* seconds for a whole fetch, redirects included */
static const size_t maxfeed = 8 << 20;       /* largest feed accepted, bytes */
static const unsigned int maxredirects = 5;  /* redirects followed */

