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
#include <map>

using namespace llvm;
using namespace llvm::NeuronISA;

EngineDependences::EngineDependences(const EngineDependences &O)
    : NumOpaqueSites(O.NumOpaqueSites), Sites(O.Sites), Groups(O.Groups),
      AA(O.AA), SE(O.SE), ConsumerGroups(O.ConsumerGroups),
      ProducerGroups(O.ProducerGroups), BlockRange(O.BlockRange),
      Reachable(O.Reachable), SplitHardware(O.SplitHardware),
      NumSyncAgents(O.NumSyncAgents) {
  std::copy(std::begin(O.HardwareOf), std::end(O.HardwareOf),
            std::begin(HardwareOf));
  std::copy(std::begin(O.FirstBlockOf), std::end(O.FirstBlockOf),
            std::begin(FirstBlockOf));
}

void EngineDependences::resetAgents() {
  for (AgentId A = 0; A < MaxSyncAgents; ++A) {
    HardwareOf[A] = A < NumAgents ? A : 0;
    FirstBlockOf[A] = -1;
  }
  SplitHardware = 0;
  NumSyncAgents = NumAgents;
}

std::string EngineDependences::syncAgentName(AgentId A) const {
  std::string Name = agentName(HardwareOf[A]);
  if (isSubAgent(A) && FirstBlockOf[A] >= 0)
    Name += "/bb." + std::to_string(FirstBlockOf[A]);
  return Name;
}

unsigned EngineDependences::splitAgents(uint32_t Agents) {
  Agents &= ~SplitHardware;
  if (!Agents)
    return 0;
  // Ids no site uses are free: those past the hardware agents first (a
  // hardware agent's id keeps naming it where possible), then the ids of
  // hardware agents without sites.
  uint32_t Used = 0;
  for (const SyncSite &S : Sites)
    Used |= 1u << S.Agent;
  SmallVector<AgentId, 16> Free; // popped from the back
  for (AgentId A = NumAgents; A-- > 0;)
    if (!(Used & (1u << A)))
      Free.push_back(A);
  for (AgentId A = MaxSyncAgents; A-- > NumAgents;)
    if (!(Used & (1u << A)))
      Free.push_back(A);

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
    if (!(Agents & (1u << F)) || ProducerGroups[S].empty())
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
    if (SubAgentBlock[A]) {
      FirstBlockOf[A] = SubAgentBlock[A]->getNumber();
      NumSyncAgents = std::max(NumSyncAgents, A + 1);
    }
  SplitHardware |= Agents;

  // Each group of a split agent: one part per sub-agent; equal parts of
  // different groups merge (their consumers unite).
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
    DependenceGroup &G = Groups[It->second];
    G.Consumers.append(Consumers.begin(), Consumers.end());
  };
  for (DependenceGroup &G : Old) {
    if (!(Agents & (1u << G.Producer))) {
      AddPart(G.Producer, G.Producers, G.Consumers);
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
  return Made;
}
