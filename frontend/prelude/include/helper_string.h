/*
 * helper_string.h - hgrd prelude: the command-line helpers of the CUDA
 * samples (checkCmdLineFlag, getCmdLineArgumentInt, ...).
 *
 * hgrd's own implementation of the interface the samples use; it only has to
 * compile (host code is analysed for launches and allocations, not run).
 */
#ifndef HGRD_HELPER_STRING_H
#define HGRD_HELPER_STRING_H

#include <cuda_runtime.h>
#include <strings.h>

#ifndef EXIT_WAIVED
#define EXIT_WAIVED 2
#endif
#ifndef STRCASECMP
#define STRCASECMP strcasecmp
#endif
#ifndef STRNCASECMP
#define STRNCASECMP strncasecmp
#endif
#ifndef STRCPY
#define STRCPY(dst, size, src) strcpy(dst, src)
#endif
#ifndef FOPEN
#define FOPEN(handle, name, mode) (handle = fopen(name, mode))
#endif
#ifndef FOPEN_FAIL
#define FOPEN_FAIL(result) ((result) == NULL)
#endif
#ifndef SSCANF
#define SSCANF sscanf
#endif
#ifndef SPRINTF
#define SPRINTF sprintf
#endif

/* The number of leading delimiters ("-" or "--") of an argument. */
inline int stringRemoveDelimiter(char delimiter, const char *string) {
  int n = 0;
  while (string[n] == delimiter)
    n++;
  return string[n] == '\0' ? 0 : n;
}

/* The value part of "-name=value" if argv[i] is "-name" or "-name=...". */
inline const char *__hgrdCmdLineMatch(const char *arg, const char *ref) {
  arg += stringRemoveDelimiter('-', arg);
  size_t len = strlen(ref);
  if (STRNCASECMP(arg, ref, len) != 0)
    return NULL;
  if (arg[len] == '\0')
    return arg + len;
  return arg[len] == '=' ? arg + len + 1 : NULL;
}

inline bool checkCmdLineFlag(const int argc, const char **argv,
                             const char *string_ref) {
  for (int i = 1; i < argc; i++)
    if (__hgrdCmdLineMatch(argv[i], string_ref))
      return true;
  return false;
}

inline int getCmdLineArgumentInt(const int argc, const char **argv,
                                 const char *string_ref) {
  for (int i = 1; i < argc; i++) {
    const char *v = __hgrdCmdLineMatch(argv[i], string_ref);
    if (v)
      return atoi(v);
  }
  return 0;
}

inline float getCmdLineArgumentFloat(const int argc, const char **argv,
                                     const char *string_ref) {
  for (int i = 1; i < argc; i++) {
    const char *v = __hgrdCmdLineMatch(argv[i], string_ref);
    if (v)
      return (float)atof(v);
  }
  return 0.0f;
}

inline bool getCmdLineArgumentString(const int argc, const char **argv,
                                     const char *string_ref,
                                     char **string_retval) {
  for (int i = 1; i < argc; i++) {
    const char *v = __hgrdCmdLineMatch(argv[i], string_ref);
    if (v) {
      *string_retval = (char *)v;
      return true;
    }
  }
  *string_retval = NULL;
  return false;
}

inline int getFileExtension(char *filename, char **extension) {
  char *dot = strrchr(filename, '.');
  *extension = dot ? dot + 1 : NULL;
  return dot ? (int)(dot - filename) : 0;
}

/* The samples look for data files next to the executable; hgrd does not
 * run the program, so the name is returned as it is. */
inline char *sdkFindFilePath(const char *filename,
                             const char *executable_path) {
  (void)executable_path;
  char *path = (char *)malloc(strlen(filename) + 1);
  strcpy(path, filename);
  return path;
}

#endif /* HGRD_HELPER_STRING_H */
