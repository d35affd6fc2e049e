//===-- HostRuntime.h - The builtins of a kernel run natively ---*- C++ -*-===//
//
// A kernel compiled by a host C compiler against the host neuronisa.h calls
// neuronisa_<mnemonic>(...) functions that the runner defines
// (HostBuiltins.cpp, generated from the builtin table); each passes its
// opcode and arguments to HostRuntime::call. The runtime executes the
// builtins one at a time, in the order the host program calls them
// (sequential semantics; synchronization builtins only have their operands
// checked), with the target's own descriptions and the simulator's
// arithmetic:
//   1. which argument is which operand: the builtin's signature
//      (NeuronISABuiltinSignature, as the compiler's builtin lowering);
//   2. every operand in range and the shape rules: the instruction's
//      operand check (NeuronISAOperandCheck), each on-chip operand's
//      partition start being the row its pointer designates;
//   3. the tile shapes (getTileShape); each on-chip pointer located in its
//      tile (TileTable) and the access checked inside the tile; each HBM
//      pointer translated to its simulated address (HBMArena) and checked
//      against the runner's buffers (neuronisa_sim::Memory::checkHBM);
//   4. each tile in one memory: the host has no address spaces, so every
//      use that accepts only SBUF or only PSUM (getTileAddrSpaces) says
//      which memory the tile is in, and a use that disagrees is an error;
//   5. the arithmetic (computeDataPath) on row views of the host tiles and
//      of the buffers.
// Everything the compiler decides (control flow, scalar arithmetic,
// addresses, tile placement, synchronization) is the host compiler's.
//
//===----------------------------------------------------------------------===//

#ifndef NEURONISA_HOST_HOSTRUNTIME_H
#define NEURONISA_HOST_HOSTRUNTIME_H

#include "HBMArena.h"
#include "TileTable.h"
#include "MCTargetDesc/NeuronISABuiltinSignature.h"
#include "MCTargetDesc/NeuronISAMachineModel.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include <cstdint>
#include <functional>
#include <string>

namespace llvm {
class MCInstrInfo;
namespace neuronisa_sim {
class Memory;
}

namespace neuronisa_host {

/// One argument of a builtin call, as the host function received it.
struct HostArg {
  enum KindTy : uint8_t { Pointer, Int, Float };
  KindTy Kind;
  union {
    const void *P;
    int32_t I;
    float F;
  };
  HostArg(const void *P) : Kind(Pointer), P(P) {}
  HostArg(int I) : Kind(Int), I(I) {}
  HostArg(float F) : Kind(Float), F(F) {}
};

class HostRuntime {
public:
  /// Called with the return address of the failing builtin call and the
  /// message; the runner prints it and stops the process.
  using ErrorHandler =
      std::function<void(const void *ReturnAddress, const std::string &Msg)>;

  /// HBM holds the runner's buffers, at the addresses Arena maps.
  HostRuntime(const NeuronISA::MachineParams &MP, const MCInstrInfo &MII,
              TileTable Tiles, neuronisa_sim::Memory &HBM,
              const HBMArena &Arena, ErrorHandler OnError);
  ~HostRuntime();

  /// Runs the builtin of instruction Opcode on Args; on an error, calls the
  /// error handler and does nothing else.
  void call(unsigned Opcode, ArrayRef<HostArg> Args,
            const void *ReturnAddress);
  /// Runs it and returns "" or what is wrong.
  std::string run(unsigned Opcode, ArrayRef<HostArg> Args);

  /// Builtin calls so far.
  uint64_t numCalls() const { return Calls; }
  const TileTable &tiles() const { return Tiles; }

  /// The runtime the builtin definitions call (one per process at a time).
  static HostRuntime *active();
  static void setActive(HostRuntime *R);
  /// What every builtin definition does.
  static void dispatch(unsigned Opcode, ArrayRef<HostArg> Args,
                       const void *ReturnAddress);

  struct BuiltinDesc;

private:
  struct CallOperands;
  const BuiltinDesc &builtin(unsigned Opcode);
  std::string runBuiltin(const BuiltinDesc &B, ArrayRef<HostArg> Args);
  /// The operands the call gives, each pointer located.
  std::string collectOperands(const BuiltinDesc &B, ArrayRef<HostArg> Args,
                              CallOperands &C) const;
  /// Checks that every tile is used in one memory (SBUF or PSUM).
  std::string checkMemories(const BuiltinDesc &B, const CallOperands &C);
  /// Checks the accesses and runs the arithmetic.
  std::string execute(const BuiltinDesc &B, const CallOperands &C);

  const NeuronISA::MachineParams &MP;
  const MCInstrInfo &MII;
  TileTable Tiles;
  neuronisa_sim::Memory &HBM;
  const HBMArena &Arena;
  ErrorHandler OnError;
  DenseMap<unsigned, std::unique_ptr<BuiltinDesc>> Builtins;
  /// The memories each tile's uses so far allow (getTileAddrSpaces bits)
  /// and the first use that allowed only those.
  struct MemoryUse {
    unsigned Spaces = 0;
    std::string By;
  };
  DenseMap<const HostTile *, MemoryUse> Memories;
  uint64_t Calls = 0;
};

} // namespace neuronisa_host
} // namespace llvm

#endif
