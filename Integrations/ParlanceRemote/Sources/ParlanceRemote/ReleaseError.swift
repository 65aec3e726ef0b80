import Parlance

/// Why a release, or part of one, was not applied.
public struct ReleaseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong, for code that reacts to one kind.
    public struct Kind: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// The manifest is not in the format (a syntax error, a missing line, a bad field).
        public static let malformedManifest = Kind(rawValue: "malformed-manifest")
        /// The signature envelope is not in the format.
        public static let malformedSignature = Kind(rawValue: "malformed-signature")
        /// The manifest is signed by a key the client does not trust.
        public static let untrustedKey = Kind(rawValue: "untrusted-key")
        /// The signature does not verify over the manifest with the named key.
        public static let badSignature = Kind(rawValue: "bad-signature")
        /// A payload's size or SHA-256 differs from what the manifest says.
        public static let payloadMismatch = Kind(rawValue: "payload-mismatch")
        /// A payload is not a compiled catalog, or holds another table or language than listed.
        public static let malformedPayload = Kind(rawValue: "malformed-payload")
        /// The release is older than (or the same as) the one already applied.
        public static let downgrade = Kind(rawValue: "downgrade")
        /// The release does not apply to this app version.
        public static let otherAppVersion = Kind(rawValue: "other-app-version")
        /// A download was larger than allowed.
        public static let tooLarge = Kind(rawValue: "too-large")
        /// The host answered with an HTTP status that is not success.
        public static let httpStatus = Kind(rawValue: "http-status")
        /// The request failed or timed out.
        public static let network = Kind(rawValue: "network")
        /// The on-disk cache could not be written or read.
        public static let cache = Kind(rawValue: "cache")
        /// A key file could not be read or written.
        public static let key = Kind(rawValue: "key")
        /// Catalogs could not be read or compiled for publishing.
        public static let publishing = Kind(rawValue: "publishing")
    }

    public var kind: Kind
    public var message: String
    /// The file (or URL) and, for text, the line and column at fault.
    public var location: SourceLocation?
    /// For ``Kind/httpStatus``, the status; for 429 and 503, the seconds `Retry-After` asked for.
    public var status: Int?
    public var retryAfter: Double?

    public init(_ kind: Kind, _ message: String, at location: SourceLocation? = nil, status: Int? = nil, retryAfter: Double? = nil) {
        self.kind = kind
        self.message = message
        self.location = location
        self.status = status
        self.retryAfter = retryAfter
    }

    init(_ kind: Kind, _ message: String, file: String, line: Int = 1, column: Int = 1) {
        self.init(kind, message, at: SourceLocation(file: file, line: line, column: column))
    }

    /// The error as `file:line:column: error: message` when it has a place.
    public var diagnostic: Diagnostic { Diagnostic(.error, message, at: location) }

    /// `file:line:column: message`, or the message alone when the error has no place.
    public var description: String { location.map { "\($0): \(message)" } ?? message }
}
