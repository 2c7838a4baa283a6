// Matrix products on Intel AMX tiles in bfloat16 (TDPBF16PS: a 16 × 16 block of single-precision sums per
// instruction, from 16 × 32 bfloat16 rows and columns). Only the functions marked with the target attribute use
// AMX or AVX-512 instructions, and they run only after `tile_product_available` said yes.
#include "CTileProduct.h"

#include <cpuid.h>
#include <immintrin.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#define ARCH_GET_XCOMP_PERM 0x1022
#define ARCH_REQ_XCOMP_PERM 0x1023
#define XFEATURE_XTILEDATA 18

static int available = 0;
static pthread_once_t availableOnce = PTHREAD_ONCE_INIT;

static void checkAvailable(void) {
    unsigned int eax, ebx, ecx, edx;
    if (!__get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx)) return;
    int amxTile = (edx >> 24) & 1, amxBF16 = (edx >> 22) & 1;
    if (!__get_cpuid_count(7, 1, &eax, &ebx, &ecx, &edx)) return;
    int avx512BF16 = (eax >> 5) & 1;
    if (!amxTile || !amxBF16 || !avx512BF16) return;
#ifdef SYS_arch_prctl
    // Linux hands out the 8 KiB tile state only to processes that ask for it.
    if (syscall(SYS_arch_prctl, ARCH_REQ_XCOMP_PERM, XFEATURE_XTILEDATA) != 0) return;
    unsigned long features = 0;
    if (syscall(SYS_arch_prctl, ARCH_GET_XCOMP_PERM, &features) != 0) return;
    available = (features >> XFEATURE_XTILEDATA) & 1;
#endif
}

int tile_product_available(void) {
    pthread_once(&availableOnce, checkAvailable);
    return available;
}

static inline uint16_t toBF16(float value) {
    uint32_t bits;
    memcpy(&bits, &value, 4);
    bits += 0x7fff + ((bits >> 16) & 1);
    return (uint16_t)(bits >> 16);
}

void tile_product_round(float *values, long count) {
    for (long index = 0; index < count; index++) {
        uint32_t bits = (uint32_t)toBF16(values[index]) << 16;
        memcpy(&values[index], &bits, 4);
    }
}

// The packed layout: for each block of 16 outputs, for each block of 32 inputs, one tile of 16 rows × 64 bytes,
// row r holding for each of the 16 outputs the pair of inputs 2r and 2r + 1 (the B operand of TDPBF16PS).
void tile_product_pack(const float *weight, int outputs, int inputs, uint16_t *packed) {
    for (int outputBlock = 0; outputBlock < outputs / 16; outputBlock++) {
        for (int inputBlock = 0; inputBlock < inputs / 32; inputBlock++) {
            uint16_t *tile = packed + ((long)outputBlock * (inputs / 32) + inputBlock) * 512;
            for (int pair = 0; pair < 16; pair++) {
                for (int column = 0; column < 16; column++) {
                    const float *row = weight + (long)(outputBlock * 16 + column) * inputs + inputBlock * 32 + 2 * pair;
                    tile[pair * 32 + 2 * column] = toBF16(row[0]);
                    tile[pair * 32 + 2 * column + 1] = toBF16(row[1]);
                }
            }
        }
    }
}

typedef struct {
    uint8_t palette;
    uint8_t startRow;
    uint8_t reserved[14];
    uint16_t bytesPerRow[16];
    uint8_t rows[16];
} __attribute__((packed)) TileConfig;

// x in bfloat16, in blocks of 16 rows × 32 columns (1 KiB each, the A operand of TDPBF16PS, so a tile loads
// 1 KiB in a row), the rows padded with zeros to a multiple of 32: one buffer per thread, grown as needed.
static __thread uint16_t *scratch = NULL;
static __thread long scratchCount = 0;

__attribute__((target("avx512f,avx512bf16")))
static void convertRows(const float *x, int rows, int paddedRows, int inputs, uint16_t *out) {
    int inputBlocks = inputs / 32;
    for (int row = 0; row < paddedRows; row++) {
        uint16_t *block = out + (long)(row / 16) * inputBlocks * 512 + (row % 16) * 32;
        for (int inputBlock = 0; inputBlock < inputBlocks; inputBlock++) {
            __m512i values = _mm512_setzero_si512();
            if (row < rows) {
                const float *source = x + (long)row * inputs + inputBlock * 32;
                values = (__m512i)_mm512_cvtne2ps_pbh(_mm512_loadu_ps(source + 16), _mm512_loadu_ps(source));
            }
            _mm512_storeu_si512((void *)(block + inputBlock * 512), values);
        }
    }
}

__attribute__((target("amx-tile,amx-bf16,avx512f,avx512bf16")))
void tile_product_linear(const float *x, int rows, int inputs, const uint16_t *packed, int outputs, const float *bias,
                         float *y) {
    if (rows <= 0) return;
    int paddedRows = (rows + 31) / 32 * 32, inputBlocks = inputs / 32;
    long needed = (long)paddedRows * inputs;
    if (needed > scratchCount) {
        free(scratch);
        scratch = malloc(sizeof(uint16_t) * (size_t)needed);
        scratchCount = needed;
    }
    convertRows(x, rows, paddedRows, inputs, scratch);

    TileConfig config;
    memset(&config, 0, sizeof config);
    config.palette = 1;
    for (int tile = 0; tile < 8; tile++) {
        config.rows[tile] = 16;
        config.bytesPerRow[tile] = 64;
    }
    _tile_loadconfig(&config);
    // Tiles 0–3: sums for 32 rows × 32 outputs; 4, 5: two blocks of 16 rows of x; 6, 7: two blocks of 16 outputs.
    // A block of 16 rows goes straight to y when all its rows are rows of x, through `block` otherwise.
    float block[16 * 16] __attribute__((aligned(64)));
#define STORE(tile, first, column)                                                                            \
    do {                                                                                                      \
        if ((first) + 16 <= rows) {                                                                           \
            _tile_stored(tile, y + (long)(first) * outputs + (column), (long)outputs * 4);                    \
        } else {                                                                                              \
            _tile_stored(tile, block, 64);                                                                    \
            for (int row = 0; row < rows - (first); row++)                                                    \
                memcpy(y + (long)((first) + row) * outputs + (column), block + row * 16, 64);                 \
        }                                                                                                     \
    } while (0)
    for (int firstRow = 0; firstRow < paddedRows; firstRow += 32) {
        const uint16_t *upper = scratch + (long)firstRow * inputs, *lower = upper + (long)inputBlocks * 512;
        for (int outputBlock = 0; outputBlock < outputs / 16; outputBlock += 2) {
            const uint16_t *left = packed + (long)outputBlock * inputBlocks * 512, *right = left + (long)inputBlocks * 512;
            // The sums start from the bias: a tile row of stride 0 repeats it down all 16 rows.
            int column = outputBlock * 16;
            _tile_loadd(0, bias + column, 0);
            _tile_loadd(1, bias + column + 16, 0);
            _tile_loadd(2, bias + column, 0);
            _tile_loadd(3, bias + column + 16, 0);
            for (int inputBlock = 0; inputBlock < inputBlocks; inputBlock++) {
                _tile_loadd(4, upper + inputBlock * 512, 64);
                _tile_loadd(5, lower + inputBlock * 512, 64);
                _tile_loadd(6, left + inputBlock * 512, 64);
                _tile_loadd(7, right + inputBlock * 512, 64);
                _tile_dpbf16ps(0, 4, 6);
                _tile_dpbf16ps(1, 4, 7);
                _tile_dpbf16ps(2, 5, 6);
                _tile_dpbf16ps(3, 5, 7);
            }
            STORE(0, firstRow, column);
            STORE(1, firstRow, column + 16);
            if (firstRow + 16 < rows) {
                STORE(2, firstRow + 16, column);
                STORE(3, firstRow + 16, column + 16);
            }
        }
    }
    _tile_release();
#undef STORE
}
