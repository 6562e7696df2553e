package hostanalysis

import (
	"slices"
	"testing"

	"hgrd/cuda"
	"hgrd/expr"
	"hgrd/internal/testkit"
)

// launchesOf returns the launches of a test file.
func launchesOf(t *testing.T, path string) []*Launch {
	t.Helper()
	return Launches(testkit.Load(t, path))
}

func TestLaunchShapesAndArguments(t *testing.T) {
	type shape struct{ grid, block [3]int64 }
	got := map[string][]shape{}
	var fill2 *Launch
	var scale *Launch
	for _, la := range launchesOf(t, "testdata/launches.cu") {
		got[la.Kernel.Name] = append(got[la.Kernel.Name], shape{la.GridDim, la.BlockDim})
		if la.Kernel.Name == "fill" {
			fill2 = la
		} else {
			scale = la
		}
	}
	tests := []struct {
		kernel string
		want   []shape
		reason string
	}{
		{"fill", []shape{{[3]int64{4, 2, 1}, [3]int64{32, 4, 1}}, {[3]int64{8, 1, 1}, [3]int64{16, 16, 2}}},
			"dim3 variables and temporaries, one entry per launch"},
		{"scale", []shape{{[3]int64{4, 1, 1}, [3]int64{64, 1, 1}}},
			"n / 64 in run, with run's n bound to main's 256"},
	}
	for _, tt := range tests {
		if len(got[tt.kernel]) != len(tt.want) {
			t.Errorf("%s: launches %v, want %v (%s)", tt.kernel, got[tt.kernel], tt.want, tt.reason)
			continue
		}
		for i := range tt.want {
			if got[tt.kernel][i] != tt.want[i] {
				t.Errorf("%s launch %d: %v, want %v (%s)", tt.kernel, i, got[tt.kernel][i], tt.want[i], tt.reason)
			}
		}
	}
	if v := fill2.Args[1]; v == nil || !v.IsConst() || v.Signed() != 2 {
		t.Errorf("second fill launch: argument 1 is %v, want the constant 2", v)
	}
	if scale == nil || len(scale.Via) != 1 {
		t.Errorf("the launch in run is reached through one call from main: %+v", scale)
	}
}

func TestFactsOfThePath(t *testing.T) {
	path := "testdata/facts.cu"
	launches := launchesOf(t, path)
	if len(launches) != 1 {
		t.Fatalf("%d launches, want 1", len(launches))
	}
	found := map[FactKind]int{}
	for _, f := range launches[0].Facts {
		found[f.Kind] = f.Pos.Line
	}
	for kind, marker := range map[FactKind]string{Assert: "assert", Guard: "guard", LoopBound: "loop", Allocation: "alloc"} {
		if want := testkit.Line(t, path, marker); found[kind] != want {
			t.Errorf("%s fact on line %d, want line %d; facts: %v", kind, found[kind], want, launches[0].Facts)
		}
	}
	args := launches[0].Args
	if args[1] == nil || args[2] == nil || args[1].String() == args[2].String() {
		t.Errorf("rows and cols must be distinct unknowns related by the assert: %v", args)
	}
}

// TestPitchIsTheRowWidthPadded checks the facts about the pitch that
// cudaMallocPitch returns through its second argument and cudaMalloc3D in
// its cudaPitchedPtr: at least the row width in bytes, padded by less than
// cuda.MaxPitchPadding.
func TestPitchIsTheRowWidthPadded(t *testing.T) {
	path := "testdata/pitch.cu"
	launches := launchesOf(t, path)
	if len(launches) != 3 {
		t.Fatalf("%d launches, want 3", len(launches))
	}
	for _, l := range launches {
		switch l.Kernel.Name {
		case "rows":
			if l.Args[2] == nil || len(expr.Vars(l.Args[2])) != 1 {
				t.Fatalf("width argument %v, want atoi's result", l.Args[2])
			}
			alloc := "alloc" // main's cudaMallocPitch, or the pitch field of volumes' cudaPitchedPtr
			if l.Caller.Name() != "main" {
				alloc = "malloc3d"
			}
			checkPitchFact(t, l, l.Args[1], expr.Vars(l.Args[2])[0], testkit.Line(t, path, alloc))
		case "volume":
			var pitch *expr.Term
			for _, f := range l.Fields[0] {
				if f.Offset == cuda.PitchedPtrPitch {
					pitch = f.Term
				}
			}
			if l.Args[1] == nil || len(expr.Vars(l.Args[1])) != 1 {
				t.Fatalf("xsize argument %v, want the extent's width, from atoi's result", l.Args[1])
			}
			checkPitchFact(t, l, pitch, expr.Vars(l.Args[1])[0], testkit.Line(t, path, "malloc3d"))
		default:
			t.Errorf("launch of %s", l.Kernel.Name)
		}
	}
}

// checkPitchFact checks that an allocation fact of launch l on line line
// bounds pitch by the row width of width = 100 floats, 400 bytes.
func checkPitchFact(t *testing.T, l *Launch, pitch, width *expr.Term, line int) {
	t.Helper()
	if pitch == nil || pitch.Op != expr.OpVar {
		t.Fatalf("%s: pitch %v, want an unknown", l.Kernel.Name, pitch)
	}
	for _, f := range l.Facts {
		if f.Kind != Allocation || !slices.ContainsFunc(expr.Vars(f.Cond), func(v *expr.Term) bool { return v.Name == pitch.Name }) {
			continue
		}
		if f.Pos.Line != line {
			t.Errorf("%s: pitch fact at line %d, want %d", l.Kernel.Name, f.Pos.Line, line)
		}
		for _, c := range []struct {
			pitch uint64
			holds bool
		}{{399, false}, {400, true}, {512, true}, {400 + cuda.MaxPitchPadding - 1, true}, {400 + cuda.MaxPitchPadding, false}, {1 << 32, false}} {
			env := expr.MapEnv{pitch.Name: c.pitch, width.Name: 100}
			for _, v := range expr.Vars(f.Cond) {
				if _, set := env[v.Name]; !set {
					env[v.Name] = 7 // another size of the allocation: positive
				}
			}
			got, err := expr.Eval(f.Cond, env)
			if err != nil {
				t.Fatal(err)
			}
			if (got == 1) != c.holds {
				t.Errorf("%s: pitch fact %v with pitch %d: %d, want %v", l.Kernel.Name, f.Cond, c.pitch, got, c.holds)
			}
		}
		return
	}
	t.Errorf("%s: no allocation fact bounds the pitch %v: %v", l.Kernel.Name, pitch, l.Facts)
}

func TestLaunchesThroughTheRuntimeAPI(t *testing.T) {
	var shapes [][2][3]int64
	for _, la := range launchesOf(t, "testdata/apilaunch.cu") {
		shapes = append(shapes, [2][3]int64{la.GridDim, la.BlockDim})
	}
	want := [][2][3]int64{{{8, 1, 1}, {128, 1, 1}}, {{2, 1, 1}, {32, 1, 1}}}
	if !slices.Equal(shapes, want) {
		t.Errorf("launch shapes %v, want %v: cudaLaunchCooperativeKernel and cudaLaunchKernel launch the kernel their first argument names", shapes, want)
	}
}
