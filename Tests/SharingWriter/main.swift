// Saves a large shared value over and over, as fast as it can, into the directory given as its only
// argument, until it is killed: the persistence tests kill it mid-save and check that the file is
// always whole.
import Foundation
import StatoscopeSharing

guard CommandLine.arguments.count == 2 else {
    FileHandle.standardError.write(Data("usage: statoscope-sharing-writer <directory>\n".utf8))
    exit(2)
}
let storage = JSONFileStorage(directory: URL(fileURLWithPath: CommandLine.arguments[1], isDirectory: true))
var round = 0
while true {
    round += 1
    // About a megabyte, so that a kill often lands in the middle of a write.
    let values = (0..<100_000).map { _ in round }
    let json = "{\"value\":[" + values.map(String.init).joined(separator: ",") + "],\"version\":1}"
    do {
        try storage.save(Data(json.utf8), as: "stress")
    } catch {
        FileHandle.standardError.write(Data("save failed: \(error)\n".utf8))
        exit(1)
    }
}
