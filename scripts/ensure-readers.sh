#!/usr/bin/env bash
# Installs the independent readers the API tests hand Sower's files to (tests/api/readers.test.ts): Python's icalendar
# (with dateutil) for the calendar files and vobject for the vCards: Debian's packages, for Debian's /usr/bin/python3.
set -euo pipefail
/usr/bin/python3 -c 'import icalendar, dateutil.rrule, vobject' 2>/dev/null && exit 0
echo "Python's icalendar or vobject not found: installing Debian's python3-icalendar and python3-vobject"
sudo_cmd=""
[ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
$sudo_cmd apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq python3-icalendar python3-vobject python3-dateutil >/dev/null
