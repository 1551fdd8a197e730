// Package ifbench implements the 58 out-of-distribution instruction checkers
// of IFBench (Pyatkin et al., 2025, "Generalizing Verifiable Instruction
// Following"), keyed by the official instruction ids ("count:numbers",
// "format:sub-bullets", …) and listed explicitly in [Checkers].
//
// It is part of the verify stage. Each checker decides one instruction for one
// response, the way the official Python reference decides it (including its
// quirks, which the checkers' comments point out), and says why in plain words.
// The package performs no I/O, keeps no mutable state, and does not choose
// between Strict and Loose evaluation: that is the caller's policy. The
// tagger's model is read on first use from the one github.com/jdkato/prose
// embeds, by a gob stream reader of this package that keeps only the
// features of a text's first word (about 2 MB; see loadTagger).
//
// The reference relies on NLTK 3.8 (Punkt sentences, word_tokenize, the
// English stop-word list, the averaged-perceptron POS tagger), syllapy and
// emoji. Sentences, word tokens and Python's string rules come from package
// text, which the IFEval checkers share; this package ports the rest: the
// stop-word list, the tagger's first-word decision, syllapy's fallback
// syllable rule (its dictionary is not shipped: a command given it,
// package syllables, binds the checker to it) and an emoji table. Known
// differences are listed in
// testdata/known_disagreements.txt, checked by the conformance test.
package ifbench
