// The virtual wall clock of the CalmGeo driver: the process's own definitions of
// clock_gettime, gettimeofday and time (the executable exports them, so Foundation's
// Date() resolves to these), answering the replay's virtual time for the real-time
// clocks; every other clock is the kernel's. Plus a trap reporter that names the
// virtual time and the fix being processed.
#define _GNU_SOURCE
#include "CVirtualPlatform.h"
#include <signal.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

static int64_t now_ms = 0;
static int64_t fix_index = -1;
static int64_t fix_time = 0;

void cvp_set_now_ms(int64_t ms) { now_ms = ms; }
int64_t cvp_now_ms(void) { return now_ms; }
void cvp_set_fix(int64_t index, int64_t time_ms) {
  fix_index = index;
  fix_time = time_ms;
}

static void split(int64_t ms, int64_t *sec, int64_t *rest) {
  *sec = ms / 1000;
  *rest = ms % 1000;
  if (*rest < 0) {
    *rest += 1000;
    *sec -= 1;
  }
}

int clock_gettime(clockid_t id, struct timespec *ts) {
  if (id == CLOCK_REALTIME || id == CLOCK_REALTIME_COARSE) {
    int64_t sec, rest;
    split(now_ms, &sec, &rest);
    ts->tv_sec = (time_t)sec;
    ts->tv_nsec = (long)(rest * 1000000);
    return 0;
  }
  return (int)syscall(SYS_clock_gettime, id, ts);
}

int gettimeofday(struct timeval *restrict tv, void *restrict tz) {
  (void)tz;
  if (tv) {
    int64_t sec, rest;
    split(now_ms, &sec, &rest);
    tv->tv_sec = (time_t)sec;
    tv->tv_usec = (suseconds_t)(rest * 1000);
  }
  return 0;
}

time_t time(time_t *out) {
  int64_t sec, rest;
  split(now_ms, &sec, &rest);
  if (out) *out = (time_t)sec;
  return (time_t)sec;
}

static size_t put_int(char *buffer, int64_t value) {
  char digits[24];
  size_t count = 0, length = 0;
  int negative = value < 0;
  uint64_t magnitude = negative ? (uint64_t)(-(value + 1)) + 1 : (uint64_t)value;
  do {
    digits[count++] = (char)('0' + magnitude % 10);
    magnitude /= 10;
  } while (magnitude > 0);
  if (negative) buffer[length++] = '-';
  while (count > 0) buffer[length++] = digits[--count];
  return length;
}

static void on_trap(int signal_number) {
  char line[160];
  size_t length = 0;
  const char *head = "\ncalmgeo-driver-trap: signal=";
  memcpy(line + length, head, strlen(head));
  length += strlen(head);
  length += put_int(line + length, signal_number);
  const char *at = " now_ms=";
  memcpy(line + length, at, strlen(at));
  length += strlen(at);
  length += put_int(line + length, now_ms);
  const char *fix = " fix=";
  memcpy(line + length, fix, strlen(fix));
  length += strlen(fix);
  length += put_int(line + length, fix_index);
  const char *time_label = " fix_ms=";
  memcpy(line + length, time_label, strlen(time_label));
  length += strlen(time_label);
  length += put_int(line + length, fix_time);
  line[length++] = '\n';
  ssize_t ignored = write(2, line, length);
  (void)ignored;
  signal(signal_number, SIG_DFL);
  raise(signal_number);
}

void cvp_install_crash_reporter(void) {
  signal(SIGILL, on_trap);
  signal(SIGTRAP, on_trap);
  signal(SIGSEGV, on_trap);
  signal(SIGABRT, on_trap);
}
