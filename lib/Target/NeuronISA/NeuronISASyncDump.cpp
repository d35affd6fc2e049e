//===-- NeuronISASyncDump.cpp - Sync output for the validator -------------===//
//
// The JSON record of one function (proofs/README.md documents every field):
//   {"function": name, "mode": "precise"|"barrier", "fallbacks": [why...],
//    "entry": block, "agents": [name...], "engines": [name...],
//    "blocks": [{"id", "name", "succs": [id...], "insts": [inst...]}],
//    "sites": [{"id", "agent", "engine", "sem": index|null, "block"}],
//    "groups": [{"agent", "producers": [site...], "consumers": [site...]}]}
// with inst one of
//   {"op": "site", "site": id}                      a data-path instruction
//   {"op": "wait", "engine", "sem", "reg", "imm"}   engine waits sem >= reg + imm
//                                                   (reg 0: the constant form)
//   {"op": "li", "dst", "imm"}                      dst = imm
//   {"op": "addi", "dst", "src", "imm"}             dst = src + imm
//   {"op": "def", "reg"}                            any other write of reg
//   {"op": "sync", "kind": "inc"|"semset"|"barrier", "engine"}
// Registers are GPR numbers (0 reads as zero), semaphores s<index>, engines
// the Engine enumerators (1 PE .. 5 SP), agents AgentId.
//
//===----------------------------------------------------------------------===//

#include "NeuronISASyncDump.h"
#include "MCTargetDesc/NeuronISABaseInfo.h"
#include "MCTargetDesc/NeuronISAMCTargetDesc.h"
#include "NeuronISA.h"
#include "NeuronISADependenceAnalysis.h"
#include "NeuronISAInstrInfo.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineInstr.h"
#include "llvm/CodeGen/TargetInstrInfo.h"
#include "llvm/CodeGen/TargetSubtargetInfo.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace llvm::NeuronISA;

static cl::opt<std::string> SyncDumpFile(
    "neuronisa-sync-dump", cl::Hidden, cl::value_desc("file"),
    cl::desc("Write each function's synchronization (CFG, sites, "
             "conflicts, waits, register updates) as JSON Lines for "
             "neuronisa-sync-check"));

bool NeuronISA::isSyncDumpRequested() { return !SyncDumpFile.empty(); }

namespace {

/// Writes the instructions of one block that the validator interprets.
class InstWriter {
public:
  InstWriter(json::OStream &J, const DenseMap<const MachineInstr *, unsigned> &SiteOf)
      : J(J), SiteOf(SiteOf) {}

  void write(const MachineInstr &MI) {
    const MCInstrDesc &D = MI.getDesc();
    if (auto It = SiteOf.find(&MI); It != SiteOf.end()) {
      J.object([&] {
        J.attribute("op", "site");
        J.attribute("site", It->second);
      });
      return;
    }
    switch (getSyncKind(D)) {
    case SyncKind::Wait:
      writeWait(MI, /*Reg=*/0, named(MI, OpName::thr).getImm());
      return;
    case SyncKind::WaitReg:
      writeWait(MI, getGPRIndex(named(MI, OpName::r).getReg()),
                named(MI, OpName::off).getImm());
      return;
    case SyncKind::Inc:
      return writeSync(MI, "inc");
    case SyncKind::SemSet:
      return writeSync(MI, "semset");
    case SyncKind::Barrier:
      return writeSync(MI, "barrier");
    case SyncKind::None:
      break;
    }
    if (MI.getOpcode() == NeuronISA::LI && named(MI, OpName::imm).isImm()) {
      J.object([&] {
        J.attribute("op", "li");
        J.attribute("dst", getGPRIndex(named(MI, OpName::rd).getReg()));
        J.attribute("imm", named(MI, OpName::imm).getImm());
      });
      return;
    }
    if (MI.getOpcode() == NeuronISA::ADDI && named(MI, OpName::ra).isReg() &&
        named(MI, OpName::imm).isImm()) {
      J.object([&] {
        J.attribute("op", "addi");
        J.attribute("dst", getGPRIndex(named(MI, OpName::rd).getReg()));
        J.attribute("src", getGPRIndex(named(MI, OpName::ra).getReg()));
        J.attribute("imm", named(MI, OpName::imm).getImm());
      });
      return;
    }
    // Anything else that writes a scalar register makes its value unknown
    // to the validator (a call clobbers through its register mask: every
    // register the mask does not preserve).
    for (const MachineOperand &MO : MI.operands()) {
      if (MO.isRegMask()) {
        for (unsigned I = 1; I < 32; ++I)
          if (MO.clobbersPhysReg(getGPR(I)))
            writeDef(I);
        continue;
      }
      if (!MO.isReg() || !MO.isDef())
        continue;
      int I = getGPRIndex(MO.getReg());
      if (I > 0)
        writeDef(I);
    }
  }

private:
  json::OStream &J;
  const DenseMap<const MachineInstr *, unsigned> &SiteOf;

  /// MI's operand Name (the instruction has it).
  static const MachineOperand &named(const MachineInstr &MI, OpName Name) {
    return *NeuronISAInstrInfo::getNamedOperand(MI, Name);
  }

  void writeWait(const MachineInstr &MI, int Reg, int64_t Imm) {
    J.object([&] {
      J.attribute("op", "wait");
      J.attribute("engine", unsigned(getEngine(MI.getDesc())));
      J.attribute("sem", getSemaphoreIndex(named(MI, OpName::s).getReg()));
      J.attribute("reg", Reg);
      J.attribute("imm", Imm);
    });
  }
  void writeSync(const MachineInstr &MI, StringRef Kind) {
    J.object([&] {
      J.attribute("op", "sync");
      J.attribute("kind", Kind);
      J.attribute("engine", unsigned(getEngine(MI.getDesc())));
    });
  }
  void writeDef(int Reg) {
    J.object([&] {
      J.attribute("op", "def");
      J.attribute("reg", Reg);
    });
  }
};

} // namespace

void NeuronISA::dumpSyncForValidation(const MachineFunction &MF,
                                      const EngineDependences &DI, StringRef Mode,
                                      ArrayRef<std::string> Fallbacks) {
  // The first function of the process truncates the file, the others append.
  static bool Started = false;
  std::error_code EC;
  raw_fd_ostream OS(SyncDumpFile, EC,
                    Started ? sys::fs::OF_Append : sys::fs::OF_None);
  if (EC) {
    MF.getFunction().getContext().diagnose(DiagnosticInfoGeneric(
        Twine("cannot write -neuronisa-sync-dump file '") + SyncDumpFile +
        "': " + EC.message()));
    return;
  }
  Started = true;

  ArrayRef<SyncSite> Sites = DI.sites();
  DenseMap<const MachineInstr *, unsigned> SiteOf;
  for (unsigned S = 0; S < Sites.size(); ++S)
    SiteOf[Sites[S].MI] = S;

  json::OStream J(OS);
  J.object([&] {
    J.attribute("function", MF.getName());
    J.attribute("mode", Mode);
    J.attributeArray("fallbacks", [&] {
      for (const std::string &Why : Fallbacks)
        J.value(Why);
    });
    J.attribute("entry", MF.front().getNumber());
    J.attributeArray("agents", [&] {
      // Sync agents: a sub-agent (EngineDependences::splitAgents) is an
      // agent of its own here, with a semaphore of its own. The groups
      // relate only sites of different hardware units: two sub-agents of
      // one unit are ordered by the unit (proofs/README.md, "Assumed").
      for (AgentId A = 0; A < DI.numSyncAgents(); ++A)
        J.value(DI.syncAgentName(A));
    });
    J.attributeArray("engines", [&] {
      for (unsigned E = 0; E <= NumStreams; ++E)
        J.value(engineName(static_cast<Engine>(E)));
    });
    J.attributeArray("blocks", [&] {
      InstWriter W(J, SiteOf);
      for (const MachineBasicBlock &MBB : MF) {
        if (!DI.isReachable(MBB))
          continue;
        J.object([&] {
          J.attribute("id", MBB.getNumber());
          J.attribute("name", MBB.getName());
          J.attributeArray("succs", [&] {
            for (const MachineBasicBlock *S : MBB.successors())
              J.value(S->getNumber());
          });
          J.attributeArray("insts", [&] {
            for (const MachineInstr &MI : MBB)
              W.write(MI);
          });
        });
      }
    });
    J.attributeArray("sites", [&] {
      for (unsigned S = 0; S < Sites.size(); ++S) {
        const SyncSite &Site = Sites[S];
        const MachineInstr &MI = *Site.MI;
        const MachineOperand &Sem =
            *NeuronISAInstrInfo::getNamedOperand(MI, OpName::sem);
        int SemIdx = Sem.isReg() ? getSemaphoreIndex(Sem.getReg()) : -1;
        J.object([&] {
          J.attribute("id", S);
          J.attribute("agent", Site.Agent);
          J.attribute("engine", unsigned(Site.WaitEngine));
          if (SemIdx >= 0)
            J.attribute("sem", SemIdx);
          else
            J.attribute("sem", nullptr);
          J.attribute("block", Site.MBB->getNumber());
        });
      }
    });
    J.attributeArray("groups", [&] {
      for (const DependenceGroup &G : DI.groups())
        J.object([&] {
          J.attribute("agent", G.Producer);
          J.attributeArray("producers", [&] {
            for (unsigned P : G.Producers)
              J.value(P);
          });
          J.attributeArray("consumers", [&] {
            for (unsigned C : G.Consumers)
              J.value(C);
          });
        });
    });
  });
  OS << "\n";
}
