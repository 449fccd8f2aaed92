/// One kind of entry (apps, short links, page types, robots.txt groups) on a diff's two sides,
/// matched by its key: what only the head has, what only the base has, and what both keep.
/// The first entry with a key stands for it, as validation refuses a second.
struct KeyedSides<Item, Key: Hashable> {
    private let head: [Item]
    private let base: [Item]
    private let key: (Item) -> Key
    private let before: [Key: Item]
    private let afterKeys: Set<Key>

    init(_ base: [Item], _ head: [Item], by key: @escaping (Item) -> Key) {
        self.base = base
        self.head = head
        self.key = key
        before = Dictionary(base.map { (key($0), $0) }, uniquingKeysWith: { first, _ in first })
        afterKeys = Set(head.map(key))
    }

    /// The base's entry with this head entry's key, if it had one.
    func old(_ item: Item) -> Item? { before[key(item)] }
    /// In the head's order.
    var added: [Item] { head.filter { old($0) == nil } }
    /// In the base's order.
    var removed: [Item] { base.filter { !afterKeys.contains(key($0)) } }
    /// In the head's order, each with its base entry.
    var kept: [(old: Item, new: Item)] { head.compactMap { item in old(item).map { ($0, item) } } }
}
