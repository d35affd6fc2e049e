/* Nothing but the header. */
#include <neuronisa.h>
