//===-- Loader.cpp - Reading a kernel from a file -------------------------===//
//
// A kernel file is an ELF object (ObjLoader.cpp) or assembly (AsmLoader.cpp):
// the ELF magic number decides. Other binary files are neither.
//
//===----------------------------------------------------------------------===//

#include "Program.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace llvm;
using namespace llvm::neuronisa_sim;

static MachineChooser fixedMachine(const NeuronISA::MachineParams &MP) {
  return [&MP](StringRef) -> Expected<const NeuronISA::MachineParams *> {
    return &MP;
  };
}

Expected<Program> neuronisa_sim::loadProgram(StringRef FileName,
                                             StringRef KernelName,
                                             const NeuronISA::MachineParams &MP,
                                             raw_ostream &ErrOS) {
  return loadProgram(FileName, KernelName, fixedMachine(MP), ErrOS);
}

Expected<Program> neuronisa_sim::loadProgramFromBuffer(
    std::unique_ptr<MemoryBuffer> Buf, StringRef KernelName,
    const NeuronISA::MachineParams &MP, raw_ostream &ErrOS) {
  return loadProgramFromBuffer(std::move(Buf), KernelName, fixedMachine(MP),
                               ErrOS);
}

Expected<Program> neuronisa_sim::loadProgram(StringRef FileName,
                                             StringRef KernelName,
                                             const MachineChooser &Choose,
                                             raw_ostream &ErrOS) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> BufOr =
      MemoryBuffer::getFileOrSTDIN(FileName, /*IsText=*/false);
  if (!BufOr)
    return createStringError(BufOr.getError(), "cannot read '" + FileName +
                                                   "': " +
                                                   BufOr.getError().message());
  StringRef Data = (*BufOr)->getBuffer();
  if (Data.starts_with("\x7f"
                       "ELF"))
    return loadObjectProgram(std::move(*BufOr), KernelName, Choose, ErrOS);
  if (Data.contains('\0'))
    return createStringError("'" + FileName +
                             "' is neither an ELF object nor assembly");
  return loadProgramFromBuffer(std::move(*BufOr), KernelName, Choose, ErrOS);
}
