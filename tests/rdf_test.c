/* See LICENSE file for copyright and license details. */
/*
 * rdf_test: unit tests for rdf.c.  Run from the top directory: fixtures
 * are read from tests/fixtures/, and the shared corpus, when it exists,
 * from ../shared/corpus or /work/shared/corpus.
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "rdf.h"
#include "url.h"
#include "util.h"

#include "check.h"
static char err[256];

/* compare strings; on a difference say what both were */
static int
same(const char *got, const char *want, const char *what)
{
	if (got && want && !strcmp(got, want))
		return 1;
	printf("# %s: got \"%s\", want \"%s\"\n", what, got ? got : "(null)", want);
	return 0;
}

/* rdf_parseurl decodes in place: each Feed parses a copy of exactly n bytes
 * (so that the sanitizers see any read past them), kept until the same
 * Feed is parsed again or the tests end */
static struct {
	Feed *f;
	char *data;
} *held;
static size_t nheld;

static int
parsen(Feed *f, const char *s, size_t n)
{
	size_t i;
	void *p;

	for (i = 0; i < nheld && held[i].f != f; i++)
		;
	if (i == nheld) {
		if (!(p = realloc(held, (nheld + 1) * sizeof(*held))))
			abort();
		held = p;
		held[nheld].f = f;
		held[nheld++].data = NULL;
	}
	free(held[i].data);
	if (!(held[i].data = malloc(n ? n : 1)))
		abort();
	memcpy(held[i].data, s, n);
	err[0] = '\0';
	return rdf_parseurl(f, held[i].data, n, NULL, err, sizeof(err));
}

static int
parse(Feed *f, const char *s)
{
	return parsen(f, s, strlen(s));
}

static char *
readfile(const char *path, size_t *len)
{
	FILE *fp;
	Buf b = {0};
	char tmp[65536];
	size_t n;

	if (!(fp = fopen(path, "rb")))
		return NULL;
	while ((n = fread(tmp, 1, sizeof(tmp), fp)) > 0)
		if (bufadd(&b, tmp, n) < 0)
			break;
	fclose(fp);
	*len = b.len;
	return b.p ? b.p : calloc(1, 1);
}

/* parse a one-item RSS 2.0 feed around the item body s; the item's field or NULL */
static Feed one;

static Item *
item(const char *body)
{
	Buf b = {0};

	rdf_free(&one);
	bufadd(&b, "<rss><channel><title>t</title><item>", 36);
	bufadd(&b, body, strlen(body));
	bufadd(&b, "</item></channel></rss>", 23);
	if (parsen(&one, b.p, b.len) < 0 || one.nitems != 1) {
		printf("# could not parse item %s: %s\n", body, err);
		buffree(&b);
		return NULL;
	}
	buffree(&b);
	return &one.items[0];
}

static const char *
title(const char *body)
{
	Item *it = item(body);

	return it ? it->title : NULL;
}

static const char *
desc(const char *body)
{
	Item *it = item(body);

	return it ? it->desc : NULL;
}

/* the HTML a description stands for (rdf_html), kept until the next call */
static const char *
html(const char *d)
{
	static char *last;

	free(last);
	last = d ? rdf_html(d) : NULL;
	return last;
}

static time_t
when(const char *date)
{
	char body[256];
	Item *it;

	snprintf(body, sizeof(body), "<pubDate>%s</pubDate>", date);
	it = item(body);
	return it ? it->time : (time_t)-1;
}

static void
testrss10(void)
{
	Feed f;
	char *s, *t;
	size_t n;
	int ok;

	if (!(s = readfile("tests/fixtures/lwn-rss10.rdf", &n))) {
		check(0, "rss 1.0: read tests/fixtures/lwn-rss10.rdf");
		return;
	}
	check(parsen(&f, s, n) == 0 && f.nitems == 4 && !f.truncated,
	      "rss 1.0: four items beside the channel (%s)", err);
	if (f.nitems != 4)
		goto out;
	check(same(f.title, "LWN.net", "title") && same(f.link, "https://lwn.net", "link"),
	      "rss 1.0: channel title and link, not the image's or textinput's");
	check(same(f.desc, "A made-up channel description that spans\n      two lines.", "desc"),
	      "rss 1.0: channel description trimmed at the ends only");
	check(same(f.items[0].title, "[$] A tale of two schedulers", "t0") &&
	      same(f.items[1].title, "Security updates for Monday", "t1") &&
	      same(f.items[3].title, "[$] LWN.net Weekly Edition for December 3, 2026", "t3"),
	      "rss 1.0: titles in document order, [$] kept");
	check(same(f.items[0].link, "https://lwn.net/Articles/1000001/", "l0") &&
	      same(f.items[2].link, "https://lwn.net/Articles/1000003/", "l2") &&
	      same(f.items[3].link, "http://lwn.net/Articles/1000004/", "l3"),
	      "rss 1.0: LWN .../Articles/N/rss links become .../Articles/N/");
	check(same(f.items[2].title, "Caf\xc3\xa9 & kernel: a long title", "t2"),
	      "rss 1.0: title decoded, trimmed, inner white space collapsed");
	check(same(f.items[0].date, "2026-11-30T18:15:29+00:00", "date") &&
	      f.items[0].time == 1796062529 && f.items[2].time == 1796014799,
	      "rss 1.0: dc:date raw and as UTC seconds (%lld)", (long long)f.items[0].time);
	check(same(f.items[0].author, "corbet", "a0") && same(f.items[2].author, "jzb", "a2"),
	      "rss 1.0: dc:creator is the author");
	check(strstr(f.items[0].desc, "&lt;a href=\"https://example.org/sched?a=1&amp;amp;b=2\"&gt;") != NULL,
	      "rss 1.0: a description is left as the feed has it");
	ok = strstr(html(f.items[0].desc), "<a href=\"https://example.org/sched?a=1&amp;b=2\">two designs</a>") &&
	     strstr(html(f.items[0].desc), "same&nbsp;problem") && strstr(html(f.items[0].desc), "kernel's");
	check(ok, "rss 1.0: rdf_html decodes the escaped HTML of a description exactly once");
	t = rdf_text(f.items[0].desc, f.items[0].desctext, 0);
	check(t && same(t, "The kernel's scheduler maintainers met to compare notes on two designs "
	      "that solve the same problem. Some say one, some say the other \xe2\x80\x94 both are right.",
	      "text"), "rss 1.0: rdf_text of an LWN description");
	free(t);
	rdf_free(&f);
out:
	free(s);
}

static void
testrss20(void)
{
	Feed f;
	char *s;
	size_t n;

	if (!(s = readfile("tests/fixtures/lwn-rss20.xml", &n))) {
		check(0, "rss 2.0: read tests/fixtures/lwn-rss20.xml");
		return;
	}
	check(parsen(&f, s, n) == 0 && f.nitems == 3, "rss 2.0: three items in the channel (%s)", err);
	if (f.nitems != 3)
		goto out;
	check(same(f.title, "LWN.net (RSS 2.0)", "title"),
	      "rss 2.0: an image before the channel title does not take it");
	check(same(f.link, "https://lwn.net", "link"), "rss 2.0: atom:link rel=self is not the channel link");
	check(same(f.date, "Tue, 01 Dec 2026 10:00:00 +0000", "date"), "rss 2.0: channel pubDate kept raw");
	check(same(html(f.items[0].desc), "The first release candidate is <a href=\"https://example.org/\">out</a>.", "desc"),
	      "rss 2.0: description preferred to content:encoded");
	check(same(html(f.items[1].desc), "<p>Body from <b>content:encoded</b> &amp; CDATA.</p>", "desc1"),
	      "rss 2.0: content:encoded from CDATA when there is no description");
	check(same(f.items[1].link, "https://lwn.net/Articles/2000002/", "guid"),
	      "rss 2.0: a permalink guid is the link when there is no link");
	check(same(f.items[2].link, "", "guid2"), "rss 2.0: a guid with isPermaLink=false is no link");
	check(f.items[0].time == 1796117400 && f.items[1].time == 1796093110 + 0 &&
	      f.items[2].time == 1795939200,
	      "rss 2.0: pubDate with +0000, EST and a two-digit year (%lld %lld %lld)",
	      (long long)f.items[0].time, (long long)f.items[1].time, (long long)f.items[2].time);
	check(same(f.items[0].author, "corbet", "a0") &&
	      same(f.items[1].author, "editor@lwn.example (The Editor)", "a1"),
	      "rss 2.0: dc:creator and author");
	rdf_free(&f);
out:
	free(s);
}

static void
testatom(void)
{
	Feed f;
	char *s;
	size_t n;

	if (!(s = readfile("tests/fixtures/atom.xml", &n))) {
		check(0, "atom: read tests/fixtures/atom.xml");
		return;
	}
	check(parsen(&f, s, n) == 0 && f.nitems == 2, "atom: two entries (%s)", err);
	if (f.nitems != 2)
		goto out;
	check(same(f.title, "An Atom feed", "title") && same(f.link, "https://example.org/", "link") &&
	      same(f.desc, "Written for lwnrss's tests", "subtitle") && same(f.author, "Feed Author", "author"),
	      "atom: feed title, alternate link (no rel), subtitle, author name");
	check(same(f.items[0].link, "https://example.org/posts/1?a=1&b=2", "link0") &&
	      same(f.items[1].link, "https://example.org/posts/2", "link1"),
	      "atom: link rel=alternate href, not enclosure, replies or self");
	check(same(f.items[0].title, "Ampersands & tags", "title0"), "atom: type=html title as text");
	check(same(f.items[0].author, "First Author", "author0"), "atom: author/name, not email or uri");
	check(same(f.items[1].author, "", "author1"), "atom: a contributor's name is no author");
	check(same(html(f.items[0].desc), "The <em>summary</em> wins over content.", "summary"),
	      "atom: summary preferred to content");
	check(same(html(f.items[1].desc), "<div xmlns=\"http://www.w3.org/1999/xhtml\"><p>Inline <b>XHTML</b> & more</p></div>", "xhtml"),
	      "atom: type=xhtml content keeps its markup");
	check(!f.items[0].desctext && !f.items[1].desctext && f.desctext,
	      "atom: html and xhtml are HTML to draw, the untyped subtitle is text");
	check(f.items[0].time == 1796025600, "atom: published (fraction, +02:00) preferred to updated (%lld)",
	      (long long)f.items[0].time);
	check(f.items[1].time == 1795968000, "atom: updated with a -07:30 offset (%lld)", (long long)f.items[1].time);
	check(same(f.date, "2026-12-01T12:00:00Z", "fdate"), "atom: feed updated kept raw");
	rdf_free(&f);
out:
	free(s);
}

static void
testencodings(void)
{
	Feed f;
	char *s;
	size_t n;

	if ((s = readfile("tests/fixtures/latin1.rdf", &n)) && parsen(&f, s, n) == 0 && f.nitems == 1) {
		check(same(f.title, "Caf\xc3\xa9 cr\xc3\xa8me", "t") &&
		      same(f.items[0].title, "Na\xc3\xafve \xe2\x80\x9cquoted\xe2\x80\x9d \xc2\xa9 2026", "t0") &&
		      same(f.items[0].desc, "Stra\xc3\x9f" "e", "d0"),
		      "encoding: ISO-8859-1 to UTF-8 (0x80-0x9f as windows-1252, as browsers do)");
		rdf_free(&f);
	} else {
		check(0, "encoding: ISO-8859-1 fixture parses (%s)", err);
	}
	free(s);
	if ((s = readfile("tests/fixtures/cp1252.xml", &n)) && parsen(&f, s, n) == 0 && f.nitems == 1) {
		check(same(f.title, "Price: \xe2\x82\xac 5 \xe2\x80\x93 cheap\xe2\x80\xa6", "t") &&
		      same(f.items[0].title, "It\xe2\x80\x99s \xe2\x80\x9elow\xe2\x80\x9c \xc3\xa9t\xc3\xa9", "t0"),
		      "encoding: windows-1252 (single quotes, any case) to UTF-8");
		rdf_free(&f);
	} else {
		check(0, "encoding: windows-1252 fixture parses (%s)", err);
	}
	free(s);
	check(same(title("<title>\xe2\x82\xac \xf0\x9f\x98\x80 \xc3\xa9</title>"),
	      "\xe2\x82\xac \xf0\x9f\x98\x80 \xc3\xa9", "utf8"), "utf-8: valid multibyte text kept");
	check(same(title("<title>a\xffz</title>"), "a\xef\xbf\xbdz", "ff"), "utf-8: byte 0xff becomes U+FFFD");
	check(same(title("<title>a\xe2\x82z</title>"), "a\xef\xbf\xbdz", "short"),
	      "utf-8: a cut sequence becomes one U+FFFD");
	check(same(title("<title>a\xc0\xafz</title>"), "a\xef\xbf\xbdz", "overlong"),
	      "utf-8: an overlong sequence becomes U+FFFD");
	check(same(title("<title>a\xed\xa0\x80z</title>"), "a\xef\xbf\xbdz", "surrogate"),
	      "utf-8: an encoded surrogate becomes U+FFFD");
	check(same(title("<title>\xef\xbf\xbd</title>"), "\xef\xbf\xbd", "fffd"), "utf-8: a real U+FFFD stays");
	{
		/* sequences at every offset of the first 140 */
		char body[256], want[256];
		int k, ok = 1;

		for (k = 0; k < 140; k++) {
			snprintf(body, sizeof(body), "<title>%.*s\xc3\xa9\xe2\x82\xac" "b\xff" "c\xf0\x9f\x98</title>",
			         k, "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
			         "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa");
			snprintf(want, sizeof(want), "%.*s\xc3\xa9\xe2\x82\xac" "b\xef\xbf\xbd" "c\xef\xbf\xbd",
			         k, "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
			         "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa");
			ok &= same(title(body), want, body);
		}
		check(ok, "utf-8: valid and invalid sequences at every offset");
	}
	check(same(title("<title>\xe9t\xe9</title>"), "\xef\xbf\xbdt\xef\xbf\xbd", "undeclared"),
	      "utf-8: undeclared Latin-1 bytes become U+FFFD");
	{
		/* a NUL after the first 4 KB (a binary file has one before)
		 * is U+FFFD whatever the encoding, even in ASCII text */
		static const char *enc[] = { "utf-8", "iso-8859-1" };
		char body[5000];
		int k, len, ok = 1;

		for (k = 0; k < 2; k++) {
			len = snprintf(body, sizeof(body), "<?xml version=\"1.0\" encoding=\"%s\"?>"
			               "<rss><channel>%4200s<title>a_b</title></channel></rss>", enc[k], "");
			*strchr(body, '_') = '\0';
			ok &= parsen(&f, body, len) == 0 && same(f.title, "a\xef\xbf\xbd" "b", enc[k]);
			rdf_free(&f);
		}
		check(ok, "encoding: a NUL is U+FFFD in UTF-8 and in Latin-1 alike");
	}
}

static void
testentities(void)
{
	check(same(title("<title>&lt;&gt;&amp;&quot;&apos;</title>"), "<>&\"'", "xml5"), "entities: the XML five");
	check(same(title("<title>&eacute;&mdash;&hellip;&euro;&AElig;&zwnj;|&yuml;&Yuml;</title>"),
	      "\xc3\xa9\xe2\x80\x94\xe2\x80\xa6\xe2\x82\xac\xc3\x86\xe2\x80\x8c|\xc3\xbf\xc5\xb8", "html4"),
	      "entities: HTML 4 names, first and last of the table, case matters");
	check(same(title("<title>a&nbsp;b</title>"), "a\xc2\xa0" "b", "nbsp"), "entities: &nbsp; is U+00A0 in a title");
	check(same(title("<title>&bogus; &amp &; & x &#; &#x; &#12a; &#xZZ;</title>"),
	      "&bogus; &amp &; & x &#; &#x; &#12a; &#xZZ;", "literal"),
	      "entities: unknown or broken references stay as written");
	check(same(title("<title>&amp;lt;</title>"), "&lt;", "once"), "entities: decoded exactly once");
	check(same(title("<title>&#65;&#x42;&#X43;&#0068;&#x1F600;</title>"), "ABCD\xf0\x9f\x98\x80", "num"),
	      "char refs: decimal, hex, upper X, leading zeros, astral");
	check(same(title("<title>&#0;|&#xD800;|&#xDFFF;|&#x110000;|&#99999999999999999999;</title>"),
	      "\xef\xbf\xbd|\xef\xbf\xbd|\xef\xbf\xbd|\xef\xbf\xbd|\xef\xbf\xbd", "bad"),
	      "char refs: NUL, surrogates, past U+10FFFF and overflow become U+FFFD");
	check(same(title("<title>&#x10FFFF;</title>"), "\xf4\x8f\xbf\xbf", "max"), "char refs: U+10FFFF is kept");
	check(same(title("<title>a<![CDATA[ <b>&amp;</b> ]]>z</title>"), "a <b>&amp;</b> z", "cdata"),
	      "cdata: raw text, markup and references not decoded");
	check(same(html(desc("<description><![CDATA[<p>x]]>&lt;/p&gt;<![CDATA[]]></description>")), "<p>x</p>", "cdata2"),
	      "cdata: mixed with escaped text and empty CDATA");
	check(same(title("<title>a<!-- <title>no</title> -->b<?pi x?>c</title>"), "abc", "comment"),
	      "comments and processing instructions skipped");
	check(same(title("<title>\t one\n\n two \r\n three\t</title>"), "one two three", "ws"),
	      "titles trimmed, inner runs collapsed (tabs and newlines too)");
	{
		/* a run to collapse at every offset of a title */
		char body[128], want[128];
		const char *ws[] = { "  ", "\t", "\n", " \r\n ", " \t" };
		size_t k, w;
		int ok = 1;

		for (k = 1; k < 24; k++) {
			for (w = 0; w < LENGTH(ws); w++) {
				snprintf(body, sizeof(body), "<title>%.*s%sy%s</title>", (int)k,
				         "abcdefghijklmnopqrstuvwxyz", ws[w], " tail end");
				snprintf(want, sizeof(want), "%.*s y tail end", (int)k, "abcdefghijklmnopqrstuvwxyz");
				ok &= same(title(body), want, body);
			}
		}
		check(ok, "white space runs collapse at every offset");
	}
	check(same(title("<title>a <b>bold</b> title</title>"), "a bold title", "nested"),
	      "markup inside a title is dropped, its text kept");
	check(same(title("<title>1 < 2</title>"), "1 < 2", "lt"), "a '<' starting no markup is text");
}

static void
testprefixes(void)
{
	Feed f;
	char *s;
	size_t n;

	if ((s = readfile("tests/fixtures/noprefix-dc.rdf", &n)) && parsen(&f, s, n) == 0 && f.nitems == 1) {
		check(same(f.title, "Prefixed channel", "t") && same(f.items[0].title, "Prefixed item", "t0") &&
		      same(f.items[0].author, "nobody declared dc", "a0") && f.items[0].time == 1767323045,
		      "prefixes: rss: elements, and dc: without a namespace declaration");
		rdf_free(&f);
	} else {
		check(0, "prefixes: fixture parses (%s)", err);
	}
	free(s);
	check(parse(&f, "<a:feed xmlns:a='http://www.w3.org/2005/Atom'><a:entry><a:title>x</a:title>"
	      "<a:link a:rel='alternate' a:href='http://e/1'/></a:entry></a:feed>") == 0 &&
	      f.nitems == 1 && same(f.items[0].link, "http://e/1", "link"),
	      "prefixes: Atom elements and attributes with a prefix");
	rdf_free(&f);
	check(same(item("<x:title>pre</x:title><title>own</title><x:creator>me</x:creator>")->title, "own", "t") &&
	      same(one.items[0].author, "", "a"),
	      "prefixes: an undeclared prefix that is not well known is another vocabulary, skipped");
}

/* the fixture at path parsed into *f; 0 with a failed check when it does not parse */
static int
fixture(Feed *f, const char *path, char **data)
{
	size_t n;

	if (!(*data = readfile(path, &n))) {
		check(0, "read %s", path);
		return 0;
	}
	if (parsen(f, *data, n) < 0) {
		check(0, "%s parses (%s)", path, err);
		free(*data);
		return 0;
	}
	return 1;
}

static void
testnamespaces(void)
{
	Feed f;
	char *s;
	Buf b = {0};
	size_t i;
	int r, ok;

	if (fixture(&f, "tests/fixtures/ns-foreign.xml", &s)) {
		check(f.nitems == 2 && same(f.title, "Foreign elements are skipped", "title") &&
		      same(f.link, "https://example.org/", "link"),
		      "namespaces: the channel's own title and link, not an extension's or atom:link self's");
		if (f.nitems == 2) {
			check(same(f.items[0].title, "The item's own title", "t0") &&
			      same(f.items[0].link, "https://example.org/1", "l0") &&
			      same(f.items[0].author, "the author", "a0") &&
			      same(f.items[0].date, "Tue, 01 Dec 2026 10:00:00 +0000", "d0") &&
			      same(html(f.items[0].desc), "The item's description", "desc0"),
			      "namespaces: media:title, ext:link, ext:date, ext:creator, ext:description "
			      "before an item's own elements take none of its fields");
			check(same(f.items[1].title, "", "t1") && same(f.items[1].link, "https://example.org/2", "l1"),
			      "namespaces: a foreign element is skipped whole: no title from media:title, "
			      "no link from RSS's or Atom's link inside it");
		}
		rdf_free(&f);
		free(s);
	}
	if (fixture(&f, "tests/fixtures/ns-scope.rdf", &s)) {
		check(f.nitems == 3 && same(f.title, "Declared on the channel", "title") &&
		      same(f.date, "2026-01-01T00:00:00Z", "date"),
		      "namespaces: declarations on the channel, a prefix for RDF (%zu items)", f.nitems);
		if (f.nitems == 3) {
			check(same(f.items[0].title, "Declared on the item", "t0") &&
			      same(f.items[0].link, "https://example.org/1", "l0") &&
			      same(f.items[0].author, "d is Dublin Core here", "a0"),
			      "namespaces: prefixes declared on the item itself");
			check(same(f.items[1].title, "The default namespace declared on the item", "t1") &&
			      same(f.items[1].author, "", "a1"),
			      "namespaces: dc: redeclared to another URI, d: out of its scope: no author");
			check(same(f.items[2].title, "The RSS 1.0 title", "t2") &&
			      same(f.items[2].link, "https://example.org/3", "l2") &&
			      same(f.items[2].author, "dc undeclared is still Dublin Core", "a2"),
			      "namespaces: a default namespace of another vocabulary, xmlns=\"\", undeclared dc:");
		}
		rdf_free(&f);
		free(s);
	}
	if (fixture(&f, "tests/fixtures/atom-ns.xml", &s)) {
		check(f.nitems == 3 && same(f.title, "Prefixed Atom", "title"),
		      "namespaces: Atom with a prefix, another vocabulary as the default");
		if (f.nitems == 3)
			check(same(f.items[0].link, "https://example.org/1", "l0") &&
			      same(f.items[0].author, "Prefixed Author", "a0") &&
			      same(f.items[2].link, "https://example.org/3", "l2"),
			      "namespaces: prefixed and default Atom entries alike");
		rdf_free(&f);
		free(s);
	}

	/* a prefix means what the scope it is in says, though the items
	 * around it are spelt alike: the same spelling, another meaning */
	r = parse(&f, "<rss><channel>"
	          "<item xmlns:d='http://purl.org/dc/elements/1.1/'><title>a</title><d:creator>A</d:creator></item>"
	          "<item><title>b</title><d:creator>B</d:creator></item>"
	          "<item xmlns:d='http://purl.org/dc/elements/1.1/'><title>c</title><d:creator>C</d:creator></item>"
	          "<item xmlns:d='http://example.org/d'><title>d</title><d:creator>D</d:creator></item>"
	          "</channel></rss>");
	check(r == 0 && f.nitems == 4 && same(f.items[0].author, "A", "A") && same(f.items[1].author, "", "B") &&
	      same(f.items[2].author, "C", "C") && same(f.items[3].author, "", "D"),
	      "namespaces: a prefix means what its scope says, item after item");
	if (!r)
		rdf_free(&f);

	/* scopes deeper than the parser keeps, and more declarations than it
	 * keeps: those elements are skipped, the rest is read */
	bufadd(&b, "<rss><channel><item><title>deep</title>", 39);
	for (i = 0; i < 100; i++)
		bufadd(&b, "<x:a xmlns:x='http://example.org/x'>", 36);
	bufadd(&b, "<link>http://e/inside</link>", 28);
	for (i = 0; i < 100; i++)
		bufadd(&b, "</x:a>", 6);
	bufadd(&b, "<dc:creator xmlns:dc='http://purl.org/dc/elements/1.1/'", 55);
	for (i = 0; i < 100; i++)
		bufadd(&b, " xmlns:p='u'", 12);
	bufadd(&b, ">many</dc:creator><link>http://e/after</link></item></channel></rss>", 68);
	r = parsen(&f, b.p, b.len);
	check(r == 0 && f.nitems == 1 && same(f.items[0].link, "http://e/after", "link") &&
	      same(f.items[0].author, "", "author"),
	      "namespaces: 100 nested scopes and 100 declarations on one element");
	if (!r)
		rdf_free(&f);
	buffree(&b);

	/* a namespace name is compared decoded: a reference in it is the
	 * character, and a name too long for any URI read names none */
	r = parse(&f, "<rss><channel><item xmlns:d='http://purl.org/dc/elements/1.1&#x2F;'><title>a</title>"
	          "<d:creator>A</d:creator></item><item xmlns:d='http://purl.org/dc/elements/1.1/"
	          "&#x2F;'><title>b</title><d:creator>B</d:creator></item></channel></rss>");
	check(r == 0 && f.nitems == 2 && same(f.items[0].author, "A", "A") && same(f.items[1].author, "", "B"),
	      "namespaces: a namespace name is compared with its references decoded");
	if (!r)
		rdf_free(&f);

	/* every prefix binding at once: default namespaces in and out */
	r = parse(&f, "<feed xmlns='http://www.w3.org/2005/Atom'><entry><title>x</title>"
	          "<div xmlns='http://www.w3.org/1999/xhtml'><title>no</title><link href='http://e/no'/></div>"
	          "<link href='http://e/yes'/></entry></feed>");
	check(r == 0 && f.nitems == 1 && same(f.items[0].link, "http://e/yes", "link"),
	      "namespaces: an XHTML default namespace inside an Atom entry is skipped");
	if (!r)
		rdf_free(&f);
	/* a foreign element holding one spelt as itself ends at its own end
	 * tag, not at the inner one's: nothing after that leaks */
	r = parse(&f, "<rss><channel><item><x xmlns='urn:f'><x>inner</x><title>BAD</title>"
	          "<link>http://evil/</link></x><title>Good</title><link>http://good/</link></item>"
	          "<item xmlns:dc='urn:foreign'><title>T</title><m:g xmlns:m='urn:m'><m:g>x</m:g>"
	          "<m:g/><m:g a='>'>y</m:g></m:g><dc:creator>LEAK</dc:creator>"
	          "<content:encoded xmlns:content='urn:c'>no</content:encoded></item></channel></rss>");
	check(r == 0 && f.nitems == 2 && same(f.items[0].title, "Good", "t0") &&
	      same(f.items[0].link, "http://good/", "l0") && same(f.items[1].author, "", "a1") &&
	      !f.items[1].desc[0],
	      "namespaces: a foreign element nesting one of its own name is skipped whole");
	if (!r)
		rdf_free(&f);
	r = parse(&f, "<rss><channel><item><title>a<title>b</title>c</title><link>http://e/n</link></item>"
	          "</channel></rss>");
	check(r == 0 && f.nitems == 1 && same(f.items[0].title, "abc", "t") &&
	      same(f.items[0].link, "http://e/n", "l"),
	      "namespaces: a value holding an element spelt as itself ends at its own end tag");
	if (!r)
		rdf_free(&f);
	/* attributes: unprefixed, or with a prefix of the element's own
	 * namespace; another vocabulary's never become a link */
	r = parse(&f, "<feed xmlns='http://www.w3.org/2005/Atom' xmlns:x='urn:x'><entry><title x:type='html'>"
	          "A &amp;lt;b&amp;gt;</title><link x:href='javascript:evil()' href='http://e/good'/></entry>"
	          "<entry><title>2</title><link x:rel='enclosure' href='http://e/2'/></entry>"
	          "<entry><title>3</title><link x:href='http://e/evil'/></entry></feed>");
	check(r == 0 && f.nitems == 3 && same(f.items[0].title, "A &lt;b&gt;", "t0") &&
	      same(f.items[0].link, "http://e/good", "l0") && same(f.items[1].link, "http://e/2", "l1") &&
	      same(f.items[2].link, "", "l2"),
	      "namespaces: attributes of another vocabulary (x:href, x:rel, x:type) mean nothing");
	if (!r)
		rdf_free(&f);
	/* the older vocabularies: RSS 0.90, Atom 0.3, RSS 2.0 in its namespace of 2002 */
	r = parse(&f, "<rdf:RDF xmlns:rdf='http://www.w3.org/1999/02/22-rdf-syntax-ns#' "
	          "xmlns='http://my.netscape.com/rdf/simple/0.9/'><channel><title>0.90</title></channel>"
	          "<item><title>i</title><link>http://e/090</link></item></rdf:RDF>");
	check(r == 0 && f.nitems == 1 && same(f.title, "0.90", "t") && same(f.items[0].link, "http://e/090", "l"),
	      "namespaces: RSS 0.90");
	if (!r)
		rdf_free(&f);
	r = parse(&f, "<feed version='0.3' xmlns='http://purl.org/atom/ns#'><title>0.3</title>"
	          "<tagline>t</tagline><entry><title>e</title><link rel='alternate' href='http://e/03'/>"
	          "<author><name>n</name></author></entry></feed>");
	check(r == 0 && f.nitems == 1 && same(f.title, "0.3", "t") && same(html(f.desc), "t", "tagline") &&
	      same(f.items[0].link, "http://e/03", "l") && same(f.items[0].author, "n", "a"),
	      "namespaces: Atom 0.3");
	if (!r)
		rdf_free(&f);
	r = parse(&f, "<rss version='2.0' xmlns='http://backend.userland.com/rss2'><channel>"
	          "<item><title>u</title><guid>http://e/u</guid></item></channel></rss>");
	check(r == 0 && f.nitems == 1 && same(f.items[0].link, "http://e/u", "l"),
	      "namespaces: RSS 2.0 in http://backend.userland.com/rss2 is RSS 2.0");
	if (!r)
		rdf_free(&f);
	r = parse(&f, "<rss version='2.0' xmlns='http://purl.org/rss/2.0/' xmlns:x='http://example.org/x'>"
	          "<channel><item><title>x</title><x:title>no</x:title><link>http://e/x</link></item></channel></rss>");
	check(r == 0 && f.nitems == 1 && same(f.items[0].title, "x", "t") && same(f.items[0].link, "http://e/x", "l"),
	      "namespaces: an rss root with a default namespace of its own is RSS 2.0 all the same");
	if (!r)
		rdf_free(&f);
	ok = parse(&f, "<x:rss xmlns:x='http://example.org/'><channel><item><title>x</title></item></channel></x:rss>") == -1 &&
	     strstr(err, "root") != NULL;
	check(ok, "namespaces: a prefixed rss root of another vocabulary is no feed (%s)", err);
}

static void
testvalues(void)
{
	Feed f;
	char *s;
	int r;

	check(same(title("<title>ab\bcd</title>"), "abcd", "bs"), "titles: a control character is removed, not made a space");
	/* Atom's text is text: its '<' is a character, not a tag */
	r = parse(&f, "<feed xmlns='http://www.w3.org/2005/Atom'><entry><title>t</title>"
	          "<summary>Option&lt;T&gt; and   Vec&lt;u8&gt;\n</summary></entry>"
	          "<entry><title>u</title><summary type='text'>a &amp;lt;b&amp;gt;</summary></entry>"
	          "<entry><title>v</title><content type='html'>Option&lt;T&gt; &lt;b&gt;x&lt;/b&gt;</content></entry>"
	          "</feed>");
	if (r == 0 && f.nitems == 3) {
		s = rdf_text(f.items[0].desc, f.items[0].desctext, 0);
		check(s && same(s, "Option<T> and Vec<u8>", "text"),
		      "descriptions: Atom's untyped summary is text, drawn with its '<' (%s)", s ? s : "NULL");
		free(s);
		s = rdf_text(f.items[1].desc, f.items[1].desctext, 0);
		check(s && same(s, "a &lt;b&gt;", "text2"), "descriptions: type=text, references decoded once");
		free(s);
		s = rdf_text(f.items[2].desc, f.items[2].desctext, 0);
		check(s && same(s, "Option x", "html"), "descriptions: type=html is HTML");
		free(s);
		rdf_free(&f);
	} else {
		check(0, "descriptions: Atom summaries parse (%s)", err);
	}
	r = parse(&f, "<rss><channel><item><title>d</title><pubDate>not\n\t a\x01  date</pubDate></item>"
	          "<item><title>e</title><pubDate>\n Tue,\n  01 Dec 2026\t10:00:00 +0000 </pubDate></item>"
	          "</channel></rss>");
	check(r == 0 && f.nitems == 2 && same(f.items[0].date, "not a date", "raw") && !f.items[0].dated &&
	      f.items[1].dated && f.items[1].time == 1796119200,
	      "dates: a raw date is one line, control characters removed; white space inside one that parses");
	if (!r)
		rdf_free(&f);
	check(same(title("<title>a&#1;b&#127;c\xc2\x85" "d\xc2\x9f" "e&#x80;f</title>"), "abcdef", "c1"),
	      "titles: C0, DEL and C1 controls, as bytes or references, are removed");
	check(same(title("<title>a\t&#9;b\n\r\nc \x01 d\x02 \x03" "e</title>"), "a b c d e", "ws"),
	      "titles: tabs and newlines still make one space, a control between blanks none more");
	check(same(title("<title>\x01\x02 a\x7f</title>"), "a", "ends"), "titles: controls at the ends go with the blanks");
	check(same(title("<title>caf\xc3\xa9 \xc2\xa0\xc2\xa9</title>"), "caf\xc3\xa9 \xc2\xa0\xc2\xa9", "latin"),
	      "titles: U+00A0 and U+00A9 (0xc2 lead bytes) are kept");
	{
		/* a control at every offset of a title */
		char body[128], want[128];
		size_t k;
		int ok = 1;

		for (k = 1; k < 24; k++) {
			snprintf(body, sizeof(body), "<title>%.*s\x08%s</title>", (int)k,
			         "abcdefghijklmnopqrstuvwxyz", "XY tail end");
			snprintf(want, sizeof(want), "%.*sXY tail end", (int)k, "abcdefghijklmnopqrstuvwxyz");
			ok &= same(title(body), want, body);
			snprintf(body, sizeof(body), "<title>%.*s \xc2\x80 %s</title>", (int)k,
			         "abcdefghijklmnopqrstuvwxyz", "XY tail end");
			snprintf(want, sizeof(want), "%.*s XY tail end", (int)k, "abcdefghijklmnopqrstuvwxyz");
			ok &= same(title(body), want, body);
		}
		check(ok, "titles: controls removed at every offset");
	}
	check(same(item("<link>http://e/a&#9;b&#1;c</link>")->link, "http://e/a bc", "link"),
	      "links: controls removed, tabs one space, as in titles");

	/* Atom's title types; RSS's titles stay literal */
	r = parse(&f, "<feed xmlns='http://www.w3.org/2005/Atom'><entry>"
	          "<title type='html'>A &lt;b&gt;bold&lt;/b&gt; title</title></entry></feed>");
	check(r == 0 && f.nitems == 1 && same(f.items[0].title, "A bold title", "html"),
	      "atom: type=\"html\" title A &lt;b&gt;bold&lt;/b&gt; title is \"A bold title\"");
	if (!r)
		rdf_free(&f);
	if (fixture(&f, "tests/fixtures/atom-ns.xml", &s)) {
		check(f.nitems == 3 && same(f.items[0].title, "A bold & escaped title", "html") &&
		      same(f.items[1].title, "An xhtml <title>", "xhtml") &&
		      same(f.items[2].title, "A <b> text title", "text"),
		      "atom: html and xhtml titles as text, a text title literal");
		rdf_free(&f);
		free(s);
	}
	check(same(title("<title type='html'>Option&lt;T&gt; in &lt;b&gt;Rust&lt;/b&gt;</title>"),
	      "Option<T> in <b>Rust</b>", "rss"), "rss: a title is literal, type attribute or not");

	/* dates at and before the epoch are dates */
	check(item("<pubDate>Thu, 01 Jan 1970 00:00:00 GMT</pubDate>") && one.items[0].dated &&
	      one.items[0].time == 0, "dates: the epoch itself is a date");
	check(item("<dc:date>1969-12-31T23:59:59Z</dc:date>") && one.items[0].dated &&
	      one.items[0].time == -1, "dates: a second before the epoch is a date");
	check(item("<dc:date>0001-01-01T00:00:00Z</dc:date>") && one.items[0].dated &&
	      one.items[0].time == (time_t)-62135596800LL, "dates: year 1 is a date (%lld)",
	      (long long)one.items[0].time);
	check(item("<dc:date>yesterday</dc:date>") && !one.items[0].dated && one.items[0].time == 0 &&
	      same(one.items[0].date, "yesterday", "raw"), "dates: an unparsable date is no date, kept raw");
	check(item("<title>x</title>") && !one.items[0].dated, "dates: no date is no date");
}

static void
testlinks(void)
{
	static const struct { const char *in, *out; } t[] = {
		{ "https://lwn.net/Articles/937631/rss", "https://lwn.net/Articles/937631/" },
		{ "http://lwn.net/Articles/1/rss", "http://lwn.net/Articles/1/" },
		{ " https://lwn.net/Articles/42/rss\n", "https://lwn.net/Articles/42/" },
		{ "https://lwn.net/Articles/937631/", "https://lwn.net/Articles/937631/" },
		{ "https://lwn.net/Articles//rss", "https://lwn.net/Articles//rss" },
		{ "https://lwn.net/Articles/12x/rss", "https://lwn.net/Articles/12x/rss" },
		{ "https://example.org/Articles/1/rss", "https://example.org/Articles/1/rss" },
		{ "https://lwn.net/Articles/1/rss/x", "https://lwn.net/Articles/1/rss/x" },
		{ "https://lwn.net/headlines/rss", "https://lwn.net/headlines/rss" },
	};
	char body[256];
	size_t i;
	int ok = 1;
	Item *it;

	for (i = 0; i < LENGTH(t); i++) {
		snprintf(body, sizeof(body), "<link>%s</link>", t[i].in);
		it = item(body);
		ok &= it && same(it->link, t[i].out, t[i].in);
	}
	check(ok, "links: LWN /rss article links rewritten, nothing else");
}

/* url_join: RFC 3986 section 5.4's own examples, and a few of ours */
static void
testjoin(void)
{
	static const char *base = "http://a/b/c/d;p?q";
	static const struct { const char *ref, *out; } t[] = {
		/* 5.4.1 normal examples */
		{ "g:h", "g:h" }, { "g", "http://a/b/c/g" }, { "./g", "http://a/b/c/g" },
		{ "g/", "http://a/b/c/g/" }, { "/g", "http://a/g" }, { "//g", "http://g" },
		{ "?y", "http://a/b/c/d;p?y" }, { "g?y", "http://a/b/c/g?y" },
		{ "#s", "http://a/b/c/d;p?q#s" }, { "g#s", "http://a/b/c/g#s" },
		{ "g?y#s", "http://a/b/c/g?y#s" }, { ";x", "http://a/b/c/;x" },
		{ "g;x", "http://a/b/c/g;x" }, { "g;x?y#s", "http://a/b/c/g;x?y#s" },
		{ "", "http://a/b/c/d;p?q" }, { ".", "http://a/b/c/" }, { "./", "http://a/b/c/" },
		{ "..", "http://a/b/" }, { "../", "http://a/b/" }, { "../g", "http://a/b/g" },
		{ "../..", "http://a/" }, { "../../", "http://a/" }, { "../../g", "http://a/g" },
		/* 5.4.2 abnormal examples */
		{ "../../../g", "http://a/g" }, { "../../../../g", "http://a/g" },
		{ "/./g", "http://a/g" }, { "/../g", "http://a/g" }, { "g.", "http://a/b/c/g." },
		{ ".g", "http://a/b/c/.g" }, { "g..", "http://a/b/c/g.." }, { "..g", "http://a/b/c/..g" },
		{ "./../g", "http://a/b/g" }, { "./g/.", "http://a/b/c/g/" },
		{ "g/./h", "http://a/b/c/g/h" }, { "g/../h", "http://a/b/c/h" },
		{ "g;x=1/./y", "http://a/b/c/g;x=1/y" }, { "g;x=1/../y", "http://a/b/c/y" },
		{ "g?y/./x", "http://a/b/c/g?y/./x" }, { "g?y/../x", "http://a/b/c/g?y/../x" },
		{ "g#s/./x", "http://a/b/c/g#s/./x" }, { "g#s/../x", "http://a/b/c/g#s/../x" },
		{ "http:g", "http:g" },
	};
	static const struct { const char *base, *ref, *out; } u[] = {
		{ "http://a", "g", "http://a/g" },
		{ "http://a?q#f", "", "http://a?q" },
		{ "https://lwn.net/headlines/rss", "../Articles/1/rss", "https://lwn.net/Articles/1/rss" },
		{ "HTTPS://LWN.net/x", "y", "HTTPS://LWN.net/y" },
		{ "tag:example.org,2026:a/b", "c", "tag:example.org,2026:a/c" },
		{ "urn:x", "#f", "urn:x#f" },
		/* a relative base: resolved as far as it goes */
		{ "a/b/", "c", "a/b/c" }, { "a/b", "../../../c", "/c" }, { "", "./x", "x" },
		/* what the dots hid stays hidden: no scheme, no authority appears */
		{ "../https://h/", "x", "./https://h/x" }, { "x:/", ".//y", "x:/.//y" },
	};
	char out[256];
	size_t i, n;
	int ok = 1, ok2 = 1;

	for (i = 0; i < LENGTH(t); i++) {
		n = url_join(out, base, t[i].ref);
		ok &= same(out, t[i].out, t[i].ref) && n == strlen(out) &&
		      n <= strlen(base) + strlen(t[i].ref) + 1;
	}
	check(ok, "url_join: the %zu examples of RFC 3986 5.4", LENGTH(t));
	for (i = 0; i < LENGTH(u); i++) {
		n = url_join(out, u[i].base, u[i].ref);
		ok2 &= same(out, u[i].out, u[i].ref) && n <= strlen(u[i].base) + strlen(u[i].ref) + 1;
	}
	check(ok2, "url_join: no path, other schemes, relative bases");
	check(url_isweb("https://lwn.net/") && url_isweb("HTTP://e") && !url_isweb("http:/x") &&
	      !url_isweb("https://") && !url_isweb("javascript:alert(1)") && !url_isweb("/Articles/1/") &&
	      !url_isweb("file:///etc/passwd") && !url_isweb("data:text/html,x") && !url_isweb(""),
	      "url_isweb: http and https URLs with a host, nothing else");
}

static int
parseurl(Feed *f, const char *s, const char *url)
{
	size_t i;

	for (i = 0; i < nheld && held[i].f != f; i++)
		;
	if (parse(f, "<rss/>") == 0)
		rdf_free(f);
	for (i = 0; i < nheld && held[i].f != f; i++)
		;
	free(held[i].data);
	if (!(held[i].data = strdup(s)))
		abort();
	err[0] = '\0';
	return rdf_parseurl(f, held[i].data, strlen(s), url, err, sizeof(err));
}

static void
testbase(void)
{
	static const char *want[] = {
		"https://example.org/blog/posts/1?a=1&b=2#top", "https://example.org/blog/posts/2",
		"https://other.example/a/b/c/d", "https://example.org/root", "javascript:alert(1)",
	};
	static const char *rel[] = {
		"https://lwn.net/Articles/1/", "https://lwn.net/headlines/Articles/2/",
		"https://cdn.example/3", "https://example.org/x/y", "data:text/html,hi",
		"file:///etc/passwd",
	};
	static const char *asis[] = {
		"/Articles/1/rss", "Articles/2/", "//cdn.example/3", "https://example.org/x/y",
		"data:text/html,hi", "file:///etc/passwd",
	};
	Feed f;
	Buf b = {0};
	char *s, tmp[128];
	size_t i, n;
	int r, ok;

	if (fixture(&f, "tests/fixtures/xmlbase.xml", &s)) {
		ok = f.nitems == LENGTH(want) && same(f.link, "https://example.org/blog/", "feed");
		for (i = 0; ok && i < LENGTH(want); i++)
			ok &= same(f.items[i].link, want[i], f.items[i].title);
		check(ok, "xml:base: on the feed, relative on an entry, on the link itself, scope ends");
		rdf_free(&f);
		free(s);
	}
	if ((s = readfile("tests/fixtures/relative.xml", &n))) {
		r = parseurl(&f, s, "https://lwn.net/headlines/rss");
		ok = r == 0 && f.nitems == LENGTH(rel) && same(f.link, "https://lwn.net/", "channel");
		for (i = 0; ok && i < LENGTH(rel); i++)
			ok &= same(f.items[i].link, rel[i], f.items[i].title);
		check(ok, "relative links: against the document's URL, before LWN's /rss is dropped");
		if (!r)
			rdf_free(&f);
		r = parseurl(&f, s, NULL);
		ok = r == 0 && f.nitems == LENGTH(asis) && same(f.link, "/", "channel");
		for (i = 0; ok && i < LENGTH(asis); i++)
			ok &= same(f.items[i].link, asis[i], f.items[i].title);
		check(ok, "relative links: without a document URL, as the feed says (but its xml:base)");
		if (!r)
			rdf_free(&f);
		free(s);
	}
	/* a document URL is no base for an absolute xml:base */
	r = parseurl(&f, "<rss xml:base='http://x.example/d/'><channel><item><link>e</link></item></channel></rss>",
	             "https://lwn.net/");
	check(r == 0 && f.nitems == 1 && same(f.items[0].link, "http://x.example/d/e", "link"),
	      "xml:base: an absolute one wins over the document's URL");
	if (!r)
		rdf_free(&f);
	r = parseurl(&f, "<rss xml:base='d/'><channel><item><link>e</link></item></channel></rss>",
	             "https://lwn.net/a/b");
	check(r == 0 && f.nitems == 1 && same(f.items[0].link, "https://lwn.net/a/d/e", "link"),
	      "xml:base: a relative one is resolved against the document's URL first");
	if (!r)
		rdf_free(&f);

	/* what a base brings into a link is cleaned as the link itself is */
	r = parseurl(&f, "<rss xml:base='http:&#15;//e/ a\tb/'><channel><item><link>x</link></item></channel></rss>",
	             NULL);
	check(r == 0 && f.nitems == 1 && same(f.items[0].link, "http://e/ a b/x", "link"),
	      "xml:base: control characters from the base are removed from the link, blanks collapsed");
	if (!r)
		rdf_free(&f);

	/* a long base and many relative links: resolved up to the input's
	 * size in all, the rest left as they are */
	bufadd(&b, "<rss xml:base='http://e/", 24);
	for (i = 0; i < 8000; i++)
		bufadd(&b, "a", 1);
	bufadd(&b, "/'><channel>", 12);
	for (i = 0; i < 3000; i++)
		bufadd(&b, "<item><link>x</link></item>", 27);
	bufadd(&b, "</channel></rss>", 16);
	r = parsen(&f, b.p, b.len);
	ok = r == 0 && f.nitems == 3000;
	for (i = n = 0; ok && i < f.nitems; i++)
		n += strcmp(f.items[i].link, "x") != 0;
	check(ok && n > 0 && n < 3000 && n * 8011 <= b.len + 4096 &&
	      !strcmp(f.items[2999].link, "x") && strlen(f.items[0].link) == 8011,
	      "xml:base: resolved links take no more than the feed (%zu of 3000 resolved)", n);
	if (!r)
		rdf_free(&f);
	buffree(&b);
	/* an xml:base longer than kept is no base; nested ones are scoped */
	bufadd(&b, "<rss xml:base='http://e/'><channel><item xml:base='", 51);
	for (i = 0; i < 9000; i++)
		bufadd(&b, "b", 1);
	bufadd(&b, "/'><link>x</link></item>", 24);
	for (i = 0; i < 40; i++) {
		snprintf(tmp, sizeof(tmp), "<x:a xmlns:x='u' xml:base='%zu/'>", i);
		bufadd(&b, "<item>", 6);
		bufadd(&b, tmp, strlen(tmp));
	}
	bufadd(&b, "</channel></rss>", 16);
	r = parsen(&f, b.p, b.len);
	check(r == 0 && f.nitems >= 1 && same(f.items[0].link, "http://e/x", "long"),
	      "xml:base: one over 8192 bytes is ignored, the one in scope used");
	if (!r)
		rdf_free(&f);
	buffree(&b);
}

/* seconds since the epoch for a UTC date, computed without rdf.c */
static time_t
utc(int y, int mo, int d, int h, int mi, int s)
{
	static const int cum[] = { 0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334 };
	long days = 0;
	int i;

	for (i = 1970; i < y; i++)
		days += 365 + ((i % 4 == 0 && i % 100 != 0) || i % 400 == 0);
	days += cum[mo - 1] + d - 1;
	if (mo > 2 && ((y % 4 == 0 && y % 100 != 0) || y % 400 == 0))
		days++;
	return (time_t)days * 86400 + h * 3600 + mi * 60 + s;
}

static void
testdates(void)
{
	static const struct { const char *s; int y, mo, d, h, mi, sec; long off; } t[] = {
		{ "2023-07-07T18:15:29+00:00", 2023, 7, 7, 18, 15, 29, 0 },
		{ "2023-07-07T18:15:29Z", 2023, 7, 7, 18, 15, 29, 0 },
		{ "2023-07-07t18:15:29z", 2023, 7, 7, 18, 15, 29, 0 },
		{ "2008-12-30T08:20:00+01:00", 2008, 12, 30, 8, 20, 0, 3600 },
		{ "2004-11-30T09:26:16-05:00", 2004, 11, 30, 9, 26, 16, -18000 },
		{ "2024-02-29T23:59:59.999-0130", 2024, 2, 29, 23, 59, 59, -5400 },
		{ "2024-02-29 12:00", 2024, 2, 29, 12, 0, 0, 0 },
		{ "2000-01-01", 2000, 1, 1, 0, 0, 0, 0 },
		{ "1970-01-02T00:00:01Z", 1970, 1, 2, 0, 0, 1, 0 },
		{ "2100-03-01T00:00:00Z", 2100, 3, 1, 0, 0, 0, 0 },
		{ "Fri, 12 Dec 2008 02:36:10 +0100", 2008, 12, 12, 2, 36, 10, 3600 },
		{ "Thu, 02 Jul 2026 14:27:16 +0000", 2026, 7, 2, 14, 27, 16, 0 },
		{ "Thu, 02 Jul 2026 14:27:16 GMT", 2026, 7, 2, 14, 27, 16, 0 },
		{ "2 Jul 2026 14:27 UT", 2026, 7, 2, 14, 27, 0, 0 },
		{ "Mon, 30 Nov 2026 21:45:10 EST", 2026, 11, 30, 21, 45, 10, -18000 },
		{ "Mon, 30 Nov 2026 21:45:10 edt", 2026, 11, 30, 21, 45, 10, -14400 },
		{ "Mon, 30 Nov 2026 21:45:10 PST", 2026, 11, 30, 21, 45, 10, -28800 },
		{ "Mon, 30 Nov 2026 21:45:10 CDT", 2026, 11, 30, 21, 45, 10, -18000 },
		{ "Mon, 30 Nov 2026 21:45:10 MST", 2026, 11, 30, 21, 45, 10, -25200 },
		{ "Sun, 29 Nov 26 08:00 GMT", 2026, 11, 29, 8, 0, 0, 0 },
		{ "Wed, 01 Mar 99 01:02:03 -0800", 1999, 3, 1, 1, 2, 3, -28800 },
		{ "  Tue,  1 December 2026 10:00:00 +0530  ", 2026, 12, 1, 10, 0, 0, 19800 },
		{ "Sunday, 06-Nov-94 08:49:37 GMT", 1994, 11, 6, 8, 49, 37, 0 },
		{ "Sun Nov  6 08:49:37 1994", 1994, 11, 6, 8, 49, 37, 0 },
	};
	static const char *bad[] = {
		"", "yesterday", "2023-13-01T00:00:00Z", "2023-07-32", "2023-07-07T25:00:00Z",
		"Fri, 12 Foo 2008 02:36:10 +0100", "Fri, 12 Dec 2008", "12/07/2023",
	};
	size_t i;
	time_t want, got, t0;
	struct tm tm;
	char iso[64], rfc[64], body[256];
	int ok = 1, ok2 = 1;

	for (i = 0; i < LENGTH(t); i++) {
		want = utc(t[i].y, t[i].mo, t[i].d, t[i].h, t[i].mi, t[i].sec) - t[i].off;
		if ((got = when(t[i].s)) != want) {
			printf("# %s: got %lld, want %lld\n", t[i].s, (long long)got, (long long)want);
			ok = 0;
		}
	}
	check(ok, "dates: ISO 8601 and RFC 822 forms, named and numeric zones");
	ok = 1;
	for (i = 0; i < LENGTH(bad); i++) {
		if ((got = when(bad[i])) != 0) {
			printf("# \"%s\": got %lld, want 0\n", bad[i], (long long)got);
			ok = 0;
		}
	}
	check(ok, "dates: unparsable dates are 0");
	/* against the C library's own conversion, over a wide range of times */
	ok = 1;
	for (t0 = 0, i = 0; i < 300; i++, t0 += 13 * 86400L + 3607 * (i % 11) + 1) {
		gmtime_r(&t0, &tm);
		strftime(iso, sizeof(iso), "%Y-%m-%dT%H:%M:%SZ", &tm);
		strftime(rfc, sizeof(rfc), "%d %b %Y %H:%M:%S +0000", &tm);
		snprintf(body, sizeof(body), "<dc:date>%s</dc:date>", iso);
		if (!item(body) || one.items[0].time != t0) {
			printf("# %s: got %lld, want %lld\n", iso, (long long)(one.nitems ? one.items[0].time : -1), (long long)t0);
			ok = 0;
		}
		if (when(rfc) != t0)
			ok2 = 0;
	}
	check(ok, "dates: 300 ISO dates 1970-1980 agree with gmtime");
	check(ok2, "dates: 300 RFC 822 dates agree with gmtime");
	check(utc(2026, 12, 3, 0, 0, 0) == 1796256000, "dates: the test's own reference is right");
}

static void
testtext(void)
{
	static const struct { const char *in, *out; } t[] = {
		{ "", "" },
		{ "  plain   text \n", "plain text" },
		{ "a\x01" "b&#127;c\xc2\x85" "d&amp;#x9f;e&amp;#8;f &#x80; g", "abcdef g" },
		{ "<p>one</p><p>two</p>", "one two" },
		{ "a<br>b<br/>c", "a b c" },
		{ "x<b>bold</b>y <i>it</i>", "xboldy it" },
		{ "<a href=\"x>y\" title='a>b'>link</a>", "link" },
		{ "a&nbsp;b&#160;c\xc2\xa0" "d", "a b c d" },
		{ "&lt;b&gt;bold&lt;/b&gt; &amp;lt;tag&amp;gt; &amp;amp;amp; &eacute; &bogus;",
		  "bold <tag> &amp; \xc3\xa9 &bogus;" },
		{ "&lt;p&gt;one&lt;/p&gt;&lt;p&gt;&lt;a href=&quot;x&quot;&gt;two&lt;/a&gt;&#8212;&#x2019;",
		  "one two\xe2\x80\x94\xe2\x80\x99" },
		{ "<![CDATA[<p>a &amp; b</p>]]>&lt;p&gt;c", "a & b c" },
		{ "a<?pi <p>?>b<![CDATA[ c ]]>d", "ab c d" },
		{ "a<script>if (a < b) x = '<p>';</script>b", "ab" },
		{ "a<STYLE type=text/css>p { x: y }</STYLE>b", "ab" },
		{ "a<!-- <p>hidden</p> -->b", "ab" },
		{ "1 < 2, 3 <4", "1 < 2, 3 <4" },
		{ "text <a href=", "text" },
		{ "<blockquote>\n\tquoted\n</blockquote>after", "quoted after" },
		{ "<ul><li>one</li><li>two</li></ul>", "one two" },
		{ "a<script>never closed", "a" },
	};
	size_t i;
	char *s;
	int ok = 1;

	for (i = 0; i < LENGTH(t); i++) {
		s = rdf_text(t[i].in, 0, 0);
		ok &= s && same(s, t[i].out, t[i].in);
		free(s);
	}
	check(ok, "rdf_text: XML then HTML: CDATA, tags, entities, script/style, comments, white space");
}

/* the reading view's text: paragraphs apart, quoted ones marked */
static void
testparas(void)
{
	static const struct { const char *in, *out; } t[] = {
		{ "", "" },
		{ "one line", "one line" },
		{ "<p>one</p>\n<p>two</p>", "one\ntwo" },
		{ "<p></p> <p> <br> </p>a<br><br>b", "a\nb" },
		{ "x<b>y</b> <a href=\"u\">link</a> z", "xy link z" },
		/* LWN's shape: escaped, a bare <p>, then a quote */
		{ "Intro &lt;a href=&quot;https://x/&quot;&gt;this\narticle&lt;/a&gt; says:\n"
		  "&lt;p&gt;\n&lt;blockquote class=&quot;bq&quot;&gt;\n\tQuoted  text,\n"
		  "\tstill quoted.\n&lt;/blockquote&gt;\n&lt;p&gt;After.",
		  "Intro this article says:\n\tQuoted text, still quoted.\nAfter." },
		{ "<blockquote><p>q1</p><p>q2</p></blockquote>after",
		  "\tq1\n\tq2\nafter" },
		{ "<BLOCKQUOTE>a<blockquote>b</blockquote>c</BLOCKQUOTE>d",
		  "\ta\n\tb\n\tc\nd" },
		{ "</blockquote>x<p>y", "x\ny" },
		{ "<p>x<p>x<li>x<blockquote>x", "x\nx\nx\n\tx" },
		{ "<p>a\x01" "b</p>\x02<p>&#x85;c</p>", "ab\nc" },
	};
	size_t i;
	char *s;
	int ok = 1;

	for (i = 0; i < LENGTH(t); i++) {
		s = rdf_text(t[i].in, 0, 1);
		ok &= s && same(s, t[i].out, t[i].in) && strlen(s) <= strlen(t[i].in);
		free(s);
	}
	check(ok, "rdf_text, paras: a line between paragraphs, a tab before quoted ones, none empty");
	s = rdf_text("plain <p>\n\n text", 1, 1);
	check(s && same(s, "plain <p> text", "plain"), "rdf_text, paras: plain text is one paragraph");
	free(s);
	s = rdf_text("<p>one</p><blockquote>two</blockquote>", 0, 0);
	check(s && same(s, "one two", "one line"), "rdf_text: still one line");
	free(s);
}

static void
testerrors(void)
{
	static const struct { const char *in; size_t len; const char *msg; } t[] = {
		{ "", 0, "empty" },
		{ " \n\t\r\n ", 6, "empty" },
		{ "\x89PNG\r\n\x1a\n\0\0\0\rIHDR", 16, "binary" },
		{ "<rss>\0\0\0\0</rss>", 15, "binary" },
		{ "\x01\x02\x03\x04\x05\x06\x07\x08\x0b\x0c<rss/>", 16, "binary" },
		{ "\xff\xfe<\0r\0s\0s\0>\0", 12, "UTF-16" },
		{ "<!DOCTYPE html>\n<html><head><title>x</title></head></html>", 0, "HTML page" },
		{ "<!doctype HTML><title>rss</title>", 0, "HTML page" },
		{ "<html lang=en><body><rss></rss></body></html>", 0, "HTML page" },
		{ "\n<HTML><body>Moved</body></HTML>", 0, "HTML page" },
		{ "<?xml version=\"1.0\"?><svg><title>x</title></svg>", 0, "root" },
		{ "{\"version\": \"https://jsonfeed.org/version/1\"}", 0, "root" },
		{ "just some text", 0, "root" },
		{ "<?xml version=\"1.0\"?><!-- nothing else -->", 0, "root" },
		{ "<?xml version=\"1.0\"?><rs", 0, "root" },
	};
	Feed f;
	size_t i;
	int r;

	for (i = 0; i < LENGTH(t); i++) {
		memset(&f, 0x55, sizeof(f));
		r = parsen(&f, t[i].in, t[i].len ? t[i].len : strlen(t[i].in));
		check(r == -1 && strstr(err, t[i].msg) && !strchr(err, '\n') &&
		      !f.items && !f.nitems && !f.copy,
		      "errors: input %zu is an error naming \"%s\" (%s)", i, t[i].msg, err);
	}
}

/* every prefix of a good feed: no crash; a prefix past the root start is
 * truncated with the items complete so far, in order */
static void
testtruncation(void)
{
	Feed full, f;
	char *s;
	size_t n, i, last = 0, ncut = 0, whole;
	int ok = 1, r;

	if (!(s = readfile("tests/fixtures/lwn-rss10.rdf", &n)) || parsen(&full, s, n) < 0) {
		check(0, "truncation: fixture parses");
		free(s);
		return;
	}
	/* the end of the root's end tag: prefixes past it are whole */
	for (whole = n; whole > 0 && s[whole - 1] != '>'; whole--)
		;
	for (i = 0; i < whole; i++) {
		r = parsen(&f, s, i);
		if (r < 0) {
			if (last || ncut) {
				printf("# prefix %zu: error after success: %s\n", i, err);
				ok = 0;
			}
			continue;
		}
		ncut++;
		if (!f.truncated || !strstr(err, "truncated") || f.nitems < last || f.nitems > full.nitems ||
		    (f.nitems && (strcmp(f.items[f.nitems - 1].title, full.items[f.nitems - 1].title) ||
		    strcmp(f.items[f.nitems - 1].link, full.items[f.nitems - 1].link) ||
		    strcmp(f.items[f.nitems - 1].desc, full.items[f.nitems - 1].desc)))) {
			printf("# prefix %zu: truncated %d, %zu items, err \"%s\"\n", i, f.truncated, f.nitems, err);
			ok = 0;
		}
		last = f.nitems;
		rdf_free(&f);
	}
	check(ok && ncut > n / 2 && last == full.nitems,
	      "truncation: each of %zu prefixes gives the complete items and a warning", whole);
	r = parsen(&f, s, whole);
	check(r == 0 && !f.truncated && f.nitems == full.nitems && !full.truncated,
	      "truncation: the whole feed, with or without its last newline, is not truncated");
	if (!r)
		rdf_free(&f);
	rdf_free(&full);
	free(s);

	/* cut inside each kind of construct */
	{
		static const char *cut[] = {
			"<rss><channel><item><title>a</title></item><item><title>b<!-- never closed",
			"<rss><channel><item><title>a</title></item><item><title><![CDATA[never closed",
			"<rss><channel><item><title>a</title></item><item><link href=\"never closed>x</link>",
			"<rss><channel><item><title>a</title></item><item><title>b</title><?pi never",
			"<rss><channel><item><title>a</title></item><item><title>b</title></ite",
			"<rss><channel><item><title>a</title></item><item><title>b</title></item",
			"<rss><channel><item><title>a</title></item><!DOCTYPE [ <!ENTITY x 'y'> ",
			"<rss><channel><item><title>a</title></item><",
		};
		ok = 1;
		for (i = 0; i < LENGTH(cut); i++) {
			r = parse(&f, cut[i]);
			if (r != 0 || !f.truncated || f.nitems != 1 || strcmp(f.items[0].title, "a")) {
				printf("# cut %zu: r %d truncated %d items %zu\n", i, r, f.truncated, f.nitems);
				ok = 0;
			}
			if (!r)
				rdf_free(&f);
		}
		check(ok, "truncation: unterminated comment, CDATA, attribute, PI, end tag, DOCTYPE");
	}
}

static void
testhuge(void)
{
	Buf b = {0};
	Feed f;
	char tmp[512];
	size_t i, n = 20000;
	int ok, len;

	bufadd(&b, "<rdf:RDF><channel><title>Big</title></channel>", 46);
	for (i = 0; i < n; i++) {
		len = snprintf(tmp, sizeof(tmp), "<item rdf:about=\"x\"><title>Item %zu</title>"
		               "<link>https://lwn.net/Articles/%zu/rss</link><description>"
		               "&lt;p&gt;Body %zu&amp;nbsp;text&lt;/p&gt;</description>"
		               "<dc:date>2026-01-01T00:00:%02zuZ</dc:date></item>\n", i, i, i, i % 60);
		bufadd(&b, tmp, len);
	}
	bufadd(&b, "</rdf:RDF>", 10);
	ok = parsen(&f, b.p, b.len) == 0 && f.nitems == n && !f.truncated;
	check(ok, "huge: %zu items in %zu bytes (%s)", n, b.len, err);
	if (ok) {
		snprintf(tmp, sizeof(tmp), "Item %zu", n - 1);
		ok = same(f.items[n - 1].title, tmp, "last") && same(f.items[12345].link,
		     "https://lwn.net/Articles/12345/", "mid") &&
		     same(html(f.items[777].desc), "<p>Body 777&nbsp;text</p>", "desc") &&
		     f.items[59].time == utc(2026, 1, 1, 0, 0, 59);
		check(ok, "huge: first, middle and last items are right");
		rdf_free(&f);
	}
	buffree(&b);
}

static void
testhostile(void)
{
	Buf b = {0};
	Feed f;
	size_t i;
	int r;

	/* deep nesting: no stack to overflow */
	bufadd(&b, "<rss><channel><item><title>deep</title>", 39);
	for (i = 0; i < 200000; i++)
		bufadd(&b, "<a>", 3);
	for (i = 0; i < 200000; i++)
		bufadd(&b, "</a>", 4);
	bufadd(&b, "<link>http://e/</link></item></channel></rss>", 45);
	r = parsen(&f, b.p, b.len);
	check(r == 0 && f.nitems == 1 && !strcmp(f.items[0].link, "http://e/"),
	      "hostile: 200000 nested elements");
	if (!r)
		rdf_free(&f);
	buffree(&b);

	/* a giant attribute and many attributes */
	bufadd(&b, "<rss><channel><item x=\"", 23);
	for (i = 0; i < (1 << 20); i++)
		bufadd(&b, i % 100 ? "a" : ">", 1);
	bufadd(&b, "\"", 1);
	for (i = 0; i < 10000; i++)
		bufadd(&b, " a='>'", 6);
	bufadd(&b, "><title>after</title></item></channel></rss>", 44);
	r = parsen(&f, b.p, b.len);
	check(r == 0 && f.nitems == 1 && !strcmp(f.items[0].title, "after"),
	      "hostile: a 1 MiB attribute and 10000 attributes holding '>'");
	if (!r)
		rdf_free(&f);
	buffree(&b);

	/* billion laughs: the DOCTYPE is skipped, its entities never expanded */
	bufadd(&b, "<?xml version=\"1.0\"?>\n<!DOCTYPE rss [\n <!ENTITY lol \"lol\">\n", 59);
	for (i = 1; i < 10; i++) {
		char tmp[160];
		int n = snprintf(tmp, sizeof(tmp), " <!ENTITY lol%zu \"&lol%zu;&lol%zu;&lol%zu;&lol%zu;&lol%zu;"
		                 "&lol%zu;&lol%zu;&lol%zu;&lol%zu;&lol%zu;\">\n", i, i - 1, i - 1, i - 1,
		                 i - 1, i - 1, i - 1, i - 1, i - 1, i - 1, i - 1);
		bufadd(&b, tmp, n);
	}
	bufadd(&b, " <!-- ]> in a comment -->\n <!ENTITY q \"]>\">\n]>\n"
	       "<rss><channel><item><title>&lol9;</title></item></channel></rss>", 108);
	r = parsen(&f, b.p, b.len);
	check(r == 0 && f.nitems == 1 && (same(f.items[0].title, "&lol9;", "laughs") ||
	      same(f.items[0].title, "", "laughs")), "hostile: billion laughs DOCTYPE not expanded");
	if (!r)
		rdf_free(&f);
	buffree(&b);

	/* a NUL past the sniffed start is a U+FFFD, not an end */
	bufadd(&b, "<rss><channel>", 14);
	for (i = 0; i < 5000; i++)
		bufadd(&b, " ", 1);
	bufadd(&b, "<item><title>a\0b</title></item><item><title>c</title></item></channel></rss>", 76);
	r = parsen(&f, b.p, b.len);
	check(r == 0 && f.nitems == 2 && same(f.items[0].title, "a\xef\xbf\xbd" "b", "nul") &&
	      same(f.items[1].title, "c", "after nul"), "hostile: a NUL byte inside text");
	if (!r)
		rdf_free(&f);
	buffree(&b);

	r = parse(&f, "<rss><channel><item><title>a</title></p></div><link>l</link></item>"
	          "<item><item><title>b</title></item></item></channel></rss>");
	check(r == 0 && f.nitems == 2 && !strcmp(f.items[0].link, "l") && !strcmp(f.items[1].title, "b"),
	      "hostile: stray end tags and an item inside an item");
	if (!r)
		rdf_free(&f);
	r = parse(&f, "<rss><channel><title>one</title><title>two</title><item><title>x</title>"
	          "<title>y</title><description>d1</description><description>d2</description></item>"
	          "</channel></rss>");
	check(r == 0 && !strcmp(f.title, "one") && f.nitems == 1 && !strcmp(f.items[0].title, "x") &&
	      !strcmp(f.items[0].desc, "d1"), "hostile: duplicate elements: the first wins");
	if (!r)
		rdf_free(&f);
	r = parse(&f, "<rss><channel><item><title>x</title></item></channel></rss><rss><channel>"
	          "<item><title>after the root</title></item></channel></rss>garbage<<<");
	check(r == 0 && f.nitems == 1 && !f.truncated, "hostile: anything after the root is ignored");
	if (!r)
		rdf_free(&f);
	r = parse(&f, "\xef\xbb\xbf<rss><channel><item><title>bom</title></item></channel></rss>");
	check(r == 0 && f.nitems == 1 && !strcmp(f.items[0].title, "bom"), "a UTF-8 BOM is skipped");
	if (!r)
		rdf_free(&f);
	r = parse(&f, "<rss><channel><item/><item><title/><link/></item></channel></rss>");
	check(r == 0 && f.nitems == 1 && !strcmp(f.items[0].title, "") && !strcmp(f.items[0].desc, "") &&
	      !strcmp(f.items[0].author, "") && f.items[0].time == 0,
	      "empty elements give empty strings, never NULL");
	if (!r)
		rdf_free(&f);
}

/* the shared corpus: real feeds and expected values */

static void
unescape(char *s)
{
	char *o = s;

	for (; *s; s++) {
		if (*s == '\\' && s[1]) {
			s++;
			*o++ = *s == 't' ? '\t' : *s == 'n' ? '\n' : *s == 'r' ? '\r' : *s;
		} else {
			*o++ = *s;
		}
	}
	*o = '\0';
}

/* collapse white space and trim in place; LWN /rss links as lwnrss shows them */
static char *
norm(char *s)
{
	char *o = s, *p = s, *a;
	int sp = 0;
	size_t n;

	for (; *p; p++) {
		if (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r') {
			sp = 1;
			continue;
		}
		if (sp && o > s)
			*o++ = ' ';
		sp = 0;
		*o++ = *p;
	}
	*o = '\0';
	n = o - s;
	if ((a = strstr(s, "lwn.net/Articles/")) && n > 4 && !strcmp(s + n - 4, "/rss") &&
	    (!strncmp(s, "https://", 8) || !strncmp(s, "http://", 7)))
		s[n - 3] = '\0';
	return s;
}

static const char *
corpusfield(const Feed *f, const char *name, int *known)
{
	const Item *it;
	unsigned long i;
	char *end;

	*known = 1;
	if (!strncmp(name, "feed.", 5)) {
		name += 5;
		if (!strcmp(name, "title")) return f->title;
		if (!strcmp(name, "link")) return f->link;
		if (!strcmp(name, "description")) return html(f->desc);
		if (!strcmp(name, "dc:date")) return f->date;
		if (!strcmp(name, "dc:creator")) return f->author;
	} else if (!strncmp(name, "entries[", 8)) {
		i = strtoul(name + 8, &end, 10);
		if (strncmp(end, "].", 2))
			goto unknown;
		if (i >= f->nitems)
			return NULL;
		it = &f->items[i];
		name = end + 2;
		if (!strcmp(name, "title")) return it->title;
		if (!strcmp(name, "link")) return it->link;
		if (!strcmp(name, "description")) return html(it->desc);
		if (!strcmp(name, "dc:date")) return it->date;
		if (!strcmp(name, "dc:creator")) return it->author;
	}
unknown:
	*known = 0;
	return NULL;
}

static void
corpusfile(const char *dir, const char *tsvname, const char *file, char **rows, size_t nrows)
{
	char path[4096], *data, *field, *want, *got;
	const char *g;
	Feed f;
	size_t len, i, match = 0;
	int known;

	snprintf(path, sizeof(path), "%s/%s", dir, file);
	if (!(data = readfile(path, &len))) {
		check(0, "corpus %s: %s: cannot read", tsvname, file);
		return;
	}
	if (parsen(&f, data, len) < 0) {
		check(0, "corpus %s: %s: %s", tsvname, file, err);
		free(data);
		return;
	}
	for (i = 0; i < nrows; i++) {
		field = rows[i];
		want = strchr(field, '\t');
		*want++ = '\0';
		unescape(want);
		g = corpusfield(&f, field, &known);
		if (!(got = strdup(g ? g : "(missing)")))
			break;
		if (g && !strcmp(norm(got), norm(want)))
			match++;
		else
			printf("# %s %s: got \"%.120s\", want \"%.120s\"%s\n", file, field, got, want,
			       known ? "" : " (unknown field)");
		free(got);
		want[-1] = '\t';
	}
	check(match == nrows, "corpus %s: %s: %zu of %zu rows matched", tsvname, file, match, nrows);
	rdf_free(&f);
	free(data);
}

static void
corpustsv(const char *top, const char *sub)
{
	char path[4096], *data, *line, *next, *tab, **rows = NULL, *cur = NULL;
	size_t len, nrows = 0, cap = 0;

	snprintf(path, sizeof(path), "%s/%s/expect.tsv", top, sub);
	if (!(data = readfile(path, &len)))
		return;
	snprintf(path, sizeof(path), "%s/%s", top, sub);
	for (line = data; line && *line; line = next) {
		if ((next = strchr(line, '\n')))
			*next++ = '\0';
		if (*line == '#' || !*line || !(tab = strchr(line, '\t')))
			continue;
		*tab = '\0';
		if (cur && strcmp(cur, line)) {
			corpusfile(path, sub, cur, rows, nrows);
			nrows = 0;
		}
		cur = line;
		if (nrows == cap) {
			cap = cap ? cap * 2 : 64;
			if (!(rows = realloc(rows, cap * sizeof(*rows))))
				break;
		}
		rows[nrows++] = tab + 1;
	}
	if (cur && nrows)
		corpusfile(path, sub, cur, rows, nrows);
	free(rows);
	free(data);
}

static void
testcorpus(void)
{
	static const char *tops[] = { "../shared/corpus", "/work/shared/corpus" };
	char path[4096];
	FILE *fp;
	size_t i;

	for (i = 0; i < LENGTH(tops); i++) {
		snprintf(path, sizeof(path), "%s/README.md", tops[i]);
		if (!(fp = fopen(path, "r")))
			continue;
		fclose(fp);
		corpustsv(tops[i], "lwn");
		corpustsv(tops[i], "rss10-real");
		return;
	}
}

int
main(void)
{
	testrss10();
	testrss20();
	testatom();
	testencodings();
	testentities();
	testprefixes();
	testnamespaces();
	testvalues();
	testlinks();
	testjoin();
	testbase();
	testdates();
	testtext();
	testparas();
	testerrors();
	testtruncation();
	testhuge();
	testhostile();
	testcorpus();
	rdf_free(&one);
	html(NULL);
	while (nheld > 0)
		free(held[--nheld].data);
	free(held);
	printf("%d passed, %d failed\n", npass, nfail);
	return nfail != 0;
}
