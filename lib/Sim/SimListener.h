//===-- SimListener.h - Events of a simulation and their listeners -*- C++ -*-===//
//
// The pipeline (engine streams, DMA queues, semaphores) reports what happens
// as events; everything that observes a run without changing its timing is a
// listener: the happens-before tracker, the conflict tracker, the race
// checker, the over-synchronization tracker, the trace writer. A listener is
// added only when asked for, so a run pays only for what it observes (the
// shape of llvm-mca's HWEventListener).
//
// Events are delivered in simulation order, to listeners in the order they
// were added: a listener may read the state of listeners added before it
// (the conflict tracker reads the happens-before clocks, the race checker and
// the over-synchronization tracker read the conflict tracker's result).
//
//===----------------------------------------------------------------------===//

#ifndef NEURONISA_SIM_SIMLISTENER_H
#define NEURONISA_SIM_SIMLISTENER_H

#include "TileAccess.h"
#include <cstdint>
#include <type_traits>

namespace llvm {
namespace neuronisa_sim {

struct EngineStream;
struct Inst;
struct SimResult;

/// A data-path instance starts: an instruction of a stream, or a DMA
/// transfer on its queue (Agent = NumStreams + queue).
struct DataPathEvent {
  uint8_t Agent;
  uint32_t InstIdx;
  const Inst &I;
  uint64_t Seq;     // position in the sequential (program-order) trace
  uint32_t Epoch;   // the agent's data-path instances so far, this one included
  uint64_t Start, Cost;
  /// When the instance's completion is visible to other agents (completion
  /// plus semaphore latency; the completion in --ideal mode).
  uint64_t Visible;
  const ResolvedTile *Tiles;
};

/// Stream Agent (SP) triggers a DMA transfer, which queue Queue runs later
/// (FIFO order).
struct DMATriggerEvent {
  uint8_t Agent;
  uint32_t InstIdx;
  const Inst &I;
  unsigned Queue;
  uint64_t Start, Cost;
};

/// A stream executed a control or synchronization instruction (a wait: once
/// released). Control instructions are reported only to listeners that ask
/// (SimListener::wantsControlEvents): they are most of a run.
struct InstructionEvent {
  uint8_t Agent;
  uint32_t InstIdx;
  const Inst &I;
  uint64_t Start, Cost;
};

/// A stream was blocked from Start to End in a wait whose condition did not
/// hold (Sem, Threshold) or at a barrier (Sem < 0).
struct BlockedEvent {
  uint8_t Agent;
  uint32_t Site; // instruction index of the wait or barrier
  uint64_t Start, End;
  int16_t Sem;
  int32_t Threshold;
};

/// A wait of stream Agent for "Sem >= Threshold" passed; the stream is past
/// it.
struct WaitEvent {
  uint8_t Agent;
  uint16_t Sem;
  int32_t Threshold;
};

/// A semaphore update: an increment (by a completion or an inc) or a set.
/// Issued by Agent at issue time, visible Time cycles later.
struct SemaphoreEvent {
  uint8_t Agent;
  uint16_t Sem;
  bool IsSet;
  int32_t Value; // set: the value; when visible: the semaphore's new value
  uint64_t Time;
  /// Unique among the updates in flight (small, reused): a listener may keep
  /// per-update data in a vector indexed by it, from issue to visibility.
  uint32_t Id;
};

class SimListener {
public:
  virtual ~SimListener();

  /// Before the first event. Streams stay valid for the whole run (a
  /// listener may read their program counters).
  virtual void onStart(const EngineStream *Streams) {}
  virtual void onDataPath(const DataPathEvent &E) {}
  virtual void onDMATrigger(const DMATriggerEvent &E) {}
  /// Control instructions are most of a run: they are reported only to
  /// listeners that also override wantsControlEvents() to return true.
  virtual void onInstruction(const InstructionEvent &E) {}
  virtual bool wantsControlEvents() const { return false; }
  virtual void onBlocked(const BlockedEvent &E) {}
  virtual void onWaitPassed(const WaitEvent &E) {}
  virtual void onSemaphoreIssued(const SemaphoreEvent &E) {}
  virtual void onSemaphoreVisible(const SemaphoreEvent &E) {}
  /// Every agent arrived and drained: all semaphores are reset to 0 at Time.
  virtual void onBarrierRelease(uint64_t Time) {}
  /// After the last event (whatever the status).
  virtual void onFinish(const SimResult &R) {}
};

/// The kinds of events, as bits of a set.
enum SimEventKind : unsigned {
  OnStart = 1u << 0,
  OnDataPath = 1u << 1,
  OnDMATrigger = 1u << 2,
  OnInstruction = 1u << 3,
  OnBlocked = 1u << 4,
  OnWaitPassed = 1u << 5,
  OnSemaphoreIssued = 1u << 6,
  OnSemaphoreVisible = 1u << 7,
  OnBarrierRelease = 1u << 8,
  OnFinish = 1u << 9,
  NumSimEventKinds = 10
};

/// The events listener class L handles: those whose handler it overrides
/// (its own member, not SimListener's). Events a listener ignores cost
/// nothing: the pipeline keeps one list of listeners per kind.
template <class L> constexpr unsigned handledEvents() {
  static_assert(std::is_base_of_v<SimListener, L> &&
                    !std::is_same_v<L, SimListener>,
                "a listener is registered by its own type");
  unsigned M = 0;
#define NEURONISA_HANDLES(Fn, Bit)                                            \
  if (!std::is_same_v<decltype(&L::Fn), decltype(&SimListener::Fn)>)          \
    M |= Bit;
  NEURONISA_HANDLES(onStart, OnStart)
  NEURONISA_HANDLES(onDataPath, OnDataPath)
  NEURONISA_HANDLES(onDMATrigger, OnDMATrigger)
  NEURONISA_HANDLES(onInstruction, OnInstruction)
  NEURONISA_HANDLES(onBlocked, OnBlocked)
  NEURONISA_HANDLES(onWaitPassed, OnWaitPassed)
  NEURONISA_HANDLES(onSemaphoreIssued, OnSemaphoreIssued)
  NEURONISA_HANDLES(onSemaphoreVisible, OnSemaphoreVisible)
  NEURONISA_HANDLES(onBarrierRelease, OnBarrierRelease)
  NEURONISA_HANDLES(onFinish, OnFinish)
#undef NEURONISA_HANDLES
  return M;
}

/// A listener with the events it handles.
struct ListenerRef {
  SimListener *L;
  unsigned Events;
  template <class T>
  ListenerRef(T *Listener) : L(Listener), Events(handledEvents<T>()) {}
};

} // namespace neuronisa_sim
} // namespace llvm

#endif
