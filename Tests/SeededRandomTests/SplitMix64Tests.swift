import SeededRandom
import XCTest

/// The generator draws SplitMix64's published sequence: the tools' tables, the synthetic news and the
/// Coach's generated paraphrases depend on every value staying the same.
final class SplitMix64Tests: XCTestCase {
    func testTheSequenceIsSplitMix64s() {
        var zero = SplitMix64(seed: 0)
        XCTAssertEqual((0..<3).map { _ in zero.next() }, [0xE220_A839_7B1D_CDAF, 0x6E78_9E6A_A1B9_65F4, 0x06C4_5D18_8009_454F])
        var seeded = SplitMix64(seed: 22)
        XCTAssertEqual((0..<3).map { _ in seeded.next() }, [0xC80D_E0F9_D4D6_0E0A, 0xEF99_83FB_367D_464E, 0x1398_B51C_ED0A_2833])
    }

    func testDerivedDrawsComeFromTheNextValue() {
        var generator = SplitMix64(seed: 0)
        XCTAssertEqual(generator.nextSigned(), Double(UInt64(0xE220_A839_7B1D_CDAF) >> 11) * 0x1p-52 - 1)
        XCTAssertEqual(generator.nextIndex(below: 1_000), Int(UInt64(0x6E78_9E6A_A1B9_65F4) % 1_000))
        let signed = (0..<1_000).map { _ in generator.nextSigned() }
        XCTAssertTrue(signed.allSatisfy { $0 >= -1 && $0 < 1 })
    }
}
