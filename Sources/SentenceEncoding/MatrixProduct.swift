import COpenBLAS
import Foundation

/// OpenBLAS's single-precision matrix product, `C = alpha·op(A)·op(B) + beta·C` (row-major), on the calling
/// thread, with the CPU's widest kernel.
///
/// OpenBLAS picks its kernels once, when the library is loaded, from the CPU's model number; a model newer
/// than the library (an Emerald Rapids Xeon under OpenBLAS 0.3.21) gets its oldest x86-64 kernel (Prescott,
/// SSE3), which computes the encoder's products at half the speed of the AVX-512 one or less. So the library
/// is loaded here, at first use, after naming the kernel family the CPU's instruction set supports in
/// `OPENBLAS_CORETYPE` (unless the environment already names one): an AVX-512 CPU gets SkylakeX, an AVX2 CPU
/// Haswell, others what OpenBLAS detects.
enum MatrixProduct {
    typealias Function = @convention(c) (CBLAS_ORDER, CBLAS_TRANSPOSE, CBLAS_TRANSPOSE, blasint, blasint, blasint, Float,
                                         UnsafePointer<Float>?, blasint, UnsafePointer<Float>?, blasint, Float,
                                         UnsafeMutablePointer<Float>?, blasint) -> Void
    private typealias SetThreads = @convention(c) (Int32) -> Void
    private typealias CoreName = @convention(c) () -> UnsafeMutablePointer<CChar>?

    /// The library's file names, most specific first (the runtime package's, then the -dev package's link).
    static let libraryNames = ["libopenblas.so.0", "libopenblas.so", "libopenblas.dylib"]

    /// The loaded library's product, and the kernel family it runs ("SkylakeX").
    struct Library: Sendable {
        let sgemm: Function
        let coreName: String
    }

    static let library: Result<Library, EncoderWeights.FormatError> = open()

    /// `a` is rows × inner (or inner × rows when `transposeA`), `b` inner × columns (or columns × inner when
    /// `transposeB`), `c` rows × columns; `lda`, `ldb`, `ldc` are the row strides.
    static func multiply(rows: Int, columns: Int, inner: Int, alpha: Float = 1,
                         _ a: UnsafePointer<Float>, lda: Int, transposeA: Bool = false,
                         _ b: UnsafePointer<Float>, ldb: Int, transposeB: Bool,
                         beta: Float, _ c: UnsafeMutablePointer<Float>, ldc: Int) {
        // `SentenceEncoder.init` fails when the library cannot be loaded, so no encoder exists without it.
        guard case .success(let library) = Self.library else { preconditionFailure("OpenBLAS is not loaded") }
        library.sgemm(CblasRowMajor, transposeA ? CblasTrans : CblasNoTrans, transposeB ? CblasTrans : CblasNoTrans,
                      blasint(rows), blasint(columns), blasint(inner), alpha, a, blasint(lda), b, blasint(ldb), beta, c, blasint(ldc))
    }

    private static func open() -> Result<Library, EncoderWeights.FormatError> {
        if getenv("OPENBLAS_CORETYPE") == nil, let coreType = coreType(cpuFlags: cpuFlags()) {
            setenv("OPENBLAS_CORETYPE", coreType, 0)
        }
        guard let library = libraryNames.lazy.compactMap({ dlopen($0, RTLD_NOW | RTLD_LOCAL) }).first else {
            return .failure(.init(reason: "OpenBLAS cannot be loaded (\(libraryNames.joined(separator: ", ")))"))
        }
        guard let product = dlsym(library, "cblas_sgemm"), let threads = dlsym(library, "openblas_set_num_threads"),
              let name = dlsym(library, "openblas_get_corename") else {
            return .failure(.init(reason: "the OpenBLAS library lacks cblas_sgemm, openblas_set_num_threads or openblas_get_corename"))
        }
        // Each product runs on the calling thread: the server encodes on its own worker threads, and a pool
        // of BLAS threads would compete with them for the same cores.
        unsafeBitCast(threads, to: SetThreads.self)(1)
        let coreName = unsafeBitCast(name, to: CoreName.self)().map { String(cString: $0) } ?? ""
        return .success(Library(sgemm: unsafeBitCast(product, to: Function.self), coreName: coreName))
    }

    /// OpenBLAS's name for the kernel family of a CPU with these `/proc/cpuinfo` flags, or nil to let it detect.
    static func coreType(cpuFlags: Set<String>) -> String? {
        if cpuFlags.isSuperset(of: ["avx512f", "avx512bw", "avx512vl", "avx512dq"]) { return "SkylakeX" }
        if cpuFlags.isSuperset(of: ["avx2", "fma"]) { return "Haswell" }
        return nil
    }

    /// The instruction-set flags of the first CPU in `/proc/cpuinfo` (empty where there is none).
    static func cpuFlags() -> Set<String> {
        guard let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
              let line = text.split(separator: "\n").first(where: { $0.hasPrefix("flags") }),
              let colon = line.firstIndex(of: ":") else { return [] }
        return Set(line[line.index(after: colon)...].split(separator: " ").map(String.init))
    }
}
