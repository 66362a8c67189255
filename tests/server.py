# See LICENSE file for copyright and license details.
"""server.py: loopback HTTP and HTTPS servers for the tests and the benchmark.

    python3 tests/server.py DIR [FEED]

DIR holds the certificates made by mkcerts (tests/tlslib.sh), or none:
then the plain HTTP listeners alone are started.  Every listener binds
port 0 on 127.0.0.1; when all are up, DIR/ports gets one "name port" line
each.  Every listener replays the canned responses below by path, byte for
byte, so the client's framing, limits and redirects can be tested; FEED
(a file) is served at /feed.  The server exits when its standard input
closes or after five minutes, whichever comes first.
"""
import os
import socket
import ssl
import sys
import threading
import time

DIR = sys.argv[1]
FEED = open(sys.argv[2], "rb").read() if len(sys.argv) > 2 else b"<rss/>"
PORTS = {}
SNI = [None]
CANNED = {}

HEAD = b"HTTP/1.1 200 OK\r\nContent-Type: application/rss+xml\r\n"


def cl(body, head=HEAD):
    return head + b"Content-Length: %d\r\n\r\n" % len(body) + body


def redirect(code, loc):
    return (b"HTTP/1.1 %d Moved\r\nLocation: %s\r\nContent-Length: 0\r\n\r\n"
            % (code, loc.encode()))


def chunked():
    return (HEAD + b"Transfer-Encoding: chunked\r\n\r\n"
            b"5;name=value;other\r\nhello\r\n"
            b"1 ; spaced-ext\r\n,\r\n"
            b"6\r\n world\r\n"
            b"0;last=1\r\nX-Trailer: yes\r\nX-Other: 1\r\n\r\n")


def responses():
    """path -> bytes to send; made once, when every port is known (20 ms a
    time here, most of it the big bodies)"""
    plain = PORTS.get("plain", 0)
    tls = PORTS.get("tls", 0)
    r = {
        "/feed": cl(FEED),
        "/cl": cl(b"hello, world"),
        "/chunked": chunked(),
        "/close": HEAD + b"\r\nread to close",
        "/empty": cl(b""),
        "/204": b"HTTP/1.1 204 No Content\r\n\r\n",
        "/304": b"HTTP/1.1 304 Not Modified\r\nETag: \"v1\"\r\n\r\n",
        "/404": b"HTTP/1.1 404 Not Found\r\nContent-Length: 9\r\n\r\nnot found",
        "/500": b"HTTP/1.1 500 Internal Server Error\r\nContent-Length: 0\r\n\r\n",
        "/503": (b"HTTP/1.1 503 Service Unavailable\r\nRetry-After: 120\r\n"
                 b"Content-Length: 0\r\n\r\n"),
        "/gzip": (HEAD + b"Content-Encoding: gzip\r\nContent-Length: 4\r\n\r\n"
                  b"\x1f\x8b\x08\x00"),
        "/continue": (b"HTTP/1.1 100 Continue\r\n\r\n"
                      b"HTTP/1.1 103 Early Hints\r\nLink: </x>\r\n\r\n"
                      + cl(b"after interim")),
        "/validators": cl(b"v", HEAD + b"ETag: \"abc\"\r\n"
                          b"Last-Modified: Sun, 06 Nov 1994 08:49:37 GMT\r\n"),
        "/bighead": HEAD + b"X-Big: " + b"a" * 70000 + b"\r\n\r\n",
        "/manyheaders": HEAD + b"X-H: 1\r\n" * 150 + b"Content-Length: 0\r\n\r\n",
        "/bigbody": HEAD + b"Content-Length: 2000000\r\n\r\n" + b"x" * 2000000,
        "/bigclose": HEAD + b"\r\n" + b"x" * 2000000,
        "/bigchunk": HEAD + b"Transfer-Encoding: chunked\r\n\r\n1e8480\r\n",
        "/badlength": HEAD + b"Content-Length: 5\r\nContent-Length: 6\r\n\r\nhello",
        "/http2": b"HTTP/2 200\r\n\r\n",
        # framing as RFC 9112 6.1, 6.3 and 7.1.1 have it
        "/te-identity": HEAD + b"Transfer-Encoding: identity\r\n\r\nhello",
        "/te-empty": HEAD + b"Transfer-Encoding: \r\n\r\nhello",
        "/te-unknown": HEAD + b"Transfer-Encoding: br\r\n\r\nhello",
        "/te-notlast": (HEAD + b"Transfer-Encoding: chunked\r\nTransfer-Encoding: gzip\r\n\r\n"
                        b"5\r\nhello\r\n0\r\n\r\n"),
        "/te-http10": (b"HTTP/1.0 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
                       b"5\r\nhello\r\n0\r\n\r\n"),
        "/te-and-cl": (HEAD + b"Content-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n"
                       b"5\r\nhello\r\n0\r\n\r\n"),
        "/cl-comma": HEAD + b"Content-Length: ,\r\n\r\nhello",
        "/cl-differ": HEAD + b"Content-Length: 5,6\r\n\r\nhello!",
        "/cl-sign": HEAD + b"Content-Length: +5\r\n\r\nhello",
        "/cl-space": HEAD + b"Content-Length: 1 2\r\n\r\nhello, world",
        "/cl-list": HEAD + b"Content-Length: 12, 12\r\n\r\nhello, world",
        "/chunk-ext": (HEAD + b"Transfer-Encoding: chunked\r\n\r\n"
                       b"5 ; a = b ;q=\"x \\\" y\"\r\nhello\r\n7;e\r\n, world\r\n0\r\n\r\n"),
        "/chunk-ext-bad": (HEAD + b"Transfer-Encoding: chunked\r\n\r\n"
                           b"5;a=b c\r\nhello\r\n0\r\n\r\n"),
        "/chunk-ws": (HEAD + b"Transfer-Encoding: chunked\r\n\r\n"
                      b"5 \r\nhello\r\n0\r\n\r\n"),
        "/chunk-lf": (HEAD + b"Transfer-Encoding: chunked\r\n\r\n"
                      b"5\nhello\r\n0\r\n\r\n"),
        "/bare-lf": (b"HTTP/1.1 200 OK\nContent-Type: text/plain\nContent-Length: 12\n\n"
                     b"hello, world"),
        "/garbage": b"SSH-2.0-OpenSSH_9.2\r\n",
        # truncated at each framing point, then closed
        "/trunc-status": b"HTTP/1.1 200",
        "/trunc-head": HEAD + b"Content-Length: 10\r\n",
        "/trunc-cl": HEAD + b"Content-Length: 10\r\n\r\nhello",
        "/trunc-size": HEAD + b"Transfer-Encoding: chunked\r\n\r\n5",
        "/trunc-chunk": HEAD + b"Transfer-Encoding: chunked\r\n\r\n5\r\nhel",
        "/trunc-crlf": HEAD + b"Transfer-Encoding: chunked\r\n\r\n5\r\nhello",
        "/trunc-last": HEAD + b"Transfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n",
        "/trunc-trailer": (HEAD + b"Transfer-Encoding: chunked\r\n\r\n"
                           b"5\r\nhello\r\n0\r\nX-T: 1\r\n"),
        "/nothing": b"",
        # redirects
        "/redir-rel": redirect(302, "cl"),
        "/dir/redir-dotdot": redirect(303, "../cl?x=1#frag"),
        "/redir-abs": redirect(301, "http://localhost:%d/cl" % plain),
        "/redir-tls": redirect(308, "https://localhost:%d/cl" % tls),
        "/redir-down": redirect(307, "http://localhost:%d/cl" % plain),
        "/loop-a": redirect(302, "/loop-b"),
        "/loop-b": redirect(302, "/loop-a"),
        "/redir-self": redirect(302, ""),
        "/redir-none": b"HTTP/1.1 302 Found\r\nContent-Length: 0\r\n\r\n",
    }
    for i in range(8):
        r["/chain/%d" % i] = redirect(302, "/chain/%d" % (i + 1))
    r["/chain/8"] = cl(b"end of chain")
    return r


def stall(conn):
    conn.sendall(HEAD + b"Content-Length: 10\r\n\r\nhe")
    time.sleep(5)


def drip(conn):
    conn.sendall(HEAD + b"Content-Length: 100\r\n\r\n")
    for _ in range(100):
        conn.sendall(b"x")
        time.sleep(0.3)


def echo(conn, req):
    conn.sendall(cl(req))


def closenotify(conn):
    conn.sendall(HEAD + b"\r\nclose_notify")
    conn.unwrap()


SPECIAL = {"/stall": stall, "/drip": drip, "/close-notify": closenotify}


def serve(conn, ctx, name):
    try:
        # longer than the client's fetchtimeout (tests/config.test.h): on
        # a loaded machine a handshake can take seconds, and the client,
        # not the server, gives up first
        conn.settimeout(60)
        if ctx:
            conn = ctx.wrap_socket(conn, server_side=True)
        req = b""
        while b"\r\n\r\n" not in req and len(req) < 65536:
            b = conn.recv(4096)
            if not b:
                return
            req += b
        path = req.split(b" ")[1].decode("latin-1") if b" " in req else "/"
        path = path.split("?")[0]
        if path == "/echo":
            echo(conn, req)
        elif path == "/sni":
            conn.sendall(cl(str(SNI[0]).encode()))
        elif path in SPECIAL:
            SPECIAL[path](conn)
        else:
            resp = CANNED.get(path)
            if resp is None:
                resp = b"HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n"
            conn.sendall(resp)
    except ssl.SSLError as e:
        # the tests read why a handshake failed: an alert the client sent
        print("%s: %s" % (name, e.reason or e), file=sys.stderr, flush=True)
    except OSError:
        pass
    finally:
        try:
            conn.close()
        except OSError:
            pass


def listen(name, ctx, family=socket.AF_INET):
    s = socket.socket(family, socket.SOCK_STREAM)
    s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    s.bind(("::1" if family == socket.AF_INET6 else "127.0.0.1", 0))
    s.listen(64)
    PORTS[name] = s.getsockname()[1]

    def loop():
        while True:
            c, _ = s.accept()
            c.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            threading.Thread(target=serve, args=(c, ctx, name), daemon=True).start()
    threading.Thread(target=loop, daemon=True).start()


def blackhole():
    """a port whose accept queue is full: connects to it time out"""
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.bind(("127.0.0.1", 0))
    s.listen(0)
    PORTS["full"] = s.getsockname()[1]
    fill = []
    for _ in range(4):
        c = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        c.setblocking(False)
        c.connect_ex(("127.0.0.1", PORTS["full"]))
        fill.append(c)
    time.sleep(0.2)
    return s, fill


def closedport():
    """a port nothing listens on: connects to it are refused"""
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.bind(("127.0.0.1", 0))
    PORTS["closed"] = s.getsockname()[1]
    return s


def sni(sock, name, ctx):
    """remember the server name the client sent, for /sni"""
    SNI[0] = name


def tlsctx(cert, minver=ssl.TLSVersion.TLSv1_2, key="key.pem", weak=False):
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    ctx.minimum_version = minver
    if weak:
        ctx.set_ciphers("DEFAULT:@SECLEVEL=0")   # to serve SHA-1 and MD5 chains
    ctx.load_cert_chain(os.path.join(DIR, cert), os.path.join(DIR, key))
    ctx.sni_callback = sni
    return ctx


def tlslisteners():
    listen("tls", tlsctx("good.pem"))
    for c in ("expired", "notyet", "wrongname", "selfsigned", "unknownca"):
        listen(c, tlsctx(c + ".pem"))
    listen("tls13", tlsctx("good.pem", ssl.TLSVersion.TLSv1_3))
    listen("chain", tlsctx("chain.pem"))
    ctx = tlsctx("good.pem")
    ctx.maximum_version = ssl.TLSVersion.TLSv1_2
    ctx.set_ciphers("ECDHE-ECDSA-ARIA128-GCM-SHA256")   # none BearSSL has
    listen("nocipher", ctx)
    listen("rsa", tlsctx("rsa.pem", key="rsakey.pem"))
    # the certificate policy's chains (tests/tlslib.sh, mkpolicy), when made
    for c in sorted(os.listdir(DIR)):
        n = c[:-len("-leaf.pem")] if c.endswith("-leaf.pem") else None
        if c in ("eku-client.pem", "eku-codesign.pem", "critical.pem", "nosan.pem",
                 "sha1.pem", "caleaf.pem"):
            listen(c[:-4], tlsctx(c, weak=c == "sha1.pem"))
        elif n:
            listen(n, tlsctx(n + ".pem", weak=n == "stray"))
    for c in ("md5", "pss"):
        if os.path.exists(os.path.join(DIR, c + ".pem")):
            listen(c, tlsctx(c + ".pem", key="rsakey.pem", weak=True))
    if os.path.exists(os.path.join(DIR, "weakrsa.pem")):
        listen("weakrsa", tlsctx("weakrsa.pem", key="weakkey.pem", weak=True))
    # servers without one suite lwnrss offers: RSA key exchange, or CBC
    ctx = tlsctx("rsa.pem", key="rsakey.pem")
    ctx.maximum_version = ssl.TLSVersion.TLSv1_2
    ctx.set_ciphers("AES128-GCM-SHA256:AES256-SHA")
    listen("rsakx", ctx)
    ctx = tlsctx("good.pem")
    ctx.maximum_version = ssl.TLSVersion.TLSv1_2
    ctx.set_ciphers("ECDHE-ECDSA-AES128-SHA:ECDHE-ECDSA-AES256-SHA384")
    listen("cbc", ctx)


def main():
    listen("plain", None)
    if os.path.exists(os.path.join(DIR, "good.pem")):
        tlslisteners()
    keep = (blackhole(), closedport())
    try:
        listen("plain6", None, socket.AF_INET6)
    except OSError:
        pass   # no IPv6 loopback here
    CANNED.update(responses())
    tmp = os.path.join(DIR, "ports.tmp")
    with open(tmp, "w") as f:
        for k, v in PORTS.items():
            f.write("%s %d\n" % (k, v))
    os.rename(tmp, os.path.join(DIR, "ports"))
    # until stdin closes (the test script ends) or five minutes pass
    threading.Thread(target=lambda: (sys.stdin.read(), os._exit(0)), daemon=True).start()
    time.sleep(300)
    os._exit(len(keep) - 2)


main()
