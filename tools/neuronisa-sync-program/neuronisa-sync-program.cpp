//===-- neuronisa-sync-program.cpp - The validator's input from an object -===//
//
// Reads a NeuronISA object with the object reader the disassembler and the
// simulator use (lib/Object), and prints, for each kernel its metadata
// declares, the program record that neuronisa-sync-check checks (JSON
// Lines; lib/SyncCheck builds it from the decoded code alone).
// neuronisa-sync-check runs this tool on the objects (and, through
// neuronisa-asm, on the assembly) it is given.
//
//===----------------------------------------------------------------------===//

#include "NeuronISAObject.h"
#include "SyncProgram.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/MC/MCInstPrinter.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace llvm::neuronisa_obj;

static cl::list<std::string> InputFiles(cl::Positional, cl::OneOrMore,
                                        cl::desc("<object files>"));

static constexpr StringRef Tool = "neuronisa-sync-program";

static const ObjSymbol *kernelSymbol(const ObjectFile &Obj, StringRef Name) {
  for (const ObjSymbol &S : Obj.Symbols)
    if (S.Name == Name && S.InText)
      return &S;
  return nullptr;
}

/// The instructions [First, End) of kernel Sym: its ELF size, else up to
/// the next function symbol or the end of .text.
static std::pair<unsigned, unsigned> kernelRange(const ObjectFile &Obj,
                                                 const ObjSymbol &Sym) {
  unsigned First = Obj.Insts.size(), End = Obj.Insts.size();
  uint64_t Limit = UINT64_MAX;
  if (Sym.Size)
    Limit = uint64_t(Sym.Value) + Sym.Size;
  else
    for (const ObjSymbol &S : Obj.Symbols)
      if (S.InText && S.Function && S.Value > Sym.Value)
        Limit = std::min<uint64_t>(Limit, S.Value);
  for (unsigned I = 0; I != Obj.Insts.size(); ++I) {
    if (Obj.Insts[I].Address == Sym.Value)
      First = I;
    if (First != Obj.Insts.size() && Obj.Insts[I].Address >= Limit) {
      End = I;
      break;
    }
  }
  return {First, End};
}

static NeuronISA::CodeKernel kernelCode(const ObjectFile &Obj, MCTools &MC,
                                        const NeuronISA::KernelDecl &KD,
                                        unsigned First, unsigned End) {
  NeuronISA::CodeKernel K;
  K.Name = KD.Name;
  K.NumArgs = KD.Args.size();
  for (unsigned A = 0; A != KD.Args.size(); ++A) {
    if (NeuronISA::isHBMArg(KD.Args[A]))
      K.HBMArgs |= 1u << A;
    if (KD.Args[A] == NeuronISA::ArgKind::HBMNoAlias)
      K.NoAliasArgs |= 1u << A;
  }
  uint32_t Base = Obj.Insts[First].Address;
  for (unsigned I = First; I != End; ++I) {
    const ObjInst &OI = Obj.Insts[I];
    NeuronISA::CodeInst CI;
    CI.MI = OI.MI;
    if (OI.BranchTarget >= int(First) && OI.BranchTarget < int(End))
      CI.Target = OI.BranchTarget - First;
    std::string Text;
    raw_string_ostream OS(Text);
    MC.Printer->printInst(&OI.MI, OI.Address, "", *MC.STI, OS);
    CI.Text = KD.Name + "+0x" + utohexstr(OI.Address - Base, true) + ":" +
              StringRef(Text).trim().str();
    K.Insts.push_back(std::move(CI));
  }
  return K;
}

static bool printFile(StringRef File, MCTools &MC) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buf = MemoryBuffer::getFile(File);
  if (!Buf) {
    WithColor::error(errs(), Tool) << File << ": " << Buf.getError().message()
                                   << "\n";
    return false;
  }
  Expected<ObjectFile> Obj = ObjectFile::read(**Buf, MC);
  if (!Obj) {
    WithColor::error(errs(), Tool) << toString(Obj.takeError()) << "\n";
    return false;
  }
  for (const NeuronISA::KernelDecl &KD : Obj->Metadata.Kernels) {
    const ObjSymbol *Sym = kernelSymbol(*Obj, KD.Name);
    auto [First, End] = Sym ? kernelRange(*Obj, *Sym)
                            : std::make_pair(0u, 0u);
    if (First >= End) {
      WithColor::error(errs(), Tool)
          << File << ": kernel '" << KD.Name << "' has no code\n";
      return false;
    }
    outs() << NeuronISA::buildSyncRecord(kernelCode(*Obj, MC, KD, First, End),
                                         *MC.MII)
           << "\n";
  }
  return true;
}

int main(int argc, char **argv) {
  InitLLVM X(argc, argv);
  cl::ParseCommandLineOptions(argc, argv,
                              "the synchronization validator's program "
                              "records of a NeuronISA object\n");
  Expected<std::unique_ptr<MCTools>> MC = MCTools::create();
  if (!MC) {
    WithColor::error(errs(), Tool) << toString(MC.takeError()) << "\n";
    return 2;
  }
  for (const std::string &F : InputFiles)
    if (!printFile(F, **MC))
      return 2;
  return 0;
}
