// This file defines Run, which starts a child tied to its parent, and the
// orphan check a child makes of itself.

package proc

import (
	"errors"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"syscall"
)

// parentEnv names the variable through which Run tells a child its
// parent's process id.
const parentEnv = "HGRD_PARENT_PID"

// Run runs cmd to completion, as cmd.Run does, in such a way that the
// child is killed if this process dies first, however it dies. It
// appends to cmd.Env (the current environment if nil) the parent's
// process id, for ExitIfOrphaned.
func Run(cmd *exec.Cmd) error {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	prepare(cmd)
	return cmd.Run()
}

// prepare ties cmd's child to this process and tells it its parent's
// process id, for ExitIfOrphaned. The caller starts cmd on its locked
// thread.
func prepare(cmd *exec.Cmd) {
	tie(cmd)
	if cmd.Env == nil {
		cmd.Env = os.Environ()
	}
	cmd.Env = append(cmd.Env, parentEnv+"="+strconv.Itoa(os.Getpid()))
}

// ExitIfOrphaned ends this process with status code if it was started by
// Run and its parent is gone already: the parent died between starting
// it and the kernel arming the death signal.
func ExitIfOrphaned(code int) {
	want := os.Getenv(parentEnv)
	if want == "" {
		return
	}
	if strconv.Itoa(os.Getppid()) != want {
		os.Exit(code)
	}
}

// Alive reports whether a process with the given id exists (one this
// process may not signal counts: it exists).
func Alive(pid int) bool {
	p, err := os.FindProcess(pid)
	if err != nil {
		return false
	}
	err = p.Signal(syscall.Signal(0))
	return err == nil || errors.Is(err, syscall.EPERM)
}
