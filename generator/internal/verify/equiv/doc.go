// Package equiv decides whether a model's final answer matches a reference
// answer. It is part of the verify stage ("rules first, judges as fallback"):
// Compare returns Equal or NotEqual only when a deterministic rule is sure,
// and Undecided otherwise, so that LLM judges decide the rest. A wrong
// decision is worse than none.
//
// The package performs no I/O besides RunBatch's reader and writer, holds no
// global mutable state (the tables below are read-only), is safe for
// concurrent use, bounds its own work per pair by a count of steps and by
// input sizes (never by a clock, so a verdict cannot depend on how busy the
// machine is), and never panics (a recovered internal error is reported as
// Undecided).
//
// # The principle
//
// Equal only when a canonical form proves identity in a typed domain
// (numbers with units of one kind of quantity, element counts, residues,
// derivatives, option letters); NotEqual only when the canonical forms
// provably differ in every reading; anything else Undecided. A wrong Equal
// would let a policy trained on these verdicts hack its reward, so the
// labelled corpora of testdata (README there) must be 0 wrong.
//
// # Rules, in the order they are tried
//
// Result.Rule names the rule that decided:
//
//   - identical: the normalised strings are the same (math delimiters,
//     \boxed, \text, \left/\right and spacing removed).
//   - boolean: true/false, yes/no, correct/incorrect; an answer that leads
//     with one and later contradicts it is undecided.
//   - derivative: f'(x), f′′(x), f^{(3)}, df/dx, \frac{d^2y}{dx^2},
//     \frac{d}{dx}f(x), \dot{x} (in t), by function, variable and order;
//     Leibniz's quotient is never read as algebra (df/dx is not f/x), so a
//     named function's derivative equals no expression. Leibniz's operator on an
//     expression of its variable alone is evaluated exactly (derivop.go:
//     \frac{d}{dx}(x^2) = 2x, never (d/dx)·x²); a derivative of a named
//     function against an expression in that function and its variable
//     (df/dx against f/x) is not equal when they differ for f = x³ + 2;
//     f' against g' (f, g and h name functions only), dy/dx against dx/dy,
//     and f'(x) against f'(t) are not
//     equal; y' against f'(x) (y may be f(x)) and any other derivative
//     against anything else are undecided. Inside an expression
//     (derivatom.go) each derivative is one variable, the same in every
//     notation ((dy/dx)^2 = y'^2 = \left(\frac{dy}{dx}\right)^2,
//     \frac{1}{2}m\dot{x}^2 = \frac{m}{2}(dx/dt)^2), so that expressions
//     in them compare by evaluation, both ways soundly (the values of a
//     function and its derivatives at a point are free); a derivative on
//     one side only, of an expression, at an argument other than its
//     variable (f'(x+1)), beside a function applied (g(x)), or with its
//     inverse (dy/dx and dx/dy) is undecided, and Leibniz's notation that
//     is not read so is never algebra (undecided).
//   - isotope, stereo, hybridisation: ^{14}C, C-14, carbon-14, 14C and
//     deuterium by element and mass number (C¹⁴, the mass after the
//     symbol, is undecided: an old notation or a power); cis/trans, E/Z, R/S and D/L
//     within one system (cis against Z, L against S undecided; r and s,
//     pseudo-asymmetric or R and S written small, undecided against R and
//     S), across systems where the name fixes the substituents
//     (stereoname.go: L-alanine = (S)-alanine, L-cysteine = (R)-cysteine,
//     trans-2-butene = (E)-but-2-ene), and a descriptor without its locant
//     against one with it ((S) against (2S)) undecided unless the name
//     fixes the centre; sp3, sp^3, sp³d².
//   - choice: option letters A-J ("B", "(B)", "The answer is B"); the last
//     letter mentioned wins, unless its clause rejects it or joins another
//     letter to it ("(B) is wrong", "(B) and (C)": undecided, or a list of
//     letters; "C, not B" picks C, "b)" is B). A key of several letters
//     ("ACD") matches the same letters in any order and notation ("A, C,
//     and D", "D, A, C", "Both A and B"). Letters said of as a group
//     ("(B) and (C) are both wrong") differ from any one of them, picked
//     or rejected together.
//   - sequence: protein sequences in one- or three-letter codes (with or
//     without hyphens: Met-Lys-Thr, M-K-T), DNA and RNA, case-insensitively;
//     DNA against RNA is undecided. Ends are read in pairs (5'-…-3',
//     N-…-C; a 5' or 3' end alone); a sequence written from its 3' or C
//     end carries both labels and is read as they say (3'-ACATTAG-5' is
//     GATTACA; 3'-CTAATGT-5', the complementary strand, is not); an N or C
//     alone (MKTAYIA-C: a terminus or the residue C?) is undecided. Four
//     bases or more of one case (ATGC against TACG) or between 5' and 3'
//     ends are a nucleic acid; other one-letter runs from six letters on.
//     Hydroxyproline (Hyp) is a residue of its own, undecided against O
//     (collagen's GPO) and X. One residue: a three-letter code equals its
//     name (Trp = tryptophan); two different residues are not equal (Trp
//     against Tyr), nor a residue against the one-letter code of another
//     that is no option letter (Trp against Y); a residue against its own
//     one letter is undecided (W: tryptophan, tungsten or watts).
//   - formula: molecular formulas by element counts (parentheses, hydrates
//     with a half, CaSO4·½H2O = CaSO4·0.5H2O, Hill order) and charges (Fe^{3+}, Fe^3+, Fe³⁺, Fe3+ for a metal,
//     Fe(III), NH4+; O2- and SO42- are ambiguous and undecided unless
//     both readings agree), and the table of common names compounds. A name
//     denotes a compound: two names are equal only when they name the same
//     compound, and a formula equals a name only when no isomer shares it
//     (the table says so, or the formula has one structure only, below)
//     or it is a listed condensed form (glucose against C6H12O6 is
//     undecided). Formulas with the same counts written differently are
//     equal only in the notation both share: two molecular formulas are
//     one formula (C2H4O2 = C2O2H4) unless they write the atoms in another
//     order (HCN against HNC, linkage isomers: undecided; an oxyacid's
//     usual formula and its structure, HClO and HOCl, HNO3 and HONO2, are
//     one compound); a condensed
//     formula (an element in two places, a hydrate's dot, a repeated
//     carbon group such as (CH3)2O) against a molecular one proves only
//     the molecular formula, which isomers share (CH3COOH against C2H4O2:
//     methyl formate is C2H4O2 too; CH3ONO against CH3NO2: methyl nitrite
//     and nitromethane), so it is undecided unless the molecular formula
//     has one structure only (one heavy atom, or two of fixed valence:
//     CH3OH = CH4O, HOOH = H2O2). Double and triple bonds may be written
//     (CH2=CHCH3 = CH3CH=CH2, CH2=CH2 = C2H4, CH3CHO ≠ CH2=CHOH); an
//     equation of letters such as P=IV is no formula of carbon and
//     hydrogen. Two condensed formulas with the same counts compare by
//     structure (condensed.go: CH3CH2OH = C2H5OH = HOCH2CH3, CH3CH2OH ≠
//     CH3OCH3; NO2 is a nitro group, CH3CH2NO2 ≠ CH3CH2ONO) when every
//     reading of each gives one tree of heavy atoms; otherwise (C3H7OH: propyl or isopropyl) they may be isomers and are
//     undecided. Salt names (saltname.go) give formulas by charge balance:
//     iron(III) sulfate = Fe2(SO4)3, stannic oxide = SnO2, mercury(I)
//     chloride = Hg2Cl2, ammonium phosphate = (NH4)3PO4; iron(II) chloride
//     ≠ FeCl3; a dimer (Al2Cl6 against aluminium chloride) is undecided.
//     Acetate, the one organic anion, matches a formula that writes it as
//     acetate (lead(II) acetate = Pb(CH3COO)2 = Pb(C2H3O2)2 = Pb(OAc)2;
//     other counts are not equal, PbC4H6O4 is undecided). HOOC or HO2C
//     before a carbon without hydrogens is a carboxyl written from its
//     hydrogen (HOOCCH3 = CH3COOH; HOOCH3 is methyl hydroperoxide).
//     Sulfur is read with valence 2, 4 or 6, 2 only with a hydrogen
//     ((CH3)2SO = CH3S(O)CH3, DMSO; CH3SOCH3, a sulfenate or DMSO, is
//     undecided).
//   - chem_equation: chemical equations (chemeq.go) as multisets of
//     species with coefficients on each side of ->, →, ⟶ or " = ";
//     equilibria (⇌, <=>) only against equilibria. Equal with the same
//     species, coefficients and state symbols; not equal when the
//     reference balances and the answer does not (atoms or charge), for the
//     reverse reaction, or for other species; undecided for coefficients
//     multiplied by a common factor (not the smallest coefficients),
//     different or one-sided state symbols, an unbalanced reference, and
//     species that may be one in two notations (P4O10 and P2O5, H+ and
//     H3O+, ionic against molecular equations, a catalyst on both sides).
//     Conditions over the arrow (\xrightarrow[MnO2]{\Delta}, ->[heat],
//     \overset{\Delta}{->}) and gas or precipitate marks (H2↑, AgCl↓,
//     mhchem's "^" and "v") decide nothing alone: added by the answer they
//     change nothing; the reference's conditions missing or different, or
//     marks on other species, are undecided (chemeqnote.go). A term of two
//     readings (SO42-) takes the one under which the equation balances,
//     when only one does. An answer of species without an arrow (2H2O
//     against 2H2 + O2 -> 2H2O) is no equation: not equal.
//   - structure, tuple, interval, set, list: tuples, intervals (open and
//     closed ends differ), sets and unions (order-free), matrices, and
//     plain lists; a plain list in another order is undecided (it may be
//     the ordered parts of an answer), named values ("x = 1, y = 2") pair
//     by name. A nested list of rows is a matrix ([[1,2],[3,4]] against
//     \begin{pmatrix}); a determinant (vmatrix) is not. A constant factor
//     before a matrix multiplies its cells (\frac{1}{2}\begin{pmatrix}1&0\\
//     0&1\end{pmatrix} = [[0.5,0],[0,0.5]]), never a determinant's. (a, b, c) matches
//     ai + bj + ck, with or without a zero term (two components in round
//     brackets may be an open interval and are undecided when equal). Repeated items in plain
//     braces are undecided ({1, 2} against {1, 2, 2}: a set in plain text,
//     a list grouped in LaTeX). A set against a tuple with the same items
//     is undecided (\{1, 2\} against [1, 2], an interval), so is a set of
//     one item against that item ({2} against 2), and a nested list of rows
//     against a flat list of as many items ([[1,2],[3,4]] against
//     [1,2,3,4]), a row against a column of the same entries, and a
//     tuple against unit vectors that are not read (i + 2j + 3k + 1).
//   - set_builder: \{x \mid x > 0\} against \{y \mid 0 < y\} by the
//     condition (setbuilder.go): inequalities by their truth values,
//     equations up to a factor; another domain, a parameter, an equation
//     against an inequality, strict against non-strict that agree
//     wherever sampled, or equations defined on different domains are
//     undecided.
//   - numeric, unit, unit_omitted: numbers and quantities. Units are
//     converted to the reference's unit (absolute temperatures to kelvin);
//     different dimensions are not equal, except a difference in amount of
//     substance alone (per mole or per particle?), which is undecided.
//     Units carry the kind of quantity as well as the dimension: Hz and Bq,
//     Gy and Sv, sr and rad, N m and J share a dimension but are undecided
//     against each other, unless their values differ also with the kinds
//     taken for one, in SI and through 2π either way (5 N m against 6 J:
//     not equal; Gy against Sv stays undecided, a weighting factor
//     converts them); the one conversion between kinds is a cycle =
//     2π rad (20 Hz = 125.7 rad/s, and 20 Hz ≠ 20 rad/s); a unit without a
//     kind (s^-1, J/kg, kg m^2 s^-2) matches any kind of its dimension,
//     except in light's units, where the steradian tells quantities apart
//     (lx = lm/m^2 = cd sr/m^2 against cd/m^2, lm against cd: undecided).
//     rad is also the old unit of absorbed dose (0.01 Gy): where reading
//     it so gives the other side's dimension, the pair is undecided when
//     that reading makes it equal (200 rad against 2 Gy) and not equal
//     when it differs too (1 mrad against 1 mGy; rad takes SI prefixes);
//     so is ppm
//     (ppb) against mg/L (µg/L), a convention for dilute water. A
//     unit written on one side only is equal when the numbers agree, and
//     undecided otherwise (dimensionless units such as % and ° are
//     converted). The default tolerance is one unit in the fourth
//     significant figure of the reference; integers written as integers
//     (and exact integer expressions) without units compare exactly; an
//     answer that rounds to a reference written with fewer significant
//     figures is equal, and an answer written with fewer significant
//     figures that the reference rounds to is undecided.
//   - expression, equation, relation: expressions by evaluation at twelve
//     deterministic pseudo-random points (both defined at four at least;
//     values that agree only within the absolute floor of float64 work,
//     1e-12, at every point are undecided: 10^{-20} sin x against
//     10^{-20} cos x),
//     equations up to a constant factor, inequalities by their truth values
//     at those points and near the numbers they contain (where a side is
//     undefined it does not hold: \sqrt{x} < 2 is not x < 4; where it may
//     have a value not computed, x^{1/3} at x < 0, the relations are
//     undecided unless they differ elsewhere); strict against non-strict
//     with the same truth values are not equal only at a boundary found
//     (boundary.go: a zero of a side on the scan grid where they disagree,
//     or both sides changing sign to one root), equal when the form of
//     both sides proves them true everywhere (x^2 + 1 > 0 against
//     x^2 + 1 >= 0), undecided otherwise (1/x > 0 against 1/x >= 0); a
//     value with a name on the left ("x = 3", "v = 12 m/s") is compared as the value.
//     Domains (domain.go): sides that agree wherever both are defined
//     are equal only when no point is found where one is defined and the
//     other is not, at the sample points or where a guard of one side
//     alone fails (a divisor or the base of a negative power vanishing,
//     cos u under tan u; a negative number under an even root or a power
//     of one half, x^{1/2}, which has no real value; a logarithm of 0 or
//     less), found on a grid, around the numbers written, and by bisection
//     (√2 for x - √2). Such a point makes \sqrt{x}^2 against x, \ln(x^2)
//     against 2\ln x, x^2/x = 0 against x = 0 and y = \frac{x^2-4}{x-2}
//     against y = x + 2 undecided. The one exception is a removable
//     singularity of an expression (a divisor of one side alone vanishing,
//     the values agreeing around it): \frac{x^2-1}{x-1} = x + 1, since the
//     simplified form is the final answer an examiner expects; an
//     equation, a labelled value (a curve) and a relation change their
//     solutions there and get no exception. A relation does not hold
//     where it is undefined, so (x^2-1)/(x-1) > 0 against x + 1 > 0 is not
//     equal (1 is a solution of the second only), x^2/x > 0 against x > 0
//     equal; a point where rounding may decide (a relation at its limit at
//     a root found by bisection) is undecided. A divisor that touches zero
//     without changing sign (x^4-4x^2+4 at ±√2) is found at a minimum of
//     its absolute value.
//     log10(x) and log2(x) are logarithms to a base, and so are lg2(x),
//     log2 x and lg2 x with a space before the argument and lg_2 x; a
//     base run into the argument (log28: log 28 or log2 8?) is not read.
//     lb(x) and ld(x) are the binary logarithm (ISO 80000-2; lb(h+1) may
//     be l·b·(h+1), so only an Equal stands between expressions, and lb 8
//     is undecided); \log is read as ln, as log10 and as log2 (computer
//     science), lg as log10 and as log2, and a verdict stands only when
//     every reading gives it (\log 8 against 3 is undecided). A NotEqual between expressions written like
//     names (sp3, Trp, Fe: a capital and two small letters, letters then a
//     digit, an element symbol), quantities with a unit not in the table
//     ("5 nit": a number, a space, letters) or functions not in the table
//     (erf(1)) is undecided: they are not products of variables; so is an
//     Equal between capital letters in another order (RS against SR).
//     A Greek letter is one variable however written (β, \beta; ε, ϵ,
//     \varepsilon). The empty set is \emptyset, \varnothing, ∅ or \{\}. A complex
//     number against a pair (3 + 2i against (3, 2)) is undecided.
//   - parse, empty, text, options, input, budget, internal:
//     undecided, with the reason.
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
