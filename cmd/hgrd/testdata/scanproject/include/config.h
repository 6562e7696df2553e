// Tile sizes of the project; TILE comes from the build (-DTILE=...).
#pragma once
#ifndef TILE
#error "TILE must be defined on the command line (-DTILE=...)"
#endif
#define SPAN (TILE * 8)
