import Foundation
import Parlance

/// Seed 002, **GomaUI**: a component library that ships no translations. Its components
/// name the keys of their own labels and ask the consuming app for the words; each
/// white-label app (`BetssonCameroonApp`, `BetssonFranceApp`) translates the same keys its
/// own way.
///
/// The seed's `LocalizationProvider` was a hand-written closure bridge
/// (`configure { key in NSLocalizedString(key, bundle: .main, comment: "") }`), its
/// `{count}` interpolation was `replacingOccurrences(of:with:)` at each call site, and
/// "document required keys" was a table in a Markdown file. Parlance's `LocalizationProvider`
/// is the same bridge (a key nothing translates still comes back as the key), routes to the
/// app's `Localizer` so a language switch reaches every component, fills `{count}` with
/// `string(_:values:)`, and the required keys are a `KeyManifest` (`GomaUI.keys.json`) that
/// each app's tests check with `localizer.missingKeys(of:)`.
///
/// The four string categories, as these components take them:
/// 1. dynamic data (team names, odds, amounts, dates) arrives pre-localized in view models;
/// 2. UI chrome ("Total Odds") is looked up here by a key GomaUI defines;
/// 3. customizable action text ("Place Bet") is passed in by the app, which owns the key;
/// 4. generic fallbacks ("No results") are looked up here unless the app passes its own text.
public enum GomaUI {
    /// The keys GomaUI needs an app to translate.
    public static func keyManifest() throws -> KeyManifest {
        guard let url = Bundle.module.url(forResource: "GomaUI.keys", withExtension: "json") else {
            throw CocoaError(.fileNoSuchFile)
        }
        return try KeyManifest.read(from: url)
    }
}

/// A label and the value beside it.
public struct LabeledValue: Hashable, Sendable, CustomStringConvertible {
    public var label: String
    public var value: String

    public init(label: String, value: String) {
        self.label = label
        self.value = value
    }

    public var description: String { "\(label): \(value)" }
}

// MARK: Category 2, UI chrome: GomaUI defines the key, the app translates it

/// The betslip's summary. Its labels are chrome (`total_odds`, `bet_amount`,
/// `potential_winnings`); its values are dynamic data the app formats (category 1).
public struct TicketBetInfoView: Sendable {
    public struct ViewModel: Sendable {
        public var totalOdds: String
        public var betAmount: String
        public var potentialWinnings: String

        public init(totalOdds: String, betAmount: String, potentialWinnings: String) {
            self.totalOdds = totalOdds
            self.betAmount = betAmount
            self.potentialWinnings = potentialWinnings
        }
    }

    public var viewModel: ViewModel

    public init(viewModel: ViewModel) { self.viewModel = viewModel }

    public var rows: [LabeledValue] {
        [
            LabeledValue(label: LocalizationProvider.string("total_odds"), value: viewModel.totalOdds),
            LabeledValue(label: LocalizationProvider.string("bet_amount"), value: viewModel.betAmount),
            LabeledValue(label: LocalizationProvider.string("potential_winnings"), value: viewModel.potentialWinnings),
        ]
    }
}

/// One selection on the betslip: a chrome header over the app's pre-localized selection.
public struct BetslipTicketView: Sendable {
    public var selection: String
    public var odds: String

    public init(selection: String, odds: String) {
        self.selection = selection
        self.odds = odds
    }

    public var header: String { LocalizationProvider.string("your_selection") }
    public var lines: [String] { [header, "\(selection) @ \(odds)"] }
}

/// A navigation bar: chrome back button, a title the app gives.
public struct SimpleNavigationBarView: Sendable {
    public var title: String

    public init(title: String) { self.title = title }

    public var backTitle: String { LocalizationProvider.string("back") }
}

/// A modal dialog: the app's message, chrome `cancel` and `close` buttons.
public struct ModalDialogView: Sendable {
    public var message: String

    public init(message: String) { self.message = message }

    public var buttonTitles: [String] { [LocalizationProvider.string("cancel"), LocalizationProvider.string("close")] }
}

/// A bonus card: chrome labels over values the app formats.
public struct BonusInfoCardView: Sendable {
    public var bonusAmount: String
    public var expiry: String
    public var wageringProgress: String

    public init(bonusAmount: String, expiry: String, wageringProgress: String) {
        self.bonusAmount = bonusAmount
        self.expiry = expiry
        self.wageringProgress = wageringProgress
    }

    public var rows: [LabeledValue] {
        [
            LabeledValue(label: LocalizationProvider.string("bonus_amount"), value: bonusAmount),
            LabeledValue(label: LocalizationProvider.string("expires"), value: expiry),
            LabeledValue(label: LocalizationProvider.string("wagering_progress"), value: wageringProgress),
        ]
    }
}

/// The "See More" button. With a known count it uses `load_more_count`, whose `{count}`
/// GomaUI fills itself (the seed's "simple interpolation").
public struct SeeMoreButtonView: Sendable {
    public var remainingCount: Int?

    public init(remainingCount: Int? = nil) { self.remainingCount = remainingCount }

    public var title: String {
        guard let remainingCount else { return LocalizationProvider.string("see_more") }
        return LocalizationProvider.string("load_more_count", values: ["count": MessageArgument(remainingCount)])
    }
}

// MARK: Category 3, customizable actions: the app owns the key and passes the text

/// A button that shows whatever title the app's view model gives it ("Place Bet", "Login").
public struct ButtonView: Sendable {
    public struct ViewModel: Sendable {
        public var title: String
        public init(title: String) { self.title = title }
    }

    public var viewModel: ViewModel

    public init(viewModel: ViewModel) { self.viewModel = viewModel }

    public var title: String { viewModel.title }
}

// MARK: Category 4, generic fallbacks: GomaUI's key unless the app overrides it

/// An empty state: the app's specific message if it gives one, else `no_results`.
public struct EmptyStateView: Sendable {
    public struct ViewModel: Sendable {
        public var emptyStateMessage: String?
        public init(emptyStateMessage: String? = nil) { self.emptyStateMessage = emptyStateMessage }
    }

    public var viewModel: ViewModel

    public init(viewModel: ViewModel = ViewModel()) { self.viewModel = viewModel }

    public var message: String { viewModel.emptyStateMessage ?? LocalizationProvider.string("no_results") }
}

/// The market-group tabs: the app's group names (dynamic data), or the
/// `no_market_groups_available` fallback; `loading` while they load.
public struct MarketGroupSelectorTabView: Sendable {
    public var groups: [String]?

    public init(groups: [String]?) { self.groups = groups }

    public var tabs: [String] {
        guard let groups else { return [LocalizationProvider.string("loading")] }
        return groups.isEmpty ? [LocalizationProvider.string("no_market_groups_available")] : groups
    }
}
