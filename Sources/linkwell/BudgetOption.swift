import ArgumentParser
import LinkwellCore
import LinkwellSystem

/// `--budget`: how far the exact engine may go, for every command that runs it (compare, import,
/// diff), worded and checked once.
struct BudgetOption: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Multiply the exact engine's work budget by this (1 keeps the comparisons docs/matching.md measures under 5 s of CPU on 2 cores).",
            discussion: "The budget counts steps, not seconds: the same files give the same verdict on every machine."))
    var budget: Int = 1

    func validate() throws {
        guard budget >= 1, budget <= 1_000 else { throw ValidationError("--budget takes a whole number from 1 to 1000") }
    }

    var engineBudget: EngineBudget { .scaled(budget) }
}
