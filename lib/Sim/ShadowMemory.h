//===-- RaceChecker.h - Conflicts, races, and latest producers --*- C++ -*-===//
//
// Shadow memory with 4-byte granularity over SBUF and PSUM and over every
// HBM buffer. Each granule keeps its last writer and, per agent, its last
// reader since that write.
//
// On chip an access covers a byte range of a range of partitions. The
// shadow is kept per partition band: the partitions from one partition
// start of the program to the next. Two partition ranges overlap iff both
// contain the later of their starts, so an access records itself in the
// bands whose start it contains: accesses overlap iff they share a band and
// a granule. A program whose accesses all start at partition 0 has one band.
//
// For each data-path instance the checker finds the earlier conflicting
// instances of other agents and
//  - reports a race when one of them is not ordered before it by
//    happens-before (vector clocks) or comes later in program order;
//  - otherwise returns the latest time at which such a producer's completion
//    became visible (the "D" of the precision check, and the dependence time
//    of --ideal mode).
//
//===----------------------------------------------------------------------===//

#ifndef NEURONISA_SIM_RACECHECKER_H
#define NEURONISA_SIM_RACECHECKER_H

#include "Memory.h"
#include "Program.h"
#include "VectorClock.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/raw_ostream.h"
#include <cstdint>
#include <memory>
#include <vector>

namespace llvm {
namespace neuronisa_sim {

/// One dynamic data-path instance as the shadow memory remembers it.
struct AccessRecord {
  uint64_t Seq = 0;   // position in the sequential (program-order) trace
  uint64_t Ready = 0; // completion, plus semaphore latency in timed mode
  uint32_t Epoch = 0;
  uint32_t InstIdx = ~0u;
  uint8_t Agent = 0;
  bool valid() const { return InstIdx != ~0u; }
};

/// A race between two static instructions, counted over all instances.
struct RaceReport {
  unsigned First, Second; // instruction indices, program order
  Region Reg;
  uint64_t Lo, Hi; // byte range of the first occurrence
  uint32_t Partition; // on chip: first partition of its band
  uint64_t Count = 0;
};

class RaceChecker {
public:
  /// CheckHB: report races (timed mode). Without it only conflicts are
  /// tracked (for --ideal and the precision check).
  RaceChecker(const Program &P, const Memory &M, bool CheckHB,
              raw_ostream &ErrOS);
  ~RaceChecker();

  /// Starts checking one instance of Agent; VC is the agent's clock when it
  /// starts (nullptr without CheckHB).
  void begin(uint8_t Agent, uint64_t Seq, uint32_t Epoch, uint32_t InstIdx,
             uint64_t Ready, const VectorClock *VC);
  /// In probe mode accesses are checked but not recorded.
  void setProbe(bool On) { Probe = On; }
  /// Records an on-chip access of bytes [Addr, Addr + 4F) of partitions
  /// [P0, P0 + P).
  void accessOnChip(Region R, uint32_t Addr, uint32_t P0, uint32_t P,
                    uint32_t F, bool Reads, bool Writes);
  /// Records an HBM access of P rows of F fp32 Stride bytes apart.
  void accessHBM(unsigned Buf, uint32_t Addr, uint32_t P, uint32_t F,
                 uint32_t Stride, bool Reads, bool Writes);
  /// Ends the instance; reports new races. Returns the latest Ready of the
  /// conflicting earlier instances of other agents (0 if none).
  uint64_t end();

  uint64_t numRaces() const { return NumRaces; }
  const std::vector<RaceReport> &races() const { return Races; }

private:
  struct Shadow {
    Region Reg;
    unsigned Memory;    // which memory (SBUF, PSUM, each HBM buffer)
    uint32_t Partition; // on chip: the band's first partition
    uint64_t Base;      // byte address of granule 0
    std::vector<AccessRecord> Writes;
    std::vector<uint32_t> ReaderMask;
    std::vector<std::vector<AccessRecord>> Reads; // [agent][granule], lazy
  };
  /// The partition bands of SBUF or PSUM, by first partition.
  struct Bands {
    std::vector<uint32_t> Starts;                // ascending, from 0
    std::vector<std::unique_ptr<Shadow>> Shadows; // per band; null: untouched
  };
  struct Conflict {
    AccessRecord Other;
    Shadow *Sh;
    uint64_t LoG, HiG; // granule range
  };

  static void initShadow(Shadow &S, Region R, unsigned Memory, uint64_t Base,
                         uint64_t Bytes);
  void access(Shadow &S, uint64_t G0, uint64_t G1, bool Reads, bool Writes);
  void check(const AccessRecord &Prev, Shadow &S, uint64_t G);
  /// Makes Part the first partition of a band (splitting the band that
  /// contains it: both halves keep its history). Returns the band index.
  unsigned bandStartingAt(Bands &B, uint32_t Part);
  Shadow &bandShadow(Region R, Bands &B, unsigned Band);

  const Program &P;
  const NeuronISA::MachineParams &MP;
  bool CheckHB;
  bool Probe = false;
  raw_ostream &ErrOS;
  Bands SBUF, PSUM;
  std::vector<Shadow> HBM;

  // Current instance.
  AccessRecord Cur;
  const VectorClock *CurVC = nullptr;
  uint64_t CurD = 0;
  SmallVector<Conflict, 4> Conflicts;

  uint64_t NumRaces = 0;
  std::vector<RaceReport> Races;
  DenseMap<std::pair<unsigned, unsigned>, unsigned> RaceIndex;
};

} // namespace neuronisa_sim
} // namespace llvm

#endif
