// Command hgrd is a static data-race analyzer for CUDA programs; see
// "hgrd help" and package hgrd/cmd.
package main

import (
	"os"

	"hgrd/cmd"
	"hgrd/driver"
)

func main() {
	// hgrd analyses each file in a child process that is hgrd itself.
	driver.ServeIfWorker()
	os.Exit(cmd.Main())
}
