// kc_glx_shim.so: an LD_PRELOAD library for the GPU machine's window runs (scripts/device/window-on-gpu.sh).
//
// Why: on the GPU machine the X server is a carried Xvfb whose server-side GLX is Mesa's, and the clients
// get NVIDIA's GLX through glvnd (__GLX_VENDOR_LIBRARY_NAME=nvidia). Qt 6.4 picks its GLX config only
// through glXChooseFBConfig (qglx_findConfig in src/gui/opengl/platform/unix/qglxconvenience.cpp), and
// there it got no config for any format down to the smallest one it tries (R1 G1 B1, single buffer:
// the "redBufferSize 1" in its warning), then aborted with qFatal("Could not initialize GLX") because its
// glXChooseVisual fallback passes the same FBConfig-style list, which glXChooseVisual does not take.
// Qt has no setting that changes that list (GLX_LEVEL 0, GLX_RENDER_TYPE GLX_RGBA_BIT, sizes,
// GLX_DRAWABLE_TYPE GLX_WINDOW_BIT), so this library answers glXChooseFBConfig itself when the driver
// returns nothing: it walks glXGetFBConfigs and matches the list by hand, the way the GLX spec says,
// keeping only configs that have an X visual (Qt creates windows from it and qFatals without one).
//
// It also logs, once per GLX context, GL_VENDOR / GL_RENDERER / GL_VERSION the first time the context
// is made current on a drawable (glXMakeCurrent, glXMakeContextCurrent): the window's GL, seen from
// inside the process, whichever Qt code made the context.
//
// Environment:
//   KC_GLX_SHIM=fallback  (default) only when the driver's own glXChooseFBConfig finds nothing;
//   KC_GLX_SHIM=always    always match by hand (compare with the driver's choice);
//   KC_GLX_SHIM=off       pass everything through (the GL logging stays).
//   KC_GLX_SHIM_RELAX=1   if no config has the asked GLX_DRAWABLE_TYPE bits, accept one without them
//                         (it must still have an X visual).
// Build: gcc -O2 -shared -fPIC -o kc_glx_shim.so glx_choose_shim.c -ldl (no link-time GL: all through dlsym).
#define _GNU_SOURCE
#include <GL/glx.h>
#include <GL/glxext.h>
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef GLX_FRAMEBUFFER_SRGB_CAPABLE_ARB
#define GLX_FRAMEBUFFER_SRGB_CAPABLE_ARB 0x20B2
#endif

typedef GLXFBConfig* (*ChooseFn)(Display*, int, const int*, int*);
typedef GLXFBConfig* (*GetConfigsFn)(Display*, int, int*);
typedef int (*GetAttribFn)(Display*, GLXFBConfig, int, int*);
typedef XVisualInfo* (*VisualFn)(Display*, GLXFBConfig);
typedef Bool (*MakeCurrentFn)(Display*, GLXDrawable, GLXContext);
typedef Bool (*MakeContextCurrentFn)(Display*, GLXDrawable, GLXDrawable, GLXContext);
typedef const GLubyte* (*GetStringFn)(GLenum);
typedef void (*ProcFn)(void);
typedef ProcFn (*GetProcFn)(const GLubyte*);

static void* next(const char* name) {
  void* f = dlsym(RTLD_NEXT, name);
  if (!f) f = dlsym(RTLD_DEFAULT, name);
  if (!f) fprintf(stderr, "kc-glx-shim: %s not found\n", name);
  return f;
}

static const char* mode(void) {
  const char* m = getenv("KC_GLX_SHIM");
  return m && *m ? m : "fallback";
}

// One attribute of the list as the GLX 1.4 spec (section 3.3.3, table 3.4) matches it.
enum Rule { kMinimum, kExact, kMask, kIgnore };

static enum Rule ruleFor(int attribute) {
  switch (attribute) {
    case GLX_BUFFER_SIZE: case GLX_RED_SIZE: case GLX_GREEN_SIZE: case GLX_BLUE_SIZE: case GLX_ALPHA_SIZE:
    case GLX_DEPTH_SIZE: case GLX_STENCIL_SIZE: case GLX_ACCUM_RED_SIZE: case GLX_ACCUM_GREEN_SIZE:
    case GLX_ACCUM_BLUE_SIZE: case GLX_ACCUM_ALPHA_SIZE: case GLX_AUX_BUFFERS: case GLX_SAMPLE_BUFFERS:
    case GLX_SAMPLES:
      return kMinimum;
    case GLX_LEVEL: case GLX_DOUBLEBUFFER: case GLX_STEREO: case GLX_FBCONFIG_ID: case GLX_X_RENDERABLE:
    case GLX_X_VISUAL_TYPE: case GLX_CONFIG_CAVEAT: case GLX_TRANSPARENT_TYPE:
    case GLX_FRAMEBUFFER_SRGB_CAPABLE_ARB:
      return kExact;
    case GLX_RENDER_TYPE: case GLX_DRAWABLE_TYPE:
      return kMask;
    default:
      return kIgnore;  // transparent values and vendor attributes: don't care
  }
}

typedef struct {
  GLXFBConfig config;
  int defaultDepthVisual;  // its visual has the screen's default depth (the one Qt's windows use)
  int noCaveat;
  int order;
} Candidate;

static int byPreference(const void* a, const void* b) {
  const Candidate* x = a;
  const Candidate* y = b;
  if (x->defaultDepthVisual != y->defaultDepthVisual) return y->defaultDepthVisual - x->defaultDepthVisual;
  if (x->noCaveat != y->noCaveat) return y->noCaveat - x->noCaveat;
  return x->order - y->order;
}

static void describe(const int* attribs, char* text, size_t size) {
  size_t used = 0;
  text[0] = 0;
  for (int i = 0; attribs && attribs[i] != None && used + 24 < size; i += 2)
    used += (size_t)snprintf(text + used, size - used, "%s0x%x=%d", i ? " " : "", attribs[i], attribs[i + 1]);
}

// Returns the configs of `screen` matching `attribs`, best first, or NULL; `relaxDrawable` drops the
// GLX_DRAWABLE_TYPE test (a visual is then still required).
static GLXFBConfig* chooseByHand(Display* dpy, int screen, const int* attribs, int* count, int relaxDrawable) {
  static GetConfigsFn getConfigs;
  static GetAttribFn getAttrib;
  static VisualFn getVisual;
  if (!getConfigs) getConfigs = (GetConfigsFn)next("glXGetFBConfigs");
  if (!getAttrib) getAttrib = (GetAttribFn)next("glXGetFBConfigAttrib");
  if (!getVisual) getVisual = (VisualFn)next("glXGetVisualFromFBConfig");
  *count = 0;
  if (!getConfigs || !getAttrib || !getVisual) return NULL;
  int total = 0;
  GLXFBConfig* all = getConfigs(dpy, screen, &total);
  if (!all || total <= 0) return NULL;

  // Defaults that matter when the list leaves them out (spec table 3.4).
  int wantRender = GLX_RGBA_BIT, wantDrawable = GLX_WINDOW_BIT, wantLevel = 0;
  for (int i = 0; attribs && attribs[i] != None; i += 2) {
    if (attribs[i] == GLX_RENDER_TYPE) wantRender = attribs[i + 1];
    if (attribs[i] == GLX_DRAWABLE_TYPE) wantDrawable = attribs[i + 1];
    if (attribs[i] == GLX_LEVEL) wantLevel = attribs[i + 1];
  }
  const int needVisual = (wantDrawable == (int)GLX_DONT_CARE) ? 0 : (wantDrawable & GLX_WINDOW_BIT) || relaxDrawable;
  const int defaultDepth = DefaultDepth(dpy, screen);

  Candidate* kept = calloc((size_t)total, sizeof *kept);
  int n = 0;
  for (int c = 0; c < total; ++c) {
    int value = 0, ok = 1;
    getAttrib(dpy, all[c], GLX_RENDER_TYPE, &value);
    if ((value & wantRender) != wantRender) continue;
    getAttrib(dpy, all[c], GLX_LEVEL, &value);
    if (value != wantLevel) continue;
    if (!relaxDrawable && wantDrawable != (int)GLX_DONT_CARE) {
      getAttrib(dpy, all[c], GLX_DRAWABLE_TYPE, &value);
      if ((value & wantDrawable) != wantDrawable) continue;
    }
    for (int i = 0; ok && attribs && attribs[i] != None; i += 2) {
      const int attribute = attribs[i], wanted = attribs[i + 1];
      if (attribute == GLX_RENDER_TYPE || attribute == GLX_DRAWABLE_TYPE || attribute == GLX_LEVEL) continue;
      if (wanted == (int)GLX_DONT_CARE) continue;
      const enum Rule rule = ruleFor(attribute);
      if (rule == kIgnore) continue;
      if (getAttrib(dpy, all[c], attribute, &value) != Success) {
        // An attribute the driver does not know (sRGB on an old one): only "False" matches it.
        ok = (rule == kExact && wanted == 0) || (rule == kMinimum && wanted <= 0);
        continue;
      }
      if (rule == kMinimum) ok = value >= wanted;
      else if (rule == kExact) ok = value == wanted;
      else ok = (value & wanted) == wanted;
    }
    if (!ok) continue;
    XVisualInfo* visual = getVisual(dpy, all[c]);
    if (needVisual && !visual) continue;
    getAttrib(dpy, all[c], GLX_CONFIG_CAVEAT, &value);
    kept[n].config = all[c];
    kept[n].defaultDepthVisual = visual && visual->depth == defaultDepth;
    kept[n].noCaveat = value == GLX_NONE;
    kept[n].order = c;
    ++n;
    if (visual) XFree(visual);
  }
  GLXFBConfig* result = NULL;
  if (n > 0) {
    qsort(kept, (size_t)n, sizeof *kept, byPreference);
    result = malloc((size_t)n * sizeof *result);  // callers XFree() it: Xlib's XFree is free()
    for (int i = 0; i < n; ++i) result[i] = kept[i].config;
    *count = n;
  }
  free(kept);
  XFree(all);
  return result;
}

GLXFBConfig* glXChooseFBConfig(Display* dpy, int screen, const int* attribs, int* count) {
  static ChooseFn real;
  if (!real) real = (ChooseFn)next("glXChooseFBConfig");
  const char* m = mode();
  int driverCount = 0;
  GLXFBConfig* configs = NULL;
  if (strcmp(m, "always") != 0 && real) configs = real(dpy, screen, attribs, &driverCount);
  if (count) *count = driverCount;
  if ((configs && driverCount > 0) || strcmp(m, "off") == 0) return configs;
  if (configs) XFree(configs);

  int n = 0;
  const char* how = "by hand";
  configs = chooseByHand(dpy, screen, attribs, &n, 0);
  if (!configs && getenv("KC_GLX_SHIM_RELAX") && *getenv("KC_GLX_SHIM_RELAX") == '1') {
    configs = chooseByHand(dpy, screen, attribs, &n, 1);
    how = "by hand, GLX_DRAWABLE_TYPE relaxed";
  }
  char text[512];
  describe(attribs, text, sizeof text);
  char driver[32] = "not asked";
  if (strcmp(m, "always") != 0) snprintf(driver, sizeof driver, "%d", driverCount);
  fprintf(stderr, "kc-glx-shim: glXChooseFBConfig(screen %d, [%s]): driver %s, %s %d\n", screen, text, driver, how, n);
  if (count) *count = n;
  return configs;
}

// --- logging which GL a context got -------------------------------------------------------------

static pthread_mutex_t seenLock = PTHREAD_MUTEX_INITIALIZER;
static GLXContext seen[64];
static int seenCount;

static void logContext(GLXContext context, GLXDrawable drawable) {
  if (!context) return;
  pthread_mutex_lock(&seenLock);
  for (int i = 0; i < seenCount; ++i)
    if (seen[i] == context) {
      pthread_mutex_unlock(&seenLock);
      return;
    }
  if (seenCount < 64) seen[seenCount++] = context;
  pthread_mutex_unlock(&seenLock);
  static GetProcFn getProc;
  if (!getProc) getProc = (GetProcFn)next("glXGetProcAddressARB");
  GetStringFn getString = getProc ? (GetStringFn)getProc((const GLubyte*)"glGetString") : NULL;
  if (!getString) return;
  const GLubyte* vendor = getString(GL_VENDOR);
  const GLubyte* renderer = getString(GL_RENDERER);
  const GLubyte* version = getString(GL_VERSION);
  fprintf(stderr, "kc-glx-shim: context %p current on drawable 0x%lx: GL_VENDOR %s | GL_RENDERER %s | GL_VERSION %s\n",
          (void*)context, (unsigned long)drawable, vendor ? (const char*)vendor : "?",
          renderer ? (const char*)renderer : "?", version ? (const char*)version : "?");
}

Bool glXMakeCurrent(Display* dpy, GLXDrawable drawable, GLXContext context) {
  static MakeCurrentFn real;
  if (!real) real = (MakeCurrentFn)next("glXMakeCurrent");
  const Bool ok = real ? real(dpy, drawable, context) : False;
  if (ok && drawable) logContext(context, drawable);
  return ok;
}

Bool glXMakeContextCurrent(Display* dpy, GLXDrawable draw, GLXDrawable read, GLXContext context) {
  static MakeContextCurrentFn real;
  if (!real) real = (MakeContextCurrentFn)next("glXMakeContextCurrent");
  const Bool ok = real ? real(dpy, draw, read, context) : False;
  if (ok && draw) logContext(context, draw);
  return ok;
}
