import BetssonCameroonApp
import BetssonFranceApp
import Foundation
import GomaUI
import Parlance
import Testing

/// The deliberately incomplete white label in `Fixtures/IncompleteApp`: English lacks
/// `wagering_progress`; French lacks it and `expires`.
func incompleteApp() throws -> Localizer {
    let folder = try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil))
    return try Localizer(
        resourcesAt: folder.appendingPathComponent("IncompleteApp"),
        configuration: .init(defaultLanguage: "en", preferredLanguages: { [] }, notificationCenter: nil))
}

/// Seed 002 through the process-wide `LocalizationProvider`: every test that configures it
/// is in this one suite, run one at a time (no other suite of the package touches it).
@Suite("Seed 002, GomaUI: components name keys, each white label translates them", .serialized)
struct GomaUIProviderTests {
    let cameroon: BetssonCameroonApp
    let france: BetssonFranceApp

    init() throws {
        cameroon = try BetssonCameroonApp(preferredLanguages: { [] })
        france = try BetssonFranceApp(preferredLanguages: { [] })
    }

    var betInfo: TicketBetInfoView {
        TicketBetInfoView(viewModel: .init(totalOdds: "3.45", betAmount: "10", potentialWinnings: "34.50"))
    }

    @Test("The seed's white-label table: the same keys, each app's own words")
    func whiteLabelTable() {
        #expect(cameroon.localizer.language == "en")
        #expect(france.localizer.language == "fr")
        cameroon.setupGomaUI()
        #expect(betInfo.rows.map(\.label).prefix(2) == ["Total Odds", "Bet Amount"])
        #expect(cameroon.localizer.string("place_bet") == "Place Bet")
        france.setupGomaUI()
        #expect(betInfo.rows.map(\.label).prefix(2) == ["Cote Totale", "Mise"])
        #expect(france.localizer.string("place_bet") == "Placer le Pari")
    }

    @Test("In the same language the two apps still differ", arguments: ["en", "fr"] as [Language])
    func sameLanguageDiffers(language: Language) {
        cameroon.choose(language)
        france.choose(language)
        cameroon.setupGomaUI()
        let cameroonLabels = betInfo.rows.map(\.label) + [BetslipTicketView(selection: "", odds: "").header]
        france.setupGomaUI()
        let franceLabels = betInfo.rows.map(\.label) + [BetslipTicketView(selection: "", odds: "").header]
        if language == "en" {
            #expect(cameroonLabels == ["Total Odds", "Bet Amount", "Potential Winnings", "Your Selection"])
            #expect(franceLabels == ["Odds", "Stake", "Possible winnings", "Your pick"])
        } else {
            #expect(cameroonLabels == ["Cotes Totales", "Montant du pari", "Gains potentiels", "Votre sélection"])
            #expect(franceLabels == ["Cote Totale", "Mise", "Gains possibles", "Votre pronostic"])
        }
    }

    @Test("GomaUI fills {count} itself, in each app's words")
    func countInterpolation() {
        cameroon.setupGomaUI()
        #expect(SeeMoreButtonView(remainingCount: 5).title == "Load 5 more")
        #expect(SeeMoreButtonView().title == "See More")
        cameroon.choose("fr")
        #expect(SeeMoreButtonView(remainingCount: 12).title == "Charger 12 de plus")
        france.setupGomaUI()
        #expect(SeeMoreButtonView(remainingCount: 3).title == "Afficher 3 paris de plus")
        #expect(SeeMoreButtonView().title == "Afficher plus")
    }

    @Test("A key the app does not translate shows the key itself")
    func untranslatedKeyShowsKey() throws {
        cameroon.setupGomaUI()
        #expect(LocalizationProvider.string("cash_out_available") == "cash_out_available")
        #expect(LocalizationProvider.string("cash_out_count", values: ["count": 2]) == "cash_out_count")
        LocalizationProvider.configure(with: try incompleteApp())
        let card = BonusInfoCardView(bonusAmount: "5 000 FCFA", expiry: "31/12", wageringProgress: "40 %")
        #expect(card.rows.map(\.label) == ["Bonus Amount", "Expires", "wagering_progress"])
    }

    @Test("The four string categories")
    func stringCategories() {
        france.setupGomaUI()
        // 1. Dynamic data passes through untouched, even when it looks like a key.
        let ticket = BetslipTicketView(selection: "total_odds", odds: "1,85")
        #expect(ticket.lines == ["Votre pronostic", "total_odds @ 1,85"])
        #expect(MarketGroupSelectorTabView(groups: ["Résultat", "Buteurs"]).tabs == ["Résultat", "Buteurs"])
        // 2. UI chrome by GomaUI's key.
        #expect(SimpleNavigationBarView(title: "Mon coupon").backTitle == "Retour")
        #expect(ModalDialogView(message: "").buttonTitles == ["Annuler", "Fermer"])
        #expect(MarketGroupSelectorTabView(groups: nil).tabs == ["Chargement…"])
        // 3. Action text is the app's, passed in.
        #expect(ButtonView(viewModel: .init(title: france.localizer.string("place_bet"))).title == "Placer le Pari")
        // 4. A generic fallback by GomaUI's key, unless the app overrides it.
        #expect(EmptyStateView().message == "Aucun résultat")
        #expect(MarketGroupSelectorTabView(groups: []).tabs == ["Aucun marché pour le moment"])
        let specific = EmptyStateView(viewModel: .init(emptyStateMessage: france.localizer.string("no_matches_for_sport")))
        #expect(specific.message == "Aucun match dans ce sport")
    }

    @Test("A switch in the app reaches every component at once")
    func switchReachesComponents() {
        cameroon.setupGomaUI()
        #expect(EmptyStateView().message == "No results")
        cameroon.choose("fr")
        #expect(EmptyStateView().message == "Aucun résultat")
        #expect(betInfo.rows.first?.label == "Cotes Totales")
    }

    @Test("Each app's betslip screen, built from GomaUI components")
    func betslipScreens() {
        cameroon.setupGomaUI()
        let screen = cameroon.betslipScreen(selection: "Cameroun – Nigeria: 1", odds: 3.45, stake: 1000, moreSelections: 4)
        #expect(screen.first == "< Back | Betslip")
        #expect(screen.contains("Total Odds: 3.45"))
        #expect(screen.suffix(4) == ["[Place Bet]", "[Load 4 more]", "No results", "No matches for this sport"])
        france.setupGomaUI()
        let french = france.betslipScreen(selection: "PSG – OM : 1", odds: 1.85, stake: 10, moreSelections: 3)
        #expect(french.first == "< Retour | Mon coupon")
        #expect(french.contains("Cote Totale: 1,85"))
        #expect(french.contains("Mise: 10,00\u{A0}€"))
        #expect(french.contains("Gains possibles: 18,50\u{A0}€"))
        #expect(french.suffix(4) == ["[Placer le Pari]", "[Afficher 3 paris de plus]", "Aucun résultat", "Aucun match dans ce sport"])
    }

    @Test("The seed's own closure bridge still works: a nil answer shows the key")
    func closureBridge() {
        let words = ["total_odds": "Total Odds", "load_more_count": "Load {count} more"]
        LocalizationProvider.configure({ words[$0] }, language: { "en" })
        #expect(betInfo.rows.map(\.label) == ["Total Odds", "bet_amount", "potential_winnings"])
        #expect(SeeMoreButtonView(remainingCount: 7).title == "Load 7 more")
    }
}

/// GomaUI's key manifest against each app's catalogs; no provider involved, so these run in parallel.
@Suite("Seed 002, GomaUI: each app covers the library's key manifest")
struct GomaUIManifestTests {
    @Test("GomaUI declares the seed's keys and load_more_count with {count}")
    func manifest() throws {
        let manifest = try GomaUI.keyManifest()
        #expect(manifest.library == "GomaUI")
        #expect(manifest.keys.map(\.key) == [
            "back", "cancel", "close", "see_more", "total_odds", "bet_amount", "potential_winnings", "your_selection",
            "loading", "no_results", "no_market_groups_available", "expires", "bonus_amount", "wagering_progress",
            "load_more_count",
        ])
        #expect(manifest.keys.last?.placeholders == ["count"])
    }

    @Test("Both white labels translate every GomaUI key in every language, keeping {count}")
    func appsCoverTheManifest() throws {
        let manifest = try GomaUI.keyManifest()
        for localizer in [try BetssonCameroonApp().localizer, try BetssonFranceApp().localizer] {
            #expect(localizer.availableLanguages.sorted() == ["en", "fr"])
            #expect(localizer.missingKeys(of: manifest).map(\.description) == [])
            for language in localizer.availableLanguages {
                #expect(localizer.snapshot(for: language).string("load_more_count").contains("{count}"))
            }
        }
    }

    @Test("An incomplete app is reported missing exactly the keys it lacks")
    func incompleteAppIsReported() throws {
        let missing = try incompleteApp().missingKeys(of: try GomaUI.keyManifest())
        #expect(missing.map { "\($0.language)/\($0.key)" } == ["en/wagering_progress", "fr/expires", "fr/wagering_progress"])
        // French shows English's "Expires" meanwhile, and that still counts as missing.
        #expect(missing.map(\.resolvedFrom) == [nil, "en", nil])
    }
}
