import CLibXML2
import Foundation

/// The attributes libxml2's SAX2 `startElementNs` hands over: five pointers per attribute
/// (local name, prefix, namespace URI, value start, value end), values not NUL-terminated.
struct XMLAttributes {
    let pointer: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
    let count: Int

    /// The value of the attribute with this local name. `namespace` restricts the match
    /// (`xml:base`, `rdf:about`); without it any prefix matches, since feeds are careless here.
    func value(_ local: StaticString, namespace: StaticString? = nil) -> String? {
        guard let bytes = bytes(local, namespace: namespace) else { return nil }
        return TextRepair.trimmedString(fromUTF8: bytes) ?? ""
    }

    func bytes(_ local: StaticString, namespace: StaticString? = nil) -> [UInt8]? {
        guard let pointer else { return nil }
        for index in 0..<count {
            let base = index * 5
            guard let name = pointer[base], CString.equals(name, local) else { continue }
            if let namespace {
                guard let uri = pointer[base + 2], CString.equals(uri, namespace) else { continue }
            }
            guard let start = pointer[base + 3], let end = pointer[base + 4] else { return [] }
            return XMLAttributes.decodingAmpersands(UnsafeBufferPointer(start: start, count: end - start))
        }
        return nil
    }

    /// Without entity substitution libxml2 reports `&amp;` in an attribute as `&#38;` (so a tree
    /// could be written back unchanged); a literal `&` cannot occur there, so this is always `&`.
    static func decodingAmpersands(_ value: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        let escaped: [UInt8] = Array("&#38;".utf8)
        guard value.contains(UInt8(ascii: "&")) else { return Array(value) }
        var output: [UInt8] = []
        output.reserveCapacity(value.count)
        var index = 0
        while index < value.count {
            if value[index] == UInt8(ascii: "&"), index + 5 <= value.count, Array(value[index..<(index + 5)]) == escaped {
                output.append(UInt8(ascii: "&"))
                index += 5
            } else {
                output.append(value[index])
                index += 1
            }
        }
        return output
    }

    /// Every attribute as (local name, value), for re-serialising inline XHTML.
    func forEach(_ body: (UnsafePointer<xmlChar>, UnsafeBufferPointer<UInt8>) -> Void) {
        guard let pointer else { return }
        for index in 0..<count {
            let base = index * 5
            guard let name = pointer[base], let start = pointer[base + 3], let end = pointer[base + 4] else { continue }
            let value = XMLAttributes.decodingAmpersands(UnsafeBufferPointer(start: start, count: end - start))
            value.withUnsafeBufferPointer { body(name, $0) }
        }
    }
}

/// Comparisons between libxml2's NUL-terminated UTF-8 names and Swift literals, without
/// building a String for every element and attribute.
enum CString {
    static func equals(_ pointer: UnsafePointer<xmlChar>, _ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        let expected = literal.utf8Start
        for index in 0..<count where pointer[index] != expected[index] { return false }
        return pointer[count] == 0
    }

    static func length(_ pointer: UnsafePointer<xmlChar>) -> Int {
        var length = 0
        while pointer[length] != 0 { length += 1 }
        return length
    }

    static func equals(_ pointer: UnsafePointer<xmlChar>, _ bytes: [UInt8]) -> Bool {
        for index in bytes.indices where pointer[index] != bytes[index] { return false }
        return pointer[bytes.count] == 0
    }

    static func bytes(_ pointer: UnsafePointer<xmlChar>) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: pointer, count: length(pointer))
    }
}

enum XMLNamespaceURI {
    static let xml: StaticString = "http://www.w3.org/XML/1998/namespace"
    static let rdf: StaticString = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"
}
