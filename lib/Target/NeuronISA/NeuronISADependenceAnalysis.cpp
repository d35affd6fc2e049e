//===-- NeuronISADependenceAnalysis.cpp - Cross-engine dependences --------===//
//
// The driver of the analysis (analyze: sites, then groups) and the queries
// on its result. The steps have files of their own (the header says which).
//
//===----------------------------------------------------------------------===//

#include "NeuronISADependenceAnalysis.h"
#include "llvm/CodeGen/MachineBasicBlock.h"
#include "llvm/CodeGen/MachineFunction.h"

using namespace llvm;
using namespace llvm::NeuronISA;

void EngineDependences::analyze(MachineFunction &MF, ScalarEvolution *SE,
                                AAResults *AA) {
  this->AA = AA;
  this->SE = SE;
  Sites.clear();
  Groups.clear();
  NumOpaqueSites = 0;
  resetAgents();
  collectSites(MF, SE);
  buildGroups();
}

iota_range<unsigned>
EngineDependences::blockSites(const MachineBasicBlock &MBB) const {
  auto [B, E] = BlockRange[MBB.getNumber()];
  return seq(B, E);
}

bool EngineDependences::isReachable(const MachineBasicBlock &MBB) const {
  return Reachable.test(MBB.getNumber());
}

bool EngineDependences::conflict(unsigned A, unsigned B) const {
  for (const TileRef &RA : Sites[A].Refs)
    for (const TileRef &RB : Sites[B].Refs)
      if ((RA.Writes || RB.Writes) && TileRef::mayOverlap(RA, RB, AA))
        return true;
  return false;
}
