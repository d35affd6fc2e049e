// Tile addresses the rule rejects (docs/KernelInterface.md, "The rule for
// run-time addresses"): the row of an on-chip address is a partition,
// which an instruction names as a constant.
#include <neuronisa.h>

static __sbuf float t[128][512];

// A run-time row and column.
void row_and_column(int i, int n) {
  neuronisa_dve_memset(&t[i][n], 1.0f, 1, 4); // ROW_AND_COLUMN
}

// A row chosen by a loop that is not unrolled.
void row_loop(int n) {
  for (int i = 0; i < n; ++i)
    neuronisa_dve_memset(&t[i][0], 1.0f, 1, 4); // ROW_LOOP
}

// A flat index into the tile: row i as i * 512 floats from row 0.
void flat_index(int i, int n) {
  neuronisa_dve_memset(t[0] + i * 512 + n, 1.0f, 1, 4); // FLAT_INDEX
}

// A pointer advanced by a row every iteration.
void pointer_by_rows(int n) {
  __sbuf float *p = &t[0][0];
  for (int i = 0; i < n; ++i) {
    neuronisa_dve_memset(p, 1.0f, 1, 4); // POINTER_BY_ROWS
    p += 512;
  }
}

// A pointer advanced by a row or by a column, depending on the data.
void pointer_by_choice(int n, int c) {
  __sbuf float *p = &t[0][0];
  for (int i = 0; i < n; ++i) {
    neuronisa_dve_memset(p, 1.0f, 1, 4); // POINTER_BY_CHOICE
    p += (c >> i) & 1 ? 512 : 4;
  }
}

// A negative constant column with a run-time one: row 1, column n - 1 is
// folded into row 0, column 511 + n, where 4 elements do not fit.
void negative_column(int n) {
  neuronisa_dve_memset(&t[1][n - 1], 1.0f, 1, 4); // NEGATIVE_COLUMN
}

// Rows chosen on two paths, with a column known only at run time.
void two_rows(int c, int n) {
  __sbuf float *p = c ? &t[64][n] : &t[0][n];
  neuronisa_dve_memset(p, 1.0f, 64, 4); // TWO_ROWS
}
