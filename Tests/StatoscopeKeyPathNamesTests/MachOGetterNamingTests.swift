import Foundation
import StatoscopeKeyPathNames
import Testing

// On Apple platforms key path getters are named from the image's Mach-O symbol table. The reader is
// plain code, tried here on real Mach-O images linked on Linux (`Fixtures/MachO`): unstripped and
// stripped, arm64 with and without pointer authentication, thin and universal, and malformed.

@Suite struct MachOGetterNamingTests {
    @Test func theReaderFindsTheLocalAndExportedGettersOfAnUnstrippedImage() throws {
        let file = try MachOFile(bytes: MachOFixture.arm64.bytes, symbolsEndingWith: "TK")
        #expect(
            file.symbols == [
                MachOFixture.tapCountGetter: MachOFixture.tapCountSymbol,
                MachOFixture.titleGetter: MachOFixture.titleSymbol,
            ])
        #expect(file.cpuType == MachOFile.arm64)
        #expect(file.cpuSubtype == 0)
        #expect(file.headerAddress == 0)
        #expect(file.segments.map(\.name) == ["__TEXT", "__LINKEDIT"])
    }

    @Test(arguments: [UInt(0), 0x4000, 0x1_0000_0000, 0x7FFF_F000_0000])
    func aGetterIsNamedAtItsAddressPlusTheSlide(_ slide: UInt) throws {
        let image = try MachOImageBytes(bytes: MachOFixture.arm64.bytes, slide: slide)
        #expect(image.mangledGetter(at: slide + MachOFixture.tapCountGetter) == MachOFixture.tapCountSymbol)
        #expect(image.mangledGetter(at: slide + MachOFixture.titleGetter) == MachOFixture.titleSymbol)
        // Inside a getter, or before the slide: nothing.
        #expect(image.mangledGetter(at: slide + MachOFixture.tapCountGetter + 4) == nil)
        #expect(image.mangledGetter(at: slide &- 4) == nil)
        let name = image.mangledGetter(at: slide + MachOFixture.tapCountGetter)
            .flatMap(GetterSymbols.propertyName(mangledGetter:))
        #expect(name == "tapCount")
    }

    @Test func aThunkLeadsToTheGetterItJumpsTo() throws {
        let slide: UInt = 0x1_0000_0000
        let arm64 = try MachOImageBytes(bytes: MachOFixture.arm64.bytes, slide: slide)
        #expect(arm64.mangledGetter(at: slide + MachOFixture.thunk) == MachOFixture.tapCountSymbol)
        let x86 = try MachOImageBytes(
            bytes: MachOFixture.universal.bytes, slide: slide, cpu: (MachOFile.x86_64, 3))
        #expect(x86.file.cpuType == MachOFile.x86_64)
        #expect(x86.mangledGetter(at: slide + MachOFixture.x86Thunk) == MachOFixture.tapCountSymbol)
        #expect(x86.mangledGetter(at: slide + MachOFixture.x86TapCountGetter) == MachOFixture.tapCountSymbol)
    }

    @Test func arm64eAddressesAreComparedWithoutTheirSignature() throws {
        let slide: UInt = 0x1_0400_0000
        let image = try MachOImageBytes(bytes: MachOFixture.arm64e.bytes, slide: slide)
        #expect(image.file.cpuType == MachOFile.arm64)
        #expect(image.file.cpuSubtype == MachOFile.arm64eSubtype)
        // A signed code pointer: the signature above bit 47, the address below.
        let signature: UInt = 0x5A3D_8000_0000_0000
        #expect(
            image.mangledGetter(at: signature | (slide + MachOFixture.tapCountGetter))
                == MachOFixture.tapCountSymbol)
        #expect(
            image.mangledGetter(at: signature | (slide + MachOFixture.thunk)) == MachOFixture.tapCountSymbol)
        // x86_64 has no signatures: its addresses are compared whole.
        let x86 = try MachOImageBytes(
            bytes: MachOFixture.universal.bytes, slide: slide, cpu: (MachOFile.x86_64, 3))
        #expect(x86.mangledGetter(at: signature | (slide + MachOFixture.x86TapCountGetter)) == nil)
    }

    @Test func aStrippedImageNamesNothing() throws {
        let slide: UInt = 0x1_0000_0000
        let image = try MachOImageBytes(bytes: MachOFixture.arm64Stripped.bytes, slide: slide)
        #expect(image.file.symbols.isEmpty)
        #expect(image.mangledGetter(at: slide + MachOFixture.tapCountGetter) == nil)
        #expect(image.mangledGetter(at: slide + MachOFixture.titleGetter) == nil)
        #expect(image.mangledGetter(at: slide + MachOFixture.thunk) == nil)
    }

    @Test func onlyAStrippedImageLeavesThePropertyToItsType() throws {
        let slide: UInt = 0x1_0000_0000
        let raw = "\\Counter.<computed 0x\(String(slide + MachOFixture.tapCountGetter, radix: 16)) (Int)>"
        func named(_ fixture: MachOFixture) throws -> String {
            let image = try MachOImageBytes(bytes: fixture.bytes, slide: slide)
            return KeyPathNames.name(
                raw,
                propertyName: {
                    image.mangledGetter(at: $0).flatMap(GetterSymbols.propertyName(mangledGetter:))
                },
                subscopeNames: { raw })
        }
        #expect(try named(.arm64) == "\\Counter.tapCount")
        #expect(try named(.arm64e) == "\\Counter.tapCount")
        #expect(try named(.arm64Stripped) == "\\Counter.<Int property>")
    }

    @Test func aUniversalFileGivesTheSliceOfTheRunningCPU() throws {
        let bytes = try MachOFixture.universal.bytes
        func slice(_ cpu: (type: Int32, subtype: Int32)?) throws -> (Int32, Int32, [UInt: String]) {
            let file = try MachOFile(bytes: bytes, preferring: cpu, symbolsEndingWith: "TK")
            return (file.cpuType, file.cpuSubtype, file.symbols)
        }
        let arm64 = try slice((MachOFile.arm64, 0))
        #expect(arm64.0 == MachOFile.arm64 && arm64.1 == 0)
        #expect(arm64.2[MachOFixture.tapCountGetter] == MachOFixture.tapCountSymbol)
        let arm64e = try slice((MachOFile.arm64, MachOFile.arm64eSubtype))
        #expect(arm64e.0 == MachOFile.arm64 && arm64e.1 == MachOFile.arm64eSubtype)
        #expect(arm64e.2[MachOFixture.tapCountGetter] == MachOFixture.tapCountSymbol)
        // An arm64 subtype the file lacks takes the first arm64 slice; an unknown CPU, the first slice.
        #expect(try slice((MachOFile.arm64, 1)).1 == 0)
        #expect(try slice((0x0100_0012, 0)).0 == MachOFile.x86_64)
        #expect(try slice(nil).2[MachOFixture.x86TapCountGetter] == MachOFixture.tapCountSymbol)
    }

    @Test func theLoadedImagePathNamesGettersFromTheFileAndReadsThunksWhereTheImageIsMapped() throws {
        // As on an Apple platform: the file is read from its path, and the image's code lies where its
        // header is loaded. A copy of the file's bytes stands for the loaded image (a bundle's
        // `__TEXT` starts at address 0 and file offset 0, so memory and file agree).
        for (fixture, cpu) in [
            (MachOFixture.arm64, (MachOFile.arm64, Int32(0))), (.universal, (MachOFile.arm64, 2)),
        ] {
            var bytes = try fixture.bytes
            if fixture == .universal {
                let file = try MachOFile(bytes: bytes, preferring: cpu, symbolsEndingWith: "")
                bytes = Array(bytes[file.sliceOffset...])
            }
            // SAFETY: Sound because the image's code, which the thunk is read from, lies inside
            // `memory` (its sections end before the bytes do), read only inside the closure.
            let found = bytes.withUnsafeBytes { memory -> [String?] in
                let header = UInt(bitPattern: memory.baseAddress)
                guard let image = LoadedImage.machO(path: fixture.path, header: header, cpu: cpu) else {
                    return []
                }
                return [
                    image.mangledGetter(at: header + MachOFixture.tapCountGetter),
                    image.mangledGetter(at: header + MachOFixture.thunk),
                    image.mangledGetter(at: header + MachOFixture.tapCountGetter + 4),
                ]
            }
            #expect(found == [MachOFixture.tapCountSymbol, MachOFixture.tapCountSymbol, nil], "\(fixture)")
        }
        #expect(LoadedImage.machO(path: "/nonexistent/image", header: 0x1000, cpu: nil) == nil)
        #expect(LoadedImage.machO(path: "/proc/self/exe", header: 0x1000, cpu: nil) == nil)
    }
}
