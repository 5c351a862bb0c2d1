#!/usr/bin/env bash
# Install everything autobot needs on a Debian machine: system packages (only those missing),
# a virtualenv in .venv, and the package with its dev and desktop extras. Safe to run again.
set -euo pipefail
cd "$(dirname "$0")/.."

need=()
for pkg in chromium chromium-driver xvfb xauth xdotool fonts-liberation fonts-dejavu-core; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || need+=("$pkg")
done
if [ ${#need[@]} -gt 0 ]; then
  sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
  echo "installing system packages: ${need[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi

python=${PYTHON:-python3}
[ -x .venv/bin/python ] || "$python" -m venv .venv
log=$(mktemp)
pip_quiet() {  # pip's build chatter only when it fails
  .venv/bin/pip install -q "$@" >"$log" 2>&1 || { cat "$log" >&2; rm -f "$log"; exit 1; }
}
pip_quiet --upgrade pip
pip_quiet -e '.[dev,desktop]'
# pyautogui pulls an old Xlib binding that breaks with Xvfb's auth; the current one works.
pip_quiet --force-reinstall --no-deps python-xlib
rm -f "$log"
.venv/bin/python -c "import autobot, cv2, numpy, selenium, mss" || { echo "install failed" >&2; exit 1; }
