//===-- SyncGroups.h - Conflicts and tracked sets ---------------*- C++ -*-===//
//
// The conflict relation of the validator's model, from the footprints: two
// sites on different hardware units conflict when an access of one may
// overlap an access of the other and one of the two writes. Sites of one
// unit are ordered by the unit's in-order completion (the hardware
// assumption of proofs/README.md). It is handed to the checker as groups, in
// the shape the pass keeps snapshots for (one per location, agent and kind:
// NeuronISADependenceAnalysis.h), so that the tracked sets the checker
// derives from them match the pass's registers; the checker verifies each.
//
//===----------------------------------------------------------------------===//

#ifndef NEURONISA_SYNCCHECK_SYNCGROUPS_H
#define NEURONISA_SYNCCHECK_SYNCGROUPS_H

#include "SyncModel.h"

namespace llvm {
namespace NeuronISA {

struct SiteInfo {
  unsigned Inst;   // index in the kernel's code
  unsigned Block;  // its block
  unsigned Agent;  // sync agent (hardware unit and semaphore)
  unsigned HWAgent;
};

struct SyncGroup {
  unsigned Agent;
  std::vector<unsigned> Producers, Consumers; // site ids, ascending
};

std::vector<SyncGroup> buildGroups(const std::vector<SiteInfo> &Sites,
                                   const std::vector<Decoded> &Code,
                                   const std::vector<CodeBlock> &Blocks,
                                   uint8_t NoAliasArgs);

} // namespace NeuronISA
} // namespace llvm

#endif
