/*
 * bits/shared_ptr_base.h - hgrd prelude wrapper around libstdc++'s header.
 *
 * CUDA defines the qualifier __noinline__ as a macro, but libstdc++ 12 spells
 * the GNU attribute __attribute__((__noinline__)) in this header, which the
 * macro would break. The prelude's include directory is searched before the
 * standard library's, so this file hides the macro while the real header is
 * read. (clang 15 and later solve this by making __noinline__ a keyword.)
 */
#pragma push_macro("__noinline__")
#undef __noinline__
#include_next <bits/shared_ptr_base.h>
#pragma pop_macro("__noinline__")
