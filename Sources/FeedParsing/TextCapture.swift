import Foundation

/// The field an element's text is collected for.
enum CaptureField {
    case feedTitle, feedLink, feedSubtitle, feedID, feedLanguage, feedPublished, feedUpdated, feedAuthor, feedImage
    case entryTitle, entryLink, entryGuid, entrySummary, entryContent, entryAuthor, entryPublished, entryUpdated
    case entryCategory, personName, personEmail
}

/// How child elements and text inside a captured element are kept.
enum CaptureMode {
    /// Only character data (links, dates, ids): child tags are dropped, their text kept.
    case text
    /// HTML source (escaped or CDATA): text kept verbatim, stray child elements re-serialised.
    case html
    /// Inline XHTML: text is character data again, so it is re-escaped as the tags are rebuilt.
    case xhtml
}

/// Text being collected for one field, from the element's start to its end.
struct TextCapture {
    let field: CaptureField
    let rank: Int
    let mode: CaptureMode
    /// Atom 0.3 `mode="base64"`: the collected text is decoded at the end.
    let isBase64: Bool
    /// Stack depth of the capturing element, so its end is recognised.
    let depth: Int
    /// The explicit `xml:base` in scope, if any.
    let base: URL?
    var bytes: [UInt8] = []
    var guidIsPermaLink = true

    init(field: CaptureField, rank: Int = 0, mode: CaptureMode = .text, isBase64: Bool = false, depth: Int, base: URL?) {
        self.field = field
        self.rank = rank
        self.mode = mode
        self.isBase64 = isBase64
        self.depth = depth
        self.base = base
    }

    /// The collected bytes, base64-decoded when the element said so.
    var content: [UInt8] {
        guard isBase64 else { return bytes }
        let text = String(decoding: bytes, as: UTF8.self)
        return Data(base64Encoded: text, options: .ignoreUnknownCharacters).map { Array($0) } ?? bytes
    }

    /// Appends character data, escaping it again when it sits among re-serialised tags. Runs
    /// without `&`, `<` or `>` are copied whole.
    mutating func append(_ text: UnsafeBufferPointer<UInt8>) {
        guard mode == .xhtml else {
            bytes.append(contentsOf: text)
            return
        }
        var runStart = 0
        for index in text.indices {
            let escape: [UInt8]
            switch text[index] {
            case UInt8(ascii: "&"): escape = [38, 97, 109, 112, 59]
            case UInt8(ascii: "<"): escape = [38, 108, 116, 59]
            case UInt8(ascii: ">"): escape = [38, 103, 116, 59]
            default: continue
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[runStart..<index]))
            bytes.append(contentsOf: escape)
            runStart = index + 1
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[runStart...]))
    }

    /// Re-serialises a child element's start tag (`<name attr="value">`).
    mutating func appendStartTag(_ name: UnsafePointer<UInt8>, attributes: XMLAttributes) {
        guard mode != .text else { return }
        bytes.append(UInt8(ascii: "<"))
        bytes.append(contentsOf: CString.bytes(name))
        attributes.forEach { attribute, value in
            bytes.append(32)
            bytes.append(contentsOf: CString.bytes(attribute))
            bytes.append(contentsOf: [61, 34])
            for byte in value {
                switch byte {
                case UInt8(ascii: "&"): bytes.append(contentsOf: [38, 97, 109, 112, 59])
                case UInt8(ascii: "\""): bytes.append(contentsOf: [38, 113, 117, 111, 116, 59])
                case UInt8(ascii: "<"): bytes.append(contentsOf: [38, 108, 116, 59])
                default: bytes.append(byte)
                }
            }
            bytes.append(34)
        }
        bytes.append(UInt8(ascii: ">"))
    }

    mutating func appendEndTag(_ name: UnsafePointer<UInt8>) {
        guard mode != .text, !CaptureVoidElements.isVoid(name) else { return }
        bytes.append(contentsOf: [60, 47])
        bytes.append(contentsOf: CString.bytes(name))
        bytes.append(UInt8(ascii: ">"))
    }
}

/// HTML elements that never have an end tag; writing `</br>` would read as a second break.
enum CaptureVoidElements {
    static func isVoid(_ name: UnsafePointer<UInt8>) -> Bool {
        for candidate: StaticString in ["br", "img", "hr", "meta", "link", "input", "area", "base", "col", "embed",
                                        "source", "wbr", "param", "track"] where CString.equals(name, candidate) {
            return true
        }
        return false
    }
}
