# See LICENSE file for copyright and license details.
# lib.sh: sourced by the benchmarks that draw 25 headlines (window.sh and
# cache.sh), run from the top directory with $tmp set.

# children and gone, from /proc
. tests/proc.sh

# buildlwnrss: lwnrss with config.def.h in $tmp/std, and a copy whose
# window is tall enough for all 25 rows (dmenu -l 25 shows all its 25
# lines) in $tmp/tall
buildlwnrss() {
	for v in std tall; do
		mkdir "$tmp/$v"
		cp ./*.c ./*.h config.mk Makefile "$tmp/$v/"
		rm -f "$tmp/$v/config.h"
		if [ "$v" = tall ]; then
			sed 's/winheight = [0-9]*;/winheight = 2340;/' config.def.h > "$tmp/$v/config.h"
		else
			cp config.def.h "$tmp/$v/config.h"
		fi
		make -s -C "$tmp/$v" lwnrss >/dev/null
	done
}

# lwnfeed: an LWN-shaped feed of 25 items on stdout: [$] titles, dc:date,
# dc:creator, /rss links, escaped HTML descriptions of a paragraph or two
lwnfeed() {
	awk 'BEGIN {
		srand(25)
		nw = split("kernel memory scheduler patch developers release filesystem " \
		    "security maintainers Linux community project support driver " \
		    "performance the of and to a in that is for with was this by on " \
		    "subsystem discussion proposal change workqueue folio BPF Rust " \
		    "distribution Debian Fedora tools interface upstream code", w, " ")
		nu = split("corbet jake jzb daroc joe", who, " ")
		print "<?xml version=\"1.0\" encoding=\"utf-8\"?>"
		print "<rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\""
		print "  xmlns=\"http://purl.org/rss/1.0/\" xmlns:dc=\"http://purl.org/dc/elements/1.1/\""
		print "  xmlns:syn=\"http://purl.org/rss/1.0/modules/syndication/\">"
		print "  <channel rdf:about=\"https://lwn.net/headlines/rss\">"
		print "    <title>LWN.net</title>"
		print "    <link>https://lwn.net</link>"
		print "    <description>A benchmark feed shaped like LWN.net'"'"'s</description>"
		print "    <syn:updatePeriod>hourly</syn:updatePeriod>"
		print "    <syn:updateFrequency>2</syn:updateFrequency>"
		print "  </channel>"
		for (n = 0; n < 25; n++) {
			id = 990000 + n
			t = (n % 3 == 0 ? "[$] " : "")
			k = 4 + int(rand() * 6)
			for (i = 0; i < k; i++)
				t = t (i ? " " : "") w[int(rand() * nw) + 1]
			d = ""
			np = 1 + int(rand() * 2)
			for (p = 0; p < np; p++) {
				d = d (p ? "\n&lt;p&gt;\n" : "")
				for (l = 0; l < 6; l++) {
					for (i = 0; i < 11; i++) {
						r = rand()
						if (r < 0.04)
							d = d "&lt;a href=&quot;https://lwn.net/Articles/" int(rand() * 999999) "/&quot;&gt;" w[int(rand() * nw) + 1] "&lt;/a&gt; "
						else if (r < 0.06)
							d = d w[int(rand() * nw) + 1] "&amp;nbsp;"
						else
							d = d w[int(rand() * nw) + 1] " "
					}
					d = d "\n"
				}
			}
			printf "  <item rdf:about=\"https://lwn.net/Articles/%d/rss\">\n" \
			    "    <title>%s</title>\n" \
			    "    <link>https://lwn.net/Articles/%d/rss</link>\n" \
			    "    <dc:date>2026-11-%02dT%02d:%02d:00+00:00</dc:date>\n" \
			    "    <dc:creator>%s</dc:creator>\n" \
			    "    <description>\n      %s\n      \n    </description>\n  </item>\n",
			    id, t, id, 1 + n % 28, n % 24, (n * 7) % 60, who[1 + n % nu], d
		}
		print "</rdf:RDF>"
	}'
}

# startx: an X server of our own, tall enough for all 25 rows, at Xft.dpi
# 96; its pid joins $pids
startx() {
	Xvfb -displayfd 5 -screen 0 1024x2400x24 -dpi 96 -nolisten tcp -noreset \
		5> "$tmp/display" > "$tmp/xvfb.log" 2>&1 &
	pids="$pids $!"
	retry grep -q '^[0-9]' "$tmp/display"
	DISPLAY=:$(cat "$tmp/display")
	export DISPLAY
	retry xdpyinfo > /dev/null 2>&1
	echo 'Xft.dpi: 96' | xrdb -nocpp -merge
}

# mkcerts: a test CA and a certificate for localhost signed by it, RSA
# 2048 as most sites use, in $tmp/tls
mkcerts() {
	mkdir "$tmp/tls"
	openssl req -x509 -newkey rsa:2048 -nodes -keyout "$tmp/tls/ca.key" \
		-out "$tmp/tls/ca.pem" -days 2 -subj /CN=lwnrss-bench-ca \
		-addext basicConstraints=critical,CA:TRUE \
		-addext keyUsage=critical,keyCertSign > /dev/null 2>&1
	openssl req -newkey rsa:2048 -nodes -keyout "$tmp/tls/key.pem" \
		-out "$tmp/tls/srv.csr" -subj /CN=localhost > /dev/null 2>&1
	printf 'subjectAltName=DNS:localhost\n' > "$tmp/tls/ext"
	openssl x509 -req -in "$tmp/tls/srv.csr" -CA "$tmp/tls/ca.pem" \
		-CAkey "$tmp/tls/ca.key" -CAcreateserial -out "$tmp/tls/cert.pem" \
		-days 2 -extfile "$tmp/tls/ext" > /dev/null 2>&1
}

# readstate: a read state of 2,000 links (about three months of LWN's
# articles, every one read, the newest ten of them in the feed and seen
# within the day, so nothing is written) in $tmp/state, exported as
# XDG_STATE_HOME: what a daily reader has, and never the user's own
readstate() {
	mkdir -p "$tmp/state/lwnrss"
	awk -v t="$(date +%s)" 'BEGIN {
		print "lwnrss-read 1"
		for (i = 0; i < 2000; i++)
			printf "%d https://lwn.net/Articles/%d/\n", t - i * 3888, 990009 - i
	}' > "$tmp/state/lwnrss/read"
	XDG_STATE_HOME=$tmp/state
	export XDG_STATE_HOME
}
