//===-- NeuronISAAgentSplit.cpp - Sub-agents with semaphores of their own -===//
//
// A hardware unit (a stream or a DMA queue) completes its sites in program
// order, so any subset of its sites does too: given a semaphore of its own,
// a subset is an agent of the precise algorithm like any other (counts,
// thresholds, implied waits; docs/Synchronization.md, "Sub-agents"). The
// subsets made here are the unit's producer sites in one block: every
// execution of the block runs all of them, so the threshold of any group
// part on such a sub-agent is the sub-agent's count minus a constant
// wherever the block has run, and 0 where it has not: a Known threshold,
// never a snapshot register.
//
// Conflicts stay between different hardware units: the groups were built
// before the split (a consumer never has a group of its own unit), and the
// parts of a group keep its consumers. Two sub-agents of one unit need no
// synchronization between them: the unit is in order.
//
//===----------------------------------------------------------------------===//

#include "NeuronISADependenceAnalysis.h"
#include "llvm/CodeGen/MachineBasicBlock.h"
#include "llvm/CodeGen/MachineLoopInfo.h"
#include <algorithm>
#include <map>

using namespace llvm;
using namespace llvm::NeuronISA;

EngineDependences::EngineDependences(const EngineDependences &O)
    : NumOpaqueSites(O.NumOpaqueSites), Sites(O.Sites), Groups(O.Groups),
      AA(O.AA), SE(O.SE), ConsumerBegin(O.ConsumerBegin),
      ConsumerGroupIds(O.ConsumerGroupIds), ProducerBegin(O.ProducerBegin),
      ProducerGroupIds(O.ProducerGroupIds), BlockRange(O.BlockRange),
      Reachable(O.Reachable), SplitHardware(O.SplitHardware),
      NumSyncAgents(O.NumSyncAgents) {
  std::copy(std::begin(O.HardwareOf), std::end(O.HardwareOf),
            std::begin(HardwareOf));
  std::copy(std::begin(O.FirstBlockOf), std::end(O.FirstBlockOf),
            std::begin(FirstBlockOf));
  std::copy(std::begin(O.PartOf), std::end(O.PartOf), std::begin(PartOf));
}

void EngineDependences::resetAgents() {
  for (AgentId A = 0; A < MaxSyncAgents; ++A) {
    HardwareOf[A] = A < NumAgents ? A : 0;
    FirstBlockOf[A] = -1;
    PartOf[A] = -1;
  }
  SplitHardware = 0;
  NumSyncAgents = NumAgents;
}

std::string EngineDependences::syncAgentName(AgentId A) const {
  std::string Name = agentName(HardwareOf[A]);
  if (isSubAgent(A) && FirstBlockOf[A] >= 0)
    Name += "/bb." + std::to_string(FirstBlockOf[A]);
  if (isSubAgent(A) && PartOf[A] >= 0)
    Name += "#" + std::to_string(PartOf[A]);
  return Name;
}

/// Ids no site uses, popped from the back: those past the hardware agents
/// first (a hardware agent's id keeps naming it where possible), then the
/// ids of hardware agents without sites.
static SmallVector<AgentId, 16> freeAgentIds(ArrayRef<SyncSite> Sites) {
  SyncAgentMask Used = 0;
  for (const SyncSite &S : Sites)
    Used |= syncAgentBit(S.Agent);
  SmallVector<AgentId, 16> Free;
  for (AgentId A = NumAgents; A-- > 0;)
    if (!(Used & syncAgentBit(A)))
      Free.push_back(A);
  for (AgentId A = MaxSyncAgents; A-- > NumAgents;)
    if (!(Used & syncAgentBit(A)))
      Free.push_back(A);
  return Free;
}

unsigned EngineDependences::splitAgents(uint32_t Agents,
                                        const MachineLoopInfo *BySite) {
  Agents &= ~SplitHardware;
  if (!Agents)
    return 0;
  SmallVector<AgentId, 16> Free = freeAgentIds(Sites);
  unsigned Made = splitByBlock(Agents, Free);
  if (BySite)
    Made += splitLoopBlocksBySite(Agents, Free, *BySite);
  for (AgentId A = 0; A < MaxSyncAgents; ++A)
    if (FirstBlockOf[A] >= 0)
      NumSyncAgents = std::max(NumSyncAgents, A + 1);
  SplitHardware |= Agents;
  regroup();
  return Made;
}

unsigned EngineDependences::splitByBlock(uint32_t Agents,
                                         SmallVectorImpl<AgentId> &Free) {
  // Sites are numbered block by block: one pass gives each split agent's
  // producer blocks in layout order.
  unsigned Made = 0;
  const MachineBasicBlock *SubAgentBlock[MaxSyncAgents] = {};
  AgentId Current[MaxSyncAgents]; // per hardware agent: its current sub-agent
  for (AgentId F = 0; F < NumAgents; ++F)
    Current[F] = F;
  for (unsigned S = 0; S < Sites.size(); ++S) {
    SyncSite &Site = Sites[S];
    AgentId F = Site.Agent;
    if (!(Agents & (1u << F)) || !isProducer(S))
      continue;
    AgentId &Sub = Current[F];
    if (!SubAgentBlock[Sub]) {
      SubAgentBlock[Sub] = Site.MBB; // F's first producer block keeps F
    } else if (SubAgentBlock[Sub] != Site.MBB && !Free.empty()) {
      Sub = Free.pop_back_val();
      SubAgentBlock[Sub] = Site.MBB;
      HardwareOf[Sub] = F;
      ++Made;
    }
    Site.Agent = Sub;
  }
  for (AgentId A = 0; A < MaxSyncAgents; ++A)
    if (SubAgentBlock[A])
      FirstBlockOf[A] = SubAgentBlock[A]->getNumber();
  return Made;
}

/// Why by site: the count of a block's sub-agent F_B is |F_B| times the
/// block's executions, so sub-agents of one block with different numbers of
/// sites have counters in a fixed ratio, which no `waitr S, C, k` can share
/// (k is a constant). One site per sub-agent makes every count the block's
/// executions: the counters of the block's sub-agents change alike at every
/// block end, and the pass gives them one register (assignCounters shares
/// equal correction patterns), as it does for those of other blocks that run
/// as often (the blocks of one loop body that no branch skips).
unsigned EngineDependences::splitLoopBlocksBySite(
    uint32_t Agents, SmallVectorImpl<AgentId> &Free,
    const MachineLoopInfo &MLI) {
  // The producer sites of each sub-agent made by block (not those left with
  // the last sub-agent when ids ran out: their sites span several blocks).
  SmallVector<unsigned, 4> SitesOf[MaxSyncAgents];
  for (unsigned S = 0; S < Sites.size(); ++S)
    if ((Agents & (1u << HardwareOf[Sites[S].Agent])) &&
        isProducer(S))
      SitesOf[Sites[S].Agent].push_back(S);
  struct Candidate {
    const MachineBasicBlock *MBB;
    unsigned Depth, Cost; // loop depth; ids needed
    SmallVector<AgentId, 4> SubAgents;
  };
  SmallVector<Candidate, 8> Candidates;
  for (AgentId A = 0; A < MaxSyncAgents; ++A) {
    ArrayRef<unsigned> Own = SitesOf[A];
    if (Own.size() < 2 || llvm::any_of(Own, [&](unsigned S) {
          return Sites[S].MBB != Sites[Own[0]].MBB;
        }))
      continue;
    const MachineBasicBlock *MBB = Sites[Own[0]].MBB;
    // Outside loops a block runs at most once: its counts are 0 or |F_B|
    // on each path, which costs a counter only across a branch.
    if (!MLI.getLoopDepth(MBB))
      continue;
    auto It = llvm::find_if(
        Candidates, [&](const Candidate &C) { return C.MBB == MBB; });
    if (It == Candidates.end()) {
      Candidates.push_back({MBB, MLI.getLoopDepth(MBB), 0, {}});
      It = std::prev(Candidates.end());
    }
    It->Cost += Own.size() - 1;
    It->SubAgents.push_back(A);
  }
  // Innermost blocks first (their counters change most often, and a loop's
  // counters are live throughout it); then the cheapest.
  llvm::stable_sort(Candidates, [](const Candidate &X, const Candidate &Y) {
    return std::make_pair(Y.Depth, X.Cost) < std::make_pair(X.Depth, Y.Cost);
  });
  unsigned Made = 0;
  for (const Candidate &C : Candidates) {
    if (C.Cost > Free.size())
      continue; // a block split in part keeps a ratio: nothing gained
    for (AgentId A : C.SubAgents) {
      ArrayRef<unsigned> Own = SitesOf[A];
      PartOf[A] = 0;
      for (unsigned I = 1; I < Own.size(); ++I) {
        AgentId Sub = Free.pop_back_val();
        HardwareOf[Sub] = HardwareOf[A];
        FirstBlockOf[Sub] = FirstBlockOf[A];
        PartOf[Sub] = I;
        Sites[Own[I]].Agent = Sub;
        ++Made;
      }
    }
  }
  return Made;
}

/// Each group of a split agent: one part per sub-agent holding some of its
/// producers; equal parts of different groups merge (their consumers unite).
/// A group of an agent not split is its own single part.
void EngineDependences::regroup() {
  std::vector<DependenceGroup> Old = std::move(Groups);
  Groups.clear();
  std::map<std::pair<AgentId, SmallVector<unsigned, 4>>, unsigned> GroupOf;
  auto AddPart = [&](AgentId F, SmallVector<unsigned, 4> Producers,
                     const SmallVector<unsigned, 4> &Consumers) {
    auto [It, New] = GroupOf.try_emplace({F, Producers}, Groups.size());
    if (New) {
      DependenceGroup G;
      G.Producer = F;
      G.Producers = std::move(Producers);
      Groups.push_back(std::move(G));
    }
    // Both lists ascend (indexGroups sorted the old groups'): merged, the
    // result ascends too and indexGroups need not sort it.
    DependenceGroup &G = Groups[It->second];
    size_t Mid = G.Consumers.size();
    G.Consumers.append(Consumers.begin(), Consumers.end());
    std::inplace_merge(G.Consumers.begin(), G.Consumers.begin() + Mid,
                       G.Consumers.end());
  };
  // The agents none of whose groups lost a producer to a sub-agent: their
  // groups stay as they are, and no part of another group can take their
  // key (sub-agents take ids no site had), so they need no look-up.
  SyncAgentMask Moved = 0;
  for (const DependenceGroup &G : Old)
    for (unsigned P : G.Producers)
      if (Sites[P].Agent != G.Producer)
        Moved |= syncAgentBit(G.Producer);
  for (DependenceGroup &G : Old) {
    if (!(Moved & syncAgentBit(G.Producer))) {
      Groups.push_back(std::move(G));
      continue;
    }
    SmallVector<AgentId, 4> Parts;
    for (unsigned P : G.Producers)
      if (!llvm::is_contained(Parts, Sites[P].Agent))
        Parts.push_back(Sites[P].Agent);
    for (AgentId Sub : Parts) {
      SmallVector<unsigned, 4> Producers;
      for (unsigned P : G.Producers)
        if (Sites[P].Agent == Sub)
          Producers.push_back(P);
      AddPart(Sub, std::move(Producers), G.Consumers);
    }
  }
  indexGroups();
}
