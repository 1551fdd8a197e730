package main

import (
	"github.com/spf13/pflag"

	"github.com/sciif/leaderboard/generator/internal/verify/instr/syllables"
)

// syllableFlag is --syllable-dictionary, the flag of every command that
// checks instructions: a syllable dictionary in syllapy's format, for
// IFBench's words:odd_even_syllables (tools/scripts/syllapy_dictionary.py
// writes syllapy's own). It goes into kind.Options (or, for sciif ifbench,
// instr.Data), never into a global.
type syllableFlag struct{ path *string }

func addSyllableFlag(fs *pflag.FlagSet) syllableFlag {
	return syllableFlag{fs.String("syllable-dictionary", "", "word,count file looked up before syllapy's rule in IFBench's words:odd_even_syllables, as syllapy does (default: the rule alone); tools/scripts/syllapy_dictionary.py writes syllapy's")}
}

// load reads the dictionary; nil without the flag (or when the command
// has none: the zero syllableFlag).
func (f syllableFlag) load() (*syllables.Dictionary, error) {
	if f.path == nil || *f.path == "" {
		return nil, nil
	}
	return syllables.Load(*f.path)
}
