/* Kernels whose parameters the runner cannot pass, and one that calls a
 * function nothing defines. */
#include <neuronisa.h>

void with_float(__hbm float *out, float x) {}
void with_long(__hbm float *out, long long x) {}
void variadic(__hbm float *out, ...) {}
float returns_float(__hbm float *out) { return 0.0f; }
