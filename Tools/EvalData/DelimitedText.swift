/// Reads comma- or tab-separated files the way the shared data sets write them (RFC 4180
/// quoting: a quoted field may hold the separator, newlines and doubled quotes).
public enum DelimitedText {
    /// All records, header included, each as its fields in order.
    public static func records(_ text: String, separator: Character) -> [[String]] {
        var records: [[String]] = []
        var fields: [String] = []
        var field = ""
        var inQuotes = false
        var iterator = text.makeIterator()
        var pending: Character? = nil
        func next() -> Character? {
            if let character = pending { pending = nil; return character }
            return iterator.next()
        }
        while let character = next() {
            if inQuotes {
                if character == "\"" {
                    let following = next()
                    if following == "\"" { field.append("\"") } else { inQuotes = false; pending = following }
                } else {
                    field.append(character)
                }
            } else if character == "\"" && field.isEmpty {
                inQuotes = true
            } else if character == separator {
                fields.append(field)
                field = ""
            } else if character == "\n" || character == "\r\n" || character == "\r" {
                fields.append(field)
                records.append(fields)
                fields = []
                field = ""
            } else {
                field.append(character)
            }
        }
        if !field.isEmpty || !fields.isEmpty {
            fields.append(field)
            records.append(fields)
        }
        return records
    }
}
