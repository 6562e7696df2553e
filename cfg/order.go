// This file defines the depth-first order of a graph's nodes.

package cfg

// ReversePostorder returns the nodes reachable from root in reverse
// postorder of a depth-first search that follows each node's successors
// in the order succs gives them. root comes first.
func ReversePostorder[N comparable](root N, succs func(N) []N) []N {
	var post []N
	seen := map[N]bool{}
	var visit func(n N)
	visit = func(n N) {
		seen[n] = true
		for _, s := range succs(n) {
			if !seen[s] {
				visit(s)
			}
		}
		post = append(post, n)
	}
	visit(root)
	for i, j := 0, len(post)-1; i < j; i, j = i+1, j-1 {
		post[i], post[j] = post[j], post[i]
	}
	return post
}
