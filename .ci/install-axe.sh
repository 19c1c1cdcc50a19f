#!/usr/bin/env bash
# Install axe-core (the accessibility engine, from npm) for the accessibility check of the simulate HTML report
# (tests/simulate/test_report_browser.py injects it into the page through Playwright). Idempotent; needs npm.
set -euo pipefail
cd "$(dirname "$0")"
if [ -f axe/node_modules/axe-core/axe.min.js ]; then
  echo "axe-core is already installed"
  exit 0
fi
if ! command -v npm >/dev/null 2>&1; then
  echo "npm is not installed: the accessibility check of the simulate report will be skipped"
  exit 0
fi
npm install --silent --no-save --no-audit --no-fund --prefix axe axe-core@4 >/dev/null
echo "axe-core $(node -p "require('./axe/node_modules/axe-core/package.json').version" 2>/dev/null || echo installed)"
