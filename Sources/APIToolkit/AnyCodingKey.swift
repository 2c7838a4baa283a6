/// A coding key built from a string or an index, for paths the encoder and decoder construct.
/// The index form's text is produced only when asked for, since paths are mostly never read.
struct AnyCodingKey: CodingKey {
    private enum Storage {
        case string(String)
        case index(Int)
    }

    private let storage: Storage

    init(_ string: String) {
        storage = .string(string)
    }

    init(index: Int) {
        storage = .index(index)
    }

    init?(stringValue: String) {
        self.init(stringValue)
    }

    init?(intValue: Int) {
        self.init(index: intValue)
    }

    var stringValue: String {
        switch storage {
        case .string(let string): string
        case .index(let index): "Index \(index)"
        }
    }

    var intValue: Int? {
        if case .index(let index) = storage { return index }
        return nil
    }
}
