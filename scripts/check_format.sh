#!/usr/bin/env bash
# Fails when a C++ source differs from what clang-format makes of it (the style is .clang-format;
# `make format` rewrites the files). Usage: scripts/check_format.sh [CLANG_FORMAT]
set -euo pipefail
cd "$(dirname "$0")/.."
cf="${1:-clang-format}"
find include src tools tests bench python -name '*.h' -o -name '*.cpp' | sort |
  xargs "$cf" --dry-run -Werror
