//===-- NeuronISAPreciseSyncEmit.cpp - Emission of precise sync -----------===//
//
// The last phase of PreciseSync (NeuronISAPreciseSync.cpp has the plan):
// the waits, counter corrections and snapshot updates of each block, and
// the initialization of counters and snapshots in the entry block. A
// snapshot wait its engine already ran on every path, with no write of the
// snapshot since, is left out.
//
//===----------------------------------------------------------------------===//

#include "NeuronISAPreciseSync.h"
#include "NeuronISASyncRegisters.h"
#include "NeuronISASyncState.h"
#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineInstr.h"
#include "llvm/Support/CommandLine.h"
#include <algorithm>

using namespace llvm;
using namespace llvm::NeuronISA;

#define DEBUG_TYPE "neuronisa-sync"

static cl::opt<bool> RepeatedSnapshotWaits(
    "neuronisa-sync-drop-repeated-snapshot-waits", cl::Hidden,
    cl::init(true),
    cl::desc("Leave out a snapshot wait that its engine already ran on "
             "every path to it, with no write of the snapshot since (false: "
             "only within a block)"));

static cl::opt<bool> EntryBookkeepingAtEnd(
    "neuronisa-sync-entry-bookkeeping-at-end", cl::Hidden, cl::init(true),
    cl::desc("Set the counters and snapshots that start at 0 at the end of "
             "the entry block, after its data-path instructions (false: at "
             "its start)"));

bool NeuronISA::isEntryBookkeepingAtEnd() { return EntryBookkeepingAtEnd; }


/// The snapshot waits run on every path to B with no write of their
/// register since: those at the end of every predecessor. A predecessor not
/// emitted yet (a back edge) contributes nothing: the set is then empty.
PreciseSync::SnapshotWaitsDone
PreciseSync::snapshotWaitsAtEntry(const MachineBasicBlock &B,
                                  ArrayRef<SnapshotWaitsDone> AtEnd,
                                  const BitVector &Emitted) const {
  SnapshotWaitsDone In;
  bool First = true;
  for (const MachineBasicBlock *P : B.predecessors()) {
    if (!Deps.isReachable(*P))
      continue;
    unsigned PI = Gen.getRPOIndex(*P);
    if (!Emitted.test(PI))
      return {};
    if (First) {
      In = AtEnd[PI];
      First = false;
    } else {
      llvm::erase_if(In, [&](const SnapshotWaitDone &W) {
        return llvm::none_of(AtEnd[PI], [&](const SnapshotWaitDone &O) {
          return O.sameWait(W);
        });
      });
    }
  }
  for (SnapshotWaitDone &W : In)
    W.Wait = nullptr;
  return In;
}

/// Drops from Done the waits whose register an instruction of B after them
/// writes (a rematerialization, a counter update or seed at the block's
/// end, the entry's initialization): what is left holds at B's end.
void PreciseSync::keepSnapshotWaitsToEnd(const MachineBasicBlock &B,
                                         SnapshotWaitsDone &Done) const {
  SmallDenseSet<Register, 8> WrittenAfter;
  SmallVector<bool, 4> Keep(Done.size(), true);
  SmallDenseMap<const MachineInstr *, SmallVector<unsigned, 1>, 8> ByWait;
  for (unsigned I = 0; I < Done.size(); ++I)
    ByWait[Done[I].Wait].push_back(I);
  auto Check = [&](const MachineInstr *Wait) {
    auto It = ByWait.find(Wait);
    if (It == ByWait.end())
      return;
    for (unsigned I : It->second)
      if (WrittenAfter.count(SnapshotReg[Done[I].Group]))
        Keep[I] = false;
  };
  for (const MachineInstr &MI : llvm::reverse(B)) {
    Check(&MI); // a wait writes no register
    for (const MachineOperand &MO : MI.operands())
      if (MO.isReg() && MO.isDef())
        WrittenAfter.insert(MO.getReg());
      else if (MO.isRegMask())
        return Done.clear();
  }
  Check(nullptr);
  unsigned J = 0;
  for (unsigned I = 0; I < Done.size(); ++I)
    if (Keep[I])
      Done[J++] = Done[I];
  Done.truncate(J);
}

/// Snapshot wait R of consumer S, `waitr S_F, R_G, K`, is implied where S's
/// engine has waited for every earlier instance of F (S_F >= C_F + off_F(c),
/// which the threshold never exceeds: Waited, the counter-relative waits
/// so far), or for S_F >= R_G + K' with K' >= K on every path with no write
/// of R_G since (Done: S_F only grows, R_G holds the same value), or waits
/// for that before the same consumer (groups sharing one snapshot register
/// at several offsets).
bool PreciseSync::isSnapshotWaitImplied(unsigned S, const WaitRequest &R,
                                        const WaitedState &Waited,
                                        ArrayRef<SnapshotWaitDone> Done) const {
  AgentId F = Groups[R.Group].Producer;
  int Pair = Gen.getWaitedPair(R.E, F);
  if (EarlierWaitsCover && Pair >= 0 &&
      Waited.isImplied(Pair, offsetBefore(S, F)))
    return true;
  auto Implies = [&](Engine E, unsigned Group, int64_t K) {
    return E == R.E && SnapshotReg[Group] == SnapshotReg[R.Group] &&
           Gen.getSemaphore(Groups[Group].Producer) == Gen.getSemaphore(F) &&
           K >= R.K;
  };
  return llvm::any_of(Done,
                      [&](const SnapshotWaitDone &W) {
                        return Implies(W.E, W.Group, W.K);
                      }) ||
         llvm::any_of(Waits[S], [&](const WaitRequest &O) {
           return O.Snapshot && O.K > R.K && Implies(O.E, O.Group, O.K);
         });
}

/// SnapshotWaited: the snapshot waits run on every path to B's entry with
/// no write of their register since (snapshotWaitsAtEntry); on return,
/// those at B's end.
void PreciseSync::emitBlock(MachineBasicBlock &B,
                            ArrayRef<SmallVector<unsigned, 1>> SnapshotsAfter,
                            SnapshotWaitsDone &SnapshotWaited) {
  ArrayRef<SyncSite> Sites = Deps.sites();
  unsigned BI = Gen.getRPOIndex(B);
  WaitedState Waited = Gen.getWaitedAtEntry(B);
  for (unsigned S : Deps.blockSites(B)) {
    MachineInstr &MI = *Sites[S].MI;
    for (const WaitRequest &R : Waits[S]) {
      if (!R.Snapshot) {
        Gen.emitCounterWait(Waited, R, counterRegIn(R.F, B), MI);
        continue;
      }
      if (isSnapshotWaitImplied(S, R, Waited, SnapshotWaited)) {
        Gen.noteImpliedWait(B);
        continue;
      }
      SnapshotWaitDone Key{R.E, R.Group, R.K, nullptr};
      Gen.emitSnapshotWait(R.E, Groups[R.Group].Producer,
                           SnapshotReg[R.Group], R.K, MI);
      Key.Wait = &*std::prev(MI.getIterator());
      SnapshotWaited.push_back(Key);
    }
    if (Deps.isProducer(S))
      Gen.setCompletionSemaphore(S);
    auto After = std::next(MI.getIterator());
    for (unsigned GI : SnapshotsAfter[S]) {
      if (!llvm::binary_search(SnapshotLiveOut[GI], BI))
        continue; // nothing reads this value
      Gen.emitBookkeeping(B, After, MI.getDebugLoc(), SnapshotReg[GI],
                          counterRegIn(Groups[GI].Producer, B),
                          Gen.getCountAfter(S));
      llvm::erase_if(SnapshotWaited, [&](const SnapshotWaitDone &W) {
        return SnapshotReg[W.Group] == SnapshotReg[GI];
      });
    }
  }
  // Snapshots rematerialized where their value is a constant (li R_G, T),
  // before the hoisted waits (a wait hoisted into this block may read one)
  // and the counter updates.
  for (const RematWrite &W : SnapshotRemat[BI])
    if (llvm::binary_search(SnapshotLiveOut[W.Index], BI)) {
      Gen.emitBookkeeping(B, B.getFirstTerminator(), B.findBranchDebugLoc(),
                          SnapshotReg[W.Index], SyncRegs::zeroReg(), W.T);
      ConstantRoles[Gen.getConstantWrites().back()] =
          MaxSyncAgents + W.Index;
    }
  // Hoisted loop-invariant waits, before the block's counter updates.
  for (const HoistedWait &H : HoistedWaits[BI]) {
    MachineInstr &Consumer = *Sites[H.Consumer].MI;
    if (H.R.Snapshot)
      Gen.emitSnapshotWait(H.R.E, H.R.F, SnapshotReg[H.R.Group], H.R.K,
                           Consumer, &B);
    else
      Gen.emitCounterWait(Waited, H.R, counterRegIn(H.R.F, B), Consumer, &B);
  }
  // Counter updates, and seeds where a block enters the blocks where the
  // counter may differ from 0 (before them C_F = 0: li C_F, d).
  auto Term = B.getFirstTerminator();
  for (AgentId F = 0; F < MaxSyncAgents; ++F) {
    if (CounterOwner[F] != F || !writesCounterAt(B, F))
      continue;
    unsigned From = counterRegIn(F, B);
    Gen.emitBookkeeping(B, Term, B.findBranchDebugLoc(), CounterReg[F], From,
                        correction(B, F));
    if (From == SyncRegs::zeroReg()) // a seed
      ConstantRoles[Gen.getConstantWrites().back()] = F;
  }
  keepSnapshotWaitsToEnd(B, SnapshotWaited);
}

/// Snapshots read before they are written start at 0 (semaphores start at
/// 0 by the launch contract). Counters are 0 until their seeds (emitBlock),
/// at the ends of the blocks that enter the region where they may differ
/// from 0 (seededCounterBlocks). Snapshots are not read in the entry block
/// (its thresholds are Known or Empty: it has no predecessor), so their
/// initialization goes to its end, after its data-path instructions,
/// where it does not delay the first ones on every engine. (Before the
/// rematerializations, hoisted waits and counter updates of the block's
/// end, which emitBlock adds after it.)
void PreciseSync::emitEntryInitialization() {
  MachineBasicBlock &Entry = *RPO.front();
  auto I = Entry.begin();
  DebugLoc DL = Entry.findDebugLoc(I);
  if (isEntryBookkeepingAtEnd()) {
    I = Entry.getFirstTerminator();
    DL = Entry.findBranchDebugLoc();
  }
  SmallVector<unsigned, 12> Initialized;
  for (unsigned GI = 0; GI < Groups.size(); ++GI)
    if (NeedsSnapshot[GI] && SnapshotLiveAtEntry.lookup(GI) &&
        !llvm::is_contained(Initialized, SnapshotReg[GI])) {
      Gen.emitBookkeeping(Entry, I, DL, SnapshotReg[GI], SyncRegs::zeroReg(),
                          0);
      ConstantRoles[Gen.getConstantWrites().back()] = MaxSyncAgents + GI;
      Initialized.push_back(SnapshotReg[GI]);
    }
}

void PreciseSync::emit() {
  std::vector<SmallVector<WaitRequest, 1>> AtBlockEnd(RPO.size());
  for (unsigned I = 0; I < RPO.size(); ++I)
    for (const HoistedWait &H : HoistedWaits[I])
      AtBlockEnd[I].push_back(H.R);
  Gen.solveWaited(
      Waits,
      [&](const MachineBasicBlock &B, AgentId F) { return correction(B, F); },
      nullptr, AtBlockEnd);
  // The last producer of each group in each block takes the snapshot.
  std::vector<SmallVector<unsigned, 1>> SnapshotsAfter(Deps.sites().size());
  SmallVector<unsigned, 8> Last;
  for (unsigned GI = 0; GI < Groups.size(); ++GI) {
    if (!NeedsSnapshot[GI])
      continue;
    Last.clear();
    lastProducersPerBlock(GI, Last);
    for (unsigned S : Last)
      SnapshotsAfter[S].push_back(GI);
  }
  // The entry's initializations first: its own end-of-block writes and
  // snapshot waits follow them.
  emitEntryInitialization();
  std::vector<SnapshotWaitsDone> SnapshotWaitedAtEnd(RPO.size());
  BitVector Emitted(RPO.size());
  for (MachineBasicBlock *B : RPO) {
    unsigned BI = Gen.getRPOIndex(*B);
    SnapshotWaitsDone SnapshotWaited;
    if (RepeatedSnapshotWaits)
      SnapshotWaited = snapshotWaitsAtEntry(*B, SnapshotWaitedAtEnd, Emitted);
    emitBlock(*B, SnapshotsAfter, SnapshotWaited);
    SnapshotWaitedAtEnd[BI] = std::move(SnapshotWaited);
    Emitted.set(BI);
  }
}

/// The known constant values of some GPRs at one point: bit i of Known says
/// ri holds Val[i], written by an li of role Role[i] (ConstantRoles, or
/// NoRole: another li).
struct PreciseSync::KnownConstants {
  static constexpr int NoRole = -1;
  uint32_t Known = 0;
  int64_t Val[32] = {};
  int Role[32] = {};
  bool Visited = false; // not yet reached: the meet's identity

  bool holds(unsigned R, int64_t V, int O) const {
    return (Known >> R & 1) && Val[R] == V && Role[R] == O;
  }
  void meet(const KnownConstants &O) {
    if (!O.Visited)
      return;
    if (!Visited) {
      *this = O;
      return;
    }
    for (uint32_t M = Known; M; M &= M - 1) {
      unsigned R = llvm::countr_zero(M);
      if (!O.holds(R, Val[R], Role[R]))
        Known &= ~(uint32_t(1) << R);
    }
  }
  bool operator==(const KnownConstants &O) const {
    if (Visited != O.Visited || Known != O.Known)
      return false;
    for (uint32_t M = Known; M; M &= M - 1) {
      unsigned R = llvm::countr_zero(M);
      if (!O.holds(R, Val[R], Role[R]))
        return false;
    }
    return true;
  }
  /// The GPRs MI writes or clobbers (every one for a register mask).
  static uint32_t written(const MachineInstr &MI) {
    uint32_t Mask = 0;
    for (const MachineOperand &MO : MI.operands()) {
      if (MO.isRegMask())
        return ~0u;
      int R = MO.isReg() && MO.isDef() ? getGPRIndex(MO.getReg()) : -1;
      if (R > 0)
        Mask |= uint32_t(1) << R;
    }
    return Mask;
  }
  /// After MI, which writes Written (an li of role R, or NoRole): li sets
  /// its register, any other write (or clobber) of a GPR forgets it.
  void step(const MachineInstr &MI, uint32_t Written, int WriteRole) {
    Known &= ~Written;
    if (MI.getOpcode() == NeuronISA::LI && MI.getOperand(1).isImm()) {
      int R = getGPRIndex(MI.getOperand(0).getReg());
      if (R > 0) {
        Known |= uint32_t(1) << R;
        Val[R] = MI.getOperand(1).getImm();
        Role[R] = WriteRole;
      }
    }
  }
  void step(const MachineInstr &MI, int WriteRole) {
    step(MI, written(MI), WriteRole);
  }
  /// The constant a block's last write of a register leaves in it.
  struct LastWrite {
    unsigned Reg;
    int Role;
    int64_t Val;
  };
  /// After a block whose instructions leave the registers of Keep as they
  /// were and end with the constants of Last.
  void apply(uint32_t Keep, ArrayRef<LastWrite> Last) {
    Known &= Keep;
    for (const LastWrite &W : Last) {
      Known |= uint32_t(1) << W.Reg;
      Val[W.Reg] = W.Val;
      Role[W.Reg] = W.Role;
    }
  }
};

/// Each block's effect on the known constants, from one walk of its
/// instructions (RoleOf: an instruction's role): the registers it leaves as
/// they were, and the constants its last writes leave (a few per block;
/// the fixed point applies these instead of every instruction per sweep).
struct PreciseSync::BlockConstants {
  std::vector<uint32_t> Keep;
  std::vector<unsigned> LastBegin; // per block, into Last; one past the end
  std::vector<KnownConstants::LastWrite> Last;
  BitVector HasRole; // holds an li of the pass

  BlockConstants(ArrayRef<MachineBasicBlock *> RPO,
                 function_ref<int(const MachineInstr &)> RoleOf)
      : Keep(RPO.size(), ~0u), LastBegin(RPO.size() + 1, 0),
        HasRole(RPO.size()) {
    for (unsigned I = 0; I < RPO.size(); ++I) {
      KnownConstants After;
      for (const MachineInstr &MI : *RPO[I]) {
        uint32_t Written = KnownConstants::written(MI);
        Keep[I] &= ~Written;
        int Role = RoleOf(MI);
        if (Role != KnownConstants::NoRole)
          HasRole.set(I);
        After.step(MI, Written, Role);
      }
      for (uint32_t M = After.Known; M; M &= M - 1) {
        unsigned R = llvm::countr_zero(M);
        Last.push_back({R, After.Role[R], After.Val[R]});
      }
      LastBegin[I + 1] = Last.size();
    }
  }
  ArrayRef<KnownConstants::LastWrite> lastWrites(unsigned I) const {
    return ArrayRef(Last).slice(LastBegin[I], LastBegin[I + 1] - LastBegin[I]);
  }
};

/// Leaves out the pass's `li R, k` (a counter's seed, a snapshot's
/// rematerialization or initialization) where an li of the same role (the
/// same counter, the same snapshot group) left k in R on every path to it,
/// e.g. a counter seeded at the end of a block that enters both a loop's
/// exit and its preheader, seeded again there: the same value on every
/// path, one instruction fewer on every engine. A forward dataflow of
/// constant register values over the final code (the function's own writes
/// included). Only writes of the same role serve: the translation validator
/// reads each as that counter's or snapshot's value at that point, and an
/// li of the same number for another role as something else.
void PreciseSync::dropRepeatedConstants() {
  if (ConstantRoles.empty())
    return;
  auto RoleOf = [&](const MachineInstr &MI) {
    if (MI.getOpcode() != NeuronISA::LI)
      return int(KnownConstants::NoRole);
    auto It = ConstantRoles.find(&MI);
    return It == ConstantRoles.end() ? KnownConstants::NoRole
                                     : int(It->second);
  };
  BlockConstants Effect(RPO, RoleOf);
  std::vector<KnownConstants> Out(RPO.size());
  auto In = [&](const MachineBasicBlock &B) {
    KnownConstants S;
    if (Gen.getRPOIndex(B) == 0) {
      S.Visited = true; // registers hold arguments or anything at entry
      return S;
    }
    for (const MachineBasicBlock *P : B.predecessors())
      if (Deps.isReachable(*P))
        S.meet(Out[Gen.getRPOIndex(*P)]);
    return S;
  };
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (MachineBasicBlock *B : RPO) {
      unsigned I = Gen.getRPOIndex(*B);
      KnownConstants S = In(*B);
      S.apply(Effect.Keep[I], Effect.lastWrites(I));
      KnownConstants &O = Out[I];
      if (!(S == O)) {
        O = S;
        Changed = true;
      }
    }
  }
  SmallVector<MachineInstr *, 8> Repeated;
  for (MachineBasicBlock *B : RPO) {
    if (!Effect.HasRole.test(Gen.getRPOIndex(*B)))
      continue;
    KnownConstants S = In(*B);
    for (MachineInstr &MI : *B) {
      int Role = RoleOf(MI);
      if (Role != KnownConstants::NoRole &&
          S.holds(getGPRIndex(MI.getOperand(0).getReg()),
                  MI.getOperand(1).getImm(), Role))
        Repeated.push_back(&MI); // S is unchanged by it
      S.step(MI, Role);
    }
  }
  for (MachineInstr *MI : Repeated)
    Gen.eraseBookkeeping(*MI);
}
