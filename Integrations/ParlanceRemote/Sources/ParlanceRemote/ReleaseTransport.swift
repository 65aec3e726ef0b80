import Foundation
import Parlance
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What a GET of one release file returned.
public struct ReleaseResponse: Sendable {
    /// The HTTP status: 200, or 304 when the `If-None-Match` tag still matched.
    public var status: Int
    public var body: [UInt8]
    /// The `ETag` the host sent, to send back as `If-None-Match` next time.
    public var etag: String?

    public init(status: Int, body: [UInt8], etag: String?) {
        self.status = status
        self.body = body
        self.etag = etag
    }
}

/// How the updater fetches files. ``URLSessionReleaseTransport`` is the one apps use; tests
/// may pass their own.
public protocol ReleaseTransport: Sendable {
    /// GETs `url`, sending `If-None-Match: etag` when one is given.
    ///
    /// - Returns: the response for status 200 or 304.
    /// - Throws: ``ReleaseError``: ``ReleaseError/Kind/httpStatus`` for any other status (with
    ///   `Retry-After` read, in seconds, on 429 and 503); ``ReleaseError/Kind/tooLarge`` as soon
    ///   as the body passes `limit` bytes (the rest is not read); ``ReleaseError/Kind/network``
    ///   when the host cannot be reached or the whole request takes longer than `timeout`.
    ///   Cancelling the calling task cancels the request.
    func get(_ url: URL, etag: String?, limit: Int, timeout: Duration) async throws(ReleaseError) -> ReleaseResponse
}

/// Fetches over `URLSession`, reading the body as it arrives so a download is stopped the
/// moment it passes its limit, and timing out the whole request (a host that trickles bytes
/// forever is cut off, not only one that sends nothing).
public final class URLSessionReleaseTransport: ReleaseTransport {
    private let session: URLSession
    private let delegate: Delegate

    /// - Parameter configuration: The session's configuration; caching is turned off on it
    ///   (the updater keeps its own cache and sends its own conditional requests).
    public init(configuration: URLSessionConfiguration = .ephemeral) {
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        delegate = Delegate()
        session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
    }

    deinit {
        session.invalidateAndCancel()
    }

    public func get(_ url: URL, etag: String?, limit: Int, timeout: Duration) async throws(ReleaseError) -> ReleaseResponse {
        var request = URLRequest(url: url)
        request.httpMethod = "GET"
        request.cachePolicy = .reloadIgnoringLocalCacheData
        let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
        request.timeoutInterval = max(seconds, 0.001)
        if let etag { request.setValue(etag, forHTTPHeaderField: "If-None-Match") }
        request.setValue("gzip;q=0, identity", forHTTPHeaderField: "Accept-Encoding")
        let task = session.dataTask(with: request)
        let result: Result<ReleaseResponse, ReleaseError> = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                delegate.start(task, url: url, limit: limit, continuation: continuation)
                // The whole request's deadline: URLSession's own timeout only bounds the wait
                // between two packets.
                DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { [delegate] in
                    delegate.finish(task, with: .failure(ReleaseError(
                        .network, "the request took longer than \(timeout)", at: .init(file: url.absoluteString, line: 1, column: 1))))
                    task.cancel()
                }
                task.resume()
            }
        } onCancel: {
            delegate.finish(task, with: .failure(ReleaseError(.network, "cancelled", at: .init(file: url.absoluteString, line: 1, column: 1))))
            task.cancel()
        }
        return try result.get()
    }

    /// Routes each task's callbacks to its request, which it finishes exactly once.
    private final class Delegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
        struct Request {
            var url: URL
            var limit: Int
            var body: [UInt8] = []
            var response: HTTPURLResponse?
            var continuation: CheckedContinuation<Result<ReleaseResponse, ReleaseError>, Never>
        }

        /// In flight, by task identifier. Guarded by the mutex; `@unchecked Sendable` because
        /// `NSObject` subclasses cannot be checked.
        private let requests = Mutex<[Int: Request]>([:])

        func start(_ task: URLSessionTask, url: URL, limit: Int, continuation: CheckedContinuation<Result<ReleaseResponse, ReleaseError>, Never>) {
            requests.withLock { $0[task.taskIdentifier] = Request(url: url, limit: limit, continuation: continuation) }
        }

        /// Resumes the request's caller with `result`, unless it was already resumed.
        func finish(_ task: URLSessionTask, with result: Result<ReleaseResponse, ReleaseError>) {
            let request = requests.withLock { $0.removeValue(forKey: task.taskIdentifier) }
            request?.continuation.resume(returning: result)
        }

        private func location(_ url: URL) -> SourceLocation { SourceLocation(file: url.absoluteString, line: 1, column: 1) }

        func urlSession(
            _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
            completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
        ) {
            let http = response as? HTTPURLResponse
            let failure: ReleaseError? = requests.withLock { requests -> ReleaseError? in
                guard var request = requests[dataTask.taskIdentifier] else { return nil }
                request.response = http
                requests[dataTask.taskIdentifier] = request
                guard let http else { return ReleaseError(.network, "the answer is not HTTP", at: location(request.url)) }
                if http.statusCode == 200 || http.statusCode == 304 {
                    if http.expectedContentLength > Int64(request.limit) {
                        return ReleaseError(
                            .tooLarge, "the host announces \(http.expectedContentLength) bytes; at most \(request.limit) are read",
                            at: location(request.url))
                    }
                    return nil
                }
                let retryAfter = (http.statusCode == 429 || http.statusCode == 503)
                    ? http.value(forHTTPHeaderField: "Retry-After").flatMap(RetryAfter.seconds) : nil
                return ReleaseError(
                    .httpStatus, "the host answered \(http.statusCode)", at: location(request.url),
                    status: http.statusCode, retryAfter: retryAfter)
            }
            if let failure {
                finish(dataTask, with: .failure(failure))
                completionHandler(.cancel)
            } else {
                completionHandler(.allow)
            }
        }

        func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
            let failure: ReleaseError? = requests.withLock { requests -> ReleaseError? in
                guard var request = requests[dataTask.taskIdentifier] else { return nil }
                guard request.body.count + data.count <= request.limit else {
                    return ReleaseError(.tooLarge, "the download passed \(request.limit) bytes", at: location(request.url))
                }
                request.body.append(contentsOf: data)
                requests[dataTask.taskIdentifier] = request
                return nil
            }
            if let failure {
                finish(dataTask, with: .failure(failure))
                dataTask.cancel()
            }
        }

        func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
            let request = requests.withLock { $0[task.taskIdentifier] }
            guard let request else { return }
            if let error {
                finish(task, with: .failure(ReleaseError(.network, error.localizedDescription, at: location(request.url))))
                return
            }
            guard let http = request.response else {
                finish(task, with: .failure(ReleaseError(.network, "no response", at: location(request.url))))
                return
            }
            if let length = http.value(forHTTPHeaderField: "Content-Length").flatMap(Int.init), http.statusCode == 200,
                length != request.body.count
            {
                finish(task, with: .failure(ReleaseError(
                    .network, "the body ended after \(request.body.count) of \(length) bytes", at: location(request.url))))
                return
            }
            finish(task, with: .success(ReleaseResponse(
                status: http.statusCode, body: request.body, etag: http.value(forHTTPHeaderField: "ETag"))))
        }
    }
}

/// `Retry-After` as seconds: a whole number of seconds, or an HTTP date.
enum RetryAfter {
    static func seconds(_ value: String) -> Double? {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        if let seconds = Int(trimmed), seconds >= 0 { return Double(min(seconds, 86_400)) }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: trimmed) else { return nil }
        return min(max(date.timeIntervalSinceNow, 0), 86_400)
    }
}
