/*
 * assert.h - hgrd prelude: assert() that stays whether or not NDEBUG is
 * defined.
 *
 * hgrd reads an assert, in host code before a launch and in a kernel, as
 * what the developer states holds there, also where a release build
 * compiles the check out: so assert() keeps its condition under NDEBUG.
 * Like the C library's, this header has no include guard: each inclusion
 * defines assert() again.
 */
#include_next <assert.h>

#ifdef __cplusplus
extern "C" void __assert_fail(const char *__assertion, const char *__file, unsigned int __line,
                              const char *__function) noexcept __attribute__((__noreturn__));
#define __HGRD_ASSERT_BOOL(e) static_cast<bool>(e)
#else
extern void __assert_fail(const char *__assertion, const char *__file, unsigned int __line,
                          const char *__function) __attribute__((__noreturn__));
#define __HGRD_ASSERT_BOOL(e) (e)
#endif

#undef assert
#define assert(e) (__HGRD_ASSERT_BOOL(e) ? (void)0 : __assert_fail(#e, __FILE__, __LINE__, __PRETTY_FUNCTION__))
