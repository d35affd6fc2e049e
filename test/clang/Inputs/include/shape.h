#define ROWS 128
#define COLS 64
