#!/usr/bin/env bash
# Browser tests run in Debian's Chromium; Playwright must never download a browser here. A Chinese
# font comes with it (Debian's fonts-wqy-microhei), so the 简体中文 screens and their screenshots show
# characters, not empty boxes; without one the tests still pass (they read text, not glyphs).
set -euo pipefail

have_cjk_font() { command -v fc-list >/dev/null 2>&1 && [ -n "$(fc-list :lang=zh 2>/dev/null | head -n1)" ]; }

missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
have_cjk_font || missing+=(fonts-wqy-microhei)
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's ${missing[*]} (browser tests need /usr/bin/chromium and a Chinese font)…"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null
  apt-get install -y -qq "${missing[@]}" >/dev/null
  exit 0
fi
if [ ! -x /usr/bin/chromium ]; then
  echo "Browser tests need Debian's Chromium at /usr/bin/chromium. Install it with: sudo apt-get install -y chromium fonts-wqy-microhei" >&2
  exit 1
fi
echo "No Chinese font: the 简体中文 screenshots will show boxes. Install one with: sudo apt-get install -y fonts-wqy-microhei" >&2
