//===-- NeuronISAPreciseSyncHoist.cpp - Loop-invariant waits --------------===//
//
// A step of the precise algorithm between registers and emission: a wait
// whose value does not change inside a loop moves to the loop's preheader.
// In the loop it costs WaitCycles on every iteration although it is
// satisfied after the first; in the preheader it runs once per entry into
// the loop.
//
// A wait "E waits S_F >= R + k" before consumer c in loop L (R a counter
// C_F, a snapshot register R_G, or r0) moves to the end of L's preheader P
// when
//  1. invariance: no instruction in L writes R (no counter update and no
//     snapshot write of that register in any block of L). Every path from
//     the last execution of P to an instance of c stays in L (L is entered
//     only through P), so every instance of c compares S_F with the number
//     the wait in P compared with;
//  2. first use: on every path from the end of P, the first data-path
//     instruction that E issues is c (and some is: no path leaves the
//     function before it). So the wait holds nothing but c's first instance,
//     as the wait before c did: when c starts, E has waited for the same as
//     before, and so has it at every other instruction.
// Soundness: the wait in P is the wait before c's first instance, run
// earlier on the same engine with no instruction of E in between; later
// instances compare with the same number, which S_F (monotone) has already
// reached. Precision: by 2, no instruction other than c waits longer. The
// translation validator checks both on every compiled function.
//
// A counter-relative wait stays in c's requests: SyncGenerator's WaitedState
// sees the wait in P and drops the one before c as implied. A snapshot wait
// (not tracked by WaitedState) is taken out of c's requests, and so is every
// wait of the same engine on the same semaphore and register inside L (and
// in the preheaders of L's subloops): by 1, they compare with the same value,
// after the wait in P.
//
// Outer loops are tried first: a wait invariant in an outer loop whose
// preheader satisfies 2 runs once per entry into the outer loop.
//
//===----------------------------------------------------------------------===//

#include "NeuronISAPreciseSync.h"
#include "NeuronISASyncRegisters.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/CodeGen/MachineLoopInfo.h"
#include "llvm/Support/CommandLine.h"

using namespace llvm;
using namespace llvm::NeuronISA;

#define DEBUG_TYPE "neuronisa-sync"

STATISTIC(NumWaitsHoisted, "Loop-invariant waits moved to a preheader");
STATISTIC(NumWaitsOnProducingPaths,
          "Waits moved to the predecessors whose paths produce");

static cl::opt<bool> WaitOnProducingPaths(
    "neuronisa-sync-wait-on-producing-paths", cl::Hidden, cl::init(true),
    cl::desc("Move a counter-relative wait before the first instruction of "
             "its engine in a block to the ends of the predecessors whose "
             "paths may run a producer, where some other path runs none"));

// Off by default: the translation validator cannot yet relate a hoisted
// snapshot to the other snapshots a consumer waits on (it reports such a
// consumer as imprecise on a random program), so only counter-relative
// waits move unless this is given.
static cl::opt<bool> HoistSnapshotWaits(
    "neuronisa-sync-hoist-snapshots", cl::Hidden, cl::init(false),
    cl::desc("Also move loop-invariant snapshot waits to loop preheaders"));

/// Does every path from the start of Start reach consumer C before any
/// other data-path instruction issued by E, and before leaving the function?
bool PreciseSync::isFirstIssuedBy(Engine E, unsigned C,
                                  MachineBasicBlock &Start) const {
  ArrayRef<SyncSite> Sites = Deps.sites();
  SmallVector<const MachineBasicBlock *, 8> Work{&Start};
  SmallPtrSet<const MachineBasicBlock *, 8> Seen{&Start};
  while (!Work.empty()) {
    const MachineBasicBlock *B = Work.pop_back_val();
    bool Issued = false;
    for (unsigned S : Deps.blockSites(*B))
      if (Sites[S].WaitEngine == E) {
        if (S != C)
          return false;
        Issued = true;
        break;
      }
    if (Issued)
      continue;
    if (B->succ_empty())
      return false; // leaves the function without issuing C
    for (const MachineBasicBlock *Succ : B->successors())
      if (Seen.insert(Succ).second)
        Work.push_back(Succ);
  }
  return true;
}

/// What the end of B adds to C_F (0 if no update is emitted; a seed sets
/// C_F = 0 + d, since C_F = 0 before it).
int64_t PreciseSync::emittedCorrection(const MachineBasicBlock &B,
                                       AgentId F) const {
  AgentId Owner = CounterOwner[F];
  if (!writesCounterAt(B, Owner))
    return 0;
  return correction(B, Owner);
}

/// Does some block of L write Reg (a counter update or seed, or a snapshot
/// write)?
bool PreciseSync::writesRegisterIn(const MachineLoop &L, unsigned Reg) const {
  if (Reg == SyncRegs::zeroReg())
    return false;
  // Asked once per hoisting candidate: the answers are kept per loop.
  auto [It, New] = WritesRegisterCache.try_emplace({&L, Reg}, false);
  if (New) {
    auto W = RegisterWrites.find(Reg);
    It->second = W != RegisterWrites.end() &&
                 llvm::any_of(L.blocks(), [&](const MachineBasicBlock *B) {
                   return W->second.test(B->getNumber());
                 });
  }
  return It->second;
}

/// The blocks that write each register, for writesRegisterIn: counter
/// updates and seeds at block ends, and snapshot writes after the group's
/// last site in a block where the value is live out (as emitBlock emits
/// them). One walk over the groups, instead of one per (loop, register)
/// asked about.
void PreciseSync::computeRegisterWrites() {
  RegisterWrites.clear();
  unsigned NB = Gen.getFunction().getNumBlockIDs();
  auto Written = [&](unsigned Reg) -> BitVector & {
    auto [It, New] = RegisterWrites.try_emplace(Reg);
    if (New)
      It->second.resize(NB);
    return It->second;
  };
  for (AgentId F = 0; F < MaxSyncAgents; ++F) {
    if (!OwnsCounter[F])
      continue;
    for (const MachineBasicBlock *B : RPO)
      if (writesCounterAt(*B, F))
        Written(CounterReg[F]).set(B->getNumber());
  }
  SmallVector<unsigned, 8> Last;
  for (unsigned GI = 0; GI < Groups.size(); ++GI) {
    if (!NeedsSnapshot[GI])
      continue;
    Last.clear();
    lastProducersPerBlock(GI, Last);
    for (unsigned S : Last) {
      const MachineBasicBlock *B = Deps.sites()[S].MBB;
      if (llvm::binary_search(SnapshotLiveOut[GI], Gen.getRPOIndex(*B)))
        Written(SnapshotReg[GI]).set(B->getNumber());
    }
  }
}

void PreciseSync::hoistInvariantWaits() {
  ArrayRef<SyncSite> Sites = Deps.sites();
  const MachineLoopInfo &MLI = Gen.getLoopInfo();
  HoistedWaits.assign(RPO.size(), {});
  WritesRegisterCache.clear();
  computeRegisterWrites();
  // Snapshot waits hoisted out of a loop: every other wait of the same
  // engine on the same semaphore and register, with at most its offset,
  // inside that loop is implied (the register does not change there, and
  // the loop runs after P).
  struct Covered {
    const MachineLoop *L;
    Engine E;
    AgentId F;
    unsigned Reg;
    int64_t K;
  };
  SmallVector<Covered, 4> CoveredSnapshots;
  SmallVector<MachineLoop *, 4> Nest;
  for (unsigned C = 0; C < Waits.size(); ++C) {
    if (Waits[C].empty())
      continue;
    Nest.clear();
    for (MachineLoop *L = MLI.getLoopFor(Sites[C].MBB); L;
         L = L->getParentLoop())
      Nest.push_back(L);
    SmallVector<unsigned, 2> Moved; // snapshot waits taken out of C's
    for (unsigned WI = 0; WI < Waits[C].size(); ++WI) {
      const WaitRequest &R = Waits[C][WI];
      if (R.Snapshot && !HoistSnapshotWaits)
        continue;
      unsigned Reg = R.Snapshot ? SnapshotReg[R.Group]
                                : counterRegIn(R.F, *Sites[C].MBB);
      for (MachineLoop *L : llvm::reverse(Nest)) { // outermost first
        MachineBasicBlock *P = L->getLoopPreheader();
        if (!P || !Deps.isReachable(*P) || writesRegisterIn(*L, Reg) ||
            !isFirstIssuedBy(R.E, C, *L->getHeader()))
          continue;
        WaitRequest Hoisted = R;
        if (R.Snapshot) {
          Moved.push_back(WI);
          CoveredSnapshots.push_back({L, R.E, R.F, Reg, R.K});
        } else { // emitted before P's own counter update: re-express k
          Hoisted.K += emittedCorrection(*P, R.F);
        }
        HoistedWaits[Gen.getRPOIndex(*P)].push_back({Hoisted, C});
        ++NumWaitsHoisted;
        ++Gen.getReport().WaitsHoisted;
        break;
      }
    }
    for (unsigned WI : llvm::reverse(Moved))
      Waits[C].erase(Waits[C].begin() + WI);
  }
  if (CoveredSnapshots.empty())
    return;
  auto IsCovered = [&](const MachineBasicBlock &B, const WaitRequest &R) {
    return R.Snapshot && llvm::any_of(CoveredSnapshots, [&](const Covered &V) {
             return V.E == R.E && V.F == R.F &&
                    V.Reg == SnapshotReg[R.Group] && R.K <= V.K &&
                    V.L->contains(&B);
           });
  };
  for (unsigned C = 0; C < Waits.size(); ++C) {
    const MachineBasicBlock &B = *Sites[C].MBB;
    unsigned Before = Waits[C].size();
    llvm::erase_if(Waits[C],
                   [&](const WaitRequest &R) { return IsCovered(B, R); });
    for (unsigned I = Waits[C].size(); I < Before; ++I)
      Gen.noteImpliedWait(B);
  }
  for (unsigned I = 0; I < RPO.size(); ++I)
    llvm::erase_if(HoistedWaits[I], [&](const HoistedWait &H) {
      return IsCovered(*RPO[I], H.R);
    });
}

/// Has no site of consumer C's groups of agent F run at the end of P, on
/// any path (every such group Empty there: T(C, F) = 0 on the paths
/// through P)?
bool PreciseSync::nothingRanAtEnd(const MachineBasicBlock &P, unsigned C,
                                  AgentId F) const {
  const ThresholdState *In = Thresholds->incoming(P);
  if (!In)
    return true; // no path reaches P
  for (unsigned GI : Deps.consumerGroups(C)) {
    const DependenceGroup &G = Deps.groups()[GI];
    if (G.Producer != F)
      continue;
    if (In->get(GI).K != ThresholdState::Kind::Empty)
      return false;
    for (unsigned S : Deps.blockSites(P))
      if (llvm::binary_search(G.Producers, S))
        return false;
  }
  return true;
}

/// A consumer C that its engine E issues first in its block B waits for
/// C_F + k, the same k on every path into B (Known). On a path from a
/// predecessor where no site of C's groups of F has run, that wait is
/// satisfied at once (T(C, F) = 0), and costs WaitCycles for nothing: after
/// an if without an else, or a switch whose other arms produce. Where every
/// other predecessor P has B as its only successor (not a loop's latch,
/// which also branches back), the wait moves to the end of each such P (as
/// a hoisted wait, before P's counter update: k re-expressed), and the
/// paths that produce nothing skip it. Soundness: on the paths through P, E
/// runs the wait right before C with no instruction of E between (E issues
/// nothing from P's end to C); on the others nothing is to be waited for.
/// Precision: the wait holds nothing but C. The threshold must count only
/// instances issued before B (k at most off_F at B's start): a site earlier
/// in B has not been issued at P's end.
void PreciseSync::waitOnProducingPaths() {
  if (!WaitOnProducingPaths)
    return;
  ArrayRef<SyncSite> Sites = Deps.sites();
  // Waits hoisted out of a loop stay in their consumer's requests (implied
  // there by the hoisted one): those stay where they are.
  DenseSet<std::pair<unsigned, AgentId>> Hoisted;
  for (const auto &Hs : HoistedWaits)
    for (const HoistedWait &H : Hs)
      Hoisted.insert({H.Consumer, H.R.F});
  SmallVector<MachineBasicBlock *, 4> Producing;
  for (unsigned C = 0; C < Waits.size(); ++C) {
    if (Waits[C].empty())
      continue;
    MachineBasicBlock &B = *Sites[C].MBB;
    if (B.pred_size() < 2 || !isFirstIssuedBy(Sites[C].WaitEngine, C, B))
      continue;
    auto Moves = [&](const WaitRequest &R) {
      if (R.Snapshot || R.K > entryOffset(B, R.F) ||
          Hoisted.contains({C, R.F}))
        return false;
      Producing.clear();
      bool SomeRanNothing = false;
      for (MachineBasicBlock *P : B.predecessors()) {
        if (!Deps.isReachable(*P))
          continue;
        if (nothingRanAtEnd(*P, C, R.F)) {
          SomeRanNothing = true;
          continue;
        }
        if (P == &B || P->succ_size() != 1)
          return false;
        Producing.push_back(P);
      }
      if (!SomeRanNothing || Producing.empty())
        return false;
      for (MachineBasicBlock *P : Producing) {
        // Before P's counter update, or with r0 before its seed (C_F = 0
        // there): both add correction(P) to C_F.
        WaitRequest Moved = R;
        Moved.K += correction(*P, R.F);
        HoistedWaits[Gen.getRPOIndex(*P)].push_back({Moved, C});
      }
      ++NumWaitsOnProducingPaths;
      return true;
    };
    llvm::erase_if(Waits[C], Moves);
  }
  dropUnreadCounters();
}

/// Counters that nothing reads any more: a wait that moved into a block
/// where the counter is 0 reads r0 there. Their seeds and updates are left
/// out (as allocation does for a counter without reads).
void PreciseSync::dropUnreadCounters() {
  ArrayRef<SyncSite> Sites = Deps.sites();
  bool Read[MaxSyncAgents] = {}; // by owner
  auto NoteRead = [&](AgentId F, const MachineBasicBlock &B) {
    if (isCounterSeededIn(F, B))
      Read[CounterOwner[F]] = true;
  };
  for (unsigned C = 0; C < Waits.size(); ++C)
    for (const WaitRequest &R : Waits[C])
      if (!R.Snapshot)
        NoteRead(R.F, *Sites[C].MBB);
  for (unsigned I = 0; I < RPO.size(); ++I)
    for (const HoistedWait &H : HoistedWaits[I])
      if (!H.R.Snapshot)
        NoteRead(H.R.F, *RPO[I]);
  SmallVector<unsigned, 8> Last; // snapshot writes: addi R_G, C_F, k
  for (unsigned GI = 0; GI < Groups.size(); ++GI) {
    if (!NeedsSnapshot[GI] || !SnapshotReg[GI])
      continue;
    Last.clear();
    lastProducersPerBlock(GI, Last);
    for (unsigned S : Last)
      if (llvm::binary_search(SnapshotLiveOut[GI],
                              Gen.getRPOIndex(*Sites[S].MBB)))
        NoteRead(Groups[GI].Producer, *Sites[S].MBB);
  }
  SmallVector<unsigned, 8> Kept;
  for (AgentId F = 0; F < MaxSyncAgents; ++F) {
    if (CounterReg[F] == SyncRegs::zeroReg())
      continue;
    if (!Read[CounterOwner[F]])
      CounterReg[F] = SyncRegs::zeroReg();
    else if (!llvm::is_contained(Kept, CounterReg[F]))
      Kept.push_back(CounterReg[F]);
  }
  Gen.getReport().CounterRegs = Kept.size();
}
