// Package equiv decides whether a model's final answer matches a reference
// answer. It is part of the verify stage ("rules first, judges as fallback"):
// Compare returns Equal or NotEqual only when a deterministic rule is sure,
// and Undecided otherwise, so that LLM judges decide the rest. A wrong
// decision is worse than none.
//
// The package performs no I/O besides RunBatch's reader and writer, holds no
// global mutable state (the tables below are read-only), is safe for
// concurrent use, honours the context's deadline and bounds its own work per
// pair, and never panics (a recovered internal error is reported as
// Undecided).
//
// # Rules, in the order they are tried
//
//   - identical: the normalised strings are the same.
//   - boolean: true/false, yes/no.
//   - choice: multiple-choice letters ("B", "(B)", "The answer is B").
//   - sequence: protein sequences in one- or three-letter codes, DNA and RNA.
//   - formula: molecular formulas compared by element counts, and a small
//     table of common chemical names (see chemNames).
//   - structures: tuples, intervals (open and closed ends differ), sets,
//     unions, lists and matrices, compared element by element.
//   - quantity: numbers with optional units, converted to SI and compared
//     with a tolerance (by default half a unit in the fourth significant
//     figure, as the SciIF audit protocol reports four significant figures).
//   - expression: algebraic expressions, equations and inequalities, compared
//     by evaluation at deterministic pseudo-random points in high precision.
//
// # Why a unit table of our own
//
// No Go units library available to the project parses scientific unit
// strings correctly: bcicen/go-units reads "mM" as megametre and panics on
// some prefixed units, and gonum's unit package has dimensions but no parser.
// Units here are therefore a small table (units.go): each symbol has an SI
// exponent vector, a scale and, for absolute temperatures, an offset, and a
// small parser reads plain text, LaTeX and Unicode spellings.
//
// # Why math/big
//
// Values are evaluated with math/big floats of 256 bits, so that very large
// or very small values (1/2004! against 1/2006!, 1e-300 against 2e-300) never
// overflow to equal infinities or underflow to equal zeros. Transcendental
// functions go through float64 on the mantissa and the binary exponent
// separately, which keeps their range unbounded at float64 precision.
package equiv
