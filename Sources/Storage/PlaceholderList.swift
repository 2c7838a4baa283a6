/// `$first, $first+1, …` for `count` bound values: the inside of an `IN (…)` list, written the
/// one way both engines accept (see `SQLitePlaceholders`).
public func placeholderList(count: Int, from first: Int = 1) -> String {
    (first ..< first + count).map { "$\($0)" }.joined(separator: ", ")
}
