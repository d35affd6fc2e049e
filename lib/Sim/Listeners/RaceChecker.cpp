//===-- RaceChecker.cpp - Races: conflicts not ordered by happens-before --===//

#include "RaceChecker.h"
#include "Program.h"
#include "llvm/Support/Format.h"

using namespace llvm;
using namespace llvm::neuronisa_sim;

void RaceChecker::report(unsigned InstIdx, uint64_t Seq,
                         ArrayRef<Conflict> Conflicts) {
  for (const Conflict &C : Conflicts) {
    ++NumRaces;
    unsigned A = C.Other.InstIdx, B = InstIdx;
    if (C.Other.Seq > Seq)
      std::swap(A, B);
    auto Key = std::make_pair(A, B);
    auto It = RaceIndex.find(Key);
    if (It != RaceIndex.end()) {
      ++Races[It->second].Count;
      continue;
    }
    RaceIndex[Key] = Races.size();
    RaceReport R{A, B, C.Reg, C.lo(), C.hi(), C.Partition, 1};
    Races.push_back(R);
    ErrOS << "error: race: " << P.describe(P.Insts[A]) << " and "
          << P.describe(P.Insts[B]) << " on " << regionName(R.Reg) << " ["
          << format_hex(R.Lo, 2) << ", " << format_hex(R.Hi, 2) << ")";
    if (R.Partition)
      ErrOS << " from partition " << R.Partition;
    ErrOS << "\n";
  }
}
