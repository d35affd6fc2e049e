/* What the NeuronISA target looks like to C. */
#ifndef __neuronisa__
#error "__neuronisa__ is not defined"
#endif
#include <stddef.h>
#include <stdint.h>
_Static_assert(sizeof(int) == 4, "int");
_Static_assert(sizeof(long) == 4, "long");
_Static_assert(sizeof(long long) == 8, "long long");
_Static_assert(sizeof(void *) == 4, "pointer");
_Static_assert(sizeof(__attribute__((address_space(1))) float *) == 4, "HBM pointer");
_Static_assert(sizeof(__attribute__((address_space(2))) float *) == 4, "SBUF pointer");
_Static_assert(sizeof(size_t) == 4 && sizeof(intptr_t) == 4, "size_t");
_Static_assert(_Alignof(long long) == 8, "long long alignment");
#if __STDC_HOSTED__
#error "kernels are freestanding"
#endif
