// This file ties a child to its parent on Linux.

package proc

import (
	"os/exec"
	"syscall"
)

// tie asks the kernel to SIGKILL cmd's process when the thread that
// starts it exits.
func tie(cmd *exec.Cmd) {
	if cmd.SysProcAttr == nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{}
	}
	cmd.SysProcAttr.Pdeathsig = syscall.SIGKILL
}
