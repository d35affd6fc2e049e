//===-- NeuronISAPreciseSyncRelease.cpp - Expected release of a wait ------===//
//
// The wait order (docs/Synchronization.md, section 6) checks a consumer's
// waits in the order they are expected to be released, the latest last. How
// many blocks back a group's nearest producer lies says when it was issued,
// not when it completes: a DMA transfer issued in the entry block may still
// run when a compute instruction issued later is done. With
// -neuronisa-sync-wait-order-latency the order first compares an estimate
// of the cycle each nearest producer instance completes at, counted from
// the start of the consumer's block, with the latencies of the cost model
// that NeuronISAInstrInfo and neuronisa-sim share (NeuronISAMachineModel.h):
//  * each block is scheduled on its own, in order, every stream from the
//    block's start: a site starts when its stream is free and its nearest
//    producers are expected to be released, and completes its latency
//    later; the block ends when its last stream is free;
//  * a block starts when the first of its predecessors before it in
//    reverse post-order ends (the entry at 0): a producer in an earlier
//    block is expected to be released at its block's start plus its
//    completion, less the consumer block's start;
//  * a producer reached around a back edge, or outside the loop that runs
//    the consumer, is taken as done (0): its wait runs each iteration and is
//    satisfied in all but the first, or the loop body in between runs many
//    times.
// Waits, scalar instructions and the DMA queues' order are not modelled.
// Cost: one pass over the sites and the blocks; per wait, what the order by
// blocks back already looks up.
//
//===----------------------------------------------------------------------===//

#include "MCTargetDesc/NeuronISAMachineModel.h"
#include "NeuronISAPreciseSync.h"
#include "NeuronISASubtarget.h"
#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineInstr.h"
#include "llvm/CodeGen/TargetInstrInfo.h"
#include "llvm/CodeGen/TargetSubtargetInfo.h"

using namespace llvm;
using namespace llvm::NeuronISA;

void PreciseSync::computeReleaseCycles() {
  ArrayRef<SyncSite> Sites = Deps.sites();
  SiteLatency.assign(Sites.size(), 0);
  SiteOccupancy.assign(Sites.size(), 0);
  SiteFinish.assign(Sites.size(), 0);
  BlockStart.assign(RPO.size(), 0);
  BlockEnd.assign(RPO.size(), 0);
  for (const MachineBasicBlock *B : RPO)
    for (unsigned S : Deps.blockSites(*B)) {
      const MachineInstr &MI = *Sites[S].MI;
      auto Imm = [&](unsigned Idx) -> int64_t {
        const MachineOperand &MO = MI.getOperand(Idx);
        return MO.isImm() ? MO.getImm() : 0;
      };
      const MachineParams &MP =
          MI.getMF()->getSubtarget<NeuronISASubtarget>().getMachineParams();
      SiteOccupancy[S] = getDataPathCycles(
          MP, Sites[S].WaitEngine, getTileFormat(MI.getDesc()), Imm);
      SiteLatency[S] =
          MI.getMF()->getSubtarget().getInstrInfo()->getInstrLatency(nullptr,
                                                                      MI);
    }
}

void PreciseSync::startReleaseBlock(const MachineBasicBlock &B) {
  unsigned I = Gen.getRPOIndex(B);
  uint64_t Start = ~uint64_t(0);
  for (const MachineBasicBlock *P : B.predecessors())
    if (Deps.isReachable(*P) && Gen.getRPOIndex(*P) < I)
      Start = std::min(Start, BlockEnd[Gen.getRPOIndex(*P)]);
  BlockStart[I] = Start == ~uint64_t(0) ? 0 : Start;
  std::fill_n(StreamClock, NumStreams, 0);
}

uint64_t PreciseSync::releaseFromEarlierBlock(unsigned P, unsigned CI) const {
  uint64_t Done =
      BlockStart[Gen.getRPOIndex(*Deps.sites()[P].MBB)] + SiteFinish[P];
  return Done > BlockStart[CI] ? Done - BlockStart[CI] : 0;
}

void PreciseSync::issueRelease(unsigned C, uint64_t Release) {
  uint64_t &Clock = StreamClock[agentOfEngine(Deps.sites()[C].WaitEngine)];
  uint64_t Start = std::max(Clock, Release);
  SiteFinish[C] = Start + SiteLatency[C];
  Clock = Start + SiteOccupancy[C];
}

void PreciseSync::endReleaseBlock(const MachineBasicBlock &B) {
  unsigned I = Gen.getRPOIndex(B);
  BlockEnd[I] =
      BlockStart[I] + *std::max_element(StreamClock, StreamClock + NumStreams);
}
