//===-- NeuronISASyncVerify.cpp - Validating the emitted code -------------===//

#include "NeuronISASyncVerify.h"
#include "NeuronISASyncPass.h"
#include "MCTargetDesc/NeuronISABaseInfo.h"
#include "MCTargetDesc/NeuronISAMCTargetDesc.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/Function.h"
#include "llvm/MC/MCExpr.h"
#include "llvm/MC/MCInstPrinter.h"
#include "llvm/MC/MCInstrInfo.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace llvm::NeuronISA;

static cl::opt<bool> VerifySync(
    "neuronisa-verify-sync",
    cl::desc("Check the synchronization of the emitted code with the "
             "translation validator (neuronisa-sync-check); a rejection is "
             "an error"),
    cl::init(false));

static cl::opt<std::string> VerifySyncTool(
    "neuronisa-verify-sync-tool",
    cl::desc("The neuronisa-sync-check that -neuronisa-verify-sync runs"),
    cl::init(NEURONISA_BIN_DIR "/neuronisa-sync-check"), cl::Hidden);

bool NeuronISA::verifySyncEnabled() { return VerifySync; }

/// Errors always; remarks (precision notes, functions not checked) only
/// with -pass-remarks-analysis=neuronisa-verify-sync.
static void diagnose(const MachineFunction &MF, const Twine &Msg,
                     DiagnosticSeverity Sev) {
  const Function &F = MF.getFunction();
  if (Sev == DS_Error) {
    F.getContext().diagnose(DiagnosticInfoUnsupported(F, Msg));
    return;
  }
  OptimizationRemarkAnalysis R("neuronisa-verify-sync", "Validator",
                               DiagnosticLocation(), &F.getEntryBlock());
  R << Msg.str();
  F.getContext().diagnose(R);
}

/// Runs the checker on Record; its output, or an error message.
static Expected<std::string> runChecker(StringRef Record, int &Status) {
  SmallString<128> In, Out;
  if (std::error_code EC =
          sys::fs::createTemporaryFile("neuronisa-verify-sync", "json", In))
    return createStringError(EC, "cannot create a temporary file");
  if (std::error_code EC =
          sys::fs::createTemporaryFile("neuronisa-verify-sync", "txt", Out))
    return createStringError(EC, "cannot create a temporary file");
  {
    std::error_code EC;
    raw_fd_ostream OS(In, EC);
    OS << Record << "\n";
  }
  std::optional<StringRef> Redirects[] = {std::nullopt, StringRef(Out),
                                          StringRef(Out)};
  std::string Tool = VerifySyncTool;
  std::string ErrMsg;
  Status = sys::ExecuteAndWait(Tool, {Tool, In.str()}, std::nullopt,
                               Redirects, 0, 0, &ErrMsg);
  ErrorOr<std::unique_ptr<MemoryBuffer>> Text = MemoryBuffer::getFile(Out);
  sys::fs::remove(In);
  sys::fs::remove(Out);
  if (Status < 0 || !Text)
    return createStringError("cannot run the validator '" + Tool + "'" +
                             (ErrMsg.empty() ? "" : ": " + ErrMsg));
  return (*Text)->getBuffer().str();
}

/// Whether the code has an instruction only the barrier algorithm emits.
static bool hasBarrierModeSync(ArrayRef<CodeInst> Insts,
                               const MCInstrInfo &MII) {
  return llvm::any_of(Insts, [&](const CodeInst &CI) {
    SyncKind Kind = getSyncKind(MII.get(CI.MI.getOpcode()));
    return Kind == SyncKind::Inc || Kind == SyncKind::SemSet ||
           Kind == SyncKind::Barrier;
  });
}

void EmittedCode::verify(const MachineFunction &MF, const MCInstrInfo &MII,
                         MCInstPrinter &Printer, const MCSubtargetInfo &STI) {
  CodeKernel K;
  K.Name = MF.getName().str();
  // Barrier-mode code (inc, semset, barrier) is outside the validator's
  // model; hand-written synchronization (none) is the author's.
  if (!isPreciseSyncRequested()) {
    diagnose(MF, "synchronization validator: " + K.Name +
                     ": not checked (-neuronisa-verify-sync checks precise "
                     "synchronization)", DS_Remark);
    return;
  }
  // A function whose counters did not fit falls back to the barrier
  // algorithm (a SyncFallback remark): its code is barrier-mode code too.
  if (hasBarrierModeSync(Insts, MII)) {
    diagnose(MF, "synchronization validator: " + K.Name +
                     ": not checked (barrier synchronization: the function "
                     "fell back to the barrier algorithm; "
                     "-neuronisa-verify-sync checks precise synchronization)",
             DS_Remark);
    return;
  }
  for (const Argument &A : MF.getFunction().args()) {
    unsigned I = A.getArgNo();
    if (I >= 8)
      break;
    K.NumArgs = I + 1;
    if (A.getType()->isPointerTy() &&
        A.getType()->getPointerAddressSpace() == NeuronISAAS::HBM) {
      K.HBMArgs |= 1u << I;
      if (A.hasNoAliasAttr())
        K.NoAliasArgs |= 1u << I;
    }
  }
  uint64_t Addr = 0;
  for (CodeInst &CI : Insts) {
    const MCInstrDesc &D = MII.get(CI.MI.getOpcode());
    if (D.isBranch()) {
      int T = getNamedOperandIdx(CI.MI.getOpcode(), OpName::t);
      const MCOperand &MO = CI.MI.getOperand(T);
      if (MO.isExpr())
        if (const auto *SR = dyn_cast<MCSymbolRefExpr>(MO.getExpr())) {
          auto It = Labels.find(&SR->getSymbol());
          if (It != Labels.end() && It->second < Insts.size())
            CI.Target = It->second;
        }
    }
    std::string Text;
    raw_string_ostream OS(Text);
    Printer.printInst(&CI.MI, Addr, "", STI, OS);
    CI.Text = K.Name + "+0x" + utohexstr(Addr, true) + ":" +
              StringRef(Text).trim().str();
    Addr += isDataPath(D) ? 32 : 8;
  }
  K.Insts = std::move(Insts);
  int Status = 0;
  Expected<std::string> Out = runChecker(buildSyncRecord(K, MII), Status);
  if (!Out) {
    diagnose(MF, "-neuronisa-verify-sync: " + toString(Out.takeError()),
             DS_Error);
    return;
  }
  SmallVector<StringRef, 8> Lines;
  StringRef(*Out).split(Lines, '\n', -1, false);
  for (StringRef L : Lines) {
    L = L.trim();
    if (L.starts_with("note: ") && !L.contains("functions from objects"))
      diagnose(MF, "synchronization validator: " + K.Name + ": " + L, DS_Remark);
    else if (Status != 0 && !L.starts_with("summary:") &&
             !L.starts_with("note:"))
      diagnose(MF, "synchronization validator rejects the emitted code of " +
                       K.Name + ": " + L, DS_Error);
  }
}
