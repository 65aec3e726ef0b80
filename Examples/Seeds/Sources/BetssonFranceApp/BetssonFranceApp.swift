import Foundation
import GomaUI
import Parlance

/// Seed 002: the **BetssonFranceApp** white label, French first with English, amounts in
/// euros. It translates the same GomaUI keys as `BetssonCameroonApp` with its own words:
/// `bet_amount` is "Mise", `total_odds` "Cote Totale", its own `place_bet` "Placer le Pari".
public struct BetssonFranceApp: Sendable {
    public static let brand = "Betsson France"

    public let localizer: Localizer

    /// - Parameters:
    ///   - store: Where the user's language choice is remembered.
    ///   - preferredLanguages: The device's languages.
    public init(
        store: any LanguagePreferenceStore = InMemoryPreferenceStore(),
        preferredLanguages: @escaping @Sendable () -> [Language] = Localizer.devicePreferredLanguages
    ) throws {
        localizer = try Localizer(resourcesAt: Self.resources, configuration: .init(
            defaultLanguage: "fr", preferenceStore: store, preferredLanguages: preferredLanguages))
    }

    /// The seed's `setupGomaUI()`: GomaUI's keys resolve through this app's catalogs,
    /// in whatever language the app shows, from now on.
    public func setupGomaUI() {
        LocalizationProvider.configure(with: localizer)
    }

    /// Switches the app and every GomaUI component at once.
    public func choose(_ language: Language) {
        localizer.selection = .language(language)
    }

    /// The betslip screen, built from GomaUI components: the app formats the dynamic data
    /// (category 1), passes its own action text (3) and its own empty-state message (4);
    /// GomaUI looks up its chrome (2) and its fallback (4).
    public func betslipScreen(selection: String, odds: Decimal, stake: Decimal, moreSelections: Int) -> [String] {
        let format = localizer.formatter
        let oddsText = format.decimal(odds, fractionDigits: 2...2)
        let navigation = SimpleNavigationBarView(title: localizer.string("betslip_title"))
        let ticket = BetslipTicketView(selection: selection, odds: oddsText)
        let info = TicketBetInfoView(viewModel: .init(
            totalOdds: oddsText,
            betAmount: format.currency(stake, code: "EUR"),
            potentialWinnings: format.currency(stake * odds, code: "EUR")))
        let placeBet = ButtonView(viewModel: .init(title: localizer.string("place_bet")))
        let more = SeeMoreButtonView(remainingCount: moreSelections)
        let noMatches = EmptyStateView(viewModel: .init(emptyStateMessage: localizer.string("no_matches_for_sport")))
        return ["< \(navigation.backTitle) | \(navigation.title)"] + ticket.lines + info.rows.map(\.description)
            + ["[\(placeBet.title)]", "[\(more.title)]", EmptyStateView().message, noMatches.message]
    }

    /// The copied `Resources` folder (Foundation on Linux already treats it as the bundle's resource folder).
    static var resources: URL {
        let base = Bundle.module.resourceURL ?? Bundle.module.bundleURL
        let nested = base.appendingPathComponent("Resources")
        return FileManager.default.fileExists(atPath: nested.path) ? nested : base
    }
}
