# lwnrss - LWN.net headlines in an X window
# See LICENSE file for copyright and license details.

include config.mk

SRC = lwnrss.c drw.c fetch.c proc.c rules.c http.c url.c tls.c x509.c rdf.c text.c refresh.c sel.c store.c util.c
OBJ = $(SRC:.c=.o)

# unit tests are built twice: plain, and with the sanitizers
SAN = -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer -g
TESTCFLAGS = -std=c99 -pedantic -Wall -Wextra -g -O1 -I. $(LWNRSS_CPPFLAGS) $(CFLAGS)
UNITS = tests/rdf_test tests/http_test tests/x509_test tests/refresh_test tests/rules_test tests/store_test
XTESTS = tests/lwnrss-test tests/wmdelete tests/selgone tests/xembed tests/grab
TESTBIN = $(UNITS) $(UNITS:=-san) $(XTESTS)

# libFuzzer targets, built with clang; make fuzz FUZZTIME=seconds runs each
FUZZCC = clang
FUZZCFLAGS = -std=c99 -pedantic -Wall -Wextra -g -O1 -I. $(LWNRSS_CPPFLAGS) \
	-fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all $(CFLAGS)
FUZZTIME = 60
FUZZ = rdf text http url pem x509
FUZZBIN = tests/fuzz/rdf-fuzz tests/fuzz/text-fuzz tests/fuzz/http-fuzz \
	tests/fuzz/url-fuzz tests/fuzz/pem-fuzz tests/fuzz/x509-fuzz

# Debian/Ubuntu packages: to build, and to run the tests and benchmarks
BUILDDEPS = make gcc libc6-dev libx11-dev libxft-dev libfontconfig1-dev libbearssl-dev
TESTDEPS = clang libclang-rt-dev mandoc openssl python3 nginx-light xvfb xauth xdotool x11-utils \
	x11-xserver-utils imagemagick fonts-dejavu-core fonts-noto-color-emoji fonts-wqy-microhei valgrind \
	tinyproxy xclip tabbed suckless-tools strace
BENCHDEPS = sfeed libxml2-utils curl hyperfine time

all: lwnrss

.c.o:
	$(CC) -c $(LWNRSS_CFLAGS) $<

config.h:
	cp config.def.h $@

$(OBJ): config.mk util.h
lwnrss.o: config.h drw.h fetch.h proc.h rules.h http.h rdf.h refresh.h sel.h store.h url.h
fetch.o: fetch.h http.h rdf.h refresh.h store.h url.h
proc.o: proc.h
rules.o: rules.h rdf.h
drw.o: drw.h
sel.o: sel.h
store.o: store.h
http.o: http.h url.h tls.h x509.h
url.o: url.h
tls.o: tls.h x509.h
x509.o: x509.h
rdf.o: rdf.h text.h
text.o: text.h url.h
refresh.o: refresh.h http.h rdf.h

lwnrss: $(OBJ)
	$(CC) -o $@ $(OBJ) $(RELR) $(LWNRSS_LDFLAGS)
	./$@ -v >/dev/null 2>&1 || $(CC) -o $@ $(OBJ) $(LWNRSS_LDFLAGS)

RDFTESTSRC = tests/rdf_test.c rdf.c text.c url.c util.c
tests/rdf_test: tests/check.h $(RDFTESTSRC) rdf.h url.h util.h
	$(CC) $(TESTCFLAGS) -o $@ $(RDFTESTSRC) $(LDFLAGS)

tests/rdf_test-san: tests/check.h $(RDFTESTSRC) rdf.h url.h util.h
	$(CC) $(TESTCFLAGS) $(SAN) -o $@ $(RDFTESTSRC) $(LDFLAGS)

REFRESHTESTSRC = tests/refresh_test.c refresh.c rdf.c text.c url.c util.c
tests/refresh_test: tests/check.h $(REFRESHTESTSRC) refresh.h http.h rdf.h url.h util.h
	$(CC) $(TESTCFLAGS) -o $@ $(REFRESHTESTSRC) $(LDFLAGS)

tests/refresh_test-san: tests/check.h $(REFRESHTESTSRC) refresh.h http.h rdf.h url.h util.h
	$(CC) $(TESTCFLAGS) $(SAN) -o $@ $(REFRESHTESTSRC) $(LDFLAGS)

RULESTESTSRC = tests/rules_test.c rules.c util.c
tests/rules_test: tests/check.h $(RULESTESTSRC) rules.h rdf.h util.h
	$(CC) $(TESTCFLAGS) -o $@ $(RULESTESTSRC) $(LDFLAGS)

tests/rules_test-san: tests/check.h $(RULESTESTSRC) rules.h rdf.h util.h
	$(CC) $(TESTCFLAGS) $(SAN) -o $@ $(RULESTESTSRC) $(LDFLAGS)

STORETESTSRC = tests/store_test.c store.c util.c
tests/store_test: tests/check.h $(STORETESTSRC) store.h util.h
	$(CC) $(TESTCFLAGS) -o $@ $(STORETESTSRC) $(LDFLAGS)

tests/store_test-san: tests/check.h $(STORETESTSRC) store.h util.h
	$(CC) $(TESTCFLAGS) $(SAN) -o $@ $(STORETESTSRC) $(LDFLAGS)

# http_test includes http.c to reach its static functions, and links the rest
HTTPTESTSRC = tests/http_test.c url.c tls.c x509.c util.c
HTTPTESTDEPS = $(HTTPTESTSRC) http.c http.h url.h tls.h x509.h util.h
tests/http_test: tests/check.h $(HTTPTESTDEPS)
	$(CC) $(TESTCFLAGS) $(BEARSSLINC) -o $@ $(HTTPTESTSRC) $(BEARSSLLIBS) $(LDFLAGS)

tests/http_test-san: tests/check.h $(HTTPTESTDEPS)
	$(CC) $(TESTCFLAGS) $(BEARSSLINC) $(SAN) -o $@ $(HTTPTESTSRC) $(BEARSSLLIBS) $(LDFLAGS)

tests/x509_test: tests/check.h tests/x509_test.c x509.c util.c x509.h util.h
	$(CC) $(TESTCFLAGS) $(BEARSSLINC) -o $@ tests/x509_test.c util.c $(BEARSSLLIBS) $(LDFLAGS)

tests/x509_test-san: tests/check.h tests/x509_test.c x509.c util.c x509.h util.h
	$(CC) $(TESTCFLAGS) $(BEARSSLINC) $(SAN) -o $@ tests/x509_test.c util.c $(BEARSSLLIBS) $(LDFLAGS)

# the window tests' build: the same lwnrss.c with tests/config.test.h
XOBJ = drw.o fetch.o proc.o rules.o http.o url.o tls.o x509.o rdf.o text.o refresh.o sel.o store.o util.o
tests/lwnrss-test: lwnrss.c tests/config.test.h $(XOBJ) drw.h fetch.h http.h proc.h rdf.h refresh.h rules.h sel.h store.h url.h util.h
	$(CC) $(LWNRSS_CFLAGS) -DCONFIG_H='"tests/config.test.h"' -o $@ lwnrss.c $(XOBJ) $(LWNRSS_LDFLAGS)

tests/wmdelete: tests/wmdelete.c
	$(CC) $(LWNRSS_CFLAGS) -o $@ tests/wmdelete.c $(LWNRSS_LDFLAGS)

tests/selgone: tests/selgone.c
	$(CC) $(LWNRSS_CFLAGS) -o $@ tests/selgone.c $(LWNRSS_LDFLAGS)

tests/xembed: tests/xembed.c
	$(CC) $(LWNRSS_CFLAGS) -o $@ tests/xembed.c $(LWNRSS_LDFLAGS)

tests/grab: tests/grab.c
	$(CC) $(LWNRSS_CFLAGS) -o $@ tests/grab.c $(LWNRSS_LDFLAGS)

tests/fuzz/rdf-fuzz: tests/fuzz/rdf.c tests/fuzz/utf8check.h rdf.c text.c url.c util.c rdf.h url.h util.h
	$(FUZZCC) $(FUZZCFLAGS) -o $@ tests/fuzz/rdf.c rdf.c text.c url.c util.c $(LDFLAGS)

tests/fuzz/text-fuzz: tests/fuzz/text.c tests/fuzz/utf8check.h rdf.c text.c url.c util.c rdf.h url.h util.h
	$(FUZZCC) $(FUZZCFLAGS) -o $@ tests/fuzz/text.c rdf.c text.c url.c util.c $(LDFLAGS)

# each target includes the file it tests, as http_test does, and links the rest
tests/fuzz/http-fuzz: tests/fuzz/http.c http.c url.c tls.c x509.c util.c http.h url.h tls.h x509.h util.h
	$(FUZZCC) $(FUZZCFLAGS) $(BEARSSLINC) -o $@ tests/fuzz/http.c url.c tls.c x509.c util.c $(BEARSSLLIBS) $(LDFLAGS)

tests/fuzz/url-fuzz: tests/fuzz/url.c url.c util.c url.h util.h
	$(FUZZCC) $(FUZZCFLAGS) -o $@ tests/fuzz/url.c util.c $(LDFLAGS)

tests/fuzz/pem-fuzz: tests/fuzz/pem.c x509.c util.c x509.h util.h
	$(FUZZCC) $(FUZZCFLAGS) $(BEARSSLINC) -o $@ tests/fuzz/pem.c util.c $(BEARSSLLIBS) $(LDFLAGS)

tests/fuzz/x509-fuzz: tests/fuzz/x509.c x509.c util.c x509.h util.h
	$(FUZZCC) $(FUZZCFLAGS) $(BEARSSLINC) -o $@ tests/fuzz/x509.c util.c $(BEARSSLLIBS) $(LDFLAGS)

test: lwnrss $(TESTBIN)
	./tests/run.sh

# the tests but the slow ones: no fuzzing (the window's random events,
# tests/monkey.sh, too), no second run under the
# sanitizers, no valgrind (the HTTP tests' client is still a -san build,
# but without the leak check at each exit: 40 ms of a run's 70); JOBS at
# a time: the window tests wait more than they work
JOBS = 4
check: lwnrss $(UNITS) tests/http_test-san $(XTESTS)
	ASAN_OPTIONS=$${ASAN_OPTIONS-detect_leaks=0} JOBS=$(JOBS) \
		SKIP="$(UNITS:=-san) tests/fuzz.sh tests/san.sh tests/memcheck.sh tests/monkey.sh" ./tests/run.sh

# every target for FUZZTIME seconds, one at a time; fails on any finding
fuzz: $(FUZZBIN)
	./tests/fuzz/run.sh $(FUZZTIME) $(FUZZ)

# install what is missing, through sudo when not root, then build lwnrss;
# silent when nothing is missing and lwnrss is up to date
deps:
	@./tests/deps.sh $(BUILDDEPS) $(TESTDEPS) $(BENCHDEPS)
	@$(MAKE) --no-print-directory -q lwnrss || $(MAKE) --no-print-directory lwnrss

run: lwnrss
	./lwnrss

bench: lwnrss
	./bench/run.sh

clean:
	rm -f lwnrss $(OBJ) $(TESTBIN) $(FUZZBIN) lwnrss-$(VERSION).tar.gz
	rm -rf tests/tmp

dist: clean
	mkdir -p lwnrss-$(VERSION)
	cp -R LICENSE Makefile README config.mk config.def.h lwnrss.1 \
		$(SRC) drw.h fetch.h proc.h rules.h text.h http.h url.h tls.h x509.h rdf.h refresh.h sel.h store.h util.h tests bench lwnrss-$(VERSION)
	tar -cf - lwnrss-$(VERSION) | gzip > lwnrss-$(VERSION).tar.gz
	rm -rf lwnrss-$(VERSION)

install: all
	mkdir -p $(DESTDIR)$(PREFIX)/bin
	cp -f lwnrss $(DESTDIR)$(PREFIX)/bin
	chmod 755 $(DESTDIR)$(PREFIX)/bin/lwnrss
	mkdir -p $(DESTDIR)$(MANPREFIX)/man1
	sed "s/VERSION/$(VERSION)/g" < lwnrss.1 > $(DESTDIR)$(MANPREFIX)/man1/lwnrss.1
	chmod 644 $(DESTDIR)$(MANPREFIX)/man1/lwnrss.1

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/lwnrss \
		$(DESTDIR)$(MANPREFIX)/man1/lwnrss.1

.PHONY: all test check fuzz deps run bench clean dist install uninstall
