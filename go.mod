module hgrd

go 1.26.8

require (
	github.com/aclements/go-z3 v0.0.0-20220809013456-4675d5f90ca5
	github.com/google/go-cmp v0.7.0
	github.com/llir/llvm v0.3.6
	github.com/owenrumney/go-sarif/v2 v2.3.3
	github.com/rogpeppe/go-internal v1.16.0
	github.com/santhosh-tekuri/jsonschema/v5 v5.3.1
	github.com/spf13/cobra v1.10.1
)

require (
	github.com/inconshreveable/mousetrap v1.1.0 // indirect
	github.com/llir/ll v0.0.0-20220802044011-65001c0fb73c // indirect
	github.com/mewmew/float v0.0.0-20201204173432-505706aa38fa // indirect
	github.com/pkg/errors v0.9.1 // indirect
	github.com/spf13/pflag v1.0.9 // indirect
	golang.org/x/mod v0.23.0 // indirect
	golang.org/x/sync v0.12.0 // indirect
	golang.org/x/sys v0.30.0 // indirect
	golang.org/x/tools v0.30.0 // indirect
)
