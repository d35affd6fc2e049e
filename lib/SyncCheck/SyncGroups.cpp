//===-- SyncGroups.cpp - Conflicts and tracked sets -----------------------===//

#include "SyncGroups.h"
#include "llvm/ADT/STLExtras.h"
#include <algorithm>
#include <map>

using namespace llvm;
using namespace llvm::NeuronISA;

namespace {
struct Location {
  Footprint F;
  std::vector<unsigned> Accessors, Writers; // site ids, ascending
};
} // namespace

static unsigned intern(std::vector<Location> &Locs, const Footprint &F) {
  for (unsigned L = 0; L != Locs.size(); ++L)
    if (Locs[L].F.sameLocation(F))
      return L;
  Locs.push_back({F, {}, {}});
  return Locs.size() - 1;
}

/// Reach[b][c]: block c is reachable from b through one or more edges.
static std::vector<std::vector<bool>>
blockReach(const std::vector<CodeBlock> &Blocks) {
  unsigned N = Blocks.size();
  std::vector<std::vector<bool>> Reach(N, std::vector<bool>(N, false));
  for (unsigned B = 0; B != N; ++B) {
    std::vector<unsigned> Work(Blocks[B].Succs.begin(), Blocks[B].Succs.end());
    while (!Work.empty()) {
      unsigned S = Work.back();
      Work.pop_back();
      if (Reach[B][S])
        continue;
      Reach[B][S] = true;
      Work.insert(Work.end(), Blocks[S].Succs.begin(), Blocks[S].Succs.end());
    }
  }
  return Reach;
}

std::vector<SyncGroup>
NeuronISA::buildGroups(const std::vector<SiteInfo> &Sites,
                       const std::vector<Decoded> &Code,
                       const std::vector<CodeBlock> &Blocks,
                       uint8_t NoAliasArgs) {
  std::vector<Location> Locs;
  for (unsigned S = 0; S != Sites.size(); ++S)
    for (const Footprint &F : Code[Sites[S].Inst].Foot) {
      Location &L = Locs[intern(Locs, F)];
      if (L.Accessors.empty() || L.Accessors.back() != S)
        L.Accessors.push_back(S);
      if (F.Writes && (L.Writers.empty() || L.Writers.back() != S))
        L.Writers.push_back(S);
    }
  // Candidates keyed by (location, agent, writers only).
  std::map<std::tuple<unsigned, unsigned, bool>, SyncGroup> Cand;
  for (unsigned C = 0; C != Sites.size(); ++C)
    for (const Footprint &E : Code[Sites[C].Inst].Foot)
      for (unsigned L = 0; L != Locs.size(); ++L) {
        if (!mayOverlap(E, Locs[L].F, NoAliasArgs))
          continue;
        bool WritersOnly = !E.Writes;
        for (unsigned P : WritersOnly ? Locs[L].Writers : Locs[L].Accessors) {
          if (Sites[P].HWAgent == Sites[C].HWAgent)
            continue;
          SyncGroup &G = Cand[{L, Sites[P].Agent, WritersOnly}];
          G.Agent = Sites[P].Agent;
          if (G.Producers.empty() || G.Producers.back() != P)
            G.Producers.push_back(P);
          if (G.Consumers.empty() || G.Consumers.back() != C)
            G.Consumers.push_back(C);
        }
      }
  // Keep the producers that reach a consumer (the others never precede
  // one, and the pass keeps no snapshot for them), then merge groups with
  // equal producers.
  std::vector<std::vector<bool>> Reach = blockReach(Blocks);
  auto Reaches = [&](unsigned P, unsigned C) {
    const SiteInfo &SP = Sites[P], &SC = Sites[C];
    return (SP.Block == SC.Block && SP.Inst < SC.Inst) ||
           Reach[SP.Block][SC.Block];
  };
  std::map<std::pair<unsigned, std::vector<unsigned>>, std::vector<unsigned>>
      Merged;
  for (auto &[Key, G] : Cand) {
    llvm::sort(G.Producers);
    G.Producers.erase(std::unique(G.Producers.begin(), G.Producers.end()),
                      G.Producers.end());
    std::vector<unsigned> Kept;
    for (unsigned P : G.Producers)
      if (any_of(G.Consumers, [&](unsigned C) { return Reaches(P, C); }))
        Kept.push_back(P);
    if (Kept.empty())
      continue;
    std::vector<unsigned> &Cons = Merged[{G.Agent, Kept}];
    Cons.insert(Cons.end(), G.Consumers.begin(), G.Consumers.end());
  }
  std::vector<SyncGroup> Out;
  for (auto &[Key, Cons] : Merged) {
    llvm::sort(Cons);
    Cons.erase(std::unique(Cons.begin(), Cons.end()), Cons.end());
    Out.push_back({Key.first, Key.second, Cons});
  }
  return Out;
}
