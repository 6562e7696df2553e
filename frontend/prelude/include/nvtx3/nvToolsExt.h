/*
 * nvtx3/nvToolsExt.h - hgrd prelude: NVTX version 3 (nvToolsExt.h).
 */
#include "../nvToolsExt.h"
