//===-- Simulator.cpp - Cycle-level multi-engine execution ----------------===//

#include "Simulator.h"
#include "Listeners/DependenceTracker.h"
#include "Listeners/HappensBefore.h"
#include "Listeners/OverSync.h"
#include "Listeners/RaceChecker.h"
#include "Stages/DataflowStage.h"
#include "Stages/Pipeline.h"
#include "Stages/SemaphoreStage.h"

using namespace llvm;
using namespace llvm::neuronisa_sim;

SimListener::~SimListener() = default;

Simulator::Simulator(const Program &P, const NeuronISA::MachineParams &MP,
                     Memory &M, const SimOptions &Opts, raw_ostream &ErrOS)
    : P(P), MP(MP), M(M), Opts(Opts), ErrOS(ErrOS) {}

Simulator::~Simulator() = default;

SimResult Simulator::run(ArrayRef<int32_t> Args) {
  SimContext Ctx(P, MP, M, Opts, ErrOS);
  // Checkers, each after the ones it reads (SimListener.h).
  bool CheckRaces = !Opts.Ideal && Opts.CheckRaces;
  bool CheckOverSync = !Opts.Ideal && Opts.CheckOverSync;
  HB.reset(CheckRaces ? new HappensBefore(P, MP) : nullptr);
  Deps.reset(CheckRaces || CheckOverSync
                 ? new DependenceTracker(P, M, HB.get())
                 : nullptr);
  Races.reset(CheckRaces ? new RaceChecker(P, *Deps, ErrOS) : nullptr);
  OverSync.reset(CheckOverSync ? new OverSyncTracker(NeuronISA::NumStreams,
                                                     MP.NumDMAQueues,
                                                     Deps.get())
                               : nullptr);
  if (HB)
    Ctx.addListener(HB.get());
  if (Deps)
    Ctx.addListener(Deps.get());
  if (Races)
    Ctx.addListener(Races.get());
  if (OverSync)
    Ctx.addListener(OverSync.get());
  for (ListenerRef L : Extra)
    Ctx.addListener(L);

  if (Opts.Ideal)
    Pipeline<DataflowStage>(Ctx).run(Args);
  else
    Pipeline<SemaphoreStage>(Ctx).run(Args);
  return std::move(Ctx.Result);
}
