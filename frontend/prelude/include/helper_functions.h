/*
 * helper_functions.h - hgrd prelude: the CUDA samples' host helpers
 * (command line, timers, image files).
 */
#ifndef HGRD_HELPER_FUNCTIONS_H
#define HGRD_HELPER_FUNCTIONS_H

#include <cuda_runtime.h>
#include "helper_string.h"
#include "helper_timer.h"
#include "helper_image.h"

#endif /* HGRD_HELPER_FUNCTIONS_H */
