import CLibXML2
import Synchronization

/// HTML named entities (`&nbsp;`, `&hellip;`, `&eacute;`) for feeds that use them without
/// declaring them, which is most feeds that use them at all. libxml2 asks the SAX `getEntity`
/// callback about every undeclared name; answering with an entity of the *predefined* kind makes
/// libxml2 insert its text inline, exactly like `&amp;`, with no sub-parse and nothing that could
/// expand further. Entities are made once per name, on first use, from libxml2's own HTML table.
enum HTMLEntityFallback {
    /// Built entities by name. They are allocated once, never mutated after being published and
    /// never freed, so handing the pointer to any parser on any thread is safe.
    private struct EntityPointer: @unchecked Sendable {
        let pointer: xmlEntityPtr
    }

    private static let cache = Mutex<[String: EntityPointer]>([:])

    static func entity(named name: UnsafePointer<xmlChar>) -> xmlEntityPtr? {
        let key = String(cString: name)
        if let known = cache.withLock({ $0[key] }) { return known.pointer }
        guard let description = htmlEntityLookup(name) else { return nil }
        let built = EntityPointer(pointer: makeEntity(name: name, codePoint: description.pointee.value))
        return cache.withLock { table in
            if let raced = table[key] { return raced.pointer }
            table[key] = built
            return built.pointer
        }
    }

    private static func makeEntity(name: UnsafePointer<xmlChar>, codePoint: UInt32) -> xmlEntityPtr {
        let text = String(Unicode.Scalar(codePoint).map(Character.init) ?? "\u{FFFD}")
        let entity = xmlEntityPtr.allocate(capacity: 1)
        entity.initialize(to: xmlEntity())
        entity.pointee.type = XML_ENTITY_DECL
        entity.pointee.name = UnsafePointer(xmlStrdup(name))
        entity.pointee.etype = XML_INTERNAL_PREDEFINED_ENTITY
        text.withCString { bytes in
            bytes.withMemoryRebound(to: xmlChar.self, capacity: text.utf8.count + 1) { utf8 in
                entity.pointee.content = xmlStrdup(utf8)
                entity.pointee.orig = xmlStrdup(utf8)
            }
        }
        entity.pointee.length = Int32(text.utf8.count)
        return entity
    }
}
