/// The severity tokens of every Coach and Insights JSON payload (contract §9.1, GROUND RULE 11):
/// lowercase English whatever the request's locale, since the app parses these exact tokens and
/// translates them only when it renders. The one list the server writes and publishes; declared
/// most severe first, so `allCases` is also the order cards and headlines rank by.
public enum Severity: String, CaseIterable, Codable, Sendable {
    case important, warning, info

    /// 0 for `important`, counting up to the mildest: sorting by it puts the most severe first.
    public var rank: Int { Self.allCases.firstIndex(of: self) ?? Self.allCases.count }
}
