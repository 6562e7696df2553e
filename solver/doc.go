// Package solver decides hgrd's race queries with the Z3 SMT solver, through
// github.com/aclements/go-z3, and turns satisfying models into witnesses.
//
// # Background
//
// The constraints package states each race query without reference to any
// solver; this package is the only one that imports Z3. It translates the
// queries to bit-vector formulas (C semantics, nsw/nuw honoured), runs each
// under a machine-independent resource budget, and reports sat with a
// model, unsat, or unknown when the budget ran out. A Z3 Context serialises
// its calls, so each worker owns its own.
//
// Version reports the Z3 library hgrd is linked against.
package solver
