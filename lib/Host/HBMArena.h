//===-- HBMArena.h - Host pointers for simulated HBM addresses --*- C++ -*-===//
//
// On the host, a kernel's HBM pointers point into a reserved, inaccessible
// 4 GiB range of address space: the host pointer of the simulator's HBM
// address A is base + A. The runner's buffers keep the simulator's
// addresses (neuronisa_sim::Memory places them, with unmapped gaps between
// them), so a kernel's pointer arithmetic on the host is the simulator's
// address arithmetic, and the runtime turns a pointer back into the address
// it checks against the buffers and reads through. The range itself is
// never accessible: a kernel that loads or stores HBM directly (which
// neuronisa-clang rejects) faults instead of reading something.
//
//===----------------------------------------------------------------------===//

#ifndef NEURONISA_HOST_HBMARENA_H
#define NEURONISA_HOST_HBMARENA_H

#include "llvm/Support/Error.h"
#include <cstdint>
#include <optional>

namespace llvm {
namespace neuronisa_host {

class HBMArena {
public:
  /// Reserves the range (no memory is committed).
  static Expected<HBMArena> reserve();
  HBMArena(HBMArena &&Other) : Base(Other.Base) { Other.Base = nullptr; }
  HBMArena &operator=(HBMArena &&) = delete;
  ~HBMArena();

  /// The host pointer of HBM address Addr.
  void *pointer(uint32_t Addr) const { return Base + Addr; }
  /// The HBM address of P, or nullopt if P is not in the range.
  std::optional<uint32_t> address(const void *P) const {
    uintptr_t A = reinterpret_cast<uintptr_t>(P),
              B = reinterpret_cast<uintptr_t>(Base);
    if (A < B || A - B >= Size)
      return std::nullopt;
    return static_cast<uint32_t>(A - B);
  }

private:
  static constexpr uint64_t Size = uint64_t(1) << 32;
  explicit HBMArena(char *Base) : Base(Base) {}
  char *Base;
};

} // namespace neuronisa_host
} // namespace llvm

#endif
