// glx_probe: what the GLX behind $DISPLAY offers, asked exactly the way Qt 6.4's xcb GLX asks
// (scripts/device/window-on-gpu.sh runs it on the GPU machine's carried Xvfb).
//
//   glx_probe                 report: versions and vendors, every GLXFBConfig tallied (window bit, X
//                             visual, depth), Qt's glXChooseFBConfig lists replayed one by one with the
//                             count each gets (and variants that drop one attribute, to name the one that
//                             empties the answer), glXChooseVisual, then a GL 3.3 core context made
//                             current on a real window: GL_VENDOR/RENDERER/VERSION, a clear to green,
//                             glXSwapBuffers, and whether the X server's copy of the window turned green
//                             (does the driver present into this X server at all?).
//   glx_probe --grab OUT.png  saves the root window (the whole Xvfb screen) as a PNG: the screenshot
//                             tool of the device runs (no xwd/ImageMagick there).
// Exit status: 0 when a window context was made current, 1 otherwise (the report says why).
// Build: gcc -O2 -o glx_probe glx_probe.c -lGLX -lOpenGL -lX11 -lz
#include <GL/gl.h>
#include <GL/glx.h>
#include <GL/glxext.h>
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

static int xErrors;
static int onXError(Display* dpy, XErrorEvent* e) {
  char text[128];
  XGetErrorText(dpy, e->error_code, text, sizeof text);
  fprintf(stdout, "  X error: %s (request %d.%d)\n", text, e->request_code, e->minor_code);
  ++xErrors;
  return 0;
}

// --- PNG writer (RGB, 8 bit) for --grab --------------------------------------------------------
static void putBE32(unsigned char* p, unsigned v) {
  p[0] = (unsigned char)(v >> 24); p[1] = (unsigned char)(v >> 16); p[2] = (unsigned char)(v >> 8); p[3] = (unsigned char)v;
}
static void chunk(FILE* f, const char* type, const unsigned char* data, unsigned size) {
  unsigned char head[8];
  putBE32(head, size);
  memcpy(head + 4, type, 4);
  fwrite(head, 1, 8, f);
  if (size) fwrite(data, 1, size, f);
  uLong crc = crc32(0, (const Bytef*)type, 4);
  if (size) crc = crc32(crc, data, size);
  unsigned char tail[4];
  putBE32(tail, (unsigned)crc);
  fwrite(tail, 1, 4, f);
}
static int shift(unsigned long mask) { int s = 0; while (mask && !(mask & 1)) { mask >>= 1; ++s; } return s; }

static int grab(Display* dpy, const char* path) {
  Window root = DefaultRootWindow(dpy);
  XWindowAttributes wa;
  XGetWindowAttributes(dpy, root, &wa);
  XImage* image = XGetImage(dpy, root, 0, 0, (unsigned)wa.width, (unsigned)wa.height, AllPlanes, ZPixmap);
  if (!image) { fprintf(stderr, "glx_probe: XGetImage failed\n"); return 1; }
  const int w = wa.width, h = wa.height;
  const size_t row = (size_t)w * 3 + 1;
  unsigned char* raw = malloc(row * (size_t)h);
  const int rs = shift(image->red_mask), gs = shift(image->green_mask), bs = shift(image->blue_mask);
  const unsigned long rm = image->red_mask >> rs, gm = image->green_mask >> gs, bm = image->blue_mask >> bs;
  for (int y = 0; y < h; ++y) {
    unsigned char* out = raw + row * (size_t)y;
    *out++ = 0;  // filter: none
    for (int x = 0; x < w; ++x) {
      const unsigned long p = XGetPixel(image, x, y);
      *out++ = (unsigned char)(((p >> rs) & rm) * 255 / (rm ? rm : 1));
      *out++ = (unsigned char)(((p >> gs) & gm) * 255 / (gm ? gm : 1));
      *out++ = (unsigned char)(((p >> bs) & bm) * 255 / (bm ? bm : 1));
    }
  }
  XDestroyImage(image);
  uLongf packedSize = compressBound(row * (size_t)h);
  unsigned char* packed = malloc(packedSize);
  compress2(packed, &packedSize, raw, row * (size_t)h, 6);
  FILE* f = fopen(path, "wb");
  if (!f) { perror(path); return 1; }
  fwrite("\x89PNG\r\n\x1a\n", 1, 8, f);
  unsigned char ihdr[13];
  putBE32(ihdr, (unsigned)w);
  putBE32(ihdr + 4, (unsigned)h);
  ihdr[8] = 8; ihdr[9] = 2; ihdr[10] = 0; ihdr[11] = 0; ihdr[12] = 0;  // 8-bit RGB
  chunk(f, "IHDR", ihdr, 13);
  chunk(f, "IDAT", packed, (unsigned)packedSize);
  chunk(f, "IEND", NULL, 0);
  fclose(f);
  free(raw);
  free(packed);
  printf("glx_probe: saved the %dx%d screen to %s\n", w, h, path);
  return 0;
}

// --- the report --------------------------------------------------------------------------------
static int attr(Display* dpy, GLXFBConfig c, int a) {
  int v = -1;
  glXGetFBConfigAttrib(dpy, c, a, &v);
  return v;
}

static int countFor(Display* dpy, int screen, const int* list) {
  int n = 0;
  GLXFBConfig* configs = glXChooseFBConfig(dpy, screen, list, &n);
  if (configs) XFree(configs);
  return configs ? n : 0;
}

// Qt 6.4's qglx_buildSpec(format, GLX_WINDOW_BIT, 0) for r/g/b sizes and double buffering (alpha 0,
// depth/stencil/samples unset, as the window's format has them): the exact list, attribute for attribute.
static int qtSpec(int* spec, int r, int g, int b, int doubleBuffer, int skip) {
  int n = 0;
#define PUT(a, v) do { if ((a) != skip) { spec[n++] = (a); spec[n++] = (v); } } while (0)
  PUT(GLX_LEVEL, 0);
  PUT(GLX_RENDER_TYPE, GLX_RGBA_BIT);
  PUT(GLX_RED_SIZE, r);
  PUT(GLX_GREEN_SIZE, g);
  PUT(GLX_BLUE_SIZE, b);
  PUT(GLX_ALPHA_SIZE, 0);
  if (doubleBuffer) PUT(GLX_DOUBLEBUFFER, True);
  PUT(GLX_DRAWABLE_TYPE, GLX_WINDOW_BIT);
#undef PUT
  spec[n] = None;
  return n;
}

typedef GLXContext (*CreateContextAttribs)(Display*, GLXFBConfig, GLXContext, Bool, const int*);

int main(int argc, char** argv) {
  Display* dpy = XOpenDisplay(NULL);
  if (!dpy) { fprintf(stderr, "glx_probe: cannot open display '%s'\n", getenv("DISPLAY") ? getenv("DISPLAY") : ""); return 1; }
  if (argc == 3 && strcmp(argv[1], "--grab") == 0) return grab(dpy, argv[2]);
  XSetErrorHandler(onXError);
  const int screen = DefaultScreen(dpy);
  printf("display %s screen %d: default depth %d, root visual 0x%lx, %dx%d\n", DisplayString(dpy), screen,
         DefaultDepth(dpy, screen), XVisualIDFromVisual(DefaultVisual(dpy, screen)), DisplayWidth(dpy, screen),
         DisplayHeight(dpy, screen));
  XVisualInfo vtemplate = {.screen = screen};
  int nvis = 0;
  XVisualInfo* visuals = XGetVisualInfo(dpy, VisualScreenMask, &vtemplate, &nvis);
  int vis24 = 0, vis32 = 0;
  for (int i = 0; i < nvis; ++i) vis24 += visuals[i].depth == 24, vis32 += visuals[i].depth == 32;
  printf("X visuals on the screen: %d (depth 24: %d, depth 32: %d)\n", nvis, vis24, vis32);
  if (visuals) XFree(visuals);

  int major = 0, minor = 0;
  if (!glXQueryVersion(dpy, &major, &minor)) { printf("glXQueryVersion failed: no GLX\n"); return 1; }
  printf("GLX %d.%d; client: %s %s; server: %s %s\n", major, minor, glXGetClientString(dpy, GLX_VENDOR),
         glXGetClientString(dpy, GLX_VERSION), glXQueryServerString(dpy, screen, GLX_VENDOR),
         glXQueryServerString(dpy, screen, GLX_VERSION));
  const char* exts = glXQueryExtensionsString(dpy, screen);
  printf("GLX extensions (client and server): %s\n", exts ? exts : "(none)");
  printf("__GLX_VENDOR_LIBRARY_NAME=%s\n", getenv("__GLX_VENDOR_LIBRARY_NAME") ? getenv("__GLX_VENDOR_LIBRARY_NAME") : "(unset)");

  // Every config, tallied on the attributes Qt's list tests.
  int total = 0;
  GLXFBConfig* all = glXGetFBConfigs(dpy, screen, &total);
  int windowBit = 0, pbufferBit = 0, rgbaBit = 0, level0 = 0, xRenderable = 0, withVisual = 0, visual24 = 0,
      windowAndVisual = 0, qtMinimal = 0;
  for (int i = 0; i < total; ++i) {
    const int drawable = attr(dpy, all[i], GLX_DRAWABLE_TYPE), render = attr(dpy, all[i], GLX_RENDER_TYPE);
    XVisualInfo* v = glXGetVisualFromFBConfig(dpy, all[i]);
    windowBit += (drawable & GLX_WINDOW_BIT) != 0;
    pbufferBit += (drawable & GLX_PBUFFER_BIT) != 0;
    rgbaBit += (render & GLX_RGBA_BIT) != 0;
    level0 += attr(dpy, all[i], GLX_LEVEL) == 0;
    xRenderable += attr(dpy, all[i], GLX_X_RENDERABLE) == True;
    withVisual += v != NULL;
    visual24 += v && v->depth == 24;
    windowAndVisual += v && (drawable & GLX_WINDOW_BIT);
    qtMinimal += v && (drawable & GLX_WINDOW_BIT) && (render & GLX_RGBA_BIT) && attr(dpy, all[i], GLX_LEVEL) == 0 &&
                 attr(dpy, all[i], GLX_RED_SIZE) >= 1;
    if (i < 8 || (i < 64 && v && !(drawable & GLX_WINDOW_BIT)))
      printf("  config %3d id 0x%03x visual 0x%03lx (depth %2d) drawable 0x%x render 0x%x x_renderable %d level %d "
             "double %d rgba %d/%d/%d/%d depth %d stencil %d caveat 0x%x samples %d\n",
             i, attr(dpy, all[i], GLX_FBCONFIG_ID), v ? v->visualid : 0, v ? v->depth : 0, drawable, render,
             attr(dpy, all[i], GLX_X_RENDERABLE), attr(dpy, all[i], GLX_LEVEL), attr(dpy, all[i], GLX_DOUBLEBUFFER),
             attr(dpy, all[i], GLX_RED_SIZE), attr(dpy, all[i], GLX_GREEN_SIZE), attr(dpy, all[i], GLX_BLUE_SIZE),
             attr(dpy, all[i], GLX_ALPHA_SIZE), attr(dpy, all[i], GLX_DEPTH_SIZE), attr(dpy, all[i], GLX_STENCIL_SIZE),
             attr(dpy, all[i], GLX_CONFIG_CAVEAT), attr(dpy, all[i], GLX_SAMPLES));
    if (v) XFree(v);
  }
  printf("glXGetFBConfigs: %d configs; GLX_WINDOW_BIT %d, GLX_PBUFFER_BIT %d, GLX_RGBA_BIT %d, level 0 %d, "
         "X_RENDERABLE %d, with an X visual %d (depth 24: %d), window bit AND visual %d, meeting Qt's smallest list "
         "by hand %d\n",
         total, windowBit, pbufferBit, rgbaBit, level0, xRenderable, withVisual, visual24, windowAndVisual, qtMinimal);

  // Qt's lists, in the order qglx_reduceFormat walks them (the window format: 8/8/8, alpha 0, double).
  int spec[40];
  const int steps[][4] = {{8, 8, 8, 1}, {1, 8, 8, 1}, {1, 1, 8, 1}, {1, 1, 1, 1}, {1, 1, 1, 0}};
  printf("Qt's glXChooseFBConfig lists (qglx_buildSpec, GLX_WINDOW_BIT):\n");
  for (int s = 0; s < 5; ++s) {
    qtSpec(spec, steps[s][0], steps[s][1], steps[s][2], steps[s][3], -1);
    printf("  r%d g%d b%d a0 %s: %d configs\n", steps[s][0], steps[s][1], steps[s][2], steps[s][3] ? "double" : "single",
           countFor(dpy, screen, spec));
  }
  // The smallest list less one attribute: which one empties the answer.
  const int dropped[] = {GLX_LEVEL, GLX_RENDER_TYPE, GLX_ALPHA_SIZE, GLX_DRAWABLE_TYPE};
  const char* droppedNames[] = {"GLX_LEVEL", "GLX_RENDER_TYPE", "GLX_ALPHA_SIZE", "GLX_DRAWABLE_TYPE"};
  for (int d = 0; d < 4; ++d) {
    qtSpec(spec, 1, 1, 1, 0, dropped[d]);
    printf("  smallest list without %s: %d configs\n", droppedNames[d], countFor(dpy, screen, spec));
  }
  const int pbuffer[] = {GLX_RENDER_TYPE, GLX_RGBA_BIT, GLX_DRAWABLE_TYPE, GLX_PBUFFER_BIT, None};
  const int anyDrawable[] = {GLX_RENDER_TYPE, GLX_RGBA_BIT, GLX_DRAWABLE_TYPE, (int)GLX_DONT_CARE, None};
  const int glxinfoSingle[] = {GLX_RENDER_TYPE, GLX_RGBA_BIT, GLX_RED_SIZE, 1, GLX_GREEN_SIZE, 1, GLX_BLUE_SIZE, 1,
                               GLX_DOUBLEBUFFER, False, None};
  const int empty[] = {None};
  printf("  GLX_DRAWABLE_TYPE GLX_PBUFFER_BIT: %d; GLX_DONT_CARE: %d; glxinfo's single-buffer list: %d; empty list: %d\n",
         countFor(dpy, screen, pbuffer), countFor(dpy, screen, anyDrawable), countFor(dpy, screen, glxinfoSingle),
         countFor(dpy, screen, empty));

  // glXChooseVisual: the GLX 1.2 path glxinfo falls back to (Qt's fallback passes its FBConfig list here).
  int visualList[] = {GLX_RGBA, GLX_DOUBLEBUFFER, GLX_RED_SIZE, 1, GLX_GREEN_SIZE, 1, GLX_BLUE_SIZE, 1, None};
  XVisualInfo* chosen = glXChooseVisual(dpy, screen, visualList);
  printf("glXChooseVisual(GLX_RGBA, GLX_DOUBLEBUFFER, 1/1/1): %s", chosen ? "visual" : "none\n");
  if (chosen) printf(" 0x%lx depth %d\n", chosen->visualid, chosen->depth);
  qtSpec(spec, 1, 1, 1, 0, -1);
  XVisualInfo* qtVisual = glXChooseVisual(dpy, screen, spec);
  printf("glXChooseVisual(Qt's FBConfig list, as qglx_findVisualInfo's fallback passes it): %s\n",
         qtVisual ? "visual" : "none");
  if (qtVisual) XFree(qtVisual);

  // A window context as Qt would make it: the config Qt's list gets, else by hand, else from the visual.
  GLXFBConfig config = NULL;
  int n = 0;
  qtSpec(spec, 8, 8, 8, 1, -1);
  GLXFBConfig* configs = glXChooseFBConfig(dpy, screen, spec, &n);
  const char* how = "Qt's first list";
  if (configs && n > 0) config = configs[0];
  for (int i = 0; !config && i < total; ++i) {
    XVisualInfo* v = glXGetVisualFromFBConfig(dpy, all[i]);
    if (v && v->depth == DefaultDepth(dpy, screen) && (attr(dpy, all[i], GLX_RENDER_TYPE) & GLX_RGBA_BIT) &&
        attr(dpy, all[i], GLX_DOUBLEBUFFER) == True)
      config = all[i], how = "by hand: first double-buffered RGBA config with a default-depth visual";
    if (v) XFree(v);
  }
  XVisualInfo* vi = config ? glXGetVisualFromFBConfig(dpy, config) : (chosen ? chosen : NULL);
  if (!vi) { printf("no config or visual for a window context: stop\n"); return 1; }
  printf("window context from %s (visual 0x%lx)\n", config ? how : "glXChooseVisual", vi->visualid);
  XSetWindowAttributes swa = {0};
  swa.colormap = XCreateColormap(dpy, RootWindow(dpy, screen), vi->visual, AllocNone);
  swa.border_pixel = 0;
  swa.background_pixel = 0;
  Window window = XCreateWindow(dpy, RootWindow(dpy, screen), 0, 0, 64, 64, 0, vi->depth, InputOutput, vi->visual,
                                CWColormap | CWBorderPixel | CWBackPixel, &swa);
  XMapWindow(dpy, window);
  XSync(dpy, False);
  GLXContext context = NULL;
  CreateContextAttribs create = (CreateContextAttribs)glXGetProcAddressARB((const GLubyte*)"glXCreateContextAttribsARB");
  if (config && create) {
    const int core[] = {GLX_CONTEXT_MAJOR_VERSION_ARB, 3, GLX_CONTEXT_MINOR_VERSION_ARB, 3, GLX_CONTEXT_PROFILE_MASK_ARB,
                        GLX_CONTEXT_CORE_PROFILE_BIT_ARB, None};
    context = create(dpy, config, NULL, True, core);
    XSync(dpy, False);
    printf("glXCreateContextAttribsARB(3.3 core): %s\n", context ? "ok" : "failed");
  }
  if (!context && config) context = glXCreateNewContext(dpy, config, GLX_RGBA_TYPE, NULL, True);
  if (!context) context = glXCreateContext(dpy, vi, NULL, True);
  if (!context || !glXMakeCurrent(dpy, window, context)) {
    printf("no context current on a window (context %p)\n", (void*)context);
    return 1;
  }
  printf("window context: direct %s; GL_VENDOR %s | GL_RENDERER %s | GL_VERSION %s\n",
         glXIsDirect(dpy, context) ? "yes" : "no", glGetString(GL_VENDOR), glGetString(GL_RENDERER),
         glGetString(GL_VERSION));
  glViewport(0, 0, 64, 64);
  glClearColor(0.0f, 1.0f, 0.0f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  unsigned char pixel[4] = {0};
  glReadPixels(32, 32, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, pixel);
  glXSwapBuffers(dpy, window);
  glFinish();
  XSync(dpy, False);
  usleep(300 * 1000);
  XImage* shown = XGetImage(dpy, window, 32, 32, 1, 1, AllPlanes, ZPixmap);
  const unsigned long p = shown ? XGetPixel(shown, 0, 0) : 0;
  printf("GL read back %d,%d,%d; the X server's window pixel after glXSwapBuffers 0x%06lx: %s\n", pixel[0], pixel[1],
         pixel[2], p, (p & 0xffffff) == 0x00ff00 ? "green: the driver presents into this X server"
                                                   : "not green: rendering works, presentation to this X server does not");
  if (shown) XDestroyImage(shown);
  glXMakeCurrent(dpy, None, NULL);
  glXDestroyContext(dpy, context);
  printf("X errors during the probe: %d\n", xErrors);
  XCloseDisplay(dpy);
  return 0;
}
