#!/usr/bin/env bash
# The catalogues (src/locales) hold every message the code has, and no other: extraction on a copy
# of them must change nothing but the creation date. Run by scripts/test-all.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
before=$(mktemp -d)
cp -r src/locales "$before/"
npx lingui extract --clean >/dev/null
if ! diff -r -I '^"POT-Creation-Date' "$before/locales" src/locales; then
  cp -r "$before/locales/." src/locales/
  echo "The catalogues are out of date with the code: run npm run i18n:extract, translate what is new (docs/i18n.md)." >&2
  exit 1
fi
rm -rf "$before"
echo "catalogues up to date"
