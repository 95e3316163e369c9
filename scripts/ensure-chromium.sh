#!/usr/bin/env bash
# Browser tests run in Debian's Chromium; Playwright must never download a browser here.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's chromium (browser tests need /usr/bin/chromium)…"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null
  apt-get install -y -qq chromium >/dev/null
  exit 0
fi
echo "Browser tests need Debian's Chromium at /usr/bin/chromium. Install it with: sudo apt-get install -y chromium" >&2
exit 1
