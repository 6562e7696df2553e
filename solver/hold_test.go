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
	ran := sentinel(nil)
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

// TestHoldsAreCounted checks that finalizers stay held back until every
// hold is let go.
func TestHoldsAreCounted(t *testing.T) {
	first, second := HoldFinalizers(), HoldFinalizers()
	ran := sentinel(nil)
	runtime.GC()
	first.Let()
	first.Let() // a second call does nothing
	select {
	case <-ran:
		t.Fatal("a finalizer ran while a hold was kept")
	case <-time.After(50 * time.Millisecond):
	}
	second.Let()
	select {
	case <-ran:
	case <-time.After(10 * time.Second):
		t.Fatal("the finalizer did not run once every hold was let go")
	}
}
