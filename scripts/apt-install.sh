# Sourced by scripts/ensure-*.sh: apt_install PACKAGE installs a Debian package with apt-get,
# retrying apt's transient failures (three attempts); on failure it says so (through the caller's
# `say`) and returns non-zero. The caller checks root, apt-get and its own lock first.
apt_install() {
  attempt=1
  while :; do
    if apt-get -q -o DPkg::Lock::Timeout=300 update &&
       apt-get -q -y -o DPkg::Lock::Timeout=300 install "$1"; then
      return 0
    fi
    if [ "$attempt" -ge 3 ]; then say "apt-get install $1 failed $attempt times"; return 1; fi
    say "apt-get failed (attempt $attempt); retrying"
    attempt=$((attempt + 1))
    sleep $((attempt * 5))
  done
}
