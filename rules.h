/* See LICENSE file for copyright and license details. */
/*
 * rules: what the rules of config.h do to an article's row, and whether
 * it matches the filter line.  No X, no state.  Include rdf.h first.
 */
#include <stddef.h>

enum { Hide = 1, Dim = 2, Badge = 4 }; /* what a rule does */

typedef struct {
	const char *title;      /* a substring, "^..." a prefix; NULL: any */
	const char *author;
	int action;
} Rule;

/* how a row looks after the rules */
typedef struct {
	int hidden, dim;
	const char *badge;      /* a Badge rule's label (in the rule), or NULL */
	int badgelen;
	size_t skip;            /* bytes of the title the badge stands for */
} Look;

/*
 * rules_apply: every rule of rules[0..n) that matches it (title and
 * author both) applies to *l, which starts zeroed; the first Badge rule
 * gives the label, its match without the brackets and spaces around it,
 * and for a prefix the title's bytes it stands for.
 */
void rules_apply(const Rule *rules, size_t n, const Item *it, Look *l);

/* 1 when s holds every word of filter, case folded (utf8fold), or the
 * filter is empty */
int rules_filter(const char *filter, const char *s);
