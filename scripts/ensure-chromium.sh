#!/usr/bin/env bash
# Makes sure the browser tests have a Chromium: CHROMIUM_PATH when set, else Debian's
# /usr/bin/chromium, installed here when missing (as root, or through sudo).
set -euo pipefail

if [ -n "${CHROMIUM_PATH:-}" ]; then
  [ -x "$CHROMIUM_PATH" ] || { echo "CHROMIUM_PATH=$CHROMIUM_PATH is not an executable." >&2; exit 1; }
  exit 0
fi
if [ -x /usr/bin/chromium ]; then exit 0; fi

as_root=()
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then as_root=(sudo); else
    echo "The browser tests need Chromium: install Debian's 'chromium' package, or set CHROMIUM_PATH to a Chromium binary." >&2
    exit 1
  fi
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "The browser tests need Chromium: install it, then set CHROMIUM_PATH to its binary." >&2
  exit 1
fi
echo "Installing Debian's chromium for the browser tests..."
"${as_root[@]}" apt-get update -qq
DEBIAN_FRONTEND=noninteractive "${as_root[@]}" apt-get install -y -qq chromium >/dev/null
/usr/bin/chromium --version
