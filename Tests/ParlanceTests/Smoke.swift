import Testing
@testable import Parlance
@Test func orderedMapKeepsInsertionOrder() {
    var map = OrderedMap<String, Int>()
    map["b"] = 1; map["a"] = 2; map["b"] = 3
    #expect(map.keys == ["b", "a"])
    #expect(map["b"] == 3)
}
