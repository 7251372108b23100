#!/usr/bin/env bash
# Makes sure the tests have the programs they use beside Node: a Chromium for the browser
# tests (CHROMIUM_PATH when set, else Debian's chromium-headless-shell, the same Chromium
# without a browser window around its pages, which runs the suite in about half the time of
# the full browser; else Debian's /usr/bin/chromium) and poppler's pdfsig and pdftotext,
# which check the sealed PDFs. Missing ones are installed with apt-get (as root, or through
# sudo).
set -euo pipefail

packages=()
if [ -n "${CHROMIUM_PATH:-}" ]; then
  [ -x "$CHROMIUM_PATH" ] || { echo "CHROMIUM_PATH=$CHROMIUM_PATH is not an executable." >&2; exit 1; }
elif [ ! -x /usr/bin/chromium-headless-shell ]; then
  # Without apt-get, an installed full Chromium does.
  if command -v apt-get >/dev/null 2>&1 || [ ! -x /usr/bin/chromium ]; then packages+=(chromium-headless-shell); fi
fi
if ! command -v pdfsig >/dev/null 2>&1 || ! command -v pdftotext >/dev/null 2>&1; then packages+=(poppler-utils); fi
[ ${#packages[@]} -eq 0 ] && exit 0

as_root=()
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then as_root=(sudo); else
    echo "The tests need ${packages[*]}: install them (Debian: apt-get install ${packages[*]}), or set CHROMIUM_PATH to a Chromium binary." >&2
    exit 1
  fi
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "The tests need ${packages[*]} (a Chromium, and poppler's pdfsig and pdftotext): install them; CHROMIUM_PATH can name the Chromium binary." >&2
  exit 1
fi
echo "Installing ${packages[*]} for the tests..."
"${as_root[@]}" apt-get update -qq
DEBIAN_FRONTEND=noninteractive "${as_root[@]}" apt-get install -y -qq "${packages[@]}" >/dev/null
[ -n "${CHROMIUM_PATH:-}" ] || /usr/bin/chromium-headless-shell --version
pdfsig -v 2>&1 | head -1
