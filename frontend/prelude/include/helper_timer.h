/*
 * helper_timer.h - hgrd prelude: the CUDA samples' StopWatchInterface and
 * sdkCreateTimer ... sdkDeleteTimer, measured with gettimeofday.
 */
#ifndef HGRD_HELPER_TIMER_H
#define HGRD_HELPER_TIMER_H

#include <cuda_runtime.h>
#include <sys/time.h>

class StopWatchInterface {
public:
  StopWatchInterface() {}
  virtual ~StopWatchInterface() {}
  virtual void start() = 0;
  virtual void stop() = 0;
  virtual void reset() = 0;
  virtual float getTime() = 0;        /* milliseconds, running or not */
  virtual float getAverageTime() = 0; /* milliseconds per start/stop */
};

class StopWatchLinux : public StopWatchInterface {
public:
  StopWatchLinux()
      : start_sec(0), start_usec(0), diff_time(0.0f), total_time(0.0f),
        running(false), clock_sessions(0) {}
  virtual ~StopWatchLinux() {}
  virtual void start() {
    struct timeval t;
    gettimeofday(&t, NULL);
    start_sec = t.tv_sec;
    start_usec = t.tv_usec;
    running = true;
  }
  virtual void stop() {
    diff_time = elapsed();
    total_time += diff_time;
    running = false;
    clock_sessions++;
  }
  virtual void reset() {
    diff_time = 0.0f;
    total_time = 0.0f;
    clock_sessions = 0;
    if (running)
      start();
  }
  virtual float getTime() { return total_time + (running ? elapsed() : 0.0f); }
  virtual float getAverageTime() {
    return clock_sessions > 0 ? total_time / clock_sessions : 0.0f;
  }

private:
  float elapsed() {
    struct timeval t;
    gettimeofday(&t, NULL);
    return (float)(1000.0 * (double)(t.tv_sec - start_sec) +
                   0.001 * (double)(t.tv_usec - start_usec));
  }
  long start_sec, start_usec;
  float diff_time, total_time;
  bool running;
  int clock_sessions;
};

inline bool sdkCreateTimer(StopWatchInterface **timer_interface) {
  *timer_interface = new StopWatchLinux();
  return *timer_interface != NULL;
}
inline bool sdkDeleteTimer(StopWatchInterface **timer_interface) {
  if (*timer_interface) {
    delete *timer_interface;
    *timer_interface = NULL;
  }
  return true;
}
inline bool sdkStartTimer(StopWatchInterface **timer_interface) {
  if (*timer_interface)
    (*timer_interface)->start();
  return true;
}
inline bool sdkStopTimer(StopWatchInterface **timer_interface) {
  if (*timer_interface)
    (*timer_interface)->stop();
  return true;
}
inline bool sdkResetTimer(StopWatchInterface **timer_interface) {
  if (*timer_interface)
    (*timer_interface)->reset();
  return true;
}
inline float sdkGetTimerValue(StopWatchInterface **timer_interface) {
  return *timer_interface ? (*timer_interface)->getTime() : 0.0f;
}
inline float sdkGetAverageTimerValue(StopWatchInterface **timer_interface) {
  return *timer_interface ? (*timer_interface)->getAverageTime() : 0.0f;
}

#endif /* HGRD_HELPER_TIMER_H */
