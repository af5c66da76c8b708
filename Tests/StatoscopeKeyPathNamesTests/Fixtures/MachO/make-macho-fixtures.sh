#!/bin/sh
# Makes the Mach-O fixtures of the getter-naming tests, on Linux, without an Apple SDK:
#   apt-get install -y lld llvm    (Debian's ld64.lld; the Swift toolchain's own refuses macOS),
#   with the Swift toolchain's clang, which knows arm64e
#   sh Tests/StatoscopeKeyPathNamesTests/Fixtures/MachO/make-macho-fixtures.sh
# CI does not run this: the fixtures it makes are checked in beside it.
set -eu
cd "$(dirname "$0")"
CLANG=${CLANG:-clang}
LD64=${LD64:-$(command -v ld64.lld-14 || command -v ld64.lld)}
STRIP=${STRIP:-$(command -v llvm-strip-14 || command -v llvm-strip)}
LIPO=${LIPO:-$(command -v llvm-lipo-14 || command -v llvm-lipo)}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

bundle() { # arch target source output
    "$CLANG" -target "$2" -c "$3" -o "$work/$1.o"
    "$LD64" -arch "$1" -platform_version macos 14.0 14.0 -bundle -o "$4" "$work/$1.o"
}

bundle arm64 arm64-apple-macos14 getters-arm64.s getters-arm64.bundle
"$STRIP" -o getters-arm64-stripped.bundle getters-arm64.bundle

# lld 14 links arm64e objects as plain arm64: the header then gets arm64e's CPU subtype as Apple's
# linker writes it (CPU_SUBTYPE_ARM64E, 2, with the pointer-authentication ABI flag, 0x80000000).
bundle arm64e arm64e-apple-macos14 getters-arm64.s getters-arm64e.bundle
printf '\002\000\000\200' | dd of=getters-arm64e.bundle bs=1 seek=8 conv=notrunc status=none

bundle x86_64 x86_64-apple-macos14 getters-x86_64.s "$work/x86_64.bundle"
"$LIPO" -create "$work/x86_64.bundle" getters-arm64.bundle getters-arm64e.bundle -output getters-universal.bundle
