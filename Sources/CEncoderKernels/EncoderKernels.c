#include "EncoderKernels.h"
#include <math.h>

#pragma clang fp contract(off)

// Sums and maxima run in 16 lanes (lane i takes values i, i + 16, …), then halve the lanes, then add the tail one
// value at a time: the same order whatever the instruction set, hence the same sum.
#define LANES 16

// Helpers are inlined into each clone, so that they run in its instruction set too.
#define INLINED static inline __attribute__((always_inline))

INLINED float largest(float a, float b) { return b >= a ? b : a; }

INLINED float halved_sum(float lanes[LANES]) {
    for (int width = LANES / 2; width >= 2; width /= 2) {
        for (int lane = 0; lane < width; lane++) lanes[lane] += lanes[lane + width];
    }
    return lanes[0] + lanes[1];
}

INLINED float sum(const float *values, long count) {
    float lanes[LANES] = {0};
    long index = 0;
    for (; index + LANES <= count; index += LANES) {
        for (int lane = 0; lane < LANES; lane++) lanes[lane] += values[index + lane];
    }
    float total = halved_sum(lanes);
    for (; index < count; index++) total += values[index];
    return total;
}

INLINED float sum_of_squares(const float *values, long count, float centre) {
    float lanes[LANES] = {0};
    long index = 0;
    for (; index + LANES <= count; index += LANES) {
        for (int lane = 0; lane < LANES; lane++) {
            float difference = values[index + lane] - centre;
            lanes[lane] += difference * difference;
        }
    }
    float total = halved_sum(lanes);
    for (; index < count; index++) total += (values[index] - centre) * (values[index] - centre);
    return total;
}

INLINED float maximum(const float *values, long count) {
    float lanes[LANES];
    for (int lane = 0; lane < LANES; lane++) lanes[lane] = -INFINITY;
    long index = 0;
    for (; index + LANES <= count; index += LANES) {
        for (int lane = 0; lane < LANES; lane++) {
            float next = values[index + lane];
            lanes[lane] = next > lanes[lane] ? next : lanes[lane];
        }
    }
    float top = -INFINITY;
    for (int lane = 0; lane < LANES / 2; lane++) {
        float high = lanes[lane + LANES / 2];
        top = largest(top, high > lanes[lane] ? high : lanes[lane]);
    }
    for (; index < count; index++) top = largest(top, values[index]);
    return top;
}

// The kernels for AVX-512, for AVX2 and for the x86-64 baseline.
#define KERNEL(name) name##_avx512
#define TARGET __attribute__((target("avx512f")))
#include "KernelBodies.h"
#undef KERNEL
#undef TARGET
#define KERNEL(name) name##_avx2
#define TARGET __attribute__((target("avx2")))
#include "KernelBodies.h"
#undef KERNEL
#undef TARGET
#define KERNEL(name) name##_baseline
#define TARGET
#include "KernelBodies.h"

static const EncoderKernelSet kernel_sets[] = {
    {"AVX-512", gelu_avx512, softmax_avx512, layer_norm_avx512, bfloat16_avx512},
    {"AVX2", gelu_avx2, softmax_avx2, layer_norm_avx2, bfloat16_avx2},
    {"x86-64 baseline", gelu_baseline, softmax_baseline, layer_norm_baseline, bfloat16_baseline},
};

// How many of `kernel_sets`, counted from the widest, the CPU lacks.
static long unavailable_sets(void) {
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx512f")) return 0;
    if (__builtin_cpu_supports("avx2")) return 1;
    return 2;
}

long encoder_kernel_sets(const EncoderKernelSet **sets) {
    long skipped = unavailable_sets();
    *sets = kernel_sets + skipped;
    return (long)(sizeof kernel_sets / sizeof kernel_sets[0]) - skipped;
}

// Each entry point is bound once, when the loader resolves it (`ifunc`, as `target_clones` does), to the widest
// set's kernel. The resolvers name the kernels directly rather than read `kernel_sets`: they may run before the
// loader has relocated that table.
#define WIDEST(name)                                                                                                  \
    static __typeof__(&name##_baseline) resolve_##name(void) {                                                        \
        switch (unavailable_sets()) {                                                                                  \
        case 0: return name##_avx512;                                                                                  \
        case 1: return name##_avx2;                                                                                    \
        default: return name##_baseline;                                                                               \
        }                                                                                                              \
    }

WIDEST(gelu)
WIDEST(softmax)
WIDEST(layer_norm)
WIDEST(bfloat16)

void encoder_gelu(float *values, long count) __attribute__((ifunc("resolve_gelu")));
void encoder_softmax(float *values, long count) __attribute__((ifunc("resolve_softmax")));
void encoder_layer_norm(float *values, long rows, long width, const float *gain, const float *shift, float epsilon)
    __attribute__((ifunc("resolve_layer_norm")));
void encoder_bfloat16(const float *values, uint16_t *rounded, long count) __attribute__((ifunc("resolve_bfloat16")));
