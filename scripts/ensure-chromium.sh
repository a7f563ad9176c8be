#!/bin/sh
# Make sure Debian's Chromium is installed for the browser test (test/browser.test.ts).
# Does nothing when the browser is already there; otherwise installs the `chromium` package with
# apt-get (as root, no sudo), retrying apt's transient failures. Exits non-zero with a one-line
# reason when it cannot, so the test fails with that reason instead of being skipped.
set -u

CHROMIUM="${CHECKER_CHROMIUM:-/usr/bin/chromium}"
say() { echo "ensure-chromium: $*" >&2; }

if [ -x "$CHROMIUM" ]; then exit 0; fi
if [ "$CHROMIUM" != /usr/bin/chromium ]; then say "$CHROMIUM (CHECKER_CHROMIUM) does not exist"; exit 1; fi
if ! command -v apt-get >/dev/null 2>&1; then say "/usr/bin/chromium is missing and apt-get is not available to install it"; exit 1; fi
if [ "$(id -u)" != 0 ]; then say "/usr/bin/chromium is missing and installing it needs root (apt-get install -y chromium)"; exit 1; fi

export DEBIAN_FRONTEND=noninteractive
# One apt install at a time, of this tool or another (the browser and the Go tests start
# together on a fresh machine: two concurrent `apt-get update`s fail on the lists lock).
exec 9>/tmp/checker-ensure-apt.lock
if command -v flock >/dev/null 2>&1; then flock 9; fi
if [ -x "$CHROMIUM" ]; then exit 0; fi

say "installing Debian's chromium package (about a minute on a fresh machine)"
. "$(dirname "$0")/apt-install.sh"
apt_install chromium || exit 1

if [ ! -x "$CHROMIUM" ]; then say "apt-get succeeded but $CHROMIUM is still missing"; exit 1; fi
"$CHROMIUM" --version >&2 || true
