/* See LICENSE file for copyright and license details. */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "rdf.h"
#include "rules.h"
#include "util.h"

/* does s match pat: a substring, or with a leading ^ a prefix; NULL matches all */
static int
rulematch(const char *pat, const char *s)
{
	if (!pat)
		return 1;
	if (pat[0] == '^')
		return !strncmp(s, pat + 1, strlen(pat + 1));
	return strstr(s, pat) != NULL;
}

void
rules_apply(const Rule *rules, size_t nrules, const Item *it, Look *r)
{
	const char *lab;
	size_t k, n;

	memset(r, 0, sizeof(*r));
	for (k = 0; k < nrules; k++) {
		if (!rules[k].action || !rulematch(rules[k].title, it->title) ||
		    !rulematch(rules[k].author, it->author))
			continue;
		r->hidden |= (rules[k].action & Hide) != 0;
		r->dim |= (rules[k].action & Dim) != 0;
		if (!(rules[k].action & Badge) || r->badge || !rules[k].title)
			continue;
		/* the label: the match without the brackets and spaces around it */
		lab = rules[k].title + (rules[k].title[0] == '^');
		lab += strspn(lab, "[] ");
		for (n = strlen(lab); n && strchr("[] ", lab[n - 1]); n--)
			;
		if (!n)
			continue;
		r->badge = lab;
		r->badgelen = MIN(n, 60);
		/* a prefix is shown as the badge, instead of as text */
		if (rules[k].title[0] == '^')
			for (r->skip = strlen(rules[k].title + 1); it->title[r->skip] == ' '; r->skip++)
				;
	}
}

int
rules_filter(const char *filter, const char *s)
{
	char *t, *f, *w, *save;
	size_t n = strlen(s), m = strlen(filter);
	int ok = 1;

	if (!m)
		return 1;
	t = ecalloc(1, n + m + 2);
	f = t + n + 1;
	utf8fold(t, s, n);
	utf8fold(f, filter, m);
	for (w = strtok_r(f, " ", &save); w && ok; w = strtok_r(NULL, " ", &save))
		ok = strstr(t, w) != NULL;
	free(t);
	return ok;
}

