//===-- SimContext.h - What the stages of one run share ---------*- C++ -*-===//

#ifndef NEURONISA_SIM_STAGES_SIMCONTEXT_H
#define NEURONISA_SIM_STAGES_SIMCONTEXT_H

#include "EventQueue.h"
#include "Memory.h"
#include "Program.h"
#include "SimListener.h"
#include "SimResult.h"
#include "SplitMix64.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/raw_ostream.h"
#include <algorithm>
#include <chrono>
#include <cmath>
#include <vector>

namespace llvm {
namespace neuronisa_sim {

class SimContext {
public:
  SimContext(const Program &P, const NeuronISA::MachineParams &MP, Memory &M,
             const SimOptions &Opts, raw_ostream &ErrOS)
      : P(P), MP(MP), M(M), Opts(Opts), ErrOS(ErrOS),
        Rand(Opts.JitterSeed.value_or(0)) {}

  const Program &P;
  const NeuronISA::MachineParams &MP;
  Memory &M;
  const SimOptions &Opts;
  raw_ostream &ErrOS;

  EventQueue Events;
  uint64_t Now = 0; // time of the event being processed (timed runs)
  SimResult Result;
  bool Failed = false;

  /// Adds a listener after the others: it receives each event after them.
  void addListener(ListenerRef R) {
    for (unsigned K = 0; K != NumSimEventKinds; ++K)
      if (R.Events & (1u << K))
        ByKind[K].push_back(R.L);
    if (R.Events & OnInstruction && R.L->wantsControlEvents())
      ControlListeners.push_back(R.L);
  }
  /// Calls handler Fn of every listener that handles events of Kind, in
  /// order.
  template <typename... Params, typename... Args>
  void notify(SimEventKind Kind, void (SimListener::*Fn)(Params...),
              Args &&...A) const {
    for (SimListener *L : ByKind[__builtin_ctz(Kind)])
      (L->*Fn)(A...);
  }
  /// The listeners of control instructions.
  std::vector<SimListener *> ControlListeners;

  /// A cost C with --jitter: C times an independent draw from U[0.5, 2].
  uint64_t jitter(uint64_t C) {
    if (!Opts.JitterSeed || C == 0)
      return C;
    double U = 0.5 + 1.5 * Rand.unit();
    return std::max<uint64_t>(1, static_cast<uint64_t>(std::llround(C * U)));
  }

  /// Ends the run, with an error at instruction I, if it went past
  /// Opts.MaxCycles (at stream time Time) or its wall-clock time. Streams
  /// check at backward branches and data-path instructions: a run that does
  /// not end passes one or the other without bound. Returns false if the
  /// run ended.
  bool withinLimits(const Inst &I, uint64_t Time) {
    if (Time > Opts.MaxCycles) {
      fail(SimResult::Status::CycleLimit, I,
           "cycle limit reached (--max-cycles=" + Twine(Opts.MaxCycles) +
               ") at cycle " + Twine(Time));
      return false;
    }
    // Reading the clock costs about as much as a control instruction.
    if (Opts.TimeoutSeconds && ++LimitChecks % 256 == 0 &&
        std::chrono::steady_clock::now() > Deadline) {
      fail(SimResult::Status::TimeLimit, I,
           "time limit reached (--timeout=" + Twine(Opts.TimeoutSeconds) +
               " s) at cycle " + Twine(Time));
      return false;
    }
    return true;
  }

  /// Ends the run with status St and an error at instruction I.
  void fail(SimResult::Status St, const Inst &I, const Twine &Msg) {
    if (Failed)
      return;
    Failed = true;
    Result.St = St;
    P.printError(ErrOS, I, Msg);
  }

private:
  std::vector<SimListener *> ByKind[NumSimEventKinds];
  SplitMix64 Rand;
  std::chrono::steady_clock::time_point Deadline =
      std::chrono::steady_clock::now() +
      std::chrono::seconds(std::min<uint64_t>(Opts.TimeoutSeconds,
                                              uint64_t(1) << 40));
  uint64_t LimitChecks = 0;
};

} // namespace neuronisa_sim
} // namespace llvm

#endif
