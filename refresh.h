/* See LICENSE file for copyright and license details. */
/*
 * refresh: when a feed may be asked for again, from what its server and
 * the feed itself say.  No X, no network, no clock of its own: the
 * caller says when now is.  Include http.h and rdf.h first.
 */

/* no hint holds off the next fetch longer than a day after the last one:
 * a max-age or a syn:updatePeriod of years must not stop refreshing */
#define MAXHINT                 (24 * 60 * 60)

/*
 * refresh_hint: the time before which the response r, received at now,
 * and the feed f it leaves shown ask for no new request; either may be
 * NULL.  The latest of
 *   - the end of r's freshness (RFC 9111 4.2): its lifetime, from
 *     max-age or else Expires less Date (or now without one), less its
 *     current age, from Age and Date.  A response with no-cache or
 *     no-store has none to wait for: it is never to be used unchecked,
 *     and lwnrss checks every time anyway;
 *   - f's <ttl> and the next point of its syn: schedule (rdf_nextupdate),
 * each capped at now + MAXHINT.  0 when none of them says anything.
 */
time_t refresh_hint(const HttpResp *r, const Feed *f, time_t now);

/*
 * refresh_held: until when the next allowed time *next and the end of a
 * Retry-After *retry (0 for none) hold automatic fetches off, at now.
 * Each is first pulled in to now + MAXHINT, in place: a clock set back,
 * or a cache file's absurd times, hold nothing off for longer.  The
 * window asks it before every automatic fetch, print mode before it
 * connects: while it holds, a cached feed is printed as it is.
 */
time_t refresh_held(time_t *next, time_t *retry, time_t now);
