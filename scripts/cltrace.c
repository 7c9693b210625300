/* An OpenCL call trace for a JVM (issue 16: what TornadoVM does around a launch that clprobe-*.c do not).
 * LD_PRELOAD=/tmp/cltrace.so: every call below goes to the real loader (dlsym RTLD_NEXT) and is written to
 * $CLTRACE (default stderr), one line each, with the calling thread, the queue and the arguments that could
 * change what the device does. Build: cc -O1 -shared -fPIC -o /tmp/cltrace.so scripts/cltrace.c -ldl */
#define _GNU_SOURCE
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

static FILE* out;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static void say(const char* fmt, ...) __attribute__((format(printf, 1, 2)));
#include <stdarg.h>
static void say(const char* fmt, ...) {
    pthread_mutex_lock(&lock);
    if (!out) { const char* f = getenv("CLTRACE"); out = f ? fopen(f, "w") : stderr; if (!out) out = stderr; }
    struct timespec ts; clock_gettime(CLOCK_MONOTONIC, &ts);
    fprintf(out, "%ld.%06ld t%ld ", (long) ts.tv_sec, ts.tv_nsec / 1000, (long) syscall(SYS_gettid));
    va_list ap; va_start(ap, fmt); vfprintf(out, fmt, ap); va_end(ap);
    fputc('\n', out); fflush(out);
    pthread_mutex_unlock(&lock);
}

/* the loader's own symbol: RTLD_NEXT finds nothing when the JVM loads libOpenCL later, through a JNI library */
static void* loader(void) {
    static void* h;
    if (!h) h = dlopen(getenv("CLTRACE_LOADER") ? getenv("CLTRACE_LOADER") : "libOpenCL.so.1", RTLD_NOW | RTLD_GLOBAL);
    if (!h) { fprintf(stderr, "cltrace: cannot load the OpenCL loader: %s\n", dlerror()); abort(); }
    return h;
}
#define REAL(name) static __typeof__(&name) real; if (!real) real = (__typeof__(&name)) dlsym(loader(), #name)

static void events(char* buf, size_t n, cl_uint num, const cl_event* list) {
    size_t o = 0; buf[0] = 0;
    for (cl_uint i = 0; i < num && o + 20 < n; i++) o += snprintf(buf + o, n - o, "%s%p", i ? "," : "", (void*) list[i]);
}

cl_context clCreateContext(const cl_context_properties* p, cl_uint nd, const cl_device_id* d, void (CL_CALLBACK* cb)(const char*, const void*, size_t, void*), void* ud, cl_int* e) {
    REAL(clCreateContext); cl_context c = real(p, nd, d, cb, ud, e); say("clCreateContext devices=%u -> %p", nd, (void*) c); return c;
}
cl_command_queue clCreateCommandQueue(cl_context c, cl_device_id d, cl_command_queue_properties p, cl_int* e) {
    REAL(clCreateCommandQueue); cl_command_queue q = real(c, d, p, e); say("clCreateCommandQueue ctx=%p props=0x%lx -> %p", (void*) c, (unsigned long) p, (void*) q); return q;
}
cl_command_queue clCreateCommandQueueWithProperties(cl_context c, cl_device_id d, const cl_queue_properties* p, cl_int* e) {
    REAL(clCreateCommandQueueWithProperties); cl_command_queue q = real(c, d, p, e);
    say("clCreateCommandQueueWithProperties ctx=%p props=%s0x%lx -> %p", (void*) c, p ? "" : "none ", p ? (unsigned long) p[1] : 0UL, (void*) q); return q;
}
cl_mem clCreateBuffer(cl_context c, cl_mem_flags f, size_t s, void* h, cl_int* e) {
    REAL(clCreateBuffer); cl_mem m = real(c, f, s, h, e); say("clCreateBuffer flags=0x%lx size=%zu host=%p -> %p", (unsigned long) f, s, h, (void*) m); return m;
}
cl_mem clCreateSubBuffer(cl_mem b, cl_mem_flags f, cl_buffer_create_type t, const void* i, cl_int* e) {
    REAL(clCreateSubBuffer); cl_mem m = real(b, f, t, i, e);
    const cl_buffer_region* r = i; say("clCreateSubBuffer of %p flags=0x%lx origin=%zu size=%zu -> %p", (void*) b, (unsigned long) f, r ? r->origin : 0, r ? r->size : 0, (void*) m); return m;
}
cl_int clReleaseMemObject(cl_mem m) { REAL(clReleaseMemObject); say("clReleaseMemObject %p", (void*) m); return real(m); }
/* each program's source goes to $CLTRACE.<n>.cl beside the trace */
cl_program clCreateProgramWithSource(cl_context c, cl_uint count, const char** strings, const size_t* lengths, cl_int* e) {
    REAL(clCreateProgramWithSource); cl_program p = real(c, count, strings, lengths, e);
    static int n;
    char name[512]; snprintf(name, sizeof name, "%s.%d.cl", getenv("CLTRACE") ? getenv("CLTRACE") : "/tmp/cltrace", n++);
    FILE* f = fopen(name, "w");
    for (cl_uint i = 0; f && i < count; i++) fwrite(strings[i], 1, lengths && lengths[i] ? lengths[i] : strlen(strings[i]), f);
    if (f) fclose(f);
    say("clCreateProgramWithSource -> %p, source in %s", (void*) p, name);
    return p;
}
cl_int clBuildProgram(cl_program p, cl_uint nd, const cl_device_id* d, const char* o, void (CL_CALLBACK* cb)(cl_program, void*), void* ud) {
    REAL(clBuildProgram); say("clBuildProgram %p options=\"%s\"", (void*) p, o ? o : ""); return real(p, nd, d, o, cb, ud);
}
cl_kernel clCreateKernel(cl_program p, const char* name, cl_int* e) {
    REAL(clCreateKernel); cl_kernel k = real(p, name, e); say("clCreateKernel %s -> %p", name, (void*) k); return k;
}
cl_int clSetKernelArg(cl_kernel k, cl_uint i, size_t s, const void* v) {
    REAL(clSetKernelArg);
    if (v && s == 8) say("clSetKernelArg %p #%u size=8 value=0x%lx", (void*) k, i, *(const unsigned long*) v);
    else if (v && s == 4) say("clSetKernelArg %p #%u size=4 value=0x%x", (void*) k, i, *(const unsigned*) v);
    else say("clSetKernelArg %p #%u size=%zu value=%s", (void*) k, i, s, v ? "..." : "NULL");
    return real(k, i, s, v);
}
cl_int clEnqueueNDRangeKernel(cl_command_queue q, cl_kernel k, cl_uint dim, const size_t* off, const size_t* g, const size_t* l, cl_uint ne, const cl_event* w, cl_event* ev) {
    REAL(clEnqueueNDRangeKernel); char b[512]; events(b, sizeof b, ne, w);
    cl_int r = real(q, k, dim, off, g, l, ne, w, ev);
    say("clEnqueueNDRangeKernel q=%p k=%p dim=%u off=%s%zu global=%zu,%zu,%zu local=%s%zu,%zu,%zu wait=[%s] -> ev %p", (void*) q, (void*) k, dim,
        off ? "" : "NULL ", off ? off[0] : 0, g[0], dim > 1 ? g[1] : 1, dim > 2 ? g[2] : 1, l ? "" : "NULL ", l ? l[0] : 0, l && dim > 1 ? l[1] : 1,
        l && dim > 2 ? l[2] : 1, b, ev ? (void*) *ev : NULL);
    return r;
}
cl_int clEnqueueWriteBuffer(cl_command_queue q, cl_mem m, cl_bool bl, size_t o, size_t s, const void* p, cl_uint ne, const cl_event* w, cl_event* ev) {
    REAL(clEnqueueWriteBuffer); char b[512]; events(b, sizeof b, ne, w); cl_int r = real(q, m, bl, o, s, p, ne, w, ev);
    say("clEnqueueWriteBuffer q=%p mem=%p blocking=%u offset=%zu size=%zu host=%p wait=[%s] -> ev %p", (void*) q, (void*) m, bl, o, s, p, b, ev ? (void*) *ev : NULL); return r;
}
cl_int clEnqueueReadBuffer(cl_command_queue q, cl_mem m, cl_bool bl, size_t o, size_t s, void* p, cl_uint ne, const cl_event* w, cl_event* ev) {
    REAL(clEnqueueReadBuffer); char b[512]; events(b, sizeof b, ne, w); cl_int r = real(q, m, bl, o, s, p, ne, w, ev);
    say("clEnqueueReadBuffer q=%p mem=%p blocking=%u offset=%zu size=%zu host=%p wait=[%s] -> ev %p", (void*) q, (void*) m, bl, o, s, p, b, ev ? (void*) *ev : NULL); return r;
}
cl_int clEnqueueFillBuffer(cl_command_queue q, cl_mem m, const void* pat, size_t ps, size_t o, size_t s, cl_uint ne, const cl_event* w, cl_event* ev) {
    REAL(clEnqueueFillBuffer); cl_int r = real(q, m, pat, ps, o, s, ne, w, ev); say("clEnqueueFillBuffer q=%p mem=%p size=%zu", (void*) q, (void*) m, s); return r;
}
cl_int clEnqueueCopyBuffer(cl_command_queue q, cl_mem a, cl_mem b2, size_t ao, size_t bo, size_t s, cl_uint ne, const cl_event* w, cl_event* ev) {
    REAL(clEnqueueCopyBuffer); cl_int r = real(q, a, b2, ao, bo, s, ne, w, ev); say("clEnqueueCopyBuffer q=%p %p -> %p size=%zu", (void*) q, (void*) a, (void*) b2, s); return r;
}
cl_int clEnqueueMarkerWithWaitList(cl_command_queue q, cl_uint ne, const cl_event* w, cl_event* ev) {
    REAL(clEnqueueMarkerWithWaitList); char b[512]; events(b, sizeof b, ne, w); cl_int r = real(q, ne, w, ev);
    say("clEnqueueMarkerWithWaitList q=%p wait=[%s]", (void*) q, b); return r;
}
cl_int clEnqueueBarrierWithWaitList(cl_command_queue q, cl_uint ne, const cl_event* w, cl_event* ev) {
    REAL(clEnqueueBarrierWithWaitList); char b[512]; events(b, sizeof b, ne, w); cl_int r = real(q, ne, w, ev);
    say("clEnqueueBarrierWithWaitList q=%p wait=[%s]", (void*) q, b); return r;
}
void* clEnqueueMapBuffer(cl_command_queue q, cl_mem m, cl_bool bl, cl_map_flags f, size_t o, size_t s, cl_uint ne, const cl_event* w, cl_event* ev, cl_int* e) {
    REAL(clEnqueueMapBuffer); void* p = real(q, m, bl, f, o, s, ne, w, ev, e); say("clEnqueueMapBuffer q=%p mem=%p size=%zu", (void*) q, (void*) m, s); return p;
}
cl_int clWaitForEvents(cl_uint n, const cl_event* l) {
    REAL(clWaitForEvents); char b[512]; events(b, sizeof b, n, l); say("clWaitForEvents [%s]", b); cl_int r = real(n, l); say("  waited"); return r;
}
cl_int clFlush(cl_command_queue q) { REAL(clFlush); say("clFlush q=%p", (void*) q); return real(q); }
cl_int clFinish(cl_command_queue q) { REAL(clFinish); say("clFinish q=%p", (void*) q); return real(q); }
cl_int clReleaseEvent(cl_event e) { REAL(clReleaseEvent); say("clReleaseEvent %p", (void*) e); return real(e); }
cl_int clGetEventProfilingInfo(cl_event e, cl_profiling_info i, size_t s, void* v, size_t* r) {
    REAL(clGetEventProfilingInfo); cl_int x = real(e, i, s, v, r);
    say("clGetEventProfilingInfo %p 0x%x -> %lu", (void*) e, i, v && s == 8 ? *(unsigned long*) v : 0UL); return x;
}
