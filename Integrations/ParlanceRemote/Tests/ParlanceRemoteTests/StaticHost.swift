import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A real nginx (Debian's package) serving a folder on a loopback port, as a CDN or a plain
/// static host would serve a release. Each test starts its own and stops it when done.
///
/// Faults are switched by files in the served folder, so a test changes the host's behaviour
/// between two requests without reloading nginx:
/// - `.fail500` present: every request answers 500;
/// - `.fail429` present: every request answers 429 with `Retry-After: 7`;
/// - `/slow/<path>` serves `<path>` at one byte per second (a stalled host).
final class StaticHost: @unchecked Sendable {
    static let executable: String? = ["/usr/sbin/nginx", "/usr/local/sbin/nginx", "/usr/bin/nginx"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }
    static var skipReason: Comment { "nginx is not installed: `apt-get install nginx-light` (.ci/run does)" }
    /// Whether the tests that need nginx are skipped: it is missing and nothing requires it.
    static var isSkipped: Bool { executable == nil && ProcessInfo.processInfo.environment["PARLANCE_REQUIRE_NGINX"] == nil }

    let directory: URL
    let root: URL
    let port: Int
    private let process: Process

    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)/")! }
    var slowURL: URL { URL(string: "http://127.0.0.1:\(port)/slow/")! }

    init() throws {
        guard let executable = Self.executable else { throw HostError("nginx is not installed") }
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("parlance-nginx-\(UUID().uuidString)")
        root = directory.appendingPathComponent("www")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("temp"), withIntermediateDirectories: true)
        var lastError = ""
        for _ in 0..<20 {
            let port = Int.random(in: 20_000...60_000)
            let conf = directory.appendingPathComponent("nginx.conf")
            try Self.configuration(port: port, directory: directory, root: root).write(to: conf, atomically: true, encoding: .utf8)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = ["-p", directory.path, "-c", conf.path, "-e", directory.appendingPathComponent("error.log").path]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            if Self.waitForListener(port: port, process: process) {
                self.port = port
                self.process = process
                return
            }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
            lastError = (try? String(contentsOf: directory.appendingPathComponent("error.log"), encoding: .utf8)) ?? ""
        }
        throw HostError("nginx did not start: \(lastError.suffix(400))")
    }

    deinit {
        stop()
    }

    func stop() {
        // SIGKILL: a child of the test process starts with its signal mask, in which
        // Dispatch's threads block SIGTERM, so nginx would never see a polite request.
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: directory)
    }

    /// Turns a fault file on or off.
    func fault(_ name: String, _ on: Bool) throws {
        let url = root.appendingPathComponent(name)
        if on { try Data().write(to: url) } else { try? FileManager.default.removeItem(at: url) }
    }

    /// The requests nginx logged, as "METHOD path status" lines.
    func requests() -> [String] {
        let text = (try? String(contentsOf: directory.appendingPathComponent("access.log"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map(String.init)
    }

    /// Copies a release folder into the served root, replacing what was there.
    func serve(_ release: URL) throws {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? [] where !name.hasPrefix(".") {
            try FileManager.default.removeItem(at: root.appendingPathComponent(name))
        }
        for name in try FileManager.default.contentsOfDirectory(atPath: release.path) {
            try FileManager.default.copyItem(at: release.appendingPathComponent(name), to: root.appendingPathComponent(name))
        }
        // nginx's ETag is the file's modification time and size: two releases served within
        // one second whose manifests have the same size would share one. Real publishes are
        // further apart; here each is dated a minute after the one before.
        published += 1
        let date = Date(timeIntervalSince1970: 1_700_000_000 + Double(published) * 60)
        for name in ["manifest.txt", "manifest.sig"] {
            try? FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: root.appendingPathComponent(name).path)
        }
    }

    private var published = 0

    private static func configuration(port: Int, directory: URL, root: URL) -> String {
        let temp = directory.appendingPathComponent("temp").path
        return """
            worker_processes 1;
            daemon off;
            master_process off;
            pid \(directory.appendingPathComponent("nginx.pid").path);
            error_log \(directory.appendingPathComponent("error.log").path) warn;
            events { worker_connections 64; }
            http {
                log_format parlance '$request_method $uri $status';
                access_log \(directory.appendingPathComponent("access.log").path) parlance;
                client_body_temp_path \(temp)/body;
                proxy_temp_path \(temp)/proxy;
                fastcgi_temp_path \(temp)/fastcgi;
                uwsgi_temp_path \(temp)/uwsgi;
                scgi_temp_path \(temp)/scgi;
                default_type application/octet-stream;
                server {
                    listen 127.0.0.1:\(port);
                    root \(root.path);
                    etag on;
                    location /slow/ {
                        alias \(root.path)/;
                        limit_rate 1;
                    }
                    location / {
                        if (-f $document_root/.fail500) { return 500; }
                        if (-f $document_root/.fail429) {
                            add_header Retry-After 7 always;
                            return 429;
                        }
                    }
                }
            }
            """
    }

    private static func waitForListener(port: Int, process: Process) -> Bool {
        for _ in 0..<200 {
            guard process.isRunning else { return false }
            let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            close(socket)
            if connected == 0 { return true }
            usleep(20_000)
        }
        return false
    }
}

struct HostError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
