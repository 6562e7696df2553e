// Package parallel holds the worker pool of hgrd's parallel loops: the
// driver's files analysed at once and the analysis's races explained at
// once.
package parallel

import "sync"

// ForEach calls f(i) for every i in [0, n), on up to workers goroutines
// (at least one), and returns when all calls have returned.
func ForEach(n, workers int, f func(i int)) {
	next := make(chan int, n)
	for i := 0; i < n; i++ {
		next <- i
	}
	close(next)
	var wg sync.WaitGroup
	for w := 0; w < min(max(1, workers), n); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				f(i)
			}
		}()
	}
	wg.Wait()
}
