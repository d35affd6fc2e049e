// C as a new user writes it: char, short and bool arguments, ?:, goto,
// do/while, a const global and an enum, a float local that is only a
// builtin argument, a compound literal indexed with a constant. out is
// (in + count) * (twice ? 2 : 1), count = max(uc + sc + us / 2 - ss, 0).
#include <neuronisa.h>
#include <stdbool.h>

static __sbuf float t[128][64];
static const int Rows = 128;
enum { Cols = 64 };

void ordinary(const __hbm float *restrict in, __hbm float *restrict out,
              unsigned char uc, signed char sc, unsigned short us, short ss,
              bool twice) {
  const float half = 0.5f;
  neuronisa_dma_load(t, in, Rows, Cols, 4 * Cols, 0);
  int count = uc + sc;
  count += (us >> 1) - ss;
  count = count > 0 ? count : 0;
  int i = 0;
  if (count == 0)
    goto scaled;
  do {
    neuronisa_act_identity(t, t, Rows, Cols, 1.0f, 1.0f);
  } while (++i < count);
scaled:
  if (twice)
    neuronisa_act_identity(t, t, Rows, Cols, half * 4, 0.0f);
  neuronisa_dma_store(out, t, Rows, Cols, 4 * Cols, ((int[]){0, 1, 2})[1]);
}
