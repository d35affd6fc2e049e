//===-- FunctionEndTest.cpp - Functions never run past their end ----------===//
//
// An engine has nothing after a function: every function must end in `ret`
// or an unconditional branch. The machine verifier (through
// NeuronISAInstrInfo::verifyInstruction) rejects a function whose last
// block can fall through after any pass; canRunPastEnd is the rule.
//
//===----------------------------------------------------------------------===//

#include "MCTargetDesc/NeuronISAMCTargetDesc.h"
#include "NeuronISA.h"
#include "NeuronISAInstrInfo.h"
#include "llvm/CodeGen/MIRParser/MIRParser.h"
#include "llvm/CodeGen/MachineInstrBuilder.h"
#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineModuleInfo.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include "llvm/TargetParser/Triple.h"
#include "gtest/gtest.h"

using namespace llvm;

namespace {

// if (c) t = 1; else t = 2; with a ret in each arm, as isel emits it.
const char *const IfElseMIR = R"MIR(
--- |
  target datalayout = "e-m:e-p:32:32-p1:32:32-p2:32:32-p3:32:32-i64:64-n32-S32"
  target triple = "neuronisa"
  @t = internal addrspace(2) global [128 x [4 x float]] zeroinitializer
  define void @k(i32 %c) {
    ret void
  }
...
---
name: k
tracksRegLiveness: true
body: |
  bb.0:
    successors: %bb.1, %bb.2
    liveins: $r1
    BNE $r1, $r0, %bb.2
    B %bb.1
  bb.1:
    DVE_MEMSET $r0, @t, 0, 1065353216, 128, 4, $snone :: (store (s128) into @t, align 4, addrspace 2)
    RET
  bb.2:
    DVE_MEMSET $r0, @t, 0, 1073741824, 128, 4, $snone :: (store (s128) into @t, align 4, addrspace 2)
    RET
...
)MIR";

class FunctionEndTest : public testing::Test {
protected:
  LLVMContext Ctx;
  std::unique_ptr<TargetMachine> TM;
  std::unique_ptr<Module> M;
  std::unique_ptr<MachineModuleInfo> MMI;
  MachineFunction *MF = nullptr;

  static void SetUpTestSuite() { registerNeuronISATarget(); }

  void SetUp() override {
    std::string Err;
    Triple TT("neuronisa");
    const Target *T = TargetRegistry::lookupTarget(TT, Err);
    ASSERT_NE(T, nullptr) << Err;
    TM.reset(T->createTargetMachine(TT, "", "", TargetOptions(),
                                    std::nullopt));
    ASSERT_NE(TM, nullptr);
    std::unique_ptr<MIRParser> P =
        createMIRParser(MemoryBuffer::getMemBuffer(IfElseMIR), Ctx);
    ASSERT_NE(P, nullptr);
    std::string DL = TM->createDataLayout().getStringRepresentation();
    M = P->parseIRModule([&](StringRef, StringRef) { return DL; });
    ASSERT_NE(M, nullptr);
    MMI = std::make_unique<MachineModuleInfo>(TM.get());
    ASSERT_FALSE(P->parseMachineFunctions(*M, *MMI));
    MF = MMI->getMachineFunction(*M->getFunction("k"));
    ASSERT_NE(MF, nullptr);
  }

  /// The machine verifier's report, empty if MF verifies.
  std::string verify() {
    std::string Report;
    raw_string_ostream OS(Report);
    if (MF->verify(nullptr, nullptr, &OS, /*AbortOnError=*/false))
      return "";
    return Report;
  }

  MachineInstr &lastInstr() { return MF->back().back(); }
};

TEST_F(FunctionEndTest, EndingInRetVerifies) {
  EXPECT_FALSE(NeuronISAInstrInfo::canRunPastEnd(*MF));
  EXPECT_EQ(verify(), "");
}

TEST_F(FunctionEndTest, LostRetIsRejected) {
  lastInstr().eraseFromParent(); // the ret of the laid-out last block
  EXPECT_TRUE(NeuronISAInstrInfo::canRunPastEnd(*MF));
  std::string Report = verify();
  EXPECT_NE(Report.find("lets control run past the end of the function"),
            std::string::npos)
      << Report;
}

TEST_F(FunctionEndTest, UnconditionalBranchEndsAFunction) {
  // bb.2 ends in `b %bb.1`: control never passes its end.
  MachineBasicBlock &Last = MF->back();
  MachineInstr &Ret = lastInstr();
  const TargetInstrInfo &TII = *MF->getSubtarget().getInstrInfo();
  BuildMI(Last, Ret, DebugLoc(), TII.get(NeuronISA::B))
      .addMBB(&*std::next(MF->begin()));
  Last.addSuccessor(&*std::next(MF->begin()));
  Ret.eraseFromParent();
  EXPECT_FALSE(NeuronISAInstrInfo::canRunPastEnd(*MF));
  EXPECT_EQ(verify(), "");
}

TEST_F(FunctionEndTest, ConditionalBranchOrEmptyBlockRunsPast) {
  MachineBasicBlock &Last = MF->back();
  lastInstr().eraseFromParent();
  Last.clear();
  EXPECT_TRUE(NeuronISAInstrInfo::canRunPastEnd(*MF)); // empty last block
  const TargetInstrInfo &TII = *MF->getSubtarget().getInstrInfo();
  BuildMI(&Last, DebugLoc(), TII.get(NeuronISA::BNE))
      .addReg(NeuronISA::R1)
      .addReg(NeuronISA::R0)
      .addMBB(&*std::next(MF->begin()));
  EXPECT_TRUE(NeuronISAInstrInfo::canRunPastEnd(*MF));
}
} // namespace
