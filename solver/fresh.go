// This file decides an attempt in a context of its own: the integer
// encoding's attempts, whose search depends on what else the Solver's
// context holds.

package solver

// #include <stdlib.h>
// #include <z3.h>
import "C"

import (
	"math/big"
	"runtime"
	"sort"
	"strconv"
	"unsafe"

	"github.com/aclements/go-z3/z3"
)

// A freshAnswer is the outcome of an attempt decided in a fresh context:
// its status, Z3's reason for an unknown, and for sat the values its
// model gives the constants, by name.
type freshAnswer struct {
	status  Status
	reason  string
	ints    map[string]*big.Int
	bools   map[string]bool
	invalid bool // Z3 failed to translate or decide: decide in the Solver's context
	// units is the rlimit units the check consumed (Z3's statistic
	// "rlimit count"), for HGRD_TRACE_QUERIES.
	units uint64
}

// decideAlone decides assertions of the Solver's context src in a new
// Z3 context, into which it translates them, with an rlimit, and
// deletes the context. A stopped Solver's stopper (StopWhen) interrupts
// its search, and one stopped before makes none.
//
// The same integer attempt consumed 17 times more rlimit units in a
// worker's long-lived context, which holds the query's bit-vector and
// trial encodings and earlier queries' terms, than in a context of its
// own (hecbench-dev's conversion: 428k units and 1.7 s against 25k
// units and 0.07 s; of its 46 overlap queries, integers decided 38 in
// the first attempt and 7 only in the second or third, each in 0.04 to
// 0.15 s alone). Z3 orders sums, eliminations and its search by term
// ids, and the ids of the integer encoding's terms depend on what the
// context made before. A context of its own makes an attempt's answer a
// function of its assertions and rlimit alone. (The assertions were
// once printed as SMT-LIB and parsed there: on the examples' small
// queries printing, parsing and asserting them in the Solver's context
// first took longer than Z3's search.)
//
// It is also the same search whatever the rlimit: a query's integer
// attempts of 78k, 136k and 272k units were each a prefix of the next,
// where budget.go's attempts are meant as fresh draws. The seed (Z3's
// random_seed, 0 its default) makes them so: the n-th attempt of an
// encoding alone has seed n, so the first, which decides most queries,
// is as before, and a retry searches elsewhere. One query of
// hecbench-dev's bitpacking needed 184k to 420k units over six seeds;
// when attempts still parsed a printed query, its third attempt, at
// 272k, had not decided it under the first attempts' seed, and decided
// it at 201k under its own (see integerRounds for the same query since).
func decideAlone(src *z3.Context, assertions []z3.Bool, limit uint64, seed uint, st *stopper) freshAnswer {
	return decideAloneFrom(src, assertions, "", limit, seed, st)
}

// decideAloneFrom is decideAlone, with the assertions parsed from
// printed, their SMT-LIB text, if it is not empty, rather than
// translated. Z3's search depends on the order in which it meets the
// terms, which the two ways give differently: a launch trial of
// hecbench-dev's softmax-online that ran out of 156k units translated
// took 43k to 97k units parsed, under every seed from 0 to 5.
func decideAloneFrom(src *z3.Context, assertions []z3.Bool, printed string, limit uint64, seed uint, st *stopper) freshAnswer {
	ctx := newRawContext()
	defer C.Z3_del_context(ctx)
	if !st.enter(ctx) {
		return freshAnswer{status: Unknown, reason: interruptedReason}
	}
	defer st.leave(ctx)
	var translated []C.Z3_ast
	if printed == "" {
		var ok bool
		if translated, ok = translate(src, assertions, ctx); !ok {
			return freshAnswer{invalid: true}
		}
	}
	name, value := C.CString("rlimit"), C.CString(strconv.FormatUint(limit, 10))
	C.Z3_update_param_value(ctx, name, value)
	C.free(unsafe.Pointer(name))
	C.free(unsafe.Pointer(value))
	s := C.Z3_mk_solver(ctx)
	C.Z3_solver_inc_ref(ctx, s)
	defer C.Z3_solver_dec_ref(ctx, s)
	if seed > 0 {
		setSeed(ctx, s, seed)
	}
	for _, a := range translated {
		C.Z3_solver_assert(ctx, s, a)
	}
	if printed != "" {
		text := C.CString(printed)
		C.Z3_solver_from_string(ctx, s, text)
		C.free(unsafe.Pointer(text))
		if C.Z3_get_error_code(ctx) != C.Z3_OK {
			return freshAnswer{invalid: true}
		}
	}
	status := C.Z3_solver_check(ctx, s)
	units := consumed(ctx, s)
	switch status {
	case C.Z3_L_FALSE:
		return freshAnswer{status: Unsat, units: units}
	case C.Z3_L_UNDEF:
		if C.Z3_get_error_code(ctx) != C.Z3_OK {
			return freshAnswer{invalid: true}
		}
		return freshAnswer{status: Unknown, reason: C.GoString(C.Z3_solver_get_reason_unknown(ctx, s)), units: units}
	}
	return satAnswer(ctx, s, units)
}

// setSeed sets a solver's random seed.
func setSeed(ctx C.Z3_context, s C.Z3_solver, seed uint) {
	params := C.Z3_mk_params(ctx)
	C.Z3_params_inc_ref(ctx, params)
	seedName := C.CString("random_seed")
	C.Z3_params_set_uint(ctx, params, C.Z3_mk_string_symbol(ctx, seedName), C.uint(seed))
	C.free(unsafe.Pointer(seedName))
	C.Z3_solver_set_params(ctx, s, params)
	C.Z3_params_dec_ref(ctx, params)
}

// satAnswer returns the sat answer of a solver whose check found a
// model, with the values the model gives its integer and boolean
// constants.
func satAnswer(ctx C.Z3_context, s C.Z3_solver, units uint64) freshAnswer {
	m := C.Z3_solver_get_model(ctx, s)
	C.Z3_model_inc_ref(ctx, m)
	defer C.Z3_model_dec_ref(ctx, m)
	a := freshAnswer{status: Sat, ints: map[string]*big.Int{}, bools: map[string]bool{}, units: units}
	for i := C.uint(0); i < C.Z3_model_get_num_consts(ctx, m); i++ {
		d := C.Z3_model_get_const_decl(ctx, m, i)
		v := C.Z3_model_get_const_interp(ctx, m, d)
		if v == nil {
			continue
		}
		n := C.GoString(C.Z3_get_symbol_string(ctx, C.Z3_get_decl_name(ctx, d)))
		switch C.Z3_get_sort_kind(ctx, C.Z3_get_range(ctx, d)) {
		case C.Z3_INT_SORT:
			if C.Z3_is_numeral_ast(ctx, v) {
				if x, ok := new(big.Int).SetString(C.GoString(C.Z3_get_numeral_string(ctx, v)), 10); ok {
					a.ints[n] = x
				}
			}
		case C.Z3_BOOL_SORT:
			switch C.Z3_get_bool_value(ctx, v) {
			case C.Z3_L_TRUE:
				a.bools[n] = true
			case C.Z3_L_FALSE:
				a.bools[n] = false
			}
		}
	}
	return a
}

// newRawContext returns a new Z3 context with reference counting, whose
// errors set a code rather than abort.
func newRawContext() C.Z3_context {
	cfg := C.Z3_mk_config()
	ctx := C.Z3_mk_context_rc(cfg)
	C.Z3_del_config(cfg)
	C.Z3_set_error_handler(ctx, nil)
	return ctx
}

// translate returns the terms of assertions of the context src made
// in the context dst, each with a reference, and false if Z3 failed to
// make one. It holds src's lock meanwhile: translation counts
// references to src's terms, which go-z3's finalizers release.
func translate(src *z3.Context, assertions []z3.Bool, dst C.Z3_context) ([]C.Z3_ast, bool) {
	c, lock := rawContext(src)
	lock.Lock()
	defer lock.Unlock()
	out := make([]C.Z3_ast, 0, len(assertions))
	for i := range assertions {
		a := C.Z3_translate(c, rawBool(&assertions[i]), dst)
		if a == nil || C.Z3_get_error_code(dst) != C.Z3_OK {
			return nil, false
		}
		C.Z3_inc_ref(dst, a)
		out = append(out, a)
	}
	runtime.KeepAlive(assertions)
	return out, true
}

// consumed returns the rlimit units a solver's checks consumed: Z3's
// statistic "rlimit count", or 0 if it has none.
func consumed(ctx C.Z3_context, s C.Z3_solver) uint64 {
	stats := C.Z3_solver_get_statistics(ctx, s)
	C.Z3_stats_inc_ref(ctx, stats)
	defer C.Z3_stats_dec_ref(ctx, stats)
	for i := C.uint(0); i < C.Z3_stats_size(ctx, stats); i++ {
		if C.GoString(C.Z3_stats_get_key(ctx, stats, i)) != "rlimit count" {
			continue
		}
		if C.Z3_stats_is_uint(ctx, stats, i) {
			return uint64(C.Z3_stats_get_uint_value(ctx, stats, i))
		}
		return uint64(C.Z3_stats_get_double_value(ctx, stats, i))
	}
	return 0
}

// pin returns the equalities that fix the constants of a fresh context's
// model in the Solver's context, in the order of their names, so that
// its check finds the same model at once.
func (s *Solver) pin(a freshAnswer) []z3.Bool {
	var out []z3.Bool
	for _, n := range sortedKeys(a.ints) {
		out = append(out, s.ctx.IntConst(n).Eq(s.ctx.FromBigInt(a.ints[n], s.ctx.IntSort()).(z3.Int)))
	}
	for _, n := range sortedKeys(a.bools) {
		out = append(out, s.ctx.BoolConst(n).Eq(s.ctx.FromBool(a.bools[n])))
	}
	return out
}

// sortedKeys returns a map's keys in order.
func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
