//===-- NeuronISASyncDataflow.h - The sync passes' one solver ---*- C++ -*-===//
//
// The forward dataflow solver that every analysis of the synchronization
// passes uses (thresholds, implied waits, both modes), in the manner of
// SIInsertWaitcnts::run: the reachable blocks in reverse post-order (a
// vector, indexed by block number), each with its Incoming state and a
// Dirty flag. A dirty block is evaluated (Transfer: its outgoing state
// from its Incoming one) and its outgoing state merged into every
// successor's Incoming; a successor whose Incoming changed becomes dirty.
// Blocks are visited in reverse post-order;
// where a merge along a retreating edge (to a block at or before the source)
// changed something, the visit goes back to that block, so each cycle
// reaches its fixed point before the blocks after it are visited (the
// recursive iteration strategy of Bourdoncle's weak topological orders).
//
// A state is a value class (see NeuronISASyncState.h) with
//   bool merge(const StateT &Other, const DataflowEdge &Edge);
//   void print(raw_ostream &OS) const;
// merge() is the meet of the lattice and returns whether the state changed.
// Along a retreating edge, a state whose lattice has infinite descending
// chains may widen, so that every analysis terminates.
//
// Boundary blocks have a fixed incoming state (the entry; in barrier mode
// the blocks that start with a BARRIER): merges into them are ignored.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_LIB_TARGET_NEURONISA_NEURONISASYNCDATAFLOW_H
#define LLVM_LIB_TARGET_NEURONISA_NEURONISASYNCDATAFLOW_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/CodeGen/MachineBasicBlock.h"
#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/Support/Debug.h"
#include <algorithm>
#include <optional>
#include <vector>

namespace llvm {
namespace NeuronISA {

/// An edge of the CFG, by reverse post-order index of its ends.
struct DataflowEdge {
  unsigned From, To;
  /// To a block at or before the source: the edge closes a cycle.
  bool isRetreating() const { return To <= From; }
};

template <typename StateT> class SyncDataflow {
public:
  /// RPO: the reachable blocks in reverse post-order, entry first.
  explicit SyncDataflow(ArrayRef<MachineBasicBlock *> RPO)
      : Blocks(RPO.begin(), RPO.end()), Infos(RPO.size()) {
    if (!RPO.empty())
      IndexOf.assign(RPO.front()->getParent()->getNumBlockIDs(), ~0u);
    for (unsigned I = 0; I < RPO.size(); ++I)
      IndexOf[RPO[I]->getNumber()] = I;
  }

  /// Fixes the incoming state of MBB (the entry, barrier blocks).
  void setBoundary(const MachineBasicBlock &MBB, StateT State) {
    BlockInfo &BI = info(MBB);
    BI.Incoming = std::move(State);
    BI.Boundary = true;
    BI.Dirty = true;
  }

  /// Runs to a fixed point. Transfer(MBB, In) returns MBB's outgoing state.
  /// Returns the number of block evaluations.
  template <typename TransferFn> unsigned solve(TransferFn Transfer) {
    unsigned Evaluations = 0;
    for (unsigned I = 0, N = Infos.size(); I < N; ++I) {
      BlockInfo &BI = Infos[I];
      if (!BI.Dirty || !BI.Incoming)
        continue;
      BI.Dirty = false;
      ++Evaluations;
      MachineBasicBlock *MBB = Blocks[I];
      StateT Out = Transfer(*MBB, *BI.Incoming);
      // The first successor reached for the first time takes Out itself,
      // once every other successor has seen it (as SIInsertWaitcnts
      // moves its brackets).
      BlockInfo *MoveTo = nullptr;
      unsigned Back = I + 1;
      for (MachineBasicBlock *Succ : MBB->successors()) {
        unsigned SuccIndex = lookup(*Succ);
        if (SuccIndex == ~0u)
          continue;
        BlockInfo &SuccBI = Infos[SuccIndex];
        if (SuccBI.Boundary)
          continue;
        DataflowEdge Edge{I, SuccIndex};
        bool Changed = true;
        if (SuccBI.Incoming)
          Changed = SuccBI.Incoming->merge(Out, Edge);
        else if (!MoveTo)
          MoveTo = &SuccBI;
        else
          SuccBI.Incoming = Out;
        if (Changed) {
          SuccBI.Dirty = true;
          if (Edge.isRetreating())
            Back = std::min(Back, Edge.To);
        }
      }
      if (MoveTo)
        MoveTo->Incoming = std::move(Out);
      // A retreating edge changed a header: iterate its cycle (the dirty
      // blocks from the header on) before anything after this block, so
      // that the blocks after a loop see its fixed point once instead of
      // every step towards it (a sweep of the whole function per step made
      // the solve quadratic in the number of loops).
      if (Back <= I)
        I = Back - 1; // the loop's ++I
    }
    return Evaluations;
  }

  /// Index of MBB in reverse post-order.
  unsigned index(const MachineBasicBlock &MBB) const {
    unsigned I = lookup(MBB);
    assert(I != ~0u && "not a reachable block");
    return I;
  }

  /// MBB's incoming state at the fixed point; null if no path reaches it.
  const StateT *incoming(const MachineBasicBlock &MBB) const {
    unsigned I = lookup(MBB);
    if (I == ~0u || !Infos[I].Incoming)
      return nullptr;
    return &*Infos[I].Incoming;
  }

  void print(raw_ostream &OS) const {
    for (unsigned I = 0; I < Blocks.size(); ++I) {
      const BlockInfo &BI = Infos[I];
      OS << printMBBReference(*Blocks[I]) << ':';
      if (BI.Incoming)
        BI.Incoming->print(OS);
      else
        OS << " unreached";
      OS << '\n';
    }
  }
#if !defined(NDEBUG) || defined(LLVM_ENABLE_DUMP)
  LLVM_DUMP_METHOD void dump() const { print(dbgs()); }
#endif

private:
  struct BlockInfo {
    std::optional<StateT> Incoming;
    bool Dirty = true;
    bool Boundary = false;
  };
  /// The reachable blocks in reverse post-order and their infos; each
  /// block's index by block number (~0u: not reachable). Indexed rather
  /// than hashed: the solver looks a block up per edge it follows.
  std::vector<MachineBasicBlock *> Blocks;
  std::vector<BlockInfo> Infos;
  std::vector<unsigned> IndexOf;

  unsigned lookup(const MachineBasicBlock &MBB) const {
    unsigned N = MBB.getNumber();
    return N < IndexOf.size() ? IndexOf[N] : ~0u;
  }
  BlockInfo &info(const MachineBasicBlock &MBB) { return Infos[index(MBB)]; }
};

} // namespace NeuronISA
} // namespace llvm

#endif
