//===-- ListenerTest.cpp - Events of a run and their listeners ------------===//
//
// Listeners observe a run without changing it, receive the events they
// handle (and control instructions only if they ask), and the trace writer
// shows control instructions and semaphore values.
//
//===----------------------------------------------------------------------===//

#include "Listeners/TraceWriter.h"
#include "Memory.h"
#include "Program.h"
#include "Simulator.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "gtest/gtest.h"

using namespace llvm;
using namespace llvm::neuronisa_sim;
using NeuronISA::MachineParams;

namespace {

/// Counts the events it handles.
struct Counter : SimListener {
  unsigned DataPath = 0, Instructions = 0, Control = 0, Blocked = 0,
           Passed = 0, Issued = 0, Visible = 0, Finished = 0;
  bool WantsControl;
  explicit Counter(bool WantsControl) : WantsControl(WantsControl) {}
  bool wantsControlEvents() const override { return WantsControl; }
  void onDataPath(const DataPathEvent &) override { ++DataPath; }
  void onInstruction(const InstructionEvent &E) override {
    ++Instructions;
    Control += isControlOp(E.I.Kind);
  }
  void onBlocked(const BlockedEvent &) override { ++Blocked; }
  void onWaitPassed(const WaitEvent &) override { ++Passed; }
  void onSemaphoreIssued(const SemaphoreEvent &) override { ++Issued; }
  void onSemaphoreVisible(const SemaphoreEvent &) override { ++Visible; }
  void onFinish(const SimResult &) override { ++Finished; }
};

/// Handles only data-path events.
struct DataOnly : SimListener {
  void onDataPath(const DataPathEvent &) override {}
};

static_assert(handledEvents<DataOnly>() == OnDataPath,
              "a listener handles the events it overrides");
static_assert(handledEvents<Counter>() ==
                  (OnDataPath | OnInstruction | OnBlocked | OnWaitPassed |
                   OnSemaphoreIssued | OnSemaphoreVisible | OnFinish),
              "a listener handles the events it overrides");

// act produces, dve waits for it (blocked), then copies; one loop of two
// iterations of scalar bookkeeping on every stream.
const char *Kernel = "  li r9, 2\n"
                     ".Lloop:\n"
                     "  addi r9, r9, -1\n"
                     "  bne r9, r0, .Lloop\n"
                     "  act.exp [r0+0], [r0+128], 4, 8, 1.0, 0.0, s1\n"
                     "  dve.wait s1, 1\n"
                     "  dve.copy [r0+256], [r0+0], 4, 8, snone\n"
                     "  ret\n";

Program load() {
  MachineParams MP;
  Expected<Program> P = loadProgramFromBuffer(
      MemoryBuffer::getMemBufferCopy(Kernel, "t.s"), "", MP, errs());
  if (!P) {
    ADD_FAILURE() << toString(P.takeError());
    return Program();
  }
  return std::move(*P);
}

SimResult simulate(const Program &P, std::vector<ListenerRef> Listeners,
                   SimOptions Opts = {}) {
  MachineParams MP;
  Memory M(MP);
  Simulator Sim(P, MP, M, Opts, errs());
  for (ListenerRef L : Listeners)
    Sim.addListener(L);
  return Sim.run({});
}

TEST(Listeners, ObserveWithoutChangingTheRun) {
  Program P = load();
  Counter C(true);
  SimResult Plain = simulate(P, {});
  SimResult Observed = simulate(P, {&C});
  ASSERT_EQ(Observed.St, SimResult::Status::Finished);
  EXPECT_EQ(Plain.TotalCycles, Observed.TotalCycles);
  for (unsigned A = 0; A != Plain.Agents.size(); ++A) {
    EXPECT_EQ(Plain.Agents[A].Busy, Observed.Agents[A].Busy) << A;
    EXPECT_EQ(Plain.Agents[A].Stalled, Observed.Agents[A].Stalled) << A;
  }
  EXPECT_EQ(C.DataPath, 2u);
  EXPECT_EQ(C.Blocked, 1u); // dve waits for act
  EXPECT_EQ(C.Passed, 1u);
  EXPECT_EQ(C.Issued, 1u); // act.exp's completion
  EXPECT_EQ(C.Visible, 1u);
  EXPECT_EQ(C.Finished, 1u);
  // li, two addi and two bne and ret on each of 5 streams, plus the wait.
  EXPECT_EQ(C.Control, 5u * 6);
  EXPECT_EQ(C.Instructions, C.Control + 1);
}

TEST(Listeners, ControlInstructionsOnlyWhenAsked) {
  Program P = load();
  Counter C(false);
  simulate(P, {&C});
  EXPECT_EQ(C.Control, 0u);
  EXPECT_EQ(C.Instructions, 1u); // the wait
  EXPECT_EQ(C.DataPath, 2u);
}

TEST(Listeners, NoSynchronizationEventsInTheDataflowLimit) {
  Program P = load();
  Counter C(false);
  SimOptions Ideal;
  Ideal.Ideal = true;
  simulate(P, {&C}, Ideal);
  EXPECT_EQ(C.DataPath, 2u);
  EXPECT_EQ(C.Blocked + C.Passed + C.Issued + C.Visible, 0u);
}

TEST(Listeners, TraceShowsControlAndSemaphoreValues) {
  Program P = load();
  MachineParams MP;
  TraceWriter T(P, NeuronISA::NumStreams + MP.NumDMAQueues);
  simulate(P, {&T});
  std::string Text;
  raw_string_ostream OS(Text);
  T.write(OS);
  Expected<json::Value> V = json::parse(Text);
  ASSERT_TRUE(bool(V)) << toString(V.takeError());
  unsigned Control = 0, Blocked = 0;
  std::vector<int64_t> S1;
  for (const json::Value &E : *V->getAsObject()->getArray("traceEvents")) {
    const json::Object &O = *E.getAsObject();
    StringRef Cat = O.getString("cat").value_or("");
    if (Cat == "control")
      ++Control;
    if (O.getString("name") == "blocked: dve.wait") {
      ++Blocked;
      EXPECT_EQ(O.getObject("args")->getString("semaphore"), "s1");
      EXPECT_EQ(O.getObject("args")->getInteger("threshold"), 1);
    }
    if (O.getString("ph") == "C" && O.getString("name") == "s1")
      S1.push_back(*O.getObject("args")->getInteger("value"));
  }
  EXPECT_EQ(Control, 5u * 6);
  EXPECT_EQ(Blocked, 1u);
  EXPECT_EQ(S1, (std::vector<int64_t>{0, 1})); // from 0, then act's increment
}

} // namespace
