#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads `.strings` files the way Foundation's old-style property list parser does, but says
/// what it finds instead of silently dropping content.
///
/// The reader accepts every container Xcode projects actually hold under the `.strings` name:
/// old-style text in UTF-8 (with or without a byte order mark) or UTF-16 with a byte order
/// mark, XML property lists and binary property lists.
///
/// Where it deliberately differs from Foundation:
/// * A 0-byte file is an empty table. Foundation refuses zero-length data, but there is nothing
///   in such a file to lose, and Xcode projects contain many of them.
/// * Where Foundation stops reading without an error (a character that cannot start a key,
///   such as a stray control character or a second `;`), the reader warns, skips the character
///   and reads on, so ``StringsFile/table`` holds more than Foundation would load. An error
///   after such a point, which Foundation never reaches, becomes a warning and ends reading.
/// * An unterminated `/*` comment is an error everywhere. Foundation accepts one in key
///   position and silently ignores the rest of the file.
public enum StringsFileReader {
    /// Reads a `.strings` file.
    ///
    /// - Parameters:
    ///   - data: The file's bytes.
    ///   - path: The path to show in locations, as the user knows the file.
    /// - Returns: The entries in file order and any warnings.
    /// - Throws: ``ParseError`` when the content cannot be read as a whole: text that is not
    ///   UTF-8 or UTF-16 with a byte order mark, a missing `;`, an unterminated string or
    ///   comment, a value that is not a string, or a property list that is not a dictionary
    ///   of strings.
    public static func read(_ data: Data, path: String) throws(ParseError) -> StringsFile {
        if data.starts(with: Array("bplist00".utf8)) {
            return try readPropertyList(data, path: path, kind: "a binary property list")
        }
        // Checked before decoding too, so XML that is not UTF-8 reaches the XML reader, which
        // says where it stops being UTF-8.
        if StringsFileText.looksLikeXML(data) {
            return try readXMLPropertyList([UInt8](data), path: path, kind: "an XML property list")
        }
        let text = try StringsFileText(decoding: data, path: path)
        if StringsFileText.looksLikeXML(text.bytes) {
            // UTF-16 with a byte order mark, decoded to UTF-8 already.
            return try readXMLPropertyList(Array(text.bytes), path: path, kind: "an XML property list")
        }
        var parser = StringsFileParser(text: text)
        return try parser.parse()
    }
}
