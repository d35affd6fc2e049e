//===-- ShadowMemory.h - Conflicts and latest producers ---------*- C++ -*-===//
//
// Shadow memory with 4-byte granularity over SBUF and PSUM and over every
// HBM buffer. Each granule keeps its last writer and, per agent, its last
// reader since that write. The state is paged: only the granules a kernel
// touches (to the page) take memory.
//
// On chip an access covers a byte range of a range of partitions. The
// shadow is kept per partition band: the partitions from one partition
// start of the program to the next. Two partition ranges overlap iff both
// contain the later of their starts, so an access records itself in the
// bands whose start it contains: accesses overlap iff they share a band and
// a granule. A program whose accesses all start at partition 0 has one band.
//
// For each data-path instance it finds the earlier conflicting instances of
// other agents. Those ordered before it (by program order and, when an
// ordering clock is given, by happens-before) give the latest time at which
// such a producer became visible (the "D" of the over-synchronization check
// and the dependence time of --ideal mode); the others are left as
// conflicts (races, to the race checker).
//
//===----------------------------------------------------------------------===//

#ifndef NEURONISA_SIM_SHADOWMEMORY_H
#define NEURONISA_SIM_SHADOWMEMORY_H

#include "Memory.h"
#include "PagedArray.h"
#include "TileAccess.h"
#include "VectorClock.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include <cstdint>
#include <memory>
#include <vector>

namespace llvm {
namespace neuronisa_sim {

struct Inst;
class Program;

/// One dynamic data-path instance as the shadow memory remembers it.
struct AccessRecord {
  uint64_t Seq = 0;   // position in the sequential (program-order) trace
  uint64_t Ready = 0; // when it became visible to other agents
  uint32_t Epoch = 0;
  uint32_t InstIdx = ~0u;
  uint8_t Agent = 0;
  bool valid() const { return InstIdx != ~0u; }
};

/// An earlier access of another agent that conflicts with the current
/// instance but is not ordered before it, over granules [LoG, HiG) of the
/// region starting at byte Base (on chip: first met in the partition band
/// starting at Partition).
struct Conflict {
  AccessRecord Other;
  Region Reg;
  uint32_t Partition;
  uint64_t Base;
  uint64_t LoG, HiG;
  uint64_t lo() const { return Base + 4 * LoG; }
  uint64_t hi() const { return Base + 4 * HiG; }
};

class ShadowMemory {
public:
  /// Shadows SBUF, PSUM (a band per partition start of P) and the HBM
  /// buffers M has now.
  ShadowMemory(const Program &P, const Memory &M);
  ~ShadowMemory();

  /// Starts one instance of Agent, visible to others at Ready. Order is the
  /// agent's happens-before clock (nullptr: program order only).
  void begin(uint8_t Agent, uint64_t Seq, uint32_t Epoch, uint32_t InstIdx,
             uint64_t Ready, const VectorClock *Order);
  /// In probe mode accesses are checked but not recorded.
  void setProbe(bool On) { Probe = On; }
  /// Every tile access of I, with its tiles resolved to T.
  void access(const Inst &I, const ResolvedTile *T);
  /// An on-chip access of bytes [Addr, Addr + 4F) of partitions
  /// [P0, P0 + P).
  void accessOnChip(Region R, uint32_t Addr, uint32_t P0, uint32_t P,
                    uint32_t F, bool Reads, bool Writes);
  /// An HBM access of P rows of F fp32 Stride bytes apart.
  void accessHBM(unsigned Buf, uint32_t Addr, uint32_t P, uint32_t F,
                 uint32_t Stride, bool Reads, bool Writes);
  /// Ends the instance: the latest Ready of the earlier conflicting
  /// instances of other agents ordered before it (0 if none).
  uint64_t end() { return CurD; }
  /// The unordered conflicts of the instance (valid until the next begin).
  ArrayRef<Conflict> conflicts() const { return Conflicts; }

  /// When every earlier conflicting instance of I's accesses was visible (a
  /// probe: nothing is recorded).
  uint64_t probe(uint8_t Agent, uint64_t Seq, uint32_t Epoch,
                 uint32_t InstIdx, const Inst &I, const ResolvedTile *T) {
    begin(Agent, Seq, Epoch, InstIdx, 0, nullptr);
    Probe = true;
    access(I, T);
    Probe = false;
    return end();
  }

private:
  struct Shadow {
    Region Reg;
    uint32_t Partition = 0; // on chip: the band's first partition
    uint64_t Base;          // byte address of granule 0
    // Per granule, in pages allocated when first touched (PagedArray.h).
    PagedArray<AccessRecord> Writes;
    PagedArray<uint32_t> ReaderMask;
    std::vector<PagedArray<AccessRecord>> Reads; // [agent][granule]
  };
  /// The partition bands of SBUF or PSUM, by first partition.
  struct Bands {
    std::vector<uint32_t> Starts;                 // ascending, from 0
    std::vector<std::unique_ptr<Shadow>> Shadows; // per band; null: untouched
  };

  static void initShadow(Shadow &S, Region R, uint64_t Base, uint64_t Bytes);
  /// Makes Part the first partition of a band (splitting the band that
  /// contains it: both halves keep its history). Returns the band index.
  unsigned bandStartingAt(Bands &B, uint32_t Part);
  Shadow &bandShadow(Region R, Bands &B, unsigned Band);

  void access(Shadow &S, uint64_t G0, uint64_t G1, bool Reads, bool Writes);
  /// Checks granules [G0, G1) against their last writer and, if Readers,
  /// against their readers of other agents since.
  void checkRange(Shadow &S, uint64_t G0, uint64_t G1, bool Readers);
  /// An earlier access Prev of granule G conflicts with the current one.
  void check(const AccessRecord &Prev, Shadow &S, uint64_t G) {
    if (Prev.Agent == Cur.Agent)
      return; // program order on one agent
    if (Prev.Seq < Cur.Seq &&
        (!CurOrder || CurOrder->knows(Prev.Agent, Prev.Epoch))) {
      CurD = std::max(CurD, Prev.Ready);
      return;
    }
    unordered(Prev, S, G);
  }
  void unordered(const AccessRecord &Prev, Shadow &S, uint64_t G);

  const NeuronISA::MachineParams &MP;
  bool Probe = false;
  Bands SBUF, PSUM;
  std::vector<Shadow> HBM;

  // Current instance.
  AccessRecord Cur;
  const VectorClock *CurOrder = nullptr;
  uint64_t CurD = 0;
  SmallVector<Conflict, 4> Conflicts;
};

} // namespace neuronisa_sim
} // namespace llvm

#endif
