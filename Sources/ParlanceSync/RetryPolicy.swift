import Foundation

/// How ``ProfileSync`` waits between failed pushes: exponential backoff with jitter, so a
/// fleet of apps that lost the server together does not come back in step.
///
/// The wait before attempt *n* (counting failures from 1) is
/// `min(maximumDelay, initialDelay × multiplier^(n−1))`, of which the `jitter` fraction is
/// drawn at random: with the defaults, 0.25–0.5 s, then 0.5–1 s, 1–2 s, … up to 2.5–5 min.
/// A server's `Retry-After` is honoured when longer.
public struct RetryPolicy: Hashable, Sendable {
    public var initialDelay: Duration
    public var maximumDelay: Duration
    public var multiplier: Double
    /// The fraction of each delay drawn at random, from 0 (none) to 1 (anywhere from 0 to the delay).
    public var jitter: Double

    public init(
        initialDelay: Duration = .milliseconds(500), maximumDelay: Duration = .seconds(300),
        multiplier: Double = 2, jitter: Double = 0.5
    ) {
        self.initialDelay = initialDelay
        self.maximumDelay = max(maximumDelay, initialDelay)
        self.multiplier = max(1, multiplier)
        self.jitter = min(1, max(0, jitter))
    }

    /// The wait after `failures` failed attempts (1 or more), at least `serverAsked`.
    public func delay(afterFailures failures: Int, serverAsked: Duration? = nil) -> Duration {
        delay(afterFailures: failures, serverAsked: serverAsked, random: Double.random(in: 0...1))
    }

    func delay(afterFailures failures: Int, serverAsked: Duration?, random: Double) -> Duration {
        let initial = Self.seconds(initialDelay)
        let cap = Self.seconds(maximumDelay)
        // Past 2^64 the exponent only overflows; the cap is long reached.
        let exponent = Double(min(max(failures, 1) - 1, 64))
        let full = min(cap, initial * pow(multiplier, exponent))
        let waited = full * (1 - jitter) + full * jitter * min(1, max(0, random))
        let asked = serverAsked.map(Self.seconds) ?? 0
        return .milliseconds(Int64((max(waited, min(asked, 3_600)) * 1_000).rounded()))
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
