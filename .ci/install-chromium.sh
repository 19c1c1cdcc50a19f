#!/usr/bin/env bash
# Install Debian's chromium (headless browser check of the docs, tests/docs/test_docs_browser.py) and a
# CJK font so that screenshots of the 中文 rulebooks show Chinese text. Idempotent; needs root (apt).
set -euo pipefail
if command -v chromium >/dev/null 2>&1 && fc-list :lang=zh 2>/dev/null | grep -q .; then
  echo "chromium and a CJK font are already installed"
  exit 0
fi
export DEBIAN_FRONTEND=noninteractive
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq chromium fonts-wqy-zenhei >/dev/null
chromium --version
