package solver

import (
	"runtime"
	"testing"
	"time"
)

// TestHeldFinalizersWaitForLet checks that a finalizer a collection
// finds due after HoldFinalizers runs only once the hold is let go.
func TestHeldFinalizersWaitForLet(t *testing.T) {
	h := HoldFinalizers()
	ran := make(chan struct{})
	garbage := new([64]byte)
	runtime.SetFinalizer(garbage, func(*[64]byte) { close(ran) })
	garbage = nil
	runtime.GC()
	select {
	case <-ran:
		t.Fatal("a finalizer ran while finalizers were held back")
	case <-time.After(50 * time.Millisecond):
	}
	h.Let()
	select {
	case <-ran:
	case <-time.After(10 * time.Second):
		t.Fatal("the finalizer did not run once the hold was let go")
	}
}
