#!/usr/bin/env bash
# Builds the `capy` wheel and tests it as a user gets it: a fresh virtual
# environment, maturin and pytest from the package index, the wheel
# installed with pip, the Python test suite run from outside the source
# tree (so `import capy` is the installed wheel). Run by .ci/run.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
python="${PYTHON:-python3}"
venv="$(mktemp -d "${TMPDIR:-/tmp}/capy-py-ci.XXXXXX")"
trap 'rm -rf "$venv"' EXIT

echo "== capy-py: fresh venv with $("$python" --version) in $venv"
if ! "$python" -m venv "$venv" 2>/dev/null; then
    # Debian's python3 keeps venv (ensurepip) in a package of its own.
    command -v apt-get >/dev/null 2>&1 || { echo "capy-py: $python cannot make a venv" >&2; exit 1; }
    SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
    $SUDO apt-get update -qq && $SUDO apt-get install -y -qq python3-venv >/dev/null
    "$python" -m venv "$venv"
fi
"$venv/bin/python" -m pip install -q --upgrade pip
"$venv/bin/python" -m pip install -q maturin pytest

echo "== capy-py: maturin build --release"
wheels="$venv/wheels"
(cd "$here" && "$venv/bin/maturin" build --release --interpreter "$venv/bin/python" --out "$wheels")

echo "== capy-py: pip install the wheel, pytest"
"$venv/bin/python" -m pip install -q "$wheels"/capy-*.whl
cd "$venv"
"$venv/bin/python" -m pytest -q -p no:cacheprovider "$here/tests"
