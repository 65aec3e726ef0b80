import Foundation
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One HTTP exchange at a time per call, over a URLSession, with the two limits a client of
/// an untrusted server needs and `URLSession.data(for:)` lacks: an overall deadline (a
/// server trickling one byte a second never trips URLSession's idle timeout) and a
/// maximum body size (the body is dropped, not buffered, past it).
final class HTTPTransport: NSObject, URLSessionDataDelegate, Sendable {
    struct Response: Sendable {
        var status: Int
        var headers: [String: String]
        var body: Data
    }

    enum Failure: Error {
        case timedOut
        case tooLarge(limit: Int)
        case network(String)
    }

    private final class Exchange: Sendable {
        struct State {
            var continuation: CheckedContinuation<Response, any Error>?
            var response: HTTPURLResponse?
            var body = Data()
            var failure: Failure?
        }
        let state: Mutex<State>
        let limit: Int

        init(limit: Int, continuation: CheckedContinuation<Response, any Error>) {
            self.limit = limit
            state = Mutex(State(continuation: continuation))
        }

        /// Resumes the caller once; later calls do nothing.
        func finish(_ result: Result<Response, any Error>) {
            let continuation = state.withLock { state -> CheckedContinuation<Response, any Error>? in
                defer { state.continuation = nil }
                return state.continuation
            }
            continuation?.resume(with: result)
        }
    }

    private let exchanges = Mutex<[Int: Exchange]>([:])
    private let session = Mutex<URLSession?>(nil)

    override init() {
        super.init()
    }

    private func urlSession() -> URLSession {
        session.withLock { session in
            if let session { return session }
            let configuration = URLSessionConfiguration.ephemeral
            configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
            configuration.urlCache = nil
            // URLSession keeps a strong reference to its delegate until invalidated.
            let made = URLSession(configuration: configuration, delegate: self, delegateQueue: nil)
            session = made
            return made
        }
    }

    /// Ends the session, breaking its reference to this delegate.
    func invalidate() {
        session.withLock { $0?.finishTasksAndInvalidate(); $0 = nil }
    }

    /// Sends `request`; fails with ``Failure/timedOut`` after `timeout` seconds in all, and
    /// with ``Failure/tooLarge(limit:)`` once the body passes `maximumBytes`.
    func send(_ request: URLRequest, timeout: Double, maximumBytes: Int) async throws -> Response {
        var request = request
        request.timeoutInterval = timeout
        let task = urlSession().dataTask(with: request)
        let id = task.taskIdentifier
        let deadline = Task {
            try await Task.sleep(for: .milliseconds(Int64(timeout * 1_000)))
            self.fail(id, .timedOut)
            task.cancel()
        }
        defer { deadline.cancel() }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                exchanges.withLock { $0[id] = Exchange(limit: maximumBytes, continuation: continuation) }
                task.resume()
            }
        } onCancel: {
            task.cancel()
        }
    }

    private func exchange(_ id: Int) -> Exchange? {
        exchanges.withLock { $0[id] }
    }

    private func fail(_ id: Int, _ failure: Failure) {
        exchange(id)?.state.withLock { state in
            if state.failure == nil { state.failure = failure }
        }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        exchange(dataTask.taskIdentifier)?.state.withLock { $0.response = response as? HTTPURLResponse }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        guard let exchange = exchange(dataTask.taskIdentifier) else { return }
        let overflow = exchange.state.withLock { state -> Bool in
            guard state.failure == nil else { return false }
            if state.body.count + data.count > exchange.limit {
                state.failure = .tooLarge(limit: exchange.limit)
                state.body = Data()
                return true
            }
            state.body.append(data)
            return false
        }
        if overflow { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let exchange = exchanges.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        let (failure, response, body) = exchange.state.withLock { ($0.failure, $0.response, $0.body) }
        if let failure {
            exchange.finish(.failure(failure))
        } else if let error {
            if let urlError = error as? URLError, urlError.code == .timedOut {
                exchange.finish(.failure(Failure.timedOut))
            } else if let urlError = error as? URLError, urlError.code == .cancelled {
                exchange.finish(.failure(CancellationError()))
            } else {
                exchange.finish(.failure(Failure.network(Self.describe(error))))
            }
        } else if let response {
            var headers: [String: String] = [:]
            for case (let name as String, let value as String) in response.allHeaderFields {
                headers[name.lowercased()] = value
            }
            exchange.finish(.success(Response(status: response.statusCode, headers: headers, body: body)))
        } else {
            exchange.finish(.failure(Failure.network("no HTTP response")))
        }
    }

    private static func describe(_ error: any Error) -> String {
        if let urlError = error as? URLError {
            return "\(urlError.localizedDescription) (URLError \(urlError.code.rawValue))"
        }
        return String(describing: error)
    }
}
