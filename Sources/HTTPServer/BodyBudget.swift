import Synchronization

/// Bytes of request bodies held by the server at once (being read, or waiting in a handler),
/// for the whole process and per client address. A connection reserves a body's bytes before
/// reading them (all of `Content-Length` at once; a chunked body as it arrives) and releases
/// them once the handler has answered, so a few clients uploading at once cannot take all the
/// memory. A request is always admitted when nothing else is in flight in its scope, so a
/// route's own ceiling (a 50 MB backup, say) stays usable above the per-address cap.
final class BodyBudget: Sendable {
    enum Refusal: Sendable { case process, address }

    private let processLimit: Int
    private let addressLimit: Int
    private let state = Mutex<(total: Int, byAddress: [String: Int])>((0, [:]))

    init(processLimit: Int, addressLimit: Int) {
        self.processLimit = processLimit
        self.addressLimit = addressLimit
    }

    /// Adds `bytes` to what `address` holds, of which `held` are the same request's earlier
    /// reservations; nil when admitted, else the scope that is full (nothing is reserved then).
    func reserve(_ bytes: Int, for address: String, held: Int) -> Refusal? {
        state.withLock { state in
            let ofAddress = state.byAddress[address, default: 0]
            if state.total + bytes > processLimit && state.total > held { return .process }
            if ofAddress + bytes > addressLimit && ofAddress > held { return .address }
            state.total += bytes
            state.byAddress[address] = ofAddress + bytes
            return nil
        }
    }

    func release(_ bytes: Int, for address: String) {
        guard bytes > 0 else { return }
        state.withLock { state in
            state.total -= bytes
            let left = state.byAddress[address, default: 0] - bytes
            state.byAddress[address] = left > 0 ? left : nil
        }
    }

    var bytesInFlight: Int { state.withLock { $0.total } }
}
