#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The few file-system questions a localizer asks at launch, answered with POSIX calls:
/// `FileManager` and `URL.resourceValues` go through Foundation's file and URL machinery,
/// whose first use costs a launch time and resident memory for no extra answer.
package enum FileSystem {
    /// The names in `folder` that do not start with a dot, sorted, each with whether it is a
    /// folder (a symbolic link counts as what it points to). Empty when `folder` cannot be read.
    package static func entries(of folder: URL) -> [(name: String, isFolder: Bool)] {
        guard let directory = opendir(folder.path) else { return [] }
        defer { closedir(directory) }
        var entries: [(name: String, isFolder: Bool)] = []
        // Bounded: a folder of a million files is not a resources folder.
        while entries.count < 100_000, let entry = readdir(directory) {
            let name = name(of: entry)
            guard !name.hasPrefix(".") else { continue }
            let type = entry.pointee.d_type
            var isFolder = Int32(type) == DT_DIR
            if Int32(type) == DT_UNKNOWN || Int32(type) == DT_LNK {
                isFolder = status(of: folder.appendingPathComponent(name))?.isFolder ?? false
            }
            entries.append((name, isFolder))
        }
        return entries.sorted { $0.name < $1.name }
    }

    /// Every file below `folder` whose name does not start with a dot, at any depth, as
    /// `FileManager`'s enumerator lists them with `.skipsHiddenFiles`: a symbolic link is
    /// listed as a file and never followed into a folder, so a link cycle cannot loop, and
    /// folders deeper than `depthLimit` are not entered. `nil` when `folder` cannot be read.
    package static func files(under folder: URL, depthLimit: Int = 64) -> [URL]? {
        var files: [URL] = []
        let walked = walkFiles(under: folder, depthLimit: depthLimit) { parent, name in
            files.append(parent.appendingPathComponent(name))
            return true
        }
        return walked ? files : nil
    }

    /// Whether a file below `folder`, found as ``files(under:depthLimit:)`` finds them, has a
    /// name `matching`: the walk stops at the first, and makes no `URL` for the others.
    package static func containsFile(under folder: URL, depthLimit: Int = 64, named matching: (String) -> Bool) -> Bool {
        var found = false
        _ = walkFiles(under: folder, depthLimit: depthLimit) { _, name in
            found = matching(name)
            return !found
        }
        return found
    }

    /// Calls `visit` with each file's folder and name until it returns `false`; `false` when
    /// `folder` cannot be read. Bounded like `entries(of:)`: a tree of a million files is not
    /// a resources folder.
    private static func walkFiles(under folder: URL, depthLimit: Int, visit: (URL, String) -> Bool) -> Bool {
        var visited = 0
        var pending: [(URL, Int)] = [(folder, 0)]
        while let (current, depth) = pending.popLast(), visited < 1_000_000 {
            // The root is opened once: a root that cannot be read fails the walk, a folder below
            // it that cannot is skipped.
            guard let directory = opendir(current.path) else {
                if depth == 0 { return false }
                continue
            }
            defer { closedir(directory) }
            while let entry = readdir(directory) {
                let name = name(of: entry)
                guard !name.hasPrefix(".") else { continue }
                var isFolder = Int32(entry.pointee.d_type) == DT_DIR
                if Int32(entry.pointee.d_type) == DT_UNKNOWN {
                    var status = stat()
                    isFolder = lstat(current.appendingPathComponent(name).path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
                }
                if isFolder {
                    if depth < depthLimit { pending.append((current.appendingPathComponent(name), depth + 1)) }
                } else {
                    visited += 1
                    guard visit(current, name) else { return true }
                }
            }
        }
        return true
    }

    /// The folders below `folder` whose name `matches`, at any depth, none entered: `.lproj`
    /// folders as `FileManager`'s enumerator finds them with `.skipsHiddenFiles` and
    /// `skipDescendants()`. Names starting with a dot are skipped. A symbolic link whose name
    /// matches is listed when it points to a folder; links are never walked through, so a link
    /// cycle cannot loop. Folders deeper than `depthLimit` are not entered.
    package static func folders(under folder: URL, depthLimit: Int = 64, matching matches: (String) -> Bool) -> [URL] {
        var found: [URL] = []
        var pending: [(URL, Int)] = [(folder, 0)]
        var visited = 0
        // Bounded like `files(under:)`.
        while let (current, depth) = pending.popLast(), visited < 1_000_000 {
            guard let directory = opendir(current.path) else { continue }
            defer { closedir(directory) }
            while let entry = readdir(directory) {
                visited += 1
                let name = name(of: entry)
                guard !name.hasPrefix(".") else { continue }
                let child = current.appendingPathComponent(name)
                var type = Int(entry.pointee.d_type)
                if type == DT_UNKNOWN {
                    var status = stat()
                    guard lstat(child.path, &status) == 0 else { continue }
                    let kind = status.st_mode & S_IFMT
                    type = Int(kind == S_IFDIR ? DT_DIR : kind == S_IFLNK ? DT_LNK : DT_REG)
                }
                if type == DT_DIR {
                    if matches(name) {
                        found.append(child)
                    } else if depth < depthLimit {
                        pending.append((child, depth + 1))
                    }
                } else if type == DT_LNK, matches(name), status(of: child)?.isFolder == true {
                    found.append(child)
                }
            }
        }
        return found
    }

    /// The `userInfo` keys Foundation's `NSFilePathErrorKey`, `NSURLErrorKey` and
    /// `NSUnderlyingErrorKey` name, which FoundationEssentials does not declare.
    package static let filePathKey = "NSFilePath"
    package static let urlKey = "NSURL"
    package static let underlyingErrorKey = "NSUnderlyingError"

    /// What went wrong, as a sentence: a POSIX error's message (`strerror`), a Cocoa file
    /// error's kind and path, else the error as Swift describes it. FoundationEssentials has
    /// no `localizedDescription`.
    package static func describe(_ error: any Error) -> String {
        if let error = error as? CocoaError {
            let path = (error.userInfo[filePathKey] as? String) ?? error.userInfo[urlKey].map { "\($0)" }
            let underlying = (error.userInfo[underlyingErrorKey] as? POSIXError).map { String(cString: strerror($0.code.rawValue)) }
            let kind: String = switch error.code {
            case .fileNoSuchFile, .fileReadNoSuchFile: "no such file"
            case .fileReadNoPermission, .fileWriteNoPermission: "permission denied"
            default: underlying ?? "file error \(error.code.rawValue)"
            }
            return path.map { "\(kind): \($0)" } ?? kind
        }
        if let error = error as? POSIXError { return String(cString: strerror(error.code.rawValue)) }
        return "\(error)"
    }

    /// The name `readdir` returned in `entry`.
    private static func name(of entry: UnsafeMutablePointer<dirent>) -> String {
        withUnsafeBytes(of: entry.pointee.d_name) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }

    /// Size, modification time and kind of the file at `url`, following links; `nil` when there is none.
    package static func status(of url: URL) -> (size: Int, modified: Date, isFolder: Bool, isRegular: Bool)? {
        var status = stat()
        guard stat(url.path, &status) == 0 else { return nil }
        #if canImport(Darwin)
        let time = status.st_mtimespec
        #else
        let time = status.st_mtim
        #endif
        let modified = Date(timeIntervalSince1970: Double(time.tv_sec) + Double(time.tv_nsec) / 1e9)
        let kind = status.st_mode & S_IFMT
        return (Int(status.st_size), modified, kind == S_IFDIR, kind == S_IFREG)
    }
}
