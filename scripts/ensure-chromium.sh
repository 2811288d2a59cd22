#!/usr/bin/env bash
# Browser tests drive Debian's Chromium; install it when missing and we are root (never a downloaded browser build).
set -euo pipefail
if command -v chromium >/dev/null 2>&1; then exit 0; fi
if [ "$(id -u)" != "0" ]; then
  echo "Chromium is missing: run 'sudo apt-get update && sudo apt-get install -y chromium' and try again." >&2
  exit 1
fi
echo "Installing Debian's chromium for the browser tests..."
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
