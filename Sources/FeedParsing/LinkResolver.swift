import Foundation

/// Turns the links a feed writes (absolute, root-relative, relative to an `xml:base`) into
/// absolute web URLs. Only http and https come out: a `javascript:` or `data:` link is not
/// something an app should open as an article.
enum LinkResolver {
    /// The absolute http(s) URL `reference` denotes against `base`, or nil.
    static func absoluteWebURL(_ reference: String, base: URL?) -> String? {
        if let plain = alreadyAbsolute(reference) { return plain }
        guard let url = resolve(reference, against: base), let scheme = url.scheme?.lowercased(),
              scheme == "http" || scheme == "https", url.host != nil else { return nil }
        let absolute = url.absoluteString
        // `HTTP://…` is valid but unusual; callers compare links as strings, so normalise the case.
        return absolute.hasPrefix(scheme) ? absolute : scheme + absolute.dropFirst(scheme.count)
    }

    /// Most links are already absolute, lowercase http(s) URLs of plain ASCII: those are returned
    /// as written without the cost of building a URL.
    private static func alreadyAbsolute(_ reference: String) -> String? {
        let bytes = reference.utf8
        let prefixLength = bytes.starts(with: "https://".utf8) ? 8 : bytes.starts(with: "http://".utf8) ? 7 : 0
        guard prefixLength > 0,
              let hostStart = bytes.dropFirst(prefixLength).first,
              hostStart.isASCIILetter || hostStart.isASCIIDigit || hostStart == UInt8(ascii: "["),
              bytes.allSatisfy(isPlainURLByte) else { return nil }
        return reference
    }

    /// Printable ASCII that URLs carry unescaped (RFC 3986 reserved and unreserved, and `%`).
    private static func isPlainURLByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 0...0x20, 0x7F...0xFF, UInt8(ascii: "\""), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\\"),
             UInt8(ascii: "^"), UInt8(ascii: "`"), UInt8(ascii: "{"), UInt8(ascii: "|"), UInt8(ascii: "}"):
            return false
        default:
            return true
        }
    }

    /// Resolves an `xml:base` value against the base in scope; relative results are kept so a
    /// chain of relative bases still composes once an absolute one appears above it.
    static func resolveBase(_ reference: String, against base: URL?) -> URL? {
        resolve(reference, against: base)
    }

    private static func resolve(_ reference: String, against base: URL?) -> URL? {
        let trimmed = reference.trimmingASCII()
        guard !trimmed.isEmpty, let url = URL(string: trimmed, relativeTo: base) ?? URL(string: escaped(trimmed), relativeTo: base) else {
            return nil
        }
        return url.absoluteURL
    }

    /// Feeds put spaces and non-ASCII characters in links; percent-encode what URL rejects.
    private static func escaped(_ reference: String) -> String {
        var allowed = CharacterSet.urlQueryAllowed
        allowed.insert(charactersIn: "#%")
        return reference.addingPercentEncoding(withAllowedCharacters: allowed) ?? reference
    }
}
