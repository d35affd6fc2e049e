//===-- EngineStream.h - One engine's instruction stream --------*- C++ -*-===//
//
// Each of PE, ACT, DVE, POOL and SP runs the whole program with its own
// program counter and registers. Control instructions (scalar ALU, branches)
// are executed by every stream, locally; data-path and engine
// synchronization instructions only by the engine they belong to.
//
//===----------------------------------------------------------------------===//

#ifndef NEURONISA_SIM_STAGES_ENGINESTREAM_H
#define NEURONISA_SIM_STAGES_ENGINESTREAM_H

#include "Program.h"
#include "llvm/Support/Compiler.h"
#include <cstdint>

namespace llvm {
namespace neuronisa_sim {

struct EngineStream {
  enum class State : uint8_t { Running, Waiting, AtBarrier, Done };
  uint32_t PC = 0;
  uint64_t Seq = 0;  // sequential-trace position of PC
  uint64_t Time = 0; // when the stream is free
  State St = State::Running;
  uint64_t BlockStart = 0; // waiting or at a barrier since
  int32_t Threshold = 0;   // of the wait it is blocked in
  uint32_t Epoch = 0;      // data-path instances so far
  /// Next[PC]: the first instruction at or after PC this stream executes.
  const uint32_t *Next = nullptr;
  int32_t Regs[NumRegSlots] = {};
};

/// What a control instruction did.
enum class ControlResult : uint8_t { Next, Return, DivisionByZero };

inline int32_t shiftAmount(int32_t V) { return V & 31; }

/// Executes control instruction I on registers R. NextPC holds PC + 1 on
/// entry; a taken branch sets it to its target. Scalars are 32-bit two's
/// complement with wrap-around; shift amounts are taken mod 32.
LLVM_ATTRIBUTE_ALWAYS_INLINE ControlResult
executeControl(const Inst &I, int32_t *R, uint32_t &NextPC) {
  uint32_t a = static_cast<uint32_t>(R[I.Ra]),
           b = static_cast<uint32_t>(R[I.Rb]);
  switch (I.Kind) {
  case Op::Add: R[I.Rd] = int32_t(a + b); break;
  case Op::Sub: R[I.Rd] = int32_t(a - b); break;
  case Op::Mul: R[I.Rd] = int32_t(a * b); break;
  case Op::DivS:
  case Op::RemS:
    if (b == 0)
      return ControlResult::DivisionByZero;
    if (int32_t(a) == INT32_MIN && int32_t(b) == -1)
      R[I.Rd] = I.Kind == Op::DivS ? INT32_MIN : 0;
    else
      R[I.Rd] = I.Kind == Op::DivS ? int32_t(a) / int32_t(b)
                                   : int32_t(a) % int32_t(b);
    break;
  case Op::DivU:
  case Op::RemU:
    if (b == 0)
      return ControlResult::DivisionByZero;
    R[I.Rd] = int32_t(I.Kind == Op::DivU ? a / b : a % b);
    break;
  case Op::And: R[I.Rd] = int32_t(a & b); break;
  case Op::Or: R[I.Rd] = int32_t(a | b); break;
  case Op::Xor: R[I.Rd] = int32_t(a ^ b); break;
  case Op::Shl: R[I.Rd] = int32_t(a << shiftAmount(b)); break;
  case Op::Srl: R[I.Rd] = int32_t(a >> shiftAmount(b)); break;
  case Op::Sra: R[I.Rd] = int32_t(a) >> shiftAmount(b); break;
  case Op::Seq: R[I.Rd] = a == b; break;
  case Op::Sne: R[I.Rd] = a != b; break;
  case Op::Slt: R[I.Rd] = int32_t(a) < int32_t(b); break;
  case Op::Sltu: R[I.Rd] = a < b; break;
  case Op::AddI: R[I.Rd] = int32_t(a + uint32_t(I.Imm)); break;
  case Op::MulI: R[I.Rd] = int32_t(a * uint32_t(I.Imm)); break;
  case Op::AndI: R[I.Rd] = int32_t(a & uint32_t(I.Imm)); break;
  case Op::OrI: R[I.Rd] = int32_t(a | uint32_t(I.Imm)); break;
  case Op::XorI: R[I.Rd] = int32_t(a ^ uint32_t(I.Imm)); break;
  case Op::ShlI: R[I.Rd] = int32_t(a << shiftAmount(I.Imm)); break;
  case Op::SrlI: R[I.Rd] = int32_t(a >> shiftAmount(I.Imm)); break;
  case Op::SraI: R[I.Rd] = int32_t(a) >> shiftAmount(I.Imm); break;
  case Op::Li: R[I.Rd] = I.Imm; break;
  case Op::Mov: R[I.Rd] = int32_t(a); break;
  case Op::Sel: R[I.Rd] = R[I.Rc] ? int32_t(a) : int32_t(b); break;
  case Op::Nop: break;
  case Op::B: NextPC = I.Target; break;
  case Op::Beq: if (a == b) NextPC = I.Target; break;
  case Op::Bne: if (a != b) NextPC = I.Target; break;
  case Op::Blt: if (int32_t(a) < int32_t(b)) NextPC = I.Target; break;
  case Op::Bge: if (int32_t(a) >= int32_t(b)) NextPC = I.Target; break;
  case Op::Bltu: if (a < b) NextPC = I.Target; break;
  case Op::Bgeu: if (a >= b) NextPC = I.Target; break;
  case Op::Ret:
    return ControlResult::Return;
  default:
    break;
  }
  return ControlResult::Next;
}

} // namespace neuronisa_sim
} // namespace llvm

#endif
