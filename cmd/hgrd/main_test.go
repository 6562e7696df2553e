package main

import (
	"errors"
	"os"
	"os/exec"
	"strconv"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"hgrd/cmd"
	"hgrd/driver"
)

func TestMain(m *testing.M) {
	driver.ServeIfWorker()
	testscript.Main(m, map[string]func(){
		"hgrd": func() { os.Exit(cmd.Main()) },
	})
}

// TestScripts runs the command-line scenarios in testdata/script.
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir: "testdata/script",
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"status": status,
		},
		Setup: func(env *testscript.Env) error {
			// Paths of the prelude testdata shared with the frontend tests.
			env.Setenv("FRONTEND_TESTDATA", mustAbs("../../frontend/testdata"))
			return nil
		},
	})
}

// status runs "status CODE PROGRAM ARGS..." and fails unless the program
// exits with CODE; its output is kept for stdout/stderr assertions.
func status(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 2 {
		ts.Fatalf("usage: status CODE PROGRAM [ARGS...]")
	}
	want, err := strconv.Atoi(args[0])
	if err != nil {
		ts.Fatalf("status: bad exit code %q", args[0])
	}
	got := 0
	if err := ts.Exec(args[1], args[2:]...); err != nil {
		var exit *exec.ExitError
		if !errors.As(err, &exit) {
			ts.Fatalf("status: %v", err)
		}
		got = exit.ExitCode()
	}
	if got != want {
		ts.Fatalf("%s exited with status %d, want %d", args[1], got, want)
	}
}

func mustAbs(path string) string {
	abs, err := os.Getwd()
	if err != nil {
		panic(err)
	}
	return abs + "/" + path
}
