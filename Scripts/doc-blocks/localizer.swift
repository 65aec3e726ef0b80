// Defines `resources` and `localizer`: a localizer over the example app's catalogs,
// in Italian unless the block selects another language.
import Foundation
import Parlance

let resources = Bundle.module.resourceURL!.appendingPathComponent("Resources")
let localizer = try Localizer(
    resourcesAt: resources,
    configuration: .init(defaultLanguage: "it", preferredLanguages: { [] }, notificationCenter: nil))
