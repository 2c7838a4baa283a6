import Foundation
import CLibXML2

/// Encoding labels as documents and servers spell them, mapped to what libxml2 should decode
/// with. ISO-8859-1, US-ASCII and Windows-1252 are all read as ISO-8859-1 (libxml2's built-in,
/// which accepts every byte) and the C1 range is then repaired as Windows-1252, as browsers do:
/// feeds labelled Latin-1 are full of "smart quotes" in 0x80–0x9F, and a strict US-ASCII reader
/// would reject the whole document for one accented byte. GB2312 and GBK are read (and
/// reported) as their superset GB18030.
enum CharsetLabels {
    static func normalized(_ raw: String) -> String? {
        let trimmed = raw.trimmingASCII("\"'").lowercased()
        guard !trimmed.isEmpty, trimmed.count <= 40 else { return nil }
        return aliases[trimmed] ?? trimmed
    }

    /// Label for EBCDIC documents, whose code page only libxml2 can read from the declaration.
    static let ebcdic = "ebcdic"

    /// The name handed to libxml2 for a normalised label; nil lets libxml2 follow the declaration.
    static func decoderName(for label: String) -> String? {
        if label == ebcdic { return nil }
        if latin1Family.contains(label) { return "ISO-8859-1" }
        return label.uppercased()
    }

    /// Whether every ASCII character is its own single byte, so byte-level repairs are safe.
    static func isASCIICompatible(_ label: String) -> Bool {
        !(label.hasPrefix("utf-16") || label.hasPrefix("utf-32") || label == ebcdic)
    }

    /// True when the label is one C1 repair applies to (the bytes were read as ISO-8859-1).
    static func readsAsLatin1(_ label: String) -> Bool { latin1Family.contains(label) }

    static func isSupported(_ label: String) -> Bool {
        guard let name = decoderName(for: label), let handler = xmlFindCharEncodingHandler(name) else { return false }
        xmlCharEncCloseFunc(handler)
        return true
    }

    /// "UTF-16" and friends name a family, not a byte order: the document's bytes decide.
    static func resolvingUnicodeFamily(_ label: String, bytes: UnsafeRawBufferPointer) -> String {
        switch label {
        case "utf-16", "ucs-2", "iso-10646-ucs-2", "csunicode", "unicode":
            return CharsetPlan.wideEncodingPattern(bytes) == "utf-16le" ? "utf-16le" : "utf-16be"
        case "utf-32", "ucs-4", "iso-10646-ucs-4", "csucs4":
            return CharsetPlan.wideEncodingPattern(bytes) == "utf-32le" ? "utf-32le" : "utf-32be"
        default:
            return label
        }
    }

    private static let latin1Family: Set<String> = ["iso-8859-1", "us-ascii", "windows-1252"]

    private static let aliases: [String: String] = [
        "utf8": "utf-8", "unicode-1-1-utf-8": "utf-8",
        "ascii": "us-ascii", "ansi_x3.4-1968": "us-ascii", "iso646-us": "us-ascii", "us": "us-ascii",
        "latin1": "iso-8859-1", "latin-1": "iso-8859-1", "l1": "iso-8859-1", "iso8859-1": "iso-8859-1",
        "iso_8859-1": "iso-8859-1", "iso-ir-100": "iso-8859-1", "cp819": "iso-8859-1", "ibm819": "iso-8859-1",
        "gb2312": "gb18030", "gbk": "gb18030", "x-gbk": "gb18030", "cp936": "gb18030",
        "cp1252": "windows-1252", "x-cp1252": "windows-1252", "windows_1252": "windows-1252", "ms-ansi": "windows-1252",
    ]
}
