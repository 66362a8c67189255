#!/usr/bin/env python3
# See LICENSE file for copyright and license details.
"""monkeysrv.py dir plan final: an HTTPS server on 127.0.0.1 for tests/monkey.sh.

Serves with dir/cert.pem and dir/key.pem and prints its port on stdout.
The n-th request gets the n-th line of the file plan, the plan starting
over at its end; once the file final exists, every request gets the whole
feed.  Each request is logged to dir/requests as "n step".  Steps:

  feed N OFF     an RSS 2.0 feed of N items, articles OFF+N-1 down to
                 OFF, with an ETag; N may be 0
  cut N OFF K    the same feed stopping inside its (K+1)-th item, with
                 the Content-Length of what is sent: K whole items
  304            304 Not Modified, whatever the request asked
  500            500 Internal Server Error with an empty body
  junk           200 with a body that is no feed
  close          the connection is closed at once, before TLS
  stall          the connection is accepted and never answered

The articles have what the window draws differently: a subscriber's
badge, a row a Hide rule drops, a dimmed author, Greek text, a link that
is not a web link (tests/config.test.h's rules).
"""
import os
import socket
import ssl
import sys
import threading
import zlib

DIR, PLAN, FINAL = sys.argv[1], sys.argv[2], sys.argv[3]
WORDS = ["Kernel", "release", "security", "updates", "Rust", "memory",
         "Debian", "Python", "scheduler", "filesystem", "networking",
         "GNOME", "stable", "notes", "the", "for"]
held = []


def item(i):
    n = len(WORDS)
    title = "%s %s %s #%d" % (WORDS[i % n], WORDS[(i * 7 + 3) % n],
                              WORDS[(i * 5 + 1) % n], i)
    if i % 17 == 2:
        title = "Ελληνικά νέα: Καλημέρα #%d" % i
    if i % 11 == 0:
        title = "[$] " + title
    if i % 13 == 6:
        title += " (hide me)"
    author = "dimmed writer" if i % 9 == 4 else "author %d" % (i % 5)
    link = "javascript:void(%d)" % i if i % 19 == 7 else \
        "https://example.org/a%d/" % i
    return ("<item><title>%s</title><link>%s</link><author>%s</author>"
            "<pubDate>Tue, %02d Dec 2026 %02d:00:00 +0000</pubDate>"
            "<description>&lt;p&gt;Article %d &amp;amp; %s&amp;nbsp;notes, "
            "long enough to wrap at any width.&lt;/p&gt;</description></item>\n"
            % (title, link, author, 1 + i % 28, i % 24, i, WORDS[i % n])).encode()


def feed(n, off, cut=None):
    items = [item(i) for i in range(off + n - 1, off - 1, -1)]
    head = (b'<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"><channel>'
            b"<title>Monkey Weekly</title><link>https://example.org/</link>\n")
    if cut is not None and cut < n:
        part = items[cut]
        return head + b"".join(items[:cut]) + part[:len(part) // 2]
    return head + b"".join(items) + b"</channel></rss>\n"


def response(step):
    if step[0] == "304":
        return b'HTTP/1.1 304 Not Modified\r\nETag: "same"\r\nConnection: close\r\n\r\n'
    if step[0] == "500":
        return (b"HTTP/1.1 500 Internal Server Error\r\nContent-Length: 0\r\n"
                b"Connection: close\r\n\r\n")
    if step[0] == "junk":
        body = b"<html><body>This is not the feed you are looking for"
    else:
        n, off = int(step[1]), int(step[2])
        body = feed(n, off, int(step[3]) if step[0] == "cut" else None)
    return (b"HTTP/1.1 200 OK\r\nContent-Type: application/rss+xml\r\n"
            b'ETag: "%d"\r\nContent-Length: %d\r\nConnection: close\r\n\r\n'
            % (zlib.crc32(body), len(body))) + body


def serve(conn, ctx, step):
    try:
        conn.settimeout(10)
        s = ctx.wrap_socket(conn, server_side=True)
        req = b""
        while b"\r\n\r\n" not in req:
            b = s.recv(65536)
            if not b:
                return
            req += b
        s.sendall(response(step))
        s.close()
    except (OSError, ssl.SSLError, ValueError, IndexError):
        pass


def main():
    with open(PLAN) as f:
        plan = [line.split() for line in f if line.strip()]
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    ctx.load_cert_chain(DIR + "/cert.pem", DIR + "/key.pem")
    ls = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    ls.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    ls.bind(("127.0.0.1", 0))
    ls.listen(16)
    print(ls.getsockname()[1], flush=True)
    n = 0
    while True:
        conn, _ = ls.accept()
        step = plan[n % len(plan)]
        if os.path.exists(FINAL):
            step = ["feed", "15", "1000"]
        n += 1
        with open(DIR + "/requests", "a") as f:
            f.write("%d %s\n" % (n, " ".join(step)))
        if step[0] == "stall":
            held.append(conn)
            continue
        if step[0] == "close":
            conn.close()
            continue
        threading.Thread(target=serve, args=(conn, ctx, step), daemon=True).start()


if __name__ == "__main__":
    main()
