// Defines `resources`: the folder of the example app's catalogs (Examples/QuizApp's
// QuizKit/Resources), which Scripts/doc-blocks.py copies beside every extracted block.
import Foundation

let resources = Bundle.module.resourceURL!.appendingPathComponent("Resources")
