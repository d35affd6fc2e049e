//===- NeuronISA.cpp - NeuronISA ABI and code generation info -------------===//
//
// How clang lowers a NeuronISA kernel's signature (docs/KernelInterface.md):
// scalar arguments in r1..r8, integers of at most 32 bits extended to i32 as
// their type's signedness says, __hbm pointers as they are; the result, if
// any, an int. Structs and unions by value are passed and returned
// indirectly (byval, sret) as clang's default ABI does: the kernel
// interface has no memory to pass them in, and the backend's kernel
// verifier reports such an argument or result at its source line ("argument
// 1 is a struct passed by value"), the same error tools/neuronisa-clang
// gives, whose out-of-tree clang uses this default ABI for the unknown
// architecture.
//
//===----------------------------------------------------------------------===//

#include "ABIInfoImpl.h"
#include "TargetInfo.h"

using namespace clang;
using namespace clang::CodeGen;

namespace {

class NeuronISATargetCodeGenInfo : public TargetCodeGenInfo {
public:
  NeuronISATargetCodeGenInfo(CodeGen::CodeGenTypes &CGT)
      : TargetCodeGenInfo(std::make_unique<DefaultABIInfo>(CGT)) {}
};

} // namespace

std::unique_ptr<TargetCodeGenInfo>
CodeGen::createNeuronISATargetCodeGenInfo(CodeGenModule &CGM) {
  return std::make_unique<NeuronISATargetCodeGenInfo>(CGM.getTypes());
}
