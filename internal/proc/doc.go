// Package proc runs child processes that end when their parent ends.
//
// hgrd starts a worker process per file, and each worker starts clang-14
// and opt-14. When hgrd is killed (a CI timeout, an editor cancelling a
// stale lint), those children must not run on as orphans. On Linux a
// child started by Run gets SIGKILL from the kernel when the thread that
// started it exits (PR_SET_PDEATHSIG); Run keeps that thread alive, and
// locked to the calling goroutine, until the child has been waited for,
// since the Go runtime may otherwise retire the thread and kill a child
// that is still wanted. A worker checks in addition, through
// ExitIfOrphaned, that the parent it was started by is still its parent:
// the parent may die before the kernel arms the signal.
package proc
