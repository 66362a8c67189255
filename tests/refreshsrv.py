#!/usr/bin/env python3
# See LICENSE file for copyright and license details.
"""refreshsrv.py dir log clock: an HTTPS server on 127.0.0.1 for tests/refresh.sh.

Serves with dir/cert.pem and dir/key.pem and prints its port on stdout.
Every request is logged to the file log as one line, when it arrived on
the tests' clock (the time plus the seconds in the file clock, as
tests/config.test.h's), its path, and its If-None-Match in hex ("-" for
none), byte for byte.  Paths:

  /none     a feed with no hint; 304 when the request has its ETag
  /maxage   the same, with Cache-Control: max-age=7000 on the 200 and the 304
  /bare304  max-age=7000 on the 200 only: the 304 says nothing of freshness,
            so the stored response's still holds (RFC 9111 4.3.4)
  /ttl      a feed with <ttl>90</ttl>
  /syn      a feed with syn:updatePeriod daily, syn:updateFrequency 7
  /retry    the feed, then 503 with Retry-After: 5400, then the feed
  /etag     the feed with an ETag of odd bytes (a tab, bytes above 0x7f);
            to that ETag a 304 with a new one; to the new one a 304
  /long     the feed with an ETag of 7000 bytes; 304 to it
  /nostore  the feed with Cache-Control: no-store, max-age=7200
  /moved    a 302 to /dir/relative.xml, tests/fixtures/relative.xml: its
            relative links resolve against the URL after the redirect
"""
import socket
import ssl
import sys
import threading
import time

DIR, LOG, CLOCK = sys.argv[1], sys.argv[2], sys.argv[3]
lock = threading.Lock()
counts = {}

ODD = b'"odd\t\x80\xfe\xff!"'
NEW = b'W/"second"'
LONG = b'"' + b"x" * 6998 + b'"'


def feed(extra=b""):
    items = b"".join(
        b"<item><title>Article %d</title><link>https://example.org/%d</link>"
        b"<pubDate>Tue, 01 Dec 2026 1%d:00:00 +0000</pubDate></item>\n" % (i, i, i)
        for i in range(1, 4))
    return (b'<?xml version="1.0"?>\n<rss version="2.0" '
            b'xmlns:syn="http://purl.org/rss/1.0/modules/syndication/">'
            b"<channel><title>Polite refresh</title><link>https://example.org/</link>"
            + extra + b"\n" + items + b"</channel></rss>\n")


def now():
    try:
        with open(CLOCK) as f:
            off = int(f.read().strip() or 0)
    except (OSError, ValueError):
        off = 0
    return int(time.time()) + off


def response(code, head, body=b""):
    reason = {200: b"OK", 302: b"Found", 304: b"Not Modified",
              503: b"Service Unavailable"}[code]
    out = b"HTTP/1.1 %d %s\r\n" % (code, reason) + head
    if code != 304:
        out += b"Content-Type: application/rss+xml\r\nContent-Length: %d\r\n" % len(body)
    return out + b"Connection: close\r\n\r\n" + (body if code != 304 else b"")


def answer(path, inm, n):
    plain = feed()
    if path == "/none":
        return response(304, b'ETag: "n1"\r\n') if inm == b'"n1"' else \
            response(200, b'ETag: "n1"\r\n', plain)
    if path == "/maxage":
        head = b'ETag: "m1"\r\nCache-Control: max-age=7000\r\n'
        return response(304, head) if inm == b'"m1"' else response(200, head, plain)
    if path == "/bare304":
        return response(304, b'ETag: "b1"\r\n') if inm == b'"b1"' else \
            response(200, b'ETag: "b1"\r\nCache-Control: max-age=7000\r\n', plain)
    if path == "/ttl":
        return response(200, b"", feed(b"<ttl>90</ttl>"))
    if path == "/syn":
        return response(200, b"", feed(b"<syn:updatePeriod>daily</syn:updatePeriod>"
                                       b"<syn:updateFrequency>7</syn:updateFrequency>"))
    if path == "/retry":
        if n == 2:
            return response(503, b"Retry-After: 5400\r\n")
        return response(200, b"", plain)
    if path == "/etag":
        if inm == ODD:
            return response(304, b"ETag: " + NEW + b"\r\n")
        if inm == NEW:
            return response(304, b"")
        return response(200, b"ETag: " + ODD + b"\r\n", plain)
    if path == "/long":
        return response(304, b"") if inm == LONG else \
            response(200, b"ETag: " + LONG + b"\r\n", plain)
    if path == "/moved":
        return response(302, b"Location: /dir/relative.xml\r\n")
    if path == "/dir/relative.xml":
        with open("tests/fixtures/relative.xml", "rb") as f:
            return response(200, b"", f.read())
    if path == "/nostore":
        return response(200, b"Cache-Control: no-store, max-age=7200\r\n", plain)
    return b"HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n"


def serve(conn, ctx):
    try:
        conn.settimeout(10)
        s = ctx.wrap_socket(conn, server_side=True)
        req = b""
        while b"\r\n\r\n" not in req:
            b = s.recv(65536)
            if not b:
                return
            req += b
        lines = req.split(b"\r\n")
        path = lines[0].split(b" ")[1].decode("latin-1")
        inm = None
        for line in lines[1:]:
            if line.lower().startswith(b"if-none-match:"):
                inm = line[14:].strip(b" \t")
        with lock:
            counts[path] = n = counts.get(path, 0) + 1
            with open(LOG, "a") as f:
                f.write("%d %s %s\n" % (now(), path, inm.hex() if inm is not None else "-"))
        s.sendall(answer(path, inm, n))
        s.close()
    except (OSError, ssl.SSLError, IndexError):
        pass


def main():
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    ctx.load_cert_chain(DIR + "/cert.pem", DIR + "/key.pem")
    ls = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    ls.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    ls.bind(("127.0.0.1", 0))
    ls.listen(16)
    print(ls.getsockname()[1], flush=True)
    while True:
        conn, _ = ls.accept()
        threading.Thread(target=serve, args=(conn, ctx), daemon=True).start()


if __name__ == "__main__":
    main()
