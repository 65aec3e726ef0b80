// Defines `resources`, `localizer` and `negotiator`: a request-language negotiator over the
// example app's catalogs that reads Accept-Language.
import Foundation
import Parlance
import ParlanceServer

let resources = Bundle.module.resourceURL!.appendingPathComponent("Resources")
let localizer = try Localizer(
    resourcesAt: resources,
    configuration: .init(defaultLanguage: "it", preferredLanguages: { [] }, notificationCenter: nil))
let negotiator = LanguageNegotiator(localizer: localizer, steps: [.pathPrefix, .acceptLanguage])
