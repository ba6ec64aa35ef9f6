#!/usr/bin/env bash
# Renders the `tilesplit explain` page of the demo kernel (the one `make demo` uses) and takes
# the screenshot kept in docs/ with headless Chromium:
#
#   scripts/explain_screenshot.sh [TILESPLIT] [OUT.png]   (defaults: build/bin/tilesplit,
#                                                          docs/explain-demo.png)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
tilesplit=${1:-$root/build/bin/tilesplit}
out=${2:-$root/docs/explain-demo.png}
browser=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$browser" ]; then
  echo "explain_screenshot.sh: no chromium (scripts/bootstrap.sh installs it)" >&2
  exit 1
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# Run from the root so the page names the kernel examples/demo.py.
(cd "$root" && "$tilesplit" explain examples/demo.py --html "$tmp/demo.html" >/dev/null)
"$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars --no-first-run \
  --user-data-dir="$tmp/profile" --window-size=1280,1000 --screenshot="$tmp/shot.png" \
  "file://$tmp/demo.html" 2>/dev/null
mv "$tmp/shot.png" "$out"
echo "wrote $out"
