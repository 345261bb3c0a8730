#!/usr/bin/env bash
# Set up everything the test suite needs on a fresh Debian machine, then run it:
# Dovecot (the real IMAP server the mail tests start on loopback), Chromium
# (the real browser the archive test opens the site in), SpamAssassin (which
# scores the moderator's mail), a virtual
# environment with pbem installed from this checkout (not editable, as users
# get it), ruff, and pytest, which runs the tests on every core (pytest-xdist).
# Extra arguments go to pytest.
set -euo pipefail
cd "$(dirname "$0")/.."

need_debs=()
command -v dovecot >/dev/null || need_debs+=(dovecot-imapd dovecot-lmtpd)
[ -x /usr/lib/dovecot/lmtp ] || need_debs+=(dovecot-lmtpd)
command -v openssl >/dev/null || need_debs+=(openssl)
# SpamAssassin, Debian's with its default rules: a test scores every kind of mail with it.
command -v spamassassin >/dev/null || need_debs+=(spamassassin)
# Headless Chromium and its driver: the archive test opens the site in a real browser.
command -v chromium >/dev/null || need_debs+=(chromium)
[ -x /usr/bin/chromedriver ] || need_debs+=(chromium-driver)
if [ ${#need_debs[@]} -gt 0 ]; then
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${need_debs[@]}" >/dev/null
fi

python3 -m venv .venv
.venv/bin/pip install -q --upgrade pip
.venv/bin/pip install -q '.[test]'

.venv/bin/ruff check .
exec .venv/bin/pytest -n auto "$@"
