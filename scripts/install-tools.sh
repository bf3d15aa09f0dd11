#!/usr/bin/env bash
# The programs of the machine the tests use besides npm packages: Ghostscript (the print-shop
# tests measure DriveThruCards ink with it, and its CMYK profile is their output intent).
# Run before `npm test` (pretest): installs what is missing with apt-get when run as root,
# else says what to install and stops.
set -euo pipefail
if command -v gs >/dev/null 2>&1 && { [ -f /usr/share/color/icc/ghostscript/default_cmyk.icc ] || [ -f /usr/share/ghostscript/iccprofiles/default_cmyk.icc ]; }; then
  exit 0
fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "installing Ghostscript for the print-shop tests (apt-get install ghostscript)" >&2
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ghostscript >/dev/null
else
  echo "the tests need Ghostscript: run 'sudo apt-get install -y ghostscript' (Debian, Ubuntu) or 'brew install ghostscript' (macOS), then npm test again" >&2
  exit 1
fi
