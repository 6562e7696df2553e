// Command hgrd is a static data-race analyzer for CUDA programs; see
// "hgrd help" and package hgrd/cmd.
package main

import (
	"os"

	"hgrd/cmd"
)

func main() { os.Exit(cmd.Main()) }
