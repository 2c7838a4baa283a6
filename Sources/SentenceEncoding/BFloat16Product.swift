import CDNNL
import CEncoderKernels
import Foundation

/// bfloat16: the upper 16 bits of a single-precision float, rounded to the nearest (ties to even).
enum BFloat16 {
    @inline(__always)
    static func bits(_ value: Float) -> UInt16 { encoder_bfloat16_bits(value) }

    /// The bfloat16 nearest `value`, as a float.
    @inline(__always)
    static func round(_ value: Float) -> Float { Float(bitPattern: UInt32(bits(value)) << 16) }
}

/// y = x·Wᵀ + b with oneDNN's bfloat16 matrix product (Debian's libdnnl: Intel AMX tiles where the CPU has them,
/// else AVX512-BF16): x and W rounded to bfloat16, the products summed in single precision, y in single precision.
///
/// W is converted once, at load, into the blocked layout the product reads. A call runs in chunks of at most
/// `chunkRows` rows, each padded to a multiple of 32 rows: oneDNN's AMX kernel needs the row count when the
/// primitive is made (with a row count left to run time it picks a general kernel at about 60 % of the speed),
/// so each layer shape has one primitive per padded row count, made once per process and shared by every layer
/// of that shape. Each call runs on the calling thread (OpenMP team of one), with its own scratch memory, so
/// calls from several threads do not share state.
final class BFloat16Product: @unchecked Sendable {
    static let chunkRows = 256
    static let rowStep = 32

    /// The CPU engine, when the CPU computes bfloat16 products natively (AVX512-BF16 or AMX); nil otherwise.
    /// Made once and never changed; oneDNN's engines are safe to use from several threads.
    nonisolated(unsafe) static let engine: dnnl_engine_t? = {
        let isa = dnnl_get_effective_cpu_isa().rawValue
        guard isa & dnnl_cpu_isa_avx512_core_bf16.rawValue == dnnl_cpu_isa_avx512_core_bf16.rawValue else { return nil }
        var engine: dnnl_engine_t?
        guard dnnl_engine_create(&engine, dnnl_cpu, 0) == dnnl_success else { return nil }
        return engine
    }()

    static var available: Bool { engine != nil }

    /// oneDNN's kernel for the encoder's shapes ("brg:avx512_core_amx_bf16" on an AMX CPU).
    static func implementation(inputs: Int, outputs: Int) throws -> String {
        try Shape.primitives(inputs: inputs, outputs: outputs).implementation
    }

    /// The primitives of one layer shape: one per padded row count (32, 64, … `chunkRows`).
    private final class Shape: @unchecked Sendable {
        let primitives: [dnnl_primitive_t]
        let scratchBytes: [Int]
        /// The layout of W that every primitive of the shape reads.
        let weightDescription: dnnl_memory_desc_t
        let biasDescription: dnnl_memory_desc_t
        let implementation: String

        nonisolated(unsafe) private static var made: [[Int]: Shape] = [:]
        private static let lock = NSLock()

        static func primitives(inputs: Int, outputs: Int) throws -> Shape {
            try lock.withLock {
                if let shape = made[[inputs, outputs]] { return shape }
                let shape = try Shape(inputs: inputs, outputs: outputs)
                made[[inputs, outputs]] = shape
                return shape
            }
        }

        private init(inputs: Int, outputs: Int) throws {
            guard let engine = BFloat16Product.engine else { throw failure("no bfloat16 CPU engine") }
            var bias = dnnl_memory_desc_t(), any = dnnl_memory_desc_t()
            try check(dnnl_memory_desc_init_by_tag(&bias, 2, [1, Int64(outputs)], dnnl_f32, dnnl_ab), "bias layout")
            try check(dnnl_memory_desc_init_by_tag(&any, 2, [Int64(inputs), Int64(outputs)], dnnl_bf16, dnnl_format_tag_any),
                      "weight layout")
            var attributes: dnnl_primitive_attr_t?
            try check(dnnl_primitive_attr_create(&attributes), "attributes")
            defer { dnnl_primitive_attr_destroy(attributes) }
            try check(dnnl_primitive_attr_set_scratchpad_mode(attributes, dnnl_scratchpad_mode_user), "scratchpad mode")
            // The largest chunk chooses W's layout; the smaller ones are made to read the same.
            var weight = any, primitives: [dnnl_primitive_t] = [], scratch: [Int] = [], implementation = ""
            for rows in stride(from: BFloat16Product.chunkRows, through: BFloat16Product.rowStep, by: -BFloat16Product.rowStep) {
                var source = dnnl_memory_desc_t(), destination = dnnl_memory_desc_t(), operation = dnnl_matmul_desc_t()
                try check(dnnl_memory_desc_init_by_tag(&source, 2, [Int64(rows), Int64(inputs)], dnnl_bf16, dnnl_ab), "input layout")
                try check(dnnl_memory_desc_init_by_tag(&destination, 2, [Int64(rows), Int64(outputs)], dnnl_f32, dnnl_ab),
                          "output layout")
                try check(dnnl_matmul_desc_init(&operation, &source, &weight, &bias, &destination), "matmul description")
                var description: dnnl_primitive_desc_t?
                try check(dnnl_primitive_desc_create(&description, &operation, attributes, engine, nil), "matmul")
                defer { dnnl_primitive_desc_destroy(description) }
                if rows == BFloat16Product.chunkRows {
                    weight = dnnl_primitive_desc_query_md(description, dnnl_query_weights_md, 0).pointee
                    var name: UnsafePointer<CChar>?
                    _ = withUnsafeMutablePointer(to: &name) { dnnl_primitive_desc_query(description, dnnl_query_impl_info_str, 0, $0) }
                    implementation = name.map { String(cString: $0) } ?? "?"
                }
                scratch.append(dnnl_memory_desc_get_size(dnnl_primitive_desc_query_md(description, dnnl_query_scratchpad_md, 0)))
                var primitive: dnnl_primitive_t?
                try check(dnnl_primitive_create(&primitive, description), "matmul primitive")
                primitives.append(primitive!)
            }
            self.primitives = primitives.reversed()
            scratchBytes = scratch.reversed()
            weightDescription = weight
            biasDescription = bias
            self.implementation = implementation
        }
    }

    let inputs: Int, outputs: Int
    private let shape: Shape
    /// W in `shape.weightDescription`'s layout, and the bias, owned by oneDNN.
    private let weight: dnnl_memory_t
    private let bias: dnnl_memory_t

    /// `matrix` is W, outputs × inputs row-major (as trained); `bias` has `outputs` values.
    init(weight matrix: [Float], bias values: [Float], inputs: Int) throws {
        let outputs = values.count
        guard let engine = Self.engine else { throw failure("no bfloat16 CPU engine") }
        shape = try Shape.primitives(inputs: inputs, outputs: outputs)
        self.inputs = inputs
        self.outputs = outputs
        var weight: dnnl_memory_t?, bias: dnnl_memory_t?
        var description = shape.weightDescription, biasDescription = shape.biasDescription
        try check(dnnl_memory_create(&weight, &description, engine, Self.allocate), "weight memory")
        self.weight = weight!
        try check(dnnl_memory_create(&bias, &biasDescription, engine, Self.allocate), "bias memory")
        self.bias = bias!
        try write(values, into: bias!)
        // W as stored (outputs × inputs) is the product's inputs × outputs operand in column-major order ("ba");
        // the reorder converts it to bfloat16 in the primitive's layout.
        var stored = dnnl_memory_desc_t()
        try check(dnnl_memory_desc_init_by_tag(&stored, 2, [Int64(inputs), Int64(outputs)], dnnl_f32, dnnl_ba), "stored layout")
        var reorder: dnnl_primitive_desc_t?
        try check(dnnl_reorder_primitive_desc_create(&reorder, &stored, engine, &description, engine, nil), "reorder")
        defer { dnnl_primitive_desc_destroy(reorder) }
        var convert: dnnl_primitive_t?
        try check(dnnl_primitive_create(&convert, reorder), "reorder primitive")
        defer { dnnl_primitive_destroy(convert) }
        try matrix.withUnsafeBufferPointer { matrix in
            var source: dnnl_memory_t?
            try check(dnnl_memory_create(&source, &stored, engine, UnsafeMutableRawPointer(mutating: matrix.baseAddress!)),
                      "stored memory")
            defer { dnnl_memory_destroy(source) }
            try Self.run(convert!, [dnnl_exec_arg_t(arg: DNNL_ARG_FROM, memory: source), dnnl_exec_arg_t(arg: DNNL_ARG_TO, memory: weight)])
        }
    }

    deinit {
        dnnl_memory_destroy(weight)
        dnnl_memory_destroy(bias)
    }

    /// y = x·Wᵀ + b for `rows` rows of x (rows × inputs); y has room for `paddedRows(rows)` × outputs values, of
    /// which the first rows × outputs are the product (the padding rows are scratch).
    func apply(_ x: UnsafePointer<Float>, rows: Int, into y: UnsafeMutablePointer<Float>) {
        guard rows > 0, let engine = Self.engine else { return }
        omp_set_num_threads(1)
        withUnsafeTemporaryAllocation(of: UInt16.self, capacity: Self.chunkRows * inputs) { source in
            var first = 0
            while first < rows {
                let count = min(Self.chunkRows, rows - first), padded = Self.paddedRows(count)
                let input = x + first * inputs
                encoder_bfloat16(input, source.baseAddress, count * inputs)
                for index in count * inputs..<padded * inputs { source[index] = 0 }
                let which = padded / Self.rowStep - 1
                do {
                    try product(which, rows: padded, source.baseAddress!, y + first * outputs, engine: engine)
                } catch {
                    preconditionFailure("oneDNN's product failed on a layer it accepted at load: \(error)")
                }
                first += count
            }
        }
    }

    static func paddedRows(_ rows: Int) -> Int { (rows + rowStep - 1) / rowStep * rowStep }

    private func product(_ which: Int, rows: Int, _ x: UnsafeMutablePointer<UInt16>, _ y: UnsafeMutablePointer<Float>,
                         engine: dnnl_engine_t) throws {
        var source = dnnl_memory_desc_t(), destination = dnnl_memory_desc_t()
        try check(dnnl_memory_desc_init_by_tag(&source, 2, [Int64(rows), Int64(inputs)], dnnl_bf16, dnnl_ab), "input layout")
        try check(dnnl_memory_desc_init_by_tag(&destination, 2, [Int64(rows), Int64(outputs)], dnnl_f32, dnnl_ab), "output layout")
        var input: dnnl_memory_t?, output: dnnl_memory_t?
        try check(dnnl_memory_create(&input, &source, engine, x), "input memory")
        defer { dnnl_memory_destroy(input) }
        try check(dnnl_memory_create(&output, &destination, engine, y), "output memory")
        defer { dnnl_memory_destroy(output) }
        var arguments = [dnnl_exec_arg_t(arg: DNNL_ARG_SRC, memory: input), dnnl_exec_arg_t(arg: DNNL_ARG_WEIGHTS, memory: weight),
                         dnnl_exec_arg_t(arg: DNNL_ARG_BIAS, memory: bias), dnnl_exec_arg_t(arg: DNNL_ARG_DST, memory: output)]
        let scratchBytes = shape.scratchBytes[which]
        guard scratchBytes > 0 else { return try Self.run(shape.primitives[which], arguments) }
        try withUnsafeTemporaryAllocation(byteCount: scratchBytes, alignment: 64) { scratch in
            var layout = dnnl_memory_desc_t(), scratchpad: dnnl_memory_t?
            try check(dnnl_memory_desc_init_by_tag(&layout, 1, [Int64(scratchBytes)], dnnl_u8, dnnl_a), "scratch layout")
            try check(dnnl_memory_create(&scratchpad, &layout, engine, scratch.baseAddress), "scratch memory")
            defer { dnnl_memory_destroy(scratchpad) }
            arguments.append(dnnl_exec_arg_t(arg: DNNL_ARG_SCRATCHPAD, memory: scratchpad))
            try Self.run(shape.primitives[which], arguments)
        }
    }

    /// oneDNN's "allocate the buffer" handle (`DNNL_MEMORY_ALLOCATE`).
    private static var allocate: UnsafeMutableRawPointer? { UnsafeMutableRawPointer(bitPattern: -1) }

    /// Runs `primitive` on a stream of its own, on the calling thread, and waits for it.
    private static func run(_ primitive: dnnl_primitive_t, _ arguments: [dnnl_exec_arg_t]) throws {
        var stream: dnnl_stream_t?
        try check(dnnl_stream_create(&stream, engine, dnnl_stream_default_flags.rawValue), "stream")
        defer { dnnl_stream_destroy(stream) }
        try check(dnnl_primitive_execute(primitive, stream, Int32(arguments.count), arguments), "execute")
        try check(dnnl_stream_wait(stream), "wait")
    }
}

private func failure(_ reason: String) -> EncoderWeights.FormatError {
    EncoderWeights.FormatError(reason: "oneDNN: " + reason)
}

private func check(_ status: dnnl_status_t, _ step: String) throws {
    guard status == dnnl_success else { throw failure("\(step) failed (status \(status.rawValue))") }
}

private func write(_ values: [Float], into memory: dnnl_memory_t) throws {
    var mapped: UnsafeMutableRawPointer?
    try check(dnnl_memory_map_data(memory, &mapped), "map")
    values.withUnsafeBytes { mapped!.copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
    try check(dnnl_memory_unmap_data(memory, mapped), "unmap")
}
