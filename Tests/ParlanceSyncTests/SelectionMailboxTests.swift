import Parlance
import Testing
@testable import ParlanceSync

/// The mailbox the selecting thread leaves selections in for the sync's listener.
@Suite("Selection mailbox")
struct SelectionMailboxTests {
    @Test("Selections left while nobody waits are coalesced into the latest, and the latest seen is kept apart from the latest to push")
    func coalesces() async {
        let mailbox = SelectionMailbox()
        mailbox.leave(.language("fr"))
        mailbox.leave(.language("it"))
        mailbox.leave(.pseudo(.accented))
        let delivery = await mailbox.next()
        #expect(delivery?.push == .language("it"))
        #expect(delivery?.seen == .pseudo(.accented))
        // Nothing is left: the next delivery is the next selection, and a pseudo-localization
        // alone has nothing to push.
        mailbox.leave(.pseudo(.expanded))
        let next = await mailbox.next()
        #expect(next?.push == nil)
        #expect(next?.seen == .pseudo(.expanded))
    }

    @Test("A listener waiting is woken with the selection left")
    func wakesWaiter() async throws {
        let mailbox = SelectionMailbox()
        async let delivered = mailbox.next()
        let deadline = ContinuousClock.now + .seconds(5)
        while !mailbox.hasWaiter, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(1)) }
        #expect(mailbox.hasWaiter, "the listener waits")
        mailbox.leave(.language("de"))
        let taken = await delivered
        #expect(!mailbox.hasWaiter)
        #expect(taken?.push == .language("de"))
        #expect(taken?.seen == .language("de"))
    }

    @Test("Closing ends a wait with nil and drops what is left later")
    func closes() async throws {
        let mailbox = SelectionMailbox()
        async let ended = mailbox.next()
        let deadline = ContinuousClock.now + .seconds(5)
        while !mailbox.hasWaiter, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(1)) }
        mailbox.close()
        #expect(await ended == nil)
        mailbox.leave(.language("fr"))
        #expect(await mailbox.next() == nil)
    }

    @Test("Selections left from many threads at once all reach one listener, the last one last")
    func manyThreads() async {
        let mailbox = SelectionMailbox()
        let languages: [Language] = ["de", "fr", "it", "es"]
        await withTaskGroup(of: Void.self) { group in
            for thread in 0..<4 {
                group.addTask {
                    for index in 0..<2_000 { mailbox.leave(.language(languages[(thread + index) % languages.count])) }
                }
            }
        }
        mailbox.leave(.language("en"))
        let delivery = await mailbox.next()
        #expect(delivery?.push == .language("en"))
        #expect(delivery?.seen == .language("en"))
    }
}
