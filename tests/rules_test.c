/* See LICENSE file for copyright and license details. */
/*
 * rules_test: unit tests for rules.c (config.h's rules, the filter's
 * match) and the case folding of util.c under it.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rdf.h"
#include "rules.h"
#include "util.h"

#include "check.h"

/* fold(s) is want, and no longer than s */
static void
fold(const char *s, const char *want)
{
	char out[256];
	size_t n = utf8fold(out, s, strlen(s));

	check(!strcmp(out, want) && n == strlen(out) && n <= strlen(s),
	      "fold: \"%s\" is \"%s\" (got \"%s\")", s, want, out);
}

static void
filter(const char *f, const char *s, int want)
{
	check(rules_filter(f, s) == want, "filter: \"%s\" %s \"%s\"", f,
	      want ? "matches" : "does not match", s);
}

static Item
item(const char *title, const char *author)
{
	Item it;

	memset(&it, 0, sizeof(it));
	it.title = (char *)title;
	it.author = (char *)author;
	return it;
}

int
main(void)
{
	static const Rule rules[] = {
		{ "^[$] ",      NULL,       Badge },
		{ "(hide me)",  NULL,       Hide },
		{ NULL,         "dimmed",   Dim },
		{ "Security",   "carol",    Dim | Hide },
	};
	Item it;
	Look l;
	char big[4096];
	size_t i;

	/* folding: ASCII, Latin-1, Latin Extended-A and -B, Latin Extended
	 * Additional, Greek, Cyrillic; what it does not know stays */
	fold("Hello, WORLD 42", "hello, world 42");
	fold("ÀÉÎÕÜ ÆØÞ ×÷ ß", "àéîõü æøþ ×÷ ß");
	fold("ŁÓDŹ ĞÜŞ ČŘŽ ĲŸ", "łódź ğüş čřž ĳÿ");
	fold("İstanbul ıSTANBUL ſ", "istanbul ıstanbul s");
	fold("ȘTIRI ȚARĂ", "știri țară");
	fold("ĐẶNG VIỆT NAM Ơ Ư", "đặng việt nam ơ ư");
	fold("Ǆǅǆ ǇǈǉǊǋǌ Ǳǲǳ", "ǆǆǆ ǉǉǉǌǌǌ ǳǳǳ");
	fold("STRAẞE Ŵ Ẁ", "straße ŵ ẁ");
	fold("ΣΊΣΥΦΟΣ ΆΈΉΊΌΎΏ σς", "σίσυφοσ άέήίόύώ σσ");
	fold("ЁЖИК ЪЭЮЯ Ѣ Ґ Ӂ Ӏ", "ёжик ъэюя ѣ ґ ӂ ӏ");
	fold("日本語 🙂 Ⅻ", "日本語 🙂 Ⅻ");
	fold("bad \xff\xc3 end", "bad \xff\xc3 end");
	/* every code point below U+2000 folds to no more bytes */
	for (i = 0x80; i < 0x2000; i++) {
		char in[8], out[8];
		size_t n = utf8enc(in, i);

		if (utf8fold(out, in, n) > n)
			break;
	}
	check(i == 0x2000, "fold: no code point below U+2000 grows (stopped at U+%04zX)", i);

	/* the filter: every word, in any order, in any case */
	filter("", "anything", 1);
	filter("kernel", "The Kernel report", 1);
	filter("report kernel", "The Kernel report", 1);
	filter("kernel  rust", "The Kernel report", 0);
	filter("καλημέρα", "Ελληνικά: ΚΑΛΗΜΈΡΑ κόσμε", 1);
	filter("привет", "Кириллица и ПРИВЕТ", 1);
	filter("ÉTÉ", "un été indien", 1);
	filter("știri", "ȘTIRI de azi", 1);
	filter("σοφοσ", "ΣΟΦΟΣ", 1);
	filter("σοφος", "ΣΟΦΟΣ", 1);
	filter("x", "", 0);
	filter(" ", "anything", 1);
	memset(big, 'A', sizeof(big) - 1);
	big[sizeof(big) - 1] = '\0';
	filter("aaaa", big, 1);

	/* rules: every matching one applies; the first Badge labels */
	it = item("[$] Scheduler news", "alice");
	rules_apply(rules, LENGTH(rules), &it, &l);
	check(!l.hidden && !l.dim && l.badge && l.badgelen == 1 && *l.badge == '$' &&
	      l.skip == 4, "rules: a [$] prefix is a badge \"$\" in place of 4 bytes");
	it = item("Not [$] at the start", "alice");
	rules_apply(rules, LENGTH(rules), &it, &l);
	check(!l.badge && !l.skip, "rules: a prefix rule matches only at the start");
	it = item("This one goes (hide me)", "eve");
	rules_apply(rules, LENGTH(rules), &it, &l);
	check(l.hidden && !l.dim, "rules: a substring Hide rule hides");
	it = item("Quiet", "a dimmed writer");
	rules_apply(rules, LENGTH(rules), &it, &l);
	check(!l.hidden && l.dim, "rules: an author rule dims");
	it = item("Security updates", "dave");
	rules_apply(rules, LENGTH(rules), &it, &l);
	check(!l.hidden && !l.dim, "rules: title and author must both match");
	it = item("Security updates", "carol");
	rules_apply(rules, LENGTH(rules), &it, &l);
	check(l.hidden && l.dim, "rules: ... and then every action applies");

	printf("%d passed, %d failed\n", npass, nfail);
	return nfail != 0;
}
