import BetssonCameroonApp
import BetssonFranceApp
import Foundation
import GomaUI
import Parlance

// The same GomaUI betslip in both white-label apps, each in English and French: the
// components are identical, the words are each app's own. Switching is live.
let cameroon = try BetssonCameroonApp()
let france = try BetssonFranceApp()
print("GomaUI declares \(try GomaUI.keyManifest().keys.count) keys; missing in Cameroon: \(cameroon.localizer.missingKeys(of: try GomaUI.keyManifest()).count), in France: \(france.localizer.missingKeys(of: try GomaUI.keyManifest()).count).")

for language: Language in ["en", "fr"] {
    cameroon.choose(language)
    cameroon.setupGomaUI()
    print("\n\(BetssonCameroonApp.brand), \(language.nativeName)")
    for line in cameroon.betslipScreen(selection: "Cameroun – Nigeria: 1", odds: 3.45, stake: 1000, moreSelections: 4) {
        print("  \(line)")
    }
    france.choose(language)
    france.setupGomaUI()
    print("\n\(BetssonFranceApp.brand), \(language.nativeName)")
    for line in france.betslipScreen(selection: "PSG – OM : 1", odds: 1.85, stake: 10, moreSelections: 3) {
        print("  \(line)")
    }
}
