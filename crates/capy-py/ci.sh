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
"$python" -m venv "$venv"
"$venv/bin/python" -m pip install -q --upgrade pip
"$venv/bin/python" -m pip install -q maturin pytest

echo "== capy-py: maturin build --release"
wheels="$venv/wheels"
(cd "$here" && "$venv/bin/maturin" build --release --interpreter "$venv/bin/python" --out "$wheels")

echo "== capy-py: pip install the wheel, pytest"
"$venv/bin/python" -m pip install -q "$wheels"/capy-*.whl
cd "$venv"
"$venv/bin/python" -m pytest -q -p no:cacheprovider "$here/tests"
