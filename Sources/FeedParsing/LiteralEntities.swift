import CLibXML2
import Glibc

/// Undeclared entity names that are not HTML entities either (`&doesnotexist;`) are kept as the
/// literal text the author typed, rather than silently dropped, by answering libxml2 with an
/// inline entity whose text is the reference itself. These live for one parse (names are
/// attacker-chosen, so they are never added to a process-wide table) and at most `limit` of
/// them are made.
final class LiteralEntities {
    private var entities: [String: xmlEntityPtr] = [:]
    private let limit = 256

    func entity(named name: UnsafePointer<xmlChar>) -> xmlEntityPtr? {
        let key = String(decoding: CString.bytes(name), as: UTF8.self)
        if let known = entities[key] { return known }
        guard entities.count < limit, key.utf8.count <= 64 else { return nil }
        let entity = xmlEntityPtr.allocate(capacity: 1)
        entity.initialize(to: xmlEntity())
        entity.pointee.type = XML_ENTITY_DECL
        entity.pointee.etype = XML_INTERNAL_PREDEFINED_ENTITY
        entity.pointee.name = UnsafePointer(duplicate(key))
        entity.pointee.content = duplicate("&" + key + ";")
        entity.pointee.length = Int32(key.utf8.count + 2)
        entities[key] = entity
        return entity
    }

    private func duplicate(_ text: String) -> UnsafeMutablePointer<xmlChar> {
        let copy: UnsafeMutablePointer<CChar> = strdup(text)
        return UnsafeMutableRawPointer(copy).assumingMemoryBound(to: xmlChar.self)
    }

    deinit {
        for entity in entities.values {
            free(UnsafeMutableRawPointer(mutating: entity.pointee.name))
            free(entity.pointee.content)
            entity.deinitialize(count: 1)
            entity.deallocate()
        }
    }
}
