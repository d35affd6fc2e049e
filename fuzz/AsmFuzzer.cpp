//===-- AsmFuzzer.cpp - libFuzzer harness: assembly to simulation ---------===//
//
// Feeds arbitrary text to the NeuronISA assembly parser and the simulator's
// loader (lib/Sim/AsmLoader.cpp), or, when it starts with the ELF magic
// number, to the object reader and loader (lib/Sim/ObjLoader.cpp). Runs
// every kernel that loads for a bounded number of instructions with one
// 4 KiB HBM buffer in r1, the race and precision checkers on. Any crash, sanitizer report, hang or leak is a
// bug: bad input must end in an error.
//
//===----------------------------------------------------------------------===//

#include "Memory.h"
#include "Program.h"
#include "Simulator.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"
#include <cstddef>
#include <cstdint>

using namespace llvm;
using namespace llvm::neuronisa_sim;

/// Enough for loops and waits to matter, small enough for thousands of runs.
static constexpr uint64_t MaxInstructions = 512;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  // The machine the input records (.neuronisa_cpu, e_flags), as the
  // simulator does without --mcpu.
  const NeuronISA::MachineParams *Chosen = nullptr;
  MachineChooser Choose =
      [&](StringRef CPU) -> Expected<const NeuronISA::MachineParams *> {
    Chosen = &NeuronISA::getMachineParamsOrGeneric(CPU);
    return Chosen;
  };
  StringRef Bytes(reinterpret_cast<const char *>(Data), Size);
  // The ELF magic number picks the object loader, as in loadProgram.
  bool IsObject = Bytes.starts_with("\x7f"
                                    "ELF");
  std::unique_ptr<MemoryBuffer> Buf =
      MemoryBuffer::getMemBufferCopy(Bytes, IsObject ? "fuzz.o" : "fuzz.s");
  Expected<Program> P =
      IsObject
          ? loadObjectProgram(std::move(Buf), /*KernelName=*/"", Choose,
                              nulls())
          : loadProgramFromBuffer(std::move(Buf), /*KernelName=*/"", Choose,
                                  nulls());
  if (!P) {
    consumeError(P.takeError());
    return 0;
  }
  const NeuronISA::MachineParams &MP = *Chosen;
  Memory M(MP, P->Tiles);
  uint32_t HBM = M.addBuffer(std::vector<float>(1024, 0.5f), "arg1");
  SimOptions Opts;
  Opts.MaxInstructions = MaxInstructions;
  Simulator Sim(*P, MP, M, Opts, nulls());
  int32_t Args[] = {static_cast<int32_t>(HBM), 1, 2, 0, 0, 0, 0, 0};
  Sim.run(Args);
  return 0;
}
