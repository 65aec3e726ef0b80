/// A place in a source file: the file's path and a 1-based line and column.
///
/// Columns count Unicode scalars from the start of the line, the way editors
/// and compilers show them.
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    /// The path of the file, as it was given to the reader.
    public var file: String
    /// The line, counting from 1.
    public var line: Int
    /// The column, counting from 1.
    public var column: Int

    /// A location; `line` and `column` count from 1.
    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `file:line:column`, the form editors and CI annotate.
    public var description: String { "\(file):\(line):\(column)" }
}
