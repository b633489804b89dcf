#!/usr/bin/env bash
# The Debian packages casefile needs beside its Python packages: Pango, HarfBuzz's subsetter and the
# DejaVu fonts for WeasyPrint's PDFs (without libharfbuzz-subset0 font subsetting falls back to a
# slower path whose bytes differ, and WeasyPrint warns on every document); with `browser`, Debian's
# Chromium for the browser tests. Installs what is missing when run as root (apt-get), otherwise
# prints the exact command to run and exits 1.
set -euo pipefail

need=()
ldconfig -p 2>/dev/null | grep -q 'libpango-1.0.so.0' || need+=(libpango-1.0-0 libpangoft2-1.0-0)
ldconfig -p 2>/dev/null | grep -q 'libharfbuzz-subset.so.0' || need+=(libharfbuzz-subset0)
{ command -v fc-list >/dev/null && fc-list | grep -qi 'DejaVu Serif'; } || need+=(fonts-dejavu-core fontconfig)
if [ "${1:-}" = "browser" ]; then
  command -v chromium >/dev/null || need+=(chromium)
fi
[ ${#need[@]} -eq 0 ] && exit 0

cmd="apt-get update -qq && apt-get install -y -qq ${need[*]}"
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "casefile: installing system packages: ${need[*]}" >&2
  sh -c "$cmd" >/dev/null
else
  echo "casefile needs these system packages: ${need[*]}" >&2
  echo "install them with:  sudo sh -c '$cmd'" >&2
  exit 1
fi
