#!/bin/sh
# Make sure a Go toolchain is installed for the Go differential test (test/go-oracle.test.ts).
# Does nothing when `go` is on PATH or at /usr/lib/go/bin/go; otherwise installs Debian's
# `golang-go` package with apt-get (as root, no sudo), retrying apt's transient failures. Exits
# non-zero with a one-line reason when it cannot, so the test fails with that reason instead of
# being skipped. Go is a test-time tool only: nothing in the library needs it.
set -u

DEBIAN_GO=/usr/lib/go/bin/go
say() { echo "ensure-go: $*" >&2; }

if command -v go >/dev/null 2>&1 || [ -x "$DEBIAN_GO" ]; then exit 0; fi
if ! command -v apt-get >/dev/null 2>&1; then say "go is missing and apt-get is not available to install it"; exit 1; fi
if [ "$(id -u)" != 0 ]; then say "go is missing and installing it needs root (apt-get install -y golang-go)"; exit 1; fi

export DEBIAN_FRONTEND=noninteractive
# One apt install at a time, of this tool or another (the browser and the Go tests start
# together on a fresh machine: two concurrent `apt-get update`s fail on the lists lock).
exec 9>/tmp/checker-ensure-apt.lock
if command -v flock >/dev/null 2>&1; then flock 9; fi
if command -v go >/dev/null 2>&1 || [ -x "$DEBIAN_GO" ]; then exit 0; fi

say "installing Debian's golang-go package (about a minute on a fresh machine)"
. "$(dirname "$0")/apt-install.sh"
apt_install golang-go || exit 1

if [ ! -x "$DEBIAN_GO" ] && ! command -v go >/dev/null 2>&1; then say "apt-get succeeded but $DEBIAN_GO is still missing"; exit 1; fi
"$DEBIAN_GO" version >&2 || true
