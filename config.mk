# lwnrss version
VERSION = 0.1

# Customize below to fit your system

# paths
PREFIX = /usr/local
MANPREFIX = $(PREFIX)/share/man

X11INC = /usr/X11R6/include
X11LIB = /usr/X11R6/lib

# freetype
FREETYPELIBS = -lfontconfig -lXft
FREETYPEINC = /usr/include/freetype2

# BearSSL (Debian: libbearssl-dev, no pkg-config file), and POSIX threads
# for http.c's name lookup, which must end by the fetch's deadline
BEARSSLINC =
BEARSSLLIBS = -lbearssl -lpthread

# includes and libs
INCS = -I$(X11INC) -I$(FREETYPEINC) $(BEARSSLINC)
LIBS = -L$(X11LIB) -lX11 $(FREETYPELIBS) $(BEARSSLLIBS)

# flags (no unwind tables: nothing in lwnrss unwinds the stack, and they
# were 12 KB of the binary; the PLT stays: -fno-plt took 6 KB off it, but
# binding every import at start cost 0.13 M instructions a start)
LWNRSS_CPPFLAGS = -D_DEFAULT_SOURCE -D_POSIX_C_SOURCE=200809L -DVERSION=\"$(VERSION)\" $(CPPFLAGS)
LWNRSS_CFLAGS = -std=c99 -pedantic -Wall -Wextra -Os -fno-asynchronous-unwind-tables $(INCS) $(LWNRSS_CPPFLAGS) $(CFLAGS)
LWNRSS_LDFLAGS = $(LIBS) $(LDFLAGS)

# packed relative relocations, 12 KB less: glibc 2.36 (Debian 12, Ubuntu
# 24.04) or musl 1.2.4 and later read them.  Where the binary so linked
# does not start (an older glibc refuses it), the Makefile links again
# without; on an older musl, which would not refuse it, leave RELR empty.
RELR = -Wl,-z,pack-relative-relocs

# compiler and linker
CC = cc
