//===-- HBMArena.cpp - Host pointers for simulated HBM addresses ----------===//

#include "HBMArena.h"
#include <cerrno>
#include <cstring>
#include <sys/mman.h>

using namespace llvm;
using namespace llvm::neuronisa_host;

Expected<HBMArena> HBMArena::reserve() {
  static_assert(sizeof(void *) == 8, "the HBM range needs a 64-bit host");
  void *P = mmap(nullptr, Size, PROT_NONE,
                 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (P == MAP_FAILED)
    return createStringError(Twine("cannot reserve 4 GiB of address space "
                                   "for HBM pointers: ") +
                             std::strerror(errno));
  return HBMArena(static_cast<char *>(P));
}

HBMArena::~HBMArena() {
  if (Base)
    munmap(Base, Size);
}
