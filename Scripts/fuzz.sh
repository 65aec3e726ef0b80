#!/usr/bin/env bash
# Builds and runs the libFuzzer targets in Fuzz/ against the Parlance runtime.
#
#   Scripts/fuzz.sh <target> <seconds> [libFuzzer options…]   run one target
#   Scripts/fuzz.sh all <seconds> [libFuzzer options…]        run every target (PARLANCE_FUZZ_JOBS at once)
#   Scripts/fuzz.sh build [target…]                           only build (all targets by default)
#   Scripts/fuzz.sh list                                      name the targets
#   Scripts/fuzz.sh measure                                   time and size the big hostile inputs
#
# Targets: strings-file, stringsdict, xcstrings, json-messages, language-tag, accept-language, message-formatter,
# compiled-catalog, release-manifest (ParlanceRemote's manifest and signature envelope, whose
# sources are compiled into the target itself), request-language (ParlanceServer's
# LanguageNegotiator, compiled into the target, over the ParlanceSync profile store it imports),
# xliff and po (ParlanceTooling's XLIFF and gettext readers, their sources compiled into the target).
#
# SwiftPM cannot link libFuzzer on Linux here, so the script calls swiftc itself: the runtime is
# compiled once, instrumented, into .build-fuzz/libParlance.a beside its catalog modules
# (libParlanceCatalogs.a, libParlanceCatalogWriters.a; rebuilt when their sources change), and
# each target links against them. Each run starts from a temporary corpus seeded with
# the test fixtures of its format (and $PARLANCE_CORPUS/<format>/ when that is set); crashes and
# the inputs that caused them land in fuzz-out/<target>/. The script exits non-zero when any run
# reports a crash, a leak, a timeout, an out-of-memory or any sanitizer error.
#
# Environment:
#   PARLANCE_CORPUS      real-world files to seed from (the shared corpus; never copied into the repo)
#   PARLANCE_BUILD_LOCK  a lock file to hold (with flock) while compiling, on shared machines
#   FUZZ_KEEP_CORPUS     a folder to keep each target's grown corpus in, instead of a temporary one
#   PARLANCE_FUZZ_JOBS   how many targets `all` runs at once (1 by default; .ci/run uses 2, one per core)
set -euo pipefail

# The Swift runtime's backtracer would race AddressSanitizer for every crash; let ASan report.
export SWIFT_BACKTRACE=enable=no

root="$(cd "$(dirname "$0")/.." && pwd)"
build="$root/.build-fuzz"
targets=(strings-file stringsdict xcstrings json-messages language-tag accept-language message-formatter compiled-catalog release-manifest request-language xliff po mf2 icu-messageformat)

usage() {
    echo "usage: Scripts/fuzz.sh <target|all> <seconds> [libFuzzer options…] | build [target…] | list" >&2
    echo "targets: ${targets[*]}" >&2
    exit 64
}

# The Swift file, the fixture folder, and the longest input for each target.
source_of() {
    case "$1" in
        strings-file) echo StringsFileTarget ;;
        stringsdict) echo StringsDictTarget ;;
        xcstrings) echo XCStringsTarget ;;
        json-messages) echo JSONMessagesTarget ;;
        language-tag) echo LanguageTagTarget ;;
        accept-language) echo AcceptLanguageTarget ;;
        message-formatter) echo MessageFormatterTarget ;;
        compiled-catalog) echo CompiledCatalogTarget ;;
        release-manifest) echo ReleaseManifestTarget ;;
        request-language) echo RequestLanguageTarget ;;
        xliff) echo XLIFFTarget ;;
        po) echo GettextPOTarget ;;
        mf2) echo MF2Target ;;
        icu-messageformat) echo ICUMessageTarget ;;
        *) echo "fuzz: error: unknown target \"$1\"; expected one of: ${targets[*]}." >&2; exit 64 ;;
    esac
}
fixtures_of() {
    case "$1" in
        strings-file) echo strings ;;
        stringsdict) echo stringsdict ;;
        xcstrings | compiled-catalog) echo xcstrings ;;
        *) echo "" ;;
    esac
}
# Inputs a target once failed on, kept beside the tests that read them back.
regressions_of() {
    case "$1" in
        xliff | po) echo "$root/Tests/ParlanceToolingTests/Fixtures/fuzz-regressions/$1" ;;
        *) echo "$root/Tests/ParlanceTests/Fixtures/fuzz-regressions/$1" ;;
    esac
}
max_len_of() {
    case "$1" in
        strings-file | stringsdict | xcstrings | compiled-catalog | json-messages) echo 32768 ;;
        language-tag) echo 128 ;;
        accept-language) echo 1024 ;;
        message-formatter) echo 4096 ;;
        release-manifest) echo 16384 ;;
        request-language) echo 2048 ;;
        xliff | po) echo 32768 ;;
        mf2 | icu-messageformat) echo 2048 ;;
    esac
}

language_flags=(
    -swift-version 6
    -enable-upcoming-feature ExistentialAny
    -enable-upcoming-feature MemberImportVisibility
    -parse-as-library
)
swift_flags=("${language_flags[@]}" -sanitize=fuzzer,address -O -g)
# The measuring driver: optimized, no sanitizers, so time and memory are what users see.
release_flags=("${language_flags[@]}" -O)
# gold warns about every sanitizer symbol it cannot export; lld links cleanly.
if command -v ld.lld >/dev/null; then swift_flags+=(-use-ld=lld); fi

compile() {
    if [[ -n "${PARLANCE_BUILD_LOCK:-}" ]]; then
        flock "$PARLANCE_BUILD_LOCK" swiftc "$@"
    else
        swiftc "$@"
    fi
}

# The runtime as static libraries in $1 (ParlanceCatalogs, ParlanceCatalogWriters,
# ParlanceMessageFormat, ParlanceCore, then Parlance, each a module as in the package), compiled
# with the flags that follow; rebuilt when any of their sources or the flags change. Each module
# is one object (-wmo): a static archive's objects are linked only when something refers to
# them, and nothing refers to the one that installs Parlance's Foundation layer into the core
# (a dynamic replacement), which SwiftPM links whole.
runtime_modules=(ParlanceCatalogs ParlanceCatalogWriters ParlanceMessageFormat ParlanceCore Parlance)
build_library() {
    local directory="$1" sources stamp module
    shift
    mkdir -p "$directory/modules"
    mapfile -t sources < <(for module in "${runtime_modules[@]}"; do find "$root/Sources/$module" -name '*.swift' | LC_ALL=C sort; done)
    stamp="$( (printf '%s\n' "$@" "${sources[@]}"; cat "${sources[@]}") | sha256sum | cut -d' ' -f1)"
    if [[ -f "$directory/libParlance.a" && "$(cat "$directory/libParlance.stamp" 2>/dev/null)" == "$stamp" ]]; then
        return
    fi
    echo "fuzz: compiling the Parlance runtime into $directory…" >&2
    rm -f "$directory/libParlance.stamp"
    for module in "${runtime_modules[@]}"; do
        # An archive left by an earlier build would keep its objects beside the new ones.
        rm -f "$directory/lib$module.a"
        mapfile -t sources < <(find "$root/Sources/$module" -name '*.swift' | LC_ALL=C sort)
        compile "$@" -wmo -module-name "$module" -package-name parlance -I "$directory/modules" -emit-library -static \
            -emit-module -emit-module-path "$directory/modules/$module.swiftmodule" \
            "${sources[@]}" -o "$directory/lib$module.a"
    done
    echo "$stamp" >"$directory/libParlance.stamp"
}

# The runtime's libraries in $1, in link order.
runtime_libraries() {
    printf '%s\n' "$1/libParlance.a" "$1/libParlanceCore.a" "$1/libParlanceMessageFormat.a" "$1/libParlanceCatalogWriters.a" \
        "$1/libParlanceCatalogs.a"
}

# Sources from outside the runtime that a target compiles in: ParlanceRemote's parsers, which
# need no swift-crypto (SwiftPM cannot link libFuzzer here, so the package cannot be used), and
# ParlanceServer.
extra_sources_of() {
    local remote="$root/Integrations/ParlanceRemote/Sources/ParlanceRemote"
    case "$1" in
        release-manifest) printf '%s\n' "$remote/ReleaseManifest.swift" "$remote/ReleaseSignature.swift" \
            "$remote/ReleaseError.swift" "$remote/AppVersion.swift" ;;
        request-language) find "$root/Sources/ParlanceServer" -name '*.swift' | LC_ALL=C sort ;;
        xliff | po)
            local translation="$root/Sources/ParlanceTooling/Translation"
            printf '%s\n' "$translation/TranslationUnit.swift" "$translation/XLIFF.swift" \
                "$translation/GettextPO.swift" "$translation/GettextPO+Reading.swift" ;;
    esac
}

# Modules beside the runtime that a target's extra sources import (ParlanceServer's `import
# ParlanceSync`), each compiled, instrumented, into .build-fuzz/lib<module>.a: one module cannot
# import itself, so these stay modules of their own, as in the package.
modules_of() {
    case "$1" in
        request-language) echo ParlanceSync ;;
    esac
}
# The files of such a module that its importers need: the profile store protocol and the
# in-memory store, not the HTTP and Supabase code.
module_sources_of() {
    local sync="$root/Sources/ParlanceSync"
    case "$1" in
        ParlanceSync) printf '%s\n' "$sync/ProfileLanguageStore.swift" "$sync/InMemoryProfileStore.swift" ;;
    esac
}

# Module $1 as .build-fuzz/lib$1.a, on the runtime; rebuilt when it or its sources are newer.
build_module() {
    local name="$1" sources newer=true
    mapfile -t sources < <(module_sources_of "$name")
    local library="$build/lib$name.a"
    for source in "$build/libParlance.a" "${sources[@]}"; do
        [[ -f "$library" && "$library" -nt "$source" ]] || newer=false
    done
    if $newer; then return; fi
    echo "fuzz: compiling $name into $library…" >&2
    compile "${swift_flags[@]}" -module-name "$name" -package-name parlance -I "$build/modules" -emit-library -static \
        -emit-module -emit-module-path "$build/modules/$name.swiftmodule" "${sources[@]}" -o "$library"
}

build_target() {
    local name="$1" file extra modules libraries=() newer=true
    file="$(source_of "$name")"
    mapfile -t extra < <(extra_sources_of "$name")
    mapfile -t modules < <(modules_of "$name")
    for module in "${modules[@]}"; do
        build_module "$module"
        libraries+=("$build/lib$module.a")
    done
    local executable="$build/$name"
    for source in "$build/libParlance.a" "${libraries[@]}" "$root/Fuzz/$file.swift" "$root/Fuzz/FuzzInput.swift" "${extra[@]}"; do
        [[ -x "$executable" && "$executable" -nt "$source" ]] || newer=false
    done
    if $newer; then return; fi
    echo "fuzz: linking $name…" >&2
    local runtime
    mapfile -t runtime < <(runtime_libraries "$build")
    compile "${swift_flags[@]}" -module-name ParlanceFuzz -package-name parlance -I "$build/modules" \
        "$root/Fuzz/FuzzInput.swift" "$root/Fuzz/$file.swift" "${extra[@]}" "${libraries[@]}" "${runtime[@]}" -o "$executable"
}

# Seeds for the targets whose input is no file format: a few realistic values to mutate from.
write_seeds() {
    local name="$1" corpus="$2" i=0
    local -a seeds=()
    case "$name" in
        language-tag)
            seeds=(en en-US pt_BR zh-Hant-TW sr-Latn-RS es-419 de-CH-1901 ca-ES-valencia iw sh en-u-ca-buddhist x-private und) ;;
        release-manifest)
            # The first byte picks the reader: even for the manifest, odd for the envelope.
            seeds=('\x00parlance-release 1\nrelease 42\napp-version-minimum 2.0\napp-version-maximum 2.9\nsource-language en\npayload fr Localizable 18320 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08 payloads/Localizable.fr.9f86d081884c7d65.pcat\n'
                '\x00parlance-release 1\nrelease 1\napp-version-minimum 1\npayload pt-BR Mes%20cha%C3%AEnes 3 0000000000000000000000000000000000000000000000000000000000000000 p/a%25b.pcat\n'
                '\x01parlance-signature 1\nalgorithm ed25519\nkey 25f084467ce81aa3\nsignature gem/21gdGVWCEBJvihlGiS7/TdO5Z8MLZQ+AIy7p3uNvJPiyMo3oSLIMjFlgaCzLPLE0XQrp0389cKoCFfj6BA==\n') ;;
        request-language)
            # The request's fields, one a line: path, query, Cookie, Accept-Language, user id.
            seeds=('/fr/orders\n\n\nde-CH, de;q=0.9'
                '/orders\npage=2&lang=pt-BR\ntheme=dark; lang=de\nfr-CH;q=0.9, de;q=0.5\nana'
                '/api/orders\nlang=zh%2DTW\n\nsr-Latn-RS,*;q=0.1\nzoe'
                '/\n\na=1; lang="fr"\nja\nbad'
                '/ja/orders\nlang=sr+Latn\n\n*\nluis'
                '/pt-BR?x=1'
                '/orders\n\n\nzh-Hant-TW;q=0.8, en;q=0.1\nmila') ;;
        accept-language)
            seeds=("en-US,en;q=0.9,fr;q=0.8" "*" "da, en-gb;q=0.8, en;q=0.7" "zh-Hant;q=1.0,zh;q=0.5,*;q=0.1" "fr;q=0" "de;q=abc, it") ;;
        json-messages)
            seeds=('{\n  "inbox.count": "{count, plural, =0 {Aucun message} one {# message} other {# messages}}",\n  "quote": "L\x27\x27apostrophe \\"{name}\\""\n}\n'
                '{"cart.total": {"defaultMessage": "Total: {total, number, ::currency/EUR}", "description": "Cart", "id": "x", "loc": [1, {"a": null}]}}'
                '{"home": {"title": "Bienvenue", "who": {"g": "{g, select, female {Elle} other {Il}}"}}, "quit": "Quitter"}'
                '{"a": "caf\\u00e9 \\ud83d\\ude00", "b": {}}') ;;
        icu-messageformat)
            seeds=('{count, plural, =0 {no files} one {# file} other {# files}}'
                "{n, plural, offset:1 =0 {nobody} =1 {{name}} one {{name} and # other} other {{name} and # others}}"
                '{gender, select, female {{n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}} other {They}}'
                "It''s '{'{name}'}' {x, number, ::currency/EUR} {x, number, percent} {x, date, short}") ;;
        mf2)
            seeds=('Hello {$name}!' '.input {$count :number}\n.match $count\none {{{$count} file}}\n* {{{$count} files}}'
                '.local $x = {|a\\|b| :string u:dir=rtl} {{{$x} {#b}bold{/b} {42 :integer signDisplay=always}}}'
                '{$when :datetime dateLength=long timePrecision=second} {0.5 :percent} {3 :currency currency=EUR}'
                '.input {$x :number} .local $y = {$x :offset subtract=1} .match $x $y 1 * {{one}} * one {{{$y} other}} * * {{many}}'
                '{\u200e hello \u200f} {:test:f} {|1e5| :number minimumFractionDigits=2 useGrouping=min2}') ;;
        message-formatter)
            # Bytes, written with printf %b: language, device, width, mode, argument count, each
            # argument's type (and a string's length), the template, then the argument payloads
            # from last to first.
            seeds=('\x01\x00\x00\x00\x02\x00\x05\x03%lld files in %@Ada\x00\x00\x00\x00\x00\x00\x00\x05'
                '\x00\x03\x78\x01\x02\x04\x02Add {0} more {1}\x07\x80\x00\x00\x00\x00\x00\x00\x00'
                '\x01\x00\x00\x02\x01\x04%#@files@\x1efiles\x1f1\x1flld\x1f\x1f%arg file\x1f\x1f\x1f%arg files\x1f%arg files\x15'
                '\x02\x01\x00\x03\x01\x02none\x1eone %d\x1etwo\x1efew\x1emany\x1e%d other\x3f\xf8\x00\x00\x00\x00\x00\x00'
                '\x00\x00\x00\x04\x01\x04iphone %d\x1eone\x1d mac %d\x1eother\x01'
                '\x01\x00\x00\x05\x001.50'
                '\x00\x00\x00\x00\x04\x03\x01\x02\x04%2$@ %1$-8.3f %*d %x %\x27d %.0e %a %c %S\x01\xff\xff\xff\xff\xff\xff\xff\xff\x7f\xf0\x00\x00\x00\x00\x00\x01'
                '\x03\x00\x00\x03\x01\x03\x00\x03%.2f\x1e\x1e\x1e\x1e%.1f\x1e%.3f\x00\x00\x00\x00\x00\x00\x00\x0f') ;;
    esac
    for seed in "${seeds[@]}"; do
        printf '%b' "$seed" >"$corpus/seed-$i"
        i=$((i + 1))
    done
}

run_target() {
    local name="$1" seconds="$2"
    shift 2
    local corpus area out log
    if [[ -n "${FUZZ_KEEP_CORPUS:-}" ]]; then
        corpus="$FUZZ_KEEP_CORPUS/$name"
        mkdir -p "$corpus"
    else
        corpus="$(mktemp -d "${TMPDIR:-/tmp}/parlance-fuzz-$name.XXXXXX")"
    fi
    area="$(fixtures_of "$name")"
    if [[ -n "$area" ]]; then
        # The readers' fixtures, must-fail ones included; a missing folder is an error, not
        # a run from fewer seeds.
        local fixtures="$root/Tests/ParlanceCatalogsTests/Fixtures/$area"
        [[ -d "$fixtures" ]] || { echo "fuzz: error: no fixture folder $fixtures for $name." >&2; return 1; }
        cp "$fixtures/"* "$corpus/"
        if [[ -d "$root/Tests/ParlanceTests/Fixtures/fuzz-regressions/$area" ]]; then
            cp "$root/Tests/ParlanceTests/Fixtures/fuzz-regressions/$area/"* "$corpus/"
        fi
        if [[ -n "${PARLANCE_CORPUS:-}" && -d "$PARLANCE_CORPUS/$area" ]]; then
            cp "$PARLANCE_CORPUS/$area/"* "$corpus/"
        fi
    elif [[ "$name" == xliff || "$name" == po ]]; then
        # The translators' formats: the tooling's fixtures (must-fail ones included) and the
        # example app's catalogs exported in the format, when a built parlance is at hand.
        find "$root/Tests/ParlanceToolingTests/Fixtures/translation" -name "*.$name" -exec cp {} "$corpus/" \;
        if [[ -d "$(regressions_of "$name")" ]]; then
            cp "$(regressions_of "$name")/"* "$corpus/"
        fi
        local parlance="$root/.build/debug/parlance"
        if [[ -x "$parlance" ]]; then
            local exported
            exported="$(mktemp -d "${TMPDIR:-/tmp}/parlance-fuzz-export.XXXXXX")"
            "$parlance" export "$root/Examples/QuizApp" --output "$exported" --format "$name" --lang it ru ja >/dev/null 2>&1 || true
            find "$exported" -name "*.$name" | while read -r file; do cp "$file" "$corpus/seed-$(basename "$(dirname "$file")")-$(basename "$file")"; done
            rm -rf "$exported"
        fi
    else
        write_seeds "$name" "$corpus"
        if [[ -d "$(regressions_of "$name")" ]]; then
            cp "$(regressions_of "$name")/"* "$corpus/"
        fi
    fi
    out="$root/fuzz-out/$name"
    mkdir -p "$out"
    # The compiled-catalog target mutates String Catalogs too: both dictionaries, in one file.
    local dictionary="$root/Fuzz/dictionaries/$name.dict"
    if [[ "$name" == compiled-catalog ]]; then
        dictionary="$out/dictionary.dict"
        cat "$root/Fuzz/dictionaries/xcstrings.dict" "$root/Fuzz/dictionaries/$name.dict" >"$dictionary"
    fi
    log="$out/fuzz.log"
    echo "fuzz: running $name for $seconds s from $(find "$corpus" -type f | wc -l) seeds; log in fuzz-out/$name/fuzz.log" >&2
    local status=0
    LSAN_OPTIONS="suppressions=$root/Fuzz/lsan-suppressions.txt:print_suppressions=1${LSAN_OPTIONS:+:$LSAN_OPTIONS}" \
    "$build/$name" "$corpus" \
        -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len="$(max_len_of "$name")" \
        -dict="$dictionary" -artifact_prefix="$out/" -print_final_stats=1 \
        "$@" >"$log" 2>&1 || status=$?
    if [[ -z "${FUZZ_KEEP_CORPUS:-}" ]]; then rm -rf "$corpus"; fi
    local executed
    executed="$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)"
    if [[ $status -ne 0 ]] || grep -qE 'ERROR: (AddressSanitizer|LeakSanitizer|libFuzzer)|SUMMARY: |==[0-9]+== ?ERROR|fuzz property failed|Fatal error' "$log"; then
        echo "fuzz: $name FAILED (exit status $status); the report:" >&2
        grep -E -A30 'ERROR|SUMMARY|fuzz property failed|Fatal error|Test unit written' "$log" | head -80 >&2 || tail -40 "$log" >&2
        return 1
    fi
    echo "fuzz: $name passed: ${executed:-?} executions in $seconds s, no crash, leak, timeout or sanitizer report." >&2
}

# Times the big hostile inputs of HostileCatalogTests in an optimized build without sanitizers,
# each read in its own process so /usr/bin/time reports that read's peak memory.
measure() {
    local release="$build/release" scratch
    build_library "$release" "${release_flags[@]}"
    local runtime
    mapfile -t runtime < <(runtime_libraries "$release")
    compile "${release_flags[@]}" -module-name HostileMeasure -I "$release/modules" \
        "$root/Fuzz/Measure/HostileMeasure.swift" "${runtime[@]}" -o "$release/hostile-measure"
    scratch="$(mktemp -d "${TMPDIR:-/tmp}/parlance-measure.XXXXXX")"
    local -a cases=(
        "value 10000000 value-10MB.strings" "value 100000000 value-100MB.strings"
        "value 10000000 value-10MB.xcstrings" "value 100000000 value-100MB.xcstrings"
        "keys 100000 keys-100k.strings" "keys 1000000 keys-1M.strings"
        "keys 100000 keys-100k.xcstrings" "keys 1000000 keys-1M.xcstrings"
        "deep 1000 deep-1000.strings" "deep 1000 deep-1000.stringsdict" "deep 1000 deep-1000.xcstrings"
        "deep 1000000 deep-1M.xcstrings" "specifiers 10000 specifiers-10k.stringsdict"
        "stray 10000000 stray-10M.strings" "duplicates 1000000 duplicates-1M.strings"
    )
    local kind size file
    for entry in "${cases[@]}"; do
        read -r kind size file <<<"$entry"
        "$release/hostile-measure" write "$kind" "$size" "$scratch/$file"
        /usr/bin/time -f "  %e s wall, %M KB peak RSS, file $(du -k "$scratch/$file" | cut -f1) KB" \
            "$release/hostile-measure" read "$scratch/$file"
        rm -f "$scratch/$file"
    done
    rm -rf "$scratch"
}

[[ $# -ge 1 ]] || usage
command="$1"
shift
case "$command" in
    list) printf '%s\n' "${targets[@]}" ;;
    measure) measure ;;
    build)
        build_library "$build" "${swift_flags[@]}"
        if [[ $# -eq 0 ]]; then set -- "${targets[@]}"; fi
        for name in "$@"; do build_target "$name"; done
        ;;
    all)
        [[ $# -ge 1 ]] || usage
        seconds="$1"
        shift
        build_library "$build" "${swift_flags[@]}"
        for name in "${targets[@]}"; do build_target "$name"; done
        # PARLANCE_FUZZ_JOBS targets run at once (each a single-threaded libFuzzer process), so
        # a machine with that many cores gives every target its full time in less wall time.
        jobs_wanted="${PARLANCE_FUZZ_JOBS:-1}"
        failed=()
        running=()
        running_names=()
        for name in "${targets[@]}"; do
            run_target "$name" "$seconds" "$@" &
            running+=("$!")
            running_names+=("$name")
            if [[ ${#running[@]} -ge $jobs_wanted ]]; then
                wait "${running[0]}" || failed+=("${running_names[0]}")
                running=("${running[@]:1}")
                running_names=("${running_names[@]:1}")
            fi
        done
        for index in "${!running[@]}"; do
            wait "${running[$index]}" || failed+=("${running_names[$index]}")
        done
        if [[ ${#failed[@]} -gt 0 ]]; then
            echo "fuzz: error: ${#failed[@]} target(s) failed: ${failed[*]}." >&2
            exit 1
        fi
        echo "fuzz: all ${#targets[@]} targets passed." >&2
        ;;
    *)
        [[ $# -ge 1 ]] || usage
        source_of "$command" >/dev/null
        seconds="$1"
        shift
        build_library "$build" "${swift_flags[@]}"
        build_target "$command"
        run_target "$command" "$seconds" "$@"
        ;;
esac
