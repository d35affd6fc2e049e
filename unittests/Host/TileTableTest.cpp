//===-- TileTableTest.cpp - Pointers into host tiles ----------------------===//

#include "TileTable.h"
#include "gtest/gtest.h"

using namespace llvm;
using namespace llvm::neuronisa_host;

namespace {

// Two tiles with a gap between them, as a host linker may place them.
float Storage[8 * 64 + 16 + 4 * 16];
float (*const A)[64] = reinterpret_cast<float (*)[64]>(Storage);
float (*const B)[16] = reinterpret_cast<float (*)[16]>(Storage + 8 * 64 + 16);

TileTable table() {
  // Out of address order: the table sorts them.
  return TileTable({{"b", reinterpret_cast<uintptr_t>(B), 4, 16},
                    {"a", reinterpret_cast<uintptr_t>(A), 8, 64}});
}

TEST(TileTable, LocatesRowAndColumnOfAPointer) {
  TileTable T = table();
  std::optional<TilePlace> P = T.locate(A);
  ASSERT_TRUE(P);
  EXPECT_EQ(P->Tile->Name, "a");
  EXPECT_EQ(P->Partition, 0u);
  EXPECT_EQ(P->Byte, 0u);
  // &a[3][5]: partition 3, element 5.
  P = T.locate(&A[3][5]);
  ASSERT_TRUE(P);
  EXPECT_EQ(P->Partition, 3u);
  EXPECT_EQ(P->Byte, 20u);
  EXPECT_EQ(P->first(), &A[3][5]);
  // A column block and a flat offset that crosses rows: &a[0][0] + 70 is
  // partition 1, element 6 (the pitch is the C row length).
  P = T.locate(&A[0][0] + 70);
  ASSERT_TRUE(P);
  EXPECT_EQ(P->Partition, 1u);
  EXPECT_EQ(P->Byte, 24u);
  P = T.locate(&B[3][15]);
  ASSERT_TRUE(P);
  EXPECT_EQ(P->Tile->Name, "b");
  EXPECT_EQ(P->Partition, 3u);
  EXPECT_EQ(P->Byte, 60u);
}

TEST(TileTable, PointersOutsideEveryTile) {
  TileTable T = table();
  EXPECT_FALSE(T.locate(&A[8][0]));         // one past a: the gap
  EXPECT_FALSE(T.locate(Storage + 8 * 64 + 15));
  EXPECT_FALSE(T.locate(Storage + std::size(Storage))); // one past b
  EXPECT_FALSE(T.locate(reinterpret_cast<const void *>(
      reinterpret_cast<uintptr_t>(Storage) - 4))); // before a
  EXPECT_FALSE(T.locate(nullptr));
  EXPECT_FALSE(TileTable().locate(A));
}

TEST(TileTable, AccessesInsideAndOutsideTheTile) {
  TileTable T = table();
  EXPECT_EQ(checkTileAccess(*T.locate(A), 8, 64), "");
  EXPECT_EQ(checkTileAccess(*T.locate(&A[4][0]), 4, 64), "");
  EXPECT_EQ(checkTileAccess(*T.locate(&A[0][32]), 8, 32), "");
  EXPECT_EQ(checkTileAccess(*T.locate(&A[4][0]), 5, 64),
            "5 partitions x 64 elements at partition 4, element 0 of tile "
            "'a' [8 x 64] run 1 partitions past its last partition");
  EXPECT_EQ(checkTileAccess(*T.locate(&A[0][32]), 8, 48),
            "8 partitions x 48 elements at partition 0, element 32 of tile "
            "'a' [8 x 64] run 16 elements past the end of its partitions");
  const void *Odd = reinterpret_cast<const char *>(&A[2][1]) + 2;
  EXPECT_EQ(checkTileAccess(*T.locate(Odd), 1, 1),
            "points at byte 6 of partition 2 of tile 'a' [8 x 64], not at an "
            "fp32 element");
}

} // namespace
