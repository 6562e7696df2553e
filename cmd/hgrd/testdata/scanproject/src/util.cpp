// Host-side helpers, compiled as C++ (the scan skips this entry).
int twice(int x) { return 2 * x; }
