#include "EncoderKernels.h"
#include <math.h>

#pragma clang fp contract(off)

// One clone per instruction set; the dynamic loader picks the widest the CPU runs.
#define WIDEST_AVAILABLE __attribute__((target_clones("avx512f", "avx2", "default")))

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

WIDEST_AVAILABLE void encoder_gelu(float *values, long count) {
    for (long index = 0; index < count; index++) {
        float x = values[index];
        values[index] = 0.5f * x * (1.0f + encoder_erf(x * 0.70710678f));
    }
}

WIDEST_AVAILABLE float encoder_maximum(const float *values, long count) { return maximum(values, count); }

WIDEST_AVAILABLE void encoder_softmax(float *values, long count) {
    float top = maximum(values, count);
    for (long index = 0; index < count; index++) values[index] = encoder_exp(values[index] - top);
    float scale = 1.0f / sum(values, count);
    for (long index = 0; index < count; index++) values[index] *= scale;
}

WIDEST_AVAILABLE void encoder_layer_norm(float *values, long rows, long width, const float *gain, const float *shift,
                                         float epsilon) {
    for (long row = 0; row < rows; row++) {
        float *x = values + row * width;
        float mean = sum(x, width) / (float)width;
        float variance = sum_of_squares(x, width, mean) / (float)width;
        float scale = 1.0f / sqrtf(variance + epsilon);
        for (long index = 0; index < width; index++) x[index] = (x[index] - mean) * scale * gain[index] + shift[index];
    }
}

WIDEST_AVAILABLE void encoder_bfloat16(const float *values, uint16_t *rounded, long count) {
    for (long index = 0; index < count; index++) rounded[index] = encoder_bfloat16_bits(values[index]);
}
