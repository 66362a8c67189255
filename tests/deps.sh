#!/bin/sh
# See LICENSE file for copyright and license details.
# deps.sh pkg...: install the Debian/Ubuntu packages that are missing,
# through sudo when not root.  Says nothing when all are present.  A name
# an installed package provides counts as present (bookworm's tabbed is
# suckless-tools'), else apt would be asked for it every time.
provided=$(dpkg-query -W -f='${db:Status-Abbrev}|${Provides}\n' 2>/dev/null |
	sed -n 's/^ii *|//p' | tr ',' '\n' | sed 's/ *(.*//; s/^ *//')
missing=
for p in "$@"; do
	dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q ' installed$' ||
		printf '%s\n' "$provided" | grep -qxF "$p" ||
		missing="$missing $p"
done
[ -z "$missing" ] && exit 0

sudo=
[ "$(id -u)" = 0 ] || sudo=sudo
echo "installing:$missing"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq &&
$sudo apt-get install -y -qq --no-install-recommends $missing
