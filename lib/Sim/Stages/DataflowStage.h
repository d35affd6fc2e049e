//===-- DataflowStage.h - Dependences order engines (--ideal) ---*- C++ -*-===//
//
// The dataflow limit: synchronization instructions and barriers are skipped
// at no cost, interacting instructions are processed in program order, and
// each data-path instance (each DMA transfer) starts at
//   max(its agent is free, every earlier conflicting instance completed)
// with no semaphore latency. A DMA queue cannot wait, so whatever
// synchronizes a transfer holds SP before the trigger; so does this stage,
// or the limit would be one no synchronization of this machine can reach.
//
// The other ordering stage of the pipeline (see SemaphoreStage.h).
//
//===----------------------------------------------------------------------===//

#ifndef NEURONISA_SIM_STAGES_DATAFLOWSTAGE_H
#define NEURONISA_SIM_STAGES_DATAFLOWSTAGE_H

#include "DMAQueue.h"
#include "EngineStream.h"
#include "ShadowMemory.h"
#include "SimContext.h"
#include "llvm/Support/ErrorHandling.h"

namespace llvm {
namespace neuronisa_sim {

class DataflowStage {
public:
  explicit DataflowStage(SimContext &Ctx) : Ctx(Ctx), Deps(Ctx.P, Ctx.M) {}
  void connect(EngineStream *, const std::vector<DMAQueue> *) {}

  // -- Ordering stage interface (see Pipeline.h) --------------------------
  /// Synchronization is ignored: the limit needs none.
  static bool skips(const Inst &I) { return !I.isData(); }
  /// Interacting instructions run in program order (Seq).
  bool admit(uint64_t, uint64_t Seq, uint64_t &Key) {
    if (Ctx.Events.mayRunAt(Seq))
      return true;
    Key = Seq;
    return false;
  }
  void advanceTo(uint64_t) {}
  uint64_t latency() { return 0; }
  /// An instance starts when its agent is free (Free) and its conflicting
  /// predecessors completed.
  uint64_t start(uint8_t Agent, uint64_t Seq, uint32_t Epoch, uint32_t InstIdx,
                 const Inst &I, const ResolvedTile *T, uint64_t Free,
                 uint64_t Cost, AgentStats &St) {
    uint64_t Start = Free;
    uint64_t D = Deps.probe(Agent, Seq, Epoch, InstIdx, I, T);
    if (D > Start) {
      St.Stalled += D - Start;
      Start = D;
    }
    Deps.begin(Agent, Seq, Epoch, InstIdx, Start + Cost, nullptr);
    Deps.access(I, T);
    return Start;
  }
  /// SP triggers a transfer only once the transfer's conflicting
  /// predecessors on other agents completed.
  void holdTrigger(EngineStream &SP, const Inst &I, uint32_t InstIdx,
                   const ResolvedTile *T, const DMAQueue &Q, AgentStats &St) {
    uint64_t D = Deps.probe(NeuronISA::agentOfDMAQueue(I.Queue), SP.Seq,
                            Q.Epoch + 1, InstIdx, I, T);
    if (D > SP.Time) {
      St.Stalled += D - SP.Time;
      SP.Time = D;
    }
  }
  uint64_t transferKey(const PendingTransfer &F, const DMAQueue &) const {
    return F.Seq;
  }
  uint64_t transferStart(const DMAQueue &Q, const PendingTransfer &F) const {
    return std::max(Q.FreeAt, F.ReadyAt);
  }
  void complete(uint8_t, int16_t, uint64_t, const Inst &) {}
  bool synchronize(unsigned, EngineStream &, const Inst &) {
    llvm_unreachable("synchronization is skipped in the dataflow limit");
  }
  void handle(const PendingEvent &) {
    llvm_unreachable("no semaphore events in the dataflow limit");
  }
  void afterEvent() {}
  int32_t value(unsigned) const { return 0; }
  void printState(raw_ostream &OS) const { OS << "  semaphores: all zero\n"; }

private:
  SimContext &Ctx;
  ShadowMemory Deps;
};

} // namespace neuronisa_sim
} // namespace llvm

#endif
