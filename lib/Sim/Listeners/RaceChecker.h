//===-- RaceChecker.h - Races: conflicts not ordered by happens-before -*- C++ -*-===//
//
// A race is a conflicting pair of data-path instances on different agents
// that is not ordered by happens-before, or whose happens-before order is
// the reverse of program order (the sequential meaning is violated). Each
// static pair of instructions is reported once, as
//   error: race: <instr> (line L) and <instr> (line M) on SBUF [lo, hi)
// (with " from partition P" when the bytes are in a partition band that does
// not start at 0)
// (program order first), and all its dynamic occurrences are counted.
//
//===----------------------------------------------------------------------===//

#ifndef NEURONISA_SIM_LISTENERS_RACECHECKER_H
#define NEURONISA_SIM_LISTENERS_RACECHECKER_H

#include "DependenceTracker.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/raw_ostream.h"
#include <vector>

namespace llvm {
namespace neuronisa_sim {

class Program;

/// A race between two static instructions, counted over all instances.
struct RaceReport {
  unsigned First, Second; // instruction indices, program order
  Region Reg;
  uint64_t Lo, Hi;    // byte range of the first occurrence
  uint32_t Partition; // on chip: first partition of its band
  uint64_t Count = 0;
};

class RaceChecker : public SimListener {
public:
  /// Deps must order by happens-before and be added before this listener.
  RaceChecker(const Program &P, const DependenceTracker &Deps,
              raw_ostream &ErrOS)
      : P(P), Deps(Deps), ErrOS(ErrOS) {}

  void onDataPath(const DataPathEvent &E) override {
    if (!Deps.unordered().empty())
      report(E.InstIdx, E.Seq, Deps.unordered());
  }
  /// Instance (InstIdx, Seq) conflicts with the unordered accesses C.
  void report(unsigned InstIdx, uint64_t Seq, ArrayRef<Conflict> C);

  uint64_t numRaces() const { return NumRaces; }
  const std::vector<RaceReport> &races() const { return Races; }

private:
  const Program &P;
  const DependenceTracker &Deps;
  raw_ostream &ErrOS;
  uint64_t NumRaces = 0;
  std::vector<RaceReport> Races;
  DenseMap<std::pair<unsigned, unsigned>, unsigned> RaceIndex;
};

} // namespace neuronisa_sim
} // namespace llvm

#endif
