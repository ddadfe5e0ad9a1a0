#!/usr/bin/env bash
# Installs the system packages Vestibule needs, only those missing.
#   scripts/install-deps.sh build   C libraries for building and running
#   scripts/install-deps.sh test    the same plus what the tests drive (PostgreSQL, nginx, curl, openssl, python3 with
#                                   aiosmtpd, budoux and authlib, Chromium, Apache with mod_auth_openidc, Prometheus with
#                                   promtool, and fonts for Japanese, Arabic (Noto Sans Arabic) and German)
#   scripts/install-deps.sh bench   the same plus nginx, PostgreSQL and wrk for the comparison benchmark
#   scripts/install-deps.sh fuzz    the same as build plus python3, the fuzz targets' second JSON oracle (libFuzzer and
#                                   AddressSanitizer come with the Swift toolchain)
set -euo pipefail
purpose=${1:-build}

apt_packages=(pkg-config libmicrohttpd-dev libsqlite3-dev libssl-dev libsodium-dev libpq-dev libcurl4-openssl-dev sqlite3 openssl)
brew_packages=(pkg-config libmicrohttpd sqlite openssl@3 libsodium libpq curl)
case "$purpose" in
  build) ;;
  test) apt_packages+=(postgresql nginx-light curl openssl python3 chromium chromium-driver fonts-dejavu-core fonts-noto-cjk fonts-noto-core
    apache2 libapache2-mod-auth-openidc prometheus) ;;
  bench) apt_packages+=(nginx-light postgresql wrk openssl curl); brew_packages+=(nginx wrk) ;;
  fuzz) apt_packages+=(python3); brew_packages+=(python3) ;;
  *) echo "usage: $0 build|test|bench|fuzz" >&2; exit 64 ;;
esac

if ! command -v swift >/dev/null 2>&1; then
  echo "Swift 6 is not installed: get it from https://www.swift.org/install/ and run this again." >&2
  exit 1
fi

if command -v apt-get >/dev/null 2>&1; then
  missing=()
  for package in "${apt_packages[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
  done
  if ((${#missing[@]})); then
    echo "Installing: ${missing[*]}"
    sudo_cmd=(); [ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
    "${sudo_cmd[@]}" apt-get update -qq
    DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
  fi
elif command -v brew >/dev/null 2>&1; then
  for package in "${brew_packages[@]}"; do
    brew list --versions "$package" >/dev/null 2>&1 || brew install "$package"
  done
else
  echo "No apt-get or Homebrew found. Install these with your package manager, then run make again:" >&2
  echo "  ${apt_packages[*]} (Debian names)" >&2
  exit 1
fi

# The mail tests run a real SMTP server: Python's aiosmtpd, installed with pip for whichever python3 is first
# on PATH (Debian's python3-aiosmtpd serves only Debian's own interpreter, not a pyenv or venv one).
if [ "$purpose" = test ] && ! python3 -c 'import aiosmtpd' >/dev/null 2>&1; then
  if ! python3 -m pip --version >/dev/null 2>&1; then
    if command -v apt-get >/dev/null 2>&1; then
      sudo_cmd=(); [ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
      DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends python3-pip
    else
      python3 -m ensurepip --user
    fi
  fi
  echo "Installing aiosmtpd (Python) for the mail tests"
  # A Debian-managed python3 refuses plain pip installs (PEP 668); the user site is then the place for a test tool.
  python3 -m pip install --quiet --disable-pip-version-check aiosmtpd 2>/dev/null \
    || python3 -m pip install --quiet --disable-pip-version-check --user --break-system-packages aiosmtpd
  python3 -c 'import aiosmtpd' || { echo "aiosmtpd is still not importable by python3" >&2; exit 1; }
fi

# The Japanese phrase segmenter is checked against Python's BudouX at the version its embedded model comes from.
if [ "$purpose" = test ] && ! python3 -c 'import budoux, importlib.metadata as m; assert m.version("budoux") == "0.10.1"' >/dev/null 2>&1; then
  echo "Installing budoux 0.10.1 (Python) for the phrase segmenter's reference test"
  python3 -m pip install --quiet --disable-pip-version-check budoux==0.10.1 2>/dev/null \
    || python3 -m pip install --quiet --disable-pip-version-check --user --break-system-packages budoux==0.10.1
fi

# The OpenID Connect provider is tested by real relying parties; one is a Python client on authlib, whose OpenID
# Connect client verifies ID tokens itself (with joserfc, its JOSE library). Pinned, with the requests it speaks HTTP
# through, so that a new release cannot change what the tests assert.
oidc_client=(authlib==1.9.10 joserfc==1.8.0 requests==2.32.5)
if [ "$purpose" = test ] && ! python3 -c '
import importlib.metadata as m, sys
sys.exit(any(m.version(p.split("==")[0]) != p.split("==")[1] for p in sys.argv[1:]))' "${oidc_client[@]}" >/dev/null 2>&1; then
  echo "Installing ${oidc_client[*]} (Python) for the OpenID Connect client tests"
  python3 -m pip install --quiet --disable-pip-version-check "${oidc_client[@]}" 2>/dev/null \
    || python3 -m pip install --quiet --disable-pip-version-check --user --break-system-packages "${oidc_client[@]}"
fi
