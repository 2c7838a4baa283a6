// The kernels' bodies, written once and compiled once per instruction set: `EncoderKernels.c` includes this file
// three times, with `KERNEL(name)` naming that set's copy (`name##_avx512`, …) and `TARGET` its `target` attribute.
// The helpers it calls (`encoder_erf`, `encoder_exp`, `encoder_bfloat16_bits`) are `static inline`: inlined, they run
// in the copy's instruction set; called, in the baseline's, with the same bits either way.

TARGET static void KERNEL(gelu)(float *values, long count) {
    for (long index = 0; index < count; index++) {
        float x = values[index];
        values[index] = 0.5f * x * (1.0f + encoder_erf(x * 0.70710678f));
    }
}

TARGET static void KERNEL(softmax)(float *values, long count) {
    float top = maximum(values, count);
    for (long index = 0; index < count; index++) values[index] = encoder_exp(values[index] - top);
    float scale = 1.0f / sum(values, count);
    for (long index = 0; index < count; index++) values[index] *= scale;
}

TARGET static void KERNEL(layer_norm)(float *values, long rows, long width, const float *gain, const float *shift,
                                      float epsilon) {
    for (long row = 0; row < rows; row++) {
        float *x = values + row * width;
        float mean = sum(x, width) / (float)width;
        float variance = sum_of_squares(x, width, mean) / (float)width;
        float scale = 1.0f / sqrtf(variance + epsilon);
        for (long index = 0; index < width; index++) x[index] = (x[index] - mean) * scale * gain[index] + shift[index];
    }
}

TARGET static void KERNEL(bfloat16)(const float *values, uint16_t *rounded, long count) {
    for (long index = 0; index < count; index++) rounded[index] = encoder_bfloat16_bits(values[index]);
}
