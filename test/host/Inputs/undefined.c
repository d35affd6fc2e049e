/* Calls a function that nothing defines. */
#include <neuronisa.h>

void helper(void);
void k(__hbm float *out) { helper(); }
