/* What the runner reads from a kernel's DWARF: tiles are variables with
 * static storage of type float[P][F], at file scope, inside a function, or
 * through a typedef of their rows; anything else is not a tile. */
#include <neuronisa.h>

typedef float row64[64];
enum mode { COPY, SCALE };

static __sbuf float a[8][64];
__psum float g[4][16];
static __sbuf row64 r[2];
static float flat[64];
static int ints[8][64];

static void helper(void) { neuronisa_dve_memset(a, 1.0f, 8, 64); }

void first(const __hbm float *restrict in, __hbm float *restrict out, int n,
           unsigned u, enum mode m) {
  static __sbuf float local[16][32];
  helper();
  neuronisa_dve_memset(local, flat[0], 16, 32);
  neuronisa_dve_memset(g, (float)ints[0][0], 4, 16);
  neuronisa_dve_memset(r, 0.0f, 2, 64);
}

int second(__hbm float *out) { return 0; }
