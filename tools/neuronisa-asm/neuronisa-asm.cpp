//===-- neuronisa-asm.cpp - Parse and print NeuronISA assembly ------------===//
//
// The llvm-mc of NeuronISA: llvm-mc cannot load an out-of-tree target, so
// this tool drives the target's assembly parser and printer. It checks that
// assembly parses (errors carry file:line:col) and prints it back in
// canonical form, which round-trip tests compare with what llc printed
// (--show-encoding adds each instruction's bytes and fixups), or assembles
// it into an ELF object (-filetype=obj), the same object llc writes.
//
//===----------------------------------------------------------------------===//

#include "MCTargetDesc/NeuronISAMachineModel.h"
#include "MCTargetDesc/NeuronISATargetStreamer.h"
#include "TargetInfo/NeuronISATargetInfo.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/MC/MCAsmBackend.h"
#include "llvm/MC/MCAsmInfo.h"
#include "llvm/MC/MCCodeEmitter.h"
#include "llvm/MC/MCContext.h"
#include "llvm/MC/MCInstPrinter.h"
#include "llvm/MC/MCInstrInfo.h"
#include "llvm/MC/MCObjectWriter.h"
#include "llvm/MC/MCObjectFileInfo.h"
#include "llvm/MC/MCParser/MCAsmParser.h"
#include "llvm/MC/MCParser/MCTargetAsmParser.h"
#include "llvm/MC/MCRegisterInfo.h"
#include "llvm/MC/MCStreamer.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/MCTargetOptions.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormattedStream.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/WithColor.h"
#include "llvm/TargetParser/Triple.h"

using namespace llvm;

static cl::opt<std::string> InputFilename(cl::Positional,
                                          cl::desc("<input .s>"),
                                          cl::init("-"));
static cl::opt<std::string> OutputFilename("o", cl::desc("Output file"),
                                           cl::value_desc("filename"),
                                           cl::init("-"));
enum class FileType { Asm, Obj };
static cl::opt<FileType>
    OutputType("filetype", cl::init(FileType::Asm),
               cl::desc("Output file type (default: asm)"),
               cl::values(clEnumValN(FileType::Asm, "asm", "Assembly"),
                          clEnumValN(FileType::Obj, "obj", "ELF object")));
static cl::opt<bool>
    ShowEncoding("show-encoding",
                 cl::desc("Show each instruction's encoding (assembly output)"));
static cl::opt<std::string>
    MCPU("mcpu",
         cl::desc("Machine preset (generic, trn1, trn2); a .neuronisa_cpu "
                  "directive naming another is an error"),
         cl::value_desc("NAME"), cl::init("generic"));
static cl::opt<bool> PreserveComments(
    "preserve-comments",
    cl::desc("Copy the input's comments to the assembly output"));

/// The streamer of the output: assembly (with --show-encoding, each
/// instruction's encoding as a comment) or an ELF object, written to Out
/// (through BOS if Out cannot seek).
static std::unique_ptr<MCStreamer>
createOutputStreamer(const Target &T, MCContext &Ctx, const MCAsmInfo &MAI,
                     const MCInstrInfo &MII, const MCRegisterInfo &MRI,
                     const MCSubtargetInfo &STI, const MCTargetOptions &Options,
                     ToolOutputFile &Out,
                     std::unique_ptr<buffer_ostream> &BOS) {
  if (OutputType == FileType::Asm) {
    std::unique_ptr<MCInstPrinter> IP(
        T.createMCInstPrinter(Ctx.getTargetTriple(), 0, MAI, MII, MRI));
    std::unique_ptr<MCCodeEmitter> CE;
    std::unique_ptr<MCAsmBackend> MAB;
    if (ShowEncoding) {
      CE.reset(T.createMCCodeEmitter(MII, Ctx));
      MAB.reset(T.createMCAsmBackend(STI, MRI, Options));
    }
    auto FOut = std::make_unique<formatted_raw_ostream>(Out.os());
    return std::unique_ptr<MCStreamer>(T.createAsmStreamer(
        Ctx, std::move(FOut), std::move(IP), std::move(CE), std::move(MAB)));
  }
  raw_pwrite_stream *OS = &Out.os();
  if (!Out.os().supportsSeeking()) {
    BOS = std::make_unique<buffer_ostream>(Out.os());
    OS = BOS.get();
  }
  std::unique_ptr<MCAsmBackend> MAB(T.createMCAsmBackend(STI, MRI, Options));
  std::unique_ptr<MCObjectWriter> OW = MAB->createObjectWriter(*OS);
  return std::unique_ptr<MCStreamer>(T.createMCObjectStreamer(
      Ctx.getTargetTriple(), Ctx, std::move(MAB), std::move(OW),
      std::unique_ptr<MCCodeEmitter>(T.createMCCodeEmitter(MII, Ctx)), STI));
}

int main(int argc, char **argv) {
  InitLLVM X(argc, argv);
  LLVMInitializeNeuronISATargetInfo();
  LLVMInitializeNeuronISATargetMC();
  LLVMInitializeNeuronISAAsmParser();
  cl::ParseCommandLineOptions(argc, argv, "NeuronISA assembler\n");
  StringRef Tool = "neuronisa-asm";

  ErrorOr<std::unique_ptr<MemoryBuffer>> Buf =
      MemoryBuffer::getFileOrSTDIN(InputFilename, /*IsText=*/true);
  if (std::error_code EC = Buf.getError()) {
    WithColor::error(errs(), Tool)
        << "cannot open '" << InputFilename << "': " << EC.message() << "\n";
    return 1;
  }
  SourceMgr SrcMgr;
  SrcMgr.AddNewSourceBuffer(std::move(*Buf), SMLoc());

  Triple TT("neuronisa");
  std::string Err;
  const Target *T = TargetRegistry::lookupTarget(TT, Err);
  if (!T) {
    WithColor::error(errs(), Tool) << Err << "\n";
    return 1;
  }
  MCTargetOptions Options;
  Options.ShowMCEncoding = ShowEncoding;
  Options.AsmVerbose = ShowEncoding; // encodings are comments
  std::unique_ptr<MCRegisterInfo> MRI(T->createMCRegInfo(TT));
  std::unique_ptr<MCAsmInfo> MAI(T->createMCAsmInfo(*MRI, TT, Options));
  // Like llvm-mc: tests check the output with FileCheck directives written
  // as comments in the input, which must not reappear in the output.
  MAI->setPreserveAsmComments(PreserveComments);
  std::unique_ptr<MCInstrInfo> MII(T->createMCInstrInfo());
  std::unique_ptr<MCSubtargetInfo> STI(
      T->createMCSubtargetInfo(TT, MCPU, ""));
  if (!NeuronISA::getMachineParams(MCPU)) {
    WithColor::error(errs(), Tool)
        << "unknown CPU '" << MCPU << "' (-mcpu: "
        << join(NeuronISA::getCPUNames(), ", ") << ")\n";
    return 1;
  }
  MCContext Ctx(TT, MAI.get(), MRI.get(), STI.get(), &SrcMgr, &Options);
  MCObjectFileInfo MOFI;
  MOFI.initMCObjectFileInfo(Ctx, /*PIC=*/false);
  Ctx.setObjectFileInfo(&MOFI);

  std::error_code EC;
  auto Out = std::make_unique<ToolOutputFile>(
      OutputFilename, EC,
      OutputType == FileType::Obj ? sys::fs::OF_None : sys::fs::OF_Text);
  if (EC) {
    WithColor::error(errs(), Tool)
        << "cannot open '" << OutputFilename << "': " << EC.message() << "\n";
    return 1;
  }
  std::unique_ptr<buffer_ostream> BOS; // an object needs a seekable stream
  std::unique_ptr<MCStreamer> Str =
      createOutputStreamer(*T, Ctx, *MAI, *MII, *MRI, *STI, Options, *Out, BOS);
  std::unique_ptr<MCAsmParser> Parser(
      createMCAsmParser(SrcMgr, Ctx, *Str, *MAI));
  std::unique_ptr<MCTargetAsmParser> TAP(
      T->createMCAsmParser(*STI, *Parser, *MII, Options));
  if (!TAP) {
    WithColor::error(errs(), Tool) << "no assembly parser for NeuronISA\n";
    return 1;
  }
  Parser->setTargetParser(*TAP);
  // The CPU, first: a directive in the output, e_flags in an object.
  if (auto *TS = static_cast<NeuronISATargetStreamer *>(Str->getTargetStreamer()))
    TS->emitCPU(MCPU);
  if (Parser->Run(/*NoInitialTextSection=*/false) || Ctx.hadError())
    return 1; // the parser, the encoder or the assembler printed the errors
  Str.reset(); // flushes the object into BOS
  BOS.reset();
  Out->keep();
  return 0;
}
