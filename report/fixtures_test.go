package report

// scopedRace returns an inter-block race in file k that exists only because
// an atomic is block-scoped, with a witness: the race the SARIF and HTML
// tests share.
func scopedRace(k string) *Race {
	return &Race{Kind: InterBlock, Memory: Global, Object: "out", Kernel: "scale", Launch: "launch at main.cu:30:3",
		ScopeNote: "atomicAdd_block at k.cu:9:5 does not order threads of different blocks",
		First:     Access{File: k, Line: 10, Column: 5, Access: Write, Expr: "out[threadIdx.x]"},
		Second:    Access{File: k, Line: 10, Column: 5, Access: Write, Expr: "out[threadIdx.x]"},
		Witness: &Witness{GridDim: [3]int64{2, 1, 1}, BlockDim: [3]int64{64, 1, 1},
			First:  Thread{Block: [3]int64{0, 0, 0}, Thread: [3]int64{3, 0, 0}},
			Second: Thread{Block: [3]int64{1, 0, 0}, Thread: [3]int64{3, 0, 0}},
			Params: map[string]int64{"n": 128}, Address: "&out[3]"}}
}

// withMessage sets a race's message and returns it.
func withMessage(r *Race, msg string) *Race {
	r.Message = msg
	return r
}
