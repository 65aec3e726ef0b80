#!/usr/bin/env bash
# Fails when committed generated code no longer matches what its generator makes from the
# vendored data, so nobody edits generated files by hand or forgets to regenerate.
# Needs python3 (Debian: apt-get install -y python3). Usage: Scripts/check-generated.sh
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT

if ! command -v python3 >/dev/null; then
    echo "check-generated: error: python3 is needed to run Tools/generate-plural-rules.py." >&2
    exit 1
fi

python3 "$root/Tools/generate-plural-rules.py" --output-root "$scratch" >/dev/null
(cd "$root" && python3 Tools/generate-parent-locales.py --output-root "$scratch")
(cd "$root" && python3 Tools/generate-likely-subtags.py --output-root "$scratch")

status=0
for file in \
    Sources/ParlanceCatalogs/Plurals/PluralRules+CLDR.generated.swift \
    Tests/ParlanceCatalogsTests/Plurals/PluralSamples.generated.swift \
    Sources/ParlanceCore/Language/ParentLocales+CLDR.generated.swift \
    Sources/ParlanceCatalogs/Language/LikelySubtags+CLDR.generated.swift
do
    if ! diff -u "$root/$file" "$scratch/$file"; then
        echo "check-generated: error: $file differs from what its generator in Tools/ makes;" \
            "run 'python3 Tools/generate-plural-rules.py', 'python3 Tools/generate-parent-locales.py' and 'python3 Tools/generate-likely-subtags.py' and commit the result." >&2
        status=1
    fi
done
if [ "$status" -eq 0 ]; then
    echo "check-generated: generated files are up to date."
fi
exit "$status"
