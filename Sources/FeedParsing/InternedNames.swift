/// libxml2 interns element names and namespace URIs in its dictionary, so the same pointer
/// comes back for every `<item>`; classifying each pointer once spares building a Swift string
/// per element. Each hit is re-checked against the stored bytes, so correctness never rests on
/// the interning.
struct InternedNames {
    private var elementNames: [UnsafeRawPointer: (name: ElementName, bytes: [UInt8])] = [:]
    private var families: [UnsafeRawPointer: (family: NamespaceFamily, bytes: [UInt8])] = [:]

    mutating func name(_ pointer: UnsafePointer<UInt8>) -> ElementName {
        if let hit = elementNames[UnsafeRawPointer(pointer)], CString.equals(pointer, hit.bytes) { return hit.name }
        let bytes = Array(CString.bytes(pointer))
        let name = ElementName.named(String(decoding: bytes, as: UTF8.self))
        elementNames[UnsafeRawPointer(pointer)] = (name, bytes)
        return name
    }

    /// Elements in no namespace are RSS 0.9x/2.0 elements.
    mutating func family(_ pointer: UnsafePointer<UInt8>?) -> NamespaceFamily {
        guard let pointer else { return .rss }
        if let hit = families[UnsafeRawPointer(pointer)], CString.equals(pointer, hit.bytes) { return hit.family }
        let bytes = Array(CString.bytes(pointer))
        let family = NamespaceFamily.family(of: String(decoding: bytes, as: UTF8.self))
        families[UnsafeRawPointer(pointer)] = (family, bytes)
        return family
    }
}
