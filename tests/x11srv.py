#!/usr/bin/env python3
# See LICENSE file for copyright and license details.
"""x11srv.py dir step...: an HTTPS server on 127.0.0.1 for tests/x11.sh.

Serves with dir/cert.pem and dir/key.pem and prints its port on stdout.
The n-th request gets the n-th step, the last step repeating:
  a file name  200 with the file as the body and an ETag of its bytes,
               or 304 Not Modified when the request's If-None-Match has it
  fail         500 with an empty body
  busy         503 with Retry-After: 5400
  stall        the TCP connection is accepted and never answered
With $X11SRV_LOG set, each request's status is appended to that file.
"""
import hashlib
import os
import socket
import ssl
import sys
import threading
import time

held = []


def answer(conn, step, ctx):
    if step == "stall":
        held.append(conn)
        return
    try:
        s = ctx.wrap_socket(conn, server_side=True)
        req = b""
        while b"\r\n\r\n" not in req:
            b = s.recv(4096)
            if not b:
                return
            req += b
        extra = ""
        if step == "fail":
            head, body = "500 Internal Server Error", b""
        elif step == "busy":
            head, body, extra = "503 Service Unavailable", b"", "Retry-After: 5400\r\n"
        else:
            head, body = "200 OK", open(step, "rb").read()
            tag = '"%s"' % hashlib.sha1(body).hexdigest()
            extra = "ETag: %s\r\n" % tag
            if ("if-none-match: " + tag).encode() in req.lower():
                head, body = "304 Not Modified", b""
        if os.environ.get("X11SRV_LOG"):
            with open(os.environ["X11SRV_LOG"], "a") as f:
                f.write(head.split()[0] + "\n")
        s.sendall(("HTTP/1.1 %s\r\nContent-Type: application/rdf+xml\r\n%s"
                   "Content-Length: %d\r\nConnection: close\r\n\r\n"
                   % (head, extra, len(body))).encode() + body)
        s.close()
    except (OSError, ssl.SSLError):
        pass


def main():
    steps = sys.argv[2:]
    # one context for every request: the key and certificate read once
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    ctx.load_cert_chain(sys.argv[1] + "/cert.pem", sys.argv[1] + "/key.pem")
    ls = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    ls.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    ls.bind(("127.0.0.1", 0))
    ls.listen(16)
    print(ls.getsockname()[1], flush=True)
    n = 0
    while True:
        conn, _ = ls.accept()
        step = steps[min(n, len(steps) - 1)]
        n += 1
        threading.Thread(target=answer, args=(conn, step, ctx), daemon=True).start()


if __name__ == "__main__":
    try:
        main()
    except KeyboardInterrupt:
        time.sleep(0)
