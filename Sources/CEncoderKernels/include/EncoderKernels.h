// The sentence encoder's element-wise loops (GELU, softmax, layer normalisation, rounding to bfloat16), in C so that
// each is compiled for AVX-512, AVX2 and the x86-64 baseline and the loader binds each entry point to the widest the
// CPU has (`ifunc`): Swift compiles for the baseline only, four lanes. Every clone does the same single-precision
// operations in the same order (no contraction into fused multiply-adds, no reassociation), so all give the same
// bits as one another and as the scalar functions below.
#ifndef ENCODER_KERNELS_H
#define ENCODER_KERNELS_H

#include <stdint.h>
#include <string.h>

/// erf to within 5e-7 everywhere: Eigen's rational approximation (odd degree-13 numerator, even degree-8
/// denominator) on [−4, 4], where single precision's erf reaches ±1.
static inline float encoder_erf(float value) {
#pragma clang fp contract(off)
    float x = -4.0f >= value ? -4.0f : value;
    x = 4.0f < x ? 4.0f : x;
    float x2 = x * x;
    float p = x2 * -2.72614225801306e-10f + 2.77068142495902e-08f;
    p = x2 * p - 2.10102402082508e-06f;
    p = x2 * p - 5.69250639462346e-05f;
    p = x2 * p - 7.34990630326855e-04f;
    p = x2 * p - 2.95459980854025e-03f;
    p = x2 * p - 1.60960333262415e-02f;
    float q = x2 * -1.45660718464996e-05f - 2.13374055278905e-04f;
    q = x2 * q - 1.68282697438203e-03f;
    q = x2 * q - 7.37332916720468e-03f;
    q = x2 * q - 1.42647390514189e-02f;
    return x * p / q;
}

/// e^x for x ≤ 0 to within 2 units in the last place (down to 2⁻¹²⁶, below which it gives 0): 2^n · e^r with
/// n = round(x / ln 2), r = x − n · ln 2 in [−ln 2 / 2, ln 2 / 2] and e^r as Cephes' degree-6 polynomial.
static inline float encoder_exp(float value) {
#pragma clang fp contract(off)
    float x = -87.3f >= value ? -87.3f : value;
    // Adding 1.5 · 2²³ leaves the integer nearest x / ln 2 (ties to even) in the sum's low mantissa bits.
    float shifted = x * 1.44269504f + 12582912.0f;
    float n = shifted - 12582912.0f;
    float r = (x - n * 0.693359375f) + n * 2.12194440e-4f;
    float p = 1.9875691500e-4f;
    p = p * r + 1.3981999507e-3f;
    p = p * r + 8.3334519073e-3f;
    p = p * r + 4.1665795894e-2f;
    p = p * r + 1.6666665459e-1f;
    p = p * r + 5.0000001201e-1f;
    float er = p * r * r + r + 1.0f;
    uint32_t bits;
    memcpy(&bits, &shifted, sizeof bits);
    bits = (bits - 0x4B400000u + 127u) << 23;
    float power;
    memcpy(&power, &bits, sizeof power);
    return er * power;
}

/// The bfloat16 nearest `value` (the upper 16 bits of its single-precision form, rounded to the nearest, ties to even).
static inline uint16_t encoder_bfloat16_bits(float value) {
    uint32_t bits;
    memcpy(&bits, &value, sizeof bits);
    return (uint16_t)((bits + 0x7FFFu + ((bits >> 16) & 1u)) >> 16);
}

/// GELU in the exact form BERT uses, x · (1 + erf(x / √2)) / 2, in place.
void encoder_gelu(float *values, long count);

/// The softmax of `count` values in place.
void encoder_softmax(float *values, long count);

/// Each of `rows` rows of `width` values normalised to mean 0 and variance 1 (`epsilon` added to the variance),
/// then scaled by `gain` and shifted by `shift` per column, in place.
void encoder_layer_norm(float *values, long rows, long width, const float *gain, const float *shift, float epsilon);

/// `count` values rounded to bfloat16 (`encoder_bfloat16_bits`).
void encoder_bfloat16(const float *values, uint16_t *rounded, long count);

/// The four kernels above compiled for one instruction set.
typedef struct {
    const char *instruction_set;
    void (*gelu)(float *values, long count);
    void (*softmax)(float *values, long count);
    void (*layer_norm)(float *values, long rows, long width, const float *gain, const float *shift, float epsilon);
    void (*bfloat16)(const float *values, uint16_t *rounded, long count);
} EncoderKernelSet;

/// The kernel sets this CPU runs, in `*sets`, widest first (AVX-512, AVX2, the x86-64 baseline last), and their
/// number. `encoder_gelu` and the others run the first; every set gives the same bits.
long encoder_kernel_sets(const EncoderKernelSet **sets);

#endif
