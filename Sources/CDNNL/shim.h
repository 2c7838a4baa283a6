#include <oneapi/dnnl/dnnl.h>

// libgomp's (omp.h): the number of threads the calling thread's parallel regions use.
void omp_set_num_threads(int);
