package main

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

func TestMain(m *testing.M) {
	// A child process of a test: run sciif with the arguments given,
	// separated by the unit separator U+001F, in SCIIF_TEST_ARGS (see runChild).
	if bin := os.Getenv("SCIIF_TEST_PEAK_OF"); bin != "" {
		os.Exit(measurePeak(bin))
	}
	if args := os.Getenv("SCIIF_TEST_ARGS"); args != "" {
		os.Exit(run(context.Background(), strings.Split(args, "\x1f"), os.Stdout, os.Stderr))
	}
	testscript.Main(m, map[string]func(){
		"sciif": func() { os.Exit(run(context.Background(), os.Args[1:], os.Stdout, os.Stderr)) },
	})
}

// TestScripts runs the command-line scenarios in testdata/script: each
// txtar archive holds its inputs and the expected outputs inline.
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{Dir: "testdata/script"})
}
