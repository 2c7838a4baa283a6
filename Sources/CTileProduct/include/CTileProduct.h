#ifndef C_TILE_PRODUCT_H
#define C_TILE_PRODUCT_H

#include <stdint.h>

/// Whether this CPU and kernel run Intel AMX bfloat16 tile products (AMX-TILE, AMX-BF16 and AVX512-BF16, and the
/// kernel grants the process the tile state). Asks the kernel once per process; later calls return the answer.
int tile_product_available(void);

/// The bfloat16 nearest each of `count` values (ties to even), stored back as a float.
void tile_product_round(float *values, long count);

/// Packs a weight matrix W (`outputs` × `inputs`, row-major floats) into bfloat16 tiles for `tile_product_linear`:
/// `outputs` a multiple of 32, `inputs` a multiple of 32; `packed` holds outputs × inputs values.
void tile_product_pack(const float *weight, int outputs, int inputs, uint16_t *packed);

/// y = x·Wᵀ + bias with AMX tiles: x is `rows` × `inputs` floats (row-major), W packed by `tile_product_pack`,
/// y `rows` × `outputs` floats. x is rounded to bfloat16; products are summed in single precision.
/// Only when `tile_product_available()`.
void tile_product_linear(const float *x, int rows, int inputs, const uint16_t *packed, int outputs, const float *bias,
                         float *y);

#endif
