package kernelanalysis

import (
	"strings"
	"testing"

	"hgrd/cuda"
	"hgrd/expr"
	"hgrd/internal/testkit"
)

// guardKinds returns the kinds of an access's complete guards and the
// narrowest scope of each.
func guardKinds(a *Access) map[GuardKind]cuda.Scope {
	m := map[GuardKind]cuda.Scope{}
	for _, g := range a.Guards {
		if g.Complete() {
			m[g.Kind] = g.Scope()
		}
	}
	return m
}

func TestGuards(t *testing.T) {
	const path = "testdata/guards.cu"
	kernels := analyzeFile(t, path)
	tests := []struct {
		kernel, marker string
		kind           AccessKind
		want           map[GuardKind]cuda.Scope
		reason         string
	}{
		{"spinLock", "spinLock/guarded", Write,
			map[GuardKind]cuda.Scope{LockGuard: cuda.ScopeBlock, ReleaseGuard: cuda.ScopeBlock},
			"a CAS loop, a fence, the access, a fence, an exchange: a lock whose release fence is block-scoped; the spin is the lock's, no flag's"},
		{"tryLock", "tryLock/guarded", Write,
			map[GuardKind]cuda.Scope{LockGuard: cuda.ScopeBlock, ReleaseGuard: cuda.ScopeDevice},
			"a try-lock in a retry loop holds the lock; atomicCAS_block narrows it"},
		{"noFence", "noFence/unguarded", Write,
			map[GuardKind]cuda.Scope{ReleaseGuard: cuda.ScopeDevice},
			"without a fence after the CAS there is no acquire, so no lock"},
		{"afterRelease", "afterRelease/unguarded", Read,
			map[GuardKind]cuda.Scope{},
			"an access after its thread's own release is in no section, and the lock's spin acquires no flag"},
		{"unchecked", "unchecked/unguarded", Write,
			map[GuardKind]cuda.Scope{},
			"an atomic whose result decides nothing acquires nothing"},
		{"producerConsumer", "producerConsumer/produced", Write,
			map[GuardKind]cuda.Scope{ReleaseGuard: cuda.ScopeDevice},
			"a write, a fence, an atomic flag write: a release"},
		{"producerConsumer", "producerConsumer/consumed", Write,
			map[GuardKind]cuda.Scope{AcquireGuard: cuda.ScopeDevice},
			"a spin on the flag, a fence, then the access: an acquire"},
		{"consumerNoFence", "consumerNoFence/consumed", Read,
			map[GuardKind]cuda.Scope{AcquireGuard: cuda.ScopeBlock},
			"a spin on the flag, then the access: an acquire without a fence, of its atomic's scope"},
	}
	for _, tt := range tests {
		k := kernels[tt.kernel]
		if k == nil {
			t.Fatalf("no kernel %s", tt.kernel)
		}
		a := access(t, k, testkit.Line(t, path, tt.marker), tt.kind)
		got := guardKinds(a)
		if len(got) != len(tt.want) {
			t.Errorf("%s: guards %v, want kinds %v (%s)", tt.marker, a.Guards, tt.want, tt.reason)
			continue
		}
		for kind, scope := range tt.want {
			if s, ok := got[kind]; !ok || s != scope {
				t.Errorf("%s: guards %v, want a %s guard of %s scope (%s)", tt.marker, a.Guards, kind, scope, tt.reason)
			}
		}
	}
}

func TestFlagGuards(t *testing.T) {
	const path = "testdata/guards.cu"
	kernels := analyzeFile(t, path)
	line := func(marker string) int { return testkit.Line(t, path, marker) }
	consumed := access(t, kernels["consumerNoFence"], line("consumerNoFence/consumed"), Read)
	for _, g := range consumed.Guards {
		if g.Kind != AcquireGuard {
			continue
		}
		if g.Fence != nil || g.Result == nil || g.Exit == nil {
			t.Errorf("%v: acquire %v has fence %v, result %v, exit %v; want no fence, the spin's result and its exit", consumed, g, g.Fence, g.Result, g.Exit)
		}
		if exits := exitsOn(g, 0); exits {
			t.Errorf("%v: the spin %v exits on 0, want it to wait while the flag is 0", consumed, g)
		}
		if exits := exitsOn(g, 1); !exits {
			t.Errorf("%v: the spin %v does not exit on 1, want it to", consumed, g)
		}
	}
	produced := access(t, kernels["consumerNoFence"], line("consumerNoFence/produced"), Write)
	for _, g := range produced.Guards {
		if g.Kind == ReleaseGuard && (g.Value == nil || !g.Value.IsConst() || g.Value.Value != 7) {
			t.Errorf("%v: release %v stores %v, want 7", produced, g, g.Value)
		}
	}
	noFence := access(t, kernels["noFence"], line("noFence/unguarded"), Write)
	var gaps []string
	for _, g := range noFence.Guards {
		if !g.Complete() {
			op, _ := g.Missing()
			gaps = append(gaps, op.Name)
		}
	}
	if len(gaps) != 1 || gaps[0] != "atomicCAS" {
		t.Errorf("%v: incomplete locks lacking fences after %v, want one, after the atomicCAS", noFence, gaps)
	}
	unfenced := access(t, kernels["producerNoFence"], line("producerNoFence/produced"), Write)
	var notes []string
	for _, g := range unfenced.Guards {
		if g.Kind == ReleaseGuard && !g.Complete() {
			op, note := g.Missing()
			if op.Name != "atomicExch" {
				t.Errorf("%v: release %v lacks the fence of %v, want of the atomicExch", unfenced, g, op)
			}
			notes = append(notes, note)
		}
	}
	if len(notes) != 1 || !strings.Contains(notes[0], "does not publish the writes before it") {
		t.Errorf("%v: notes of releases without a fence %q, want one saying the atomicExch publishes nothing", unfenced, notes)
	}
}

// exitsOn evaluates an acquire's exit condition with its spin reading v.
func exitsOn(g *Guard, v uint64) bool {
	env := expr.MapEnv{g.Result.Name: v}
	got, err := expr.Eval(g.Exit, env)
	return err == nil && got != 0
}

func TestLeaderGuards(t *testing.T) {
	const path = "testdata/guards.cu"
	kernels := analyzeFile(t, path)
	line := func(marker string) int { return testkit.Line(t, path, marker) }
	device := map[GuardKind]cuda.Scope{LockGuard: cuda.ScopeDevice, AcquireGuard: cuda.ScopeDevice, ReleaseGuard: cuda.ScopeDevice}
	leaderOnly(t, access(t, kernels["leaderLock"], line("leaderLock/guarded"), Write), device,
		"thread 0 locks for its block across __syncthreads")
	leaderOnly(t, access(t, kernels["leaderPerThread"], line("leaderPerThread/unguarded"), Write), map[GuardKind]cuda.Scope{},
		"a lock address that differs between the block's threads is not the block's")
	leaderOnly(t, access(t, kernels["leaderTwoFences"], line("leaderTwoFences/twoFences"), Write), device,
		"the widest of the qualifying fences decides the scope, as for thread guards")
}

// leaderOnly checks that an access's leader guards are those wanted.
func leaderOnly(t *testing.T, a *Access, want map[GuardKind]cuda.Scope, reason string) {
	t.Helper()
	got := map[GuardKind]cuda.Scope{}
	for _, g := range a.Guards {
		if g.Leader {
			got[g.Kind] = g.Scope()
		}
	}
	if len(got) != len(want) {
		t.Errorf("%v: leader guards %v, want %v (%s)", a, a.Guards, want, reason)
		return
	}
	for kind, scope := range want {
		if s, ok := got[kind]; !ok || s != scope {
			t.Errorf("%v: leader guards %v, want a %s guard of %s scope (%s)", a, a.Guards, kind, scope, reason)
		}
	}
}

func TestCounters(t *testing.T) {
	kernels := analyzeFile(t, "testdata/guards.cu")
	k := kernels["push"]
	var names []string
	for _, c := range k.Counters {
		names = append(names, c.Object.Name)
	}
	if len(names) != 1 || names[0] != "size" {
		t.Errorf("counters on %v, want only size: reset is also stored to, so its atomicAdd results may repeat", names)
	}
}

func TestWidestFence(t *testing.T) {
	fence := func(name string, scope cuda.Scope) *syncSite {
		return &syncSite{op: SyncOp{Name: name, Scope: scope}}
	}
	block1, device1, device2, system := fence("block1", cuda.ScopeBlock), fence("device1", cuda.ScopeDevice),
		fence("device2", cuda.ScopeDevice), fence("system", cuda.ScopeSystem)
	fences := []*syncSite{block1, device1, device2, system}
	only := func(allowed ...*syncSite) func(*syncSite) bool {
		return func(f *syncSite) bool {
			for _, a := range allowed {
				if f == a {
					return true
				}
			}
			return false
		}
	}
	tests := []struct {
		ok     func(*syncSite) bool
		want   *syncSite
		reason string
	}{
		{only(block1, device1, device2, system), system, "the widest scope wins"},
		{only(block1, device1, device2), device1, "the first of two fences of the widest scope"},
		{only(block1, device2), device2, "a narrower fence earlier does not count"},
		{only(), nil, "no fence qualifies"},
	}
	name := func(f *syncSite) string {
		if f == nil {
			return "none"
		}
		return f.op.Name
	}
	for _, tt := range tests {
		if got := widestFence(fences, tt.ok); got != tt.want {
			t.Errorf("widestFence = %s, want %s (%s)", name(got), name(tt.want), tt.reason)
		}
	}
	var asked []string
	widestFence(fences, func(f *syncSite) bool { asked = append(asked, f.op.Name); return f == device1 })
	if got := strings.Join(asked, " "); got != "block1 device1 system" {
		t.Errorf("widestFence asked %s, want only fences wider than the best so far", got)
	}
}
