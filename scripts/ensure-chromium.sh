#!/usr/bin/env bash
# Installs Debian's Chromium for the browser tests when it is missing (test tools never download browsers).
set -euo pipefail
path="${CHROMIUM_PATH:-/usr/bin/chromium}"
[ -x "$path" ] && exit 0
echo "Chromium not found at $path: installing Debian's chromium package"
sudo_cmd=""
[ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
$sudo_cmd apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq chromium >/dev/null
