//===-- NativeKernel.cpp - A host-built kernel loaded and called ----------===//

#include "NativeKernel.h"
#include <csetjmp>
#include <csignal>
#include <cstring>
#include <dlfcn.h>
#include <ffi.h>
#include <link.h>
#include <ucontext.h>
#include <unistd.h>
#include <vector>

using namespace llvm;
using namespace llvm::neuronisa_host;

Expected<NativeKernel> NativeKernel::load(StringRef Path) {
  // dlopen searches the library path for a name without a slash.
  std::string P = Path.contains('/') ? Path.str() : "./" + Path.str();
  void *H = dlopen(P.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!H)
    return createStringError(Twine("cannot load '") + Path + "': " +
                             dlerror());
  struct link_map *LM = nullptr;
  if (dlinfo(H, RTLD_DI_LINKMAP, &LM) != 0 || !LM)
    return createStringError(Twine("cannot read the load address of '") +
                             Path + "': " + dlerror());
  return NativeKernel(H, static_cast<uintptr_t>(LM->l_addr));
}

Expected<void *> NativeKernel::function(StringRef Name) const {
  dlerror();
  void *F = dlsym(Handle, Name.str().c_str());
  if (!F)
    return createStringError("no function '" + Name + "' in the kernel");
  return F;
}

std::string neuronisa_host::signalName(int Signal) {
  switch (Signal) {
  case SIGSEGV:
    return "SIGSEGV";
  case SIGBUS:
    return "SIGBUS";
  case SIGFPE:
    return "SIGFPE";
  case SIGILL:
    return "SIGILL";
  case SIGABRT:
    return "SIGABRT";
  case SIGALRM:
    return "SIGALRM";
  }
  return "signal " + std::to_string(Signal);
}

//===----------------------------------------------------------------------===//
// The guarded call
//===----------------------------------------------------------------------===//

static sigjmp_buf GuardEnv;
static volatile sig_atomic_t CaughtSignal;
static volatile uintptr_t CaughtAddress, CaughtPC;
static const int GuardedSignals[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT,
                                     SIGALRM};

/// Leaves the kernel's code for callKernel (siglongjmp is how a handler of
/// a synchronous signal may resume elsewhere).
static void onSignal(int Signal, siginfo_t *Info, void *Context) {
  CaughtSignal = Signal;
  CaughtAddress = reinterpret_cast<uintptr_t>(Info->si_addr);
  CaughtPC = 0;
#if defined(__x86_64__)
  CaughtPC = static_cast<uintptr_t>(
      static_cast<ucontext_t *>(Context)->uc_mcontext.gregs[REG_RIP]);
#elif defined(__aarch64__)
  CaughtPC =
      static_cast<uintptr_t>(static_cast<ucontext_t *>(Context)->uc_mcontext.pc);
#endif
  siglongjmp(GuardEnv, 1);
}

namespace {
/// Installs the handlers (on their own stack, so that a stack overflow is
/// caught too) and the alarm; restores everything when it goes.
class SignalGuard {
public:
  explicit SignalGuard(unsigned TimeoutSeconds)
      : AltStack(std::max<size_t>(SIGSTKSZ, 64 * 1024)) {
    stack_t SS{};
    SS.ss_sp = AltStack.data();
    SS.ss_size = AltStack.size();
    sigaltstack(&SS, &OldStack);
    struct sigaction SA {};
    SA.sa_sigaction = onSignal;
    SA.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&SA.sa_mask);
    for (unsigned I = 0; I != std::size(GuardedSignals); ++I)
      sigaction(GuardedSignals[I], &SA, &Old[I]);
    alarm(TimeoutSeconds);
  }
  ~SignalGuard() {
    alarm(0);
    for (unsigned I = 0; I != std::size(GuardedSignals); ++I)
      sigaction(GuardedSignals[I], &Old[I], nullptr);
    sigaltstack(&OldStack, nullptr);
  }

private:
  std::vector<char> AltStack;
  stack_t OldStack{};
  struct sigaction Old[std::size(GuardedSignals)];
};
} // namespace

Expected<CallOutcome> neuronisa_host::callKernel(void *Fn,
                                                 ArrayRef<NativeArg> Args,
                                                 bool ReturnsInt,
                                                 unsigned TimeoutSeconds) {
  std::vector<ffi_type *> Types;
  std::vector<void *> Values;
  std::vector<uint64_t> Storage(Args.size());
  for (auto [I, A] : enumerate(Args)) {
    if (A.Kind == NativeArg::Pointer) {
      Types.push_back(&ffi_type_pointer);
      std::memcpy(&Storage[I], &A.Value, sizeof(void *));
    } else {
      Types.push_back(A.Kind == NativeArg::Signed ? &ffi_type_sint32
                                                  : &ffi_type_uint32);
      uint32_t V = static_cast<uint32_t>(A.Value);
      std::memcpy(&Storage[I], &V, sizeof(V));
    }
    Values.push_back(&Storage[I]);
  }
  ffi_cif Cif;
  if (ffi_prep_cif(&Cif, FFI_DEFAULT_ABI, Types.size(),
                   ReturnsInt ? &ffi_type_sint32 : &ffi_type_void,
                   Types.data()) != FFI_OK)
    return createStringError("libffi cannot describe the kernel's call");

  CallOutcome Out;
  SignalGuard Guard(TimeoutSeconds);
  if (sigsetjmp(GuardEnv, /*savesigs=*/1)) {
    Out.Kind = CaughtSignal == SIGALRM ? CallOutcome::Timeout
                                       : CallOutcome::Signal;
    Out.SignalNumber = CaughtSignal;
    Out.FaultAddress = CaughtAddress;
    Out.PC = CaughtPC;
    return Out;
  }
  ffi_arg Result = 0;
  ffi_call(&Cif, FFI_FN(Fn), &Result, Values.data());
  return Out;
}
