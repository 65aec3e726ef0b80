/// What a localizer tells Observation: that a property was read, so the view or
/// `withObservationTracking` closure that read it re-runs when it changes, and that it changed.
///
/// The core does not link Observation: loading `libswiftObservation.so` and the Dispatch overlay
/// cost a process that shows one string about 0.2 ms of its launch between them
/// (docs/PERFORMANCE.md), and a command-line tool or server has nothing to observe. `Parlance` gives each localizer an
/// `ObservationRegistrar` through its ``FoundationLayer`` and declares `Localizer: Observable`,
/// so an app that imports `Parlance` (SwiftUI, `@Bindable`, `withObservationTracking`) sees
/// what it always saw; a process that links only ParlanceCore registers nothing.
package protocol LocalizerObservation: AnyObject, Sendable {
    /// `localizer`'s `property` was read.
    func access(_ localizer: Localizer, _ property: ObservedProperty)
    /// `localizer`'s `property` changed.
    func didChange(_ localizer: Localizer, _ property: ObservedProperty)
}

/// The properties of a ``Localizer`` views observe.
package enum ObservedProperty: Sendable {
    /// ``Localizer/language``, which every lookup registers: it changes with the language, the
    /// pseudo style and the catalogs, so a view that showed a string re-renders for each.
    case language
    /// ``Localizer/selection``.
    case selection
}
