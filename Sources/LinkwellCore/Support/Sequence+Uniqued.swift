extension Sequence where Element: Hashable {
    /// The elements in order, each kept the first time it appears: manifest order is output
    /// order, so de-duplication must never reorder.
    func uniqued() -> [Element] {
        var seen = Set<Element>()
        return filter { seen.insert($0).inserted }
    }
}
