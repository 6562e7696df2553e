/*
 * shrUtils.h - hgrd prelude: the shared utilities of the old CUDA and
 * OpenCL samples (logging, timing, QA reporting, file paths), declared
 * only: they write logs and read files; hgrd analyses the program without
 * running it.
 */
#ifndef HGRD_SHRUTILS_H
#define HGRD_SHRUTILS_H

#include <stdio.h>
#include <stdlib.h>

typedef int shrBOOL;
#define shrTRUE 1
#define shrFALSE 0
#define LOGFILE 1
#define LOGCONSOLE 2
#define LOGBOTH 3
#define ERRORMSG 4
#define APPENDMODE 8
#define MASTER 16
#define CLOSELOG 32
#define HDASHLINE "-----------------------------------------------------------\n"

enum eQAstatus { QA_FAILED = 0, QA_PASSED = 1, QA_WAIVED = 2 };

void shrSetLogFileName(const char *filename);
void shrLog(const char *format, ...);
void shrLogEx(int logFlags, int errNum, const char *format, ...);
double shrDeltaT(int counterId);
char *shrFindFilePath(const char *filename, const char *executablePath);
size_t shrRoundUp(int groupSize, int globalSize);
void shrQAStart(int argc, char **argv);
void shrQAFinish(int argc, const char **argv, int status);
void shrQAFinishExit(int argc, const char **argv, int status);
void shrQAFinishExit2(int usingQATest, int argc, const char **argv,
                      int status);
int shrCheckCmdLineFlag(const int argc, const char **argv,
                        const char *flag_name);
int shrGetCmdLineArgumenti(const int argc, const char **argv,
                           const char *arg_name, int *val);
int shrLoadPPM4ub(const char *file, unsigned char **data, unsigned int *w,
                  unsigned int *h);
int shrSavePPM4ub(const char *file, unsigned char *data, unsigned int w,
                  unsigned int h);
void shrFillArray(float *pfData, int iSize);

/* Exits with a message when a condition that should hold does not. */
#define shrCheckErrorEX(a, b, c)                                               \
  do {                                                                         \
    if ((a) != (b)) {                                                          \
      fprintf(stderr, "error %d in %s line %d\n", (int)(a), __FILE__,         \
              __LINE__);                                                       \
      exit(EXIT_FAILURE);                                                      \
    }                                                                          \
  } while (0)
#define shrCheckError(a, b) shrCheckErrorEX(a, b, 0)
#define shrExitEX(a, b, c) exit(c)

#endif /* HGRD_SHRUTILS_H */
