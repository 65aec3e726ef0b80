// The floor under every Swift launch: the standard library alone, printing one string it made.
let arguments = CommandLine.arguments
print((arguments.count > 2 ? arguments[2] : "bonjour").lowercased())
