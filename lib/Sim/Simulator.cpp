//===-- Simulator.cpp - Cycle-level multi-engine execution ----------------===//

#include "Simulator.h"
#include "DataPath.h"
#include "Precision.h"
#include "RaceChecker.h"
#include "Trace.h"
#include "llvm/Support/Format.h"
#include <algorithm>
#include <cmath>
#include <deque>
#include <queue>

using namespace llvm;
using namespace llvm::neuronisa_sim;
using NeuronISA::NumStreams;

namespace {

/// splitmix64: small, fast and deterministic per seed.
class Rng {
public:
  explicit Rng(uint64_t Seed) : State(Seed) {}
  uint64_t next() {
    uint64_t Z = (State += 0x9e3779b97f4a7c15ull);
    Z = (Z ^ (Z >> 30)) * 0xbf58476d1ce4e5b9ull;
    Z = (Z ^ (Z >> 27)) * 0x94d049bb133111ebull;
    return Z ^ (Z >> 31);
  }
  /// Uniform in [0, 1).
  double unit() { return (next() >> 11) * (1.0 / 9007199254740992.0); }

private:
  uint64_t State;
};

enum class EvKind : uint8_t { SemInc, SemSet, Barrier, Queue, Stream };

/// Events with equal keys run semaphore updates first, then the barrier,
/// then queues, then streams; among equals, in the order they were created.
inline unsigned evClass(EvKind K) {
  switch (K) {
  case EvKind::SemInc:
  case EvKind::SemSet:
    return 0;
  case EvKind::Barrier:
    return 1;
  case EvKind::Queue:
    return 2;
  case EvKind::Stream:
    return 3;
  }
  return 3;
}

struct Event {
  uint64_t Key; // time (timed mode) or sequence number (ideal mode)
  uint64_t Order;
  EvKind Kind;
  uint8_t Agent;
  int16_t Sem;
  int32_t Value;
  uint32_t Clock; // index into the clock pool, or ~0u
  bool operator>(const Event &O) const {
    if (Key != O.Key)
      return Key > O.Key;
    unsigned A = evClass(Kind), B = evClass(O.Kind);
    if (A != B)
      return A > B;
    return Order > O.Order;
  }
};

struct Stream {
  enum class State : uint8_t { Running, Waiting, AtBarrier, Done };
  uint32_t PC = 0;
  uint64_t Seq = 0;  // sequential-trace position of PC
  uint64_t Time = 0; // when the stream is free
  State St = State::Running;
  uint64_t BlockStart = 0;
  int32_t Threshold = 0;
  uint32_t Epoch = 0;
  VectorClock VC;
  const uint32_t *Next = nullptr;
  int32_t Regs[NumRegSlots] = {};
};

struct Transfer {
  uint32_t InstIdx;
  uint64_t Seq;
  uint64_t ReadyAt;
  ResolvedTile Tiles[2];
  VectorClock VC;
  BlockedList Guards;
};

struct Queue {
  std::deque<Transfer> FIFO;
  uint64_t FreeAt = 0;
  bool Scheduled = false;
  uint32_t Epoch = 0;
  VectorClock VC;
};

} // namespace

class Simulator::Impl {
public:
  Impl(const Program &P, const NeuronISA::MachineParams &MP, Memory &M,
       const SimOptions &Opts, raw_ostream &ErrOS)
      : P(P), MP(MP), M(M), Opts(Opts), ErrOS(ErrOS),
        Rand(Opts.JitterSeed.value_or(0)), Precision(NumStreams) {}

  SimResult run(ArrayRef<int32_t> Args);

private:
  // Set-up.
  void buildSkipTables();
  void buildWaitReach();
  /// True if stream A, at its current PC, can reach a wait on Sem without
  /// passing a barrier (or is blocked in one).
  bool mayWaitOn(unsigned A, unsigned Sem) const {
    const Stream &S = Streams[A];
    return (WaitReach[A][size_t(S.PC) * ReachWords + Sem / 64] >> (Sem % 64)) &
           1;
  }
  /// Drops the semaphore history entries of Sem that no future wait needs.
  void pruneSemClocks(unsigned Sem) {
    const VectorClock *W[NumStreams];
    unsigned N = 0;
    for (unsigned A = 0; A != NumStreams; ++A)
      if (mayWaitOn(A, Sem))
        W[N++] = &Streams[A].VC;
    size_t Kept = SemClocks.prune(Sem, ArrayRef<const VectorClock *>(W, N));
    NextPrune[Sem] = std::max<size_t>(64, 2 * Kept);
  }
  /// After a wait acquired from Sem: prune unless the history is short.
  void pruneAfterAcquire(unsigned Sem) {
    if (SemClocks.size(Sem) >= 8)
      pruneSemClocks(Sem);
  }
  // Event loop.
  void push(uint64_t Key, EvKind K, uint8_t Agent, int16_t Sem = -1,
            int32_t Value = 0, uint32_t Clock = ~0u) {
    Events.push({Key, NextOrder++, K, Agent, Sem, Value, Clock});
  }
  /// True if nothing is scheduled before Key, so a stream may go on.
  bool mayRunAt(uint64_t Key) const {
    return Events.empty() || Key < Events.top().Key;
  }
  void runStream(unsigned A);
  bool data(unsigned A, Stream &S, const Inst &I);
  bool sync(unsigned A, Stream &S, const Inst &I);
  /// Tells the conflict checker every tile access of I (tiles resolved to T).
  void recordAccesses(const Inst &I, const ResolvedTile *T);
  /// Ideal mode: when every earlier conflicting instance of I's accesses has
  /// completed (a probe: nothing is recorded).
  uint64_t dependencesDone(unsigned A, uint64_t Seq, uint32_t Epoch,
                           uint32_t InstIdx, const Inst &I,
                           const ResolvedTile *T);
  void startTransfer(unsigned Q);
  void semUpdate(const Event &E);
  void wake(unsigned Sem);
  void maybeScheduleBarrier();
  void releaseBarrier();
  void reportDeadlock();
  void fail(SimResult::Status St, const Inst &I, const Twine &Msg) {
    if (Failed)
      return;
    Failed = true;
    Result.St = St;
    P.printError(ErrOS, I, Msg);
  }
  uint32_t saveClock(const VectorClock &VC) {
    if (!FreeClocks.empty()) {
      uint32_t K = FreeClocks.back();
      FreeClocks.pop_back();
      ClockPool[K] = VC;
      return K;
    }
    ClockPool.push_back(VC);
    return ClockPool.size() - 1;
  }
  uint64_t jitter(uint64_t C) {
    if (!Opts.JitterSeed || C == 0)
      return C;
    double U = 0.5 + 1.5 * Rand.unit();
    return std::max<uint64_t>(1, static_cast<uint64_t>(std::llround(C * U)));
  }
  uint64_t semLatency() { return jitter(MP.SemaphoreLatency); }
  void trace(unsigned Agent, const Inst &I, uint64_t Start, uint64_t Dur,
             StringRef Cat) {
    if (Opts.Trace)
      Opts.Trace->complete(Agent, P.name(I), Start, Dur, I.Line, Cat);
  }

  const Program &P;
  const NeuronISA::MachineParams &MP;
  Memory &M;
  SimOptions Opts;
  raw_ostream &ErrOS;
  Rng Rand;

  std::vector<std::vector<uint32_t>> SkipTables;
  /// WaitReach[A][PC * ReachWords + w]: bit set of the semaphores that stream
  /// A can wait on from PC before any barrier (race checking only).
  std::vector<std::vector<uint64_t>> WaitReach;
  unsigned ReachWords = 0;
  std::vector<size_t> NextPrune; // history size that triggers a prune
  Stream Streams[NumStreams];
  std::vector<Queue> Queues;
  std::vector<int32_t> Sems;
  std::vector<SmallVector<uint8_t, 2>> Waiters;
  SemaphoreClocks SemClocks;
  std::vector<VectorClock> ClockPool;
  std::vector<uint32_t> FreeClocks;

  std::priority_queue<Event, std::vector<Event>, std::greater<Event>> Events;
  uint64_t NextOrder = 0;
  uint64_t Now = 0;
  uint64_t PendingSemEvents = 0;
  unsigned AtBarrier = 0;
  uint32_t BarrierInst = 0;
  bool BarrierScheduled = false;
  bool Failed = false;
  bool CheckHB = false, TrackConflicts = false, TrackPrecision = false;

  std::unique_ptr<RaceChecker> Checker;
  PrecisionTracker Precision;
  SimResult Result;
};

void Simulator::Impl::buildSkipTables() {
  unsigned N = P.Insts.size();
  SkipTables.assign(NumStreams, std::vector<uint32_t>(N + 1, N));
  for (unsigned A = 0; A != NumStreams; ++A) {
    std::vector<uint32_t> &T = SkipTables[A];
    for (unsigned K = N; K-- > 0;) {
      const Inst &I = P.Insts[K];
      T[K] = (I.Agent == NoAgent || I.Agent == A) ? K : T[K + 1];
    }
    Streams[A].Next = T.data();
  }
}

void Simulator::Impl::buildWaitReach() {
  // Backward may-analysis over the CFG, to a fixed point: the semaphores of
  // A's waits at or after PC, not looking past a barrier (a barrier resets
  // every semaphore history before anyone passes it).
  unsigned N = P.Insts.size();
  ReachWords = (MP.NumSemaphores + 63) / 64;
  WaitReach.assign(NumStreams,
                   std::vector<uint64_t>(size_t(N + 1) * ReachWords, 0));
  for (unsigned A = 0; A != NumStreams; ++A) {
    std::vector<uint64_t> &R = WaitReach[A];
    auto orInto = [&](unsigned To, unsigned From) {
      bool Changed = false;
      From = std::min(From, N);
      for (unsigned W = 0; W != ReachWords; ++W) {
        uint64_t &D = R[size_t(To) * ReachWords + W];
        uint64_t V = D | R[size_t(From) * ReachWords + W];
        Changed |= V != D;
        D = V;
      }
      return Changed;
    };
    for (bool Changed = true; Changed;) {
      Changed = false;
      for (unsigned K = N; K-- > 0;) {
        const Inst &I = P.Insts[K];
        switch (I.Kind) {
        case Op::Barrier:
        case Op::Ret:
          break;
        case Op::B:
          Changed |= orInto(K, I.Target);
          break;
        case Op::Beq:
        case Op::Bne:
        case Op::Blt:
        case Op::Bge:
        case Op::Bltu:
        case Op::Bgeu:
          Changed |= orInto(K, I.Target);
          Changed |= orInto(K, K + 1);
          break;
        default:
          Changed |= orInto(K, K + 1);
          break;
        }
        if ((I.Kind == Op::Wait || I.Kind == Op::WaitR) && I.Agent == A &&
            I.Sem >= 0) {
          uint64_t &D = R[size_t(K) * ReachWords + I.Sem / 64];
          uint64_t Bit = uint64_t(1) << (I.Sem % 64);
          Changed |= !(D & Bit);
          D |= Bit;
        }
      }
    }
  }
}

SimResult Simulator::Impl::run(ArrayRef<int32_t> Args) {
  Result = SimResult();
  Result.Agents.resize(NumStreams + MP.NumDMAQueues);
  buildSkipTables();
  Queues.resize(MP.NumDMAQueues);
  Sems.assign(MP.NumSemaphores, 0);
  Waiters.resize(MP.NumSemaphores);
  SemClocks.resize(MP.NumSemaphores);

  CheckHB = !Opts.Ideal && Opts.CheckRaces;
  TrackPrecision = !Opts.Ideal && Opts.CheckPrecision;
  TrackConflicts = Opts.Ideal || CheckHB || TrackPrecision;
  if (TrackConflicts)
    Checker = std::make_unique<RaceChecker>(P, M, CheckHB, ErrOS);
  if (CheckHB) {
    buildWaitReach();
    NextPrune.assign(MP.NumSemaphores, 64);
  }
  Result.RacesChecked = CheckHB;
  Result.PrecisionChecked = TrackPrecision;

  for (unsigned A = 0; A != NumStreams; ++A) {
    Stream &S = Streams[A];
    S.PC = P.Entry;
    for (unsigned K = 0; K != Args.size() && K < 8; ++K)
      S.Regs[1 + K] = Args[K];
    push(0, EvKind::Stream, A);
  }

  while (!Events.empty() && !Failed) {
    Event E = Events.top();
    Events.pop();
    if (!Opts.Ideal)
      Now = E.Key;
    switch (E.Kind) {
    case EvKind::SemInc:
    case EvKind::SemSet:
      semUpdate(E);
      break;
    case EvKind::Barrier:
      releaseBarrier();
      break;
    case EvKind::Queue:
      startTransfer(E.Agent);
      break;
    case EvKind::Stream:
      runStream(E.Agent);
      break;
    }
    if (AtBarrier == NumStreams && !BarrierScheduled)
      maybeScheduleBarrier();
  }

  if (!Failed) {
    bool AllDone = true;
    for (const Stream &S : Streams)
      AllDone &= S.St == Stream::State::Done;
    if (!AllDone)
      reportDeadlock();
  }

  // Totals.
  for (unsigned A = 0; A != NumStreams; ++A) {
    AgentStats &St = Result.Agents[A];
    St.Used = true;
    St.Finish = Streams[A].Time;
    Result.SimulatedInstructions += St.Instructions;
    Result.DynamicInstructions =
        std::max(Result.DynamicInstructions, Streams[A].Seq);
  }
  for (unsigned Q = 0; Q != Queues.size(); ++Q) {
    AgentStats &St = Result.Agents[NumStreams + Q];
    St.Finish = Queues[Q].FreeAt;
    Result.SimulatedInstructions += St.Instructions;
  }
  for (const AgentStats &St : Result.Agents)
    Result.TotalCycles = std::max(Result.TotalCycles, St.Finish);
  if (Checker) {
    Result.Races = Checker->numRaces();
    Result.RacePairs = Checker->races().size();
  }
  if (TrackPrecision) {
    Precision.finish();
    Result.OverSyncCycles = Precision.totalOver();
    Result.TrailingBlockedCycles = Precision.totalTrailing();
    for (const auto &KV : Precision.sites())
      Result.Sites.push_back({KV.first, KV.second.Blocks,
                              KV.second.BlockedCycles, KV.second.OverCycles,
                              KV.second.OverInstances});
    llvm::sort(Result.Sites, [](const OverSyncSite &A, const OverSyncSite &B) {
      if (A.OverCycles != B.OverCycles)
        return A.OverCycles > B.OverCycles;
      return A.Inst < B.Inst;
    });
  }
  return std::move(Result);
}

//===----------------------------------------------------------------------===//
// Streams
//===----------------------------------------------------------------------===//

static inline int32_t shiftAmount(int32_t V) { return V & 31; }

void Simulator::Impl::runStream(unsigned A) {
  Stream &S = Streams[A];
  AgentStats &St = Result.Agents[A];
  const Inst *Insts = P.Insts.data();
  const uint32_t N = P.Insts.size();
  const uint32_t *Next = S.Next;
  int32_t *R = S.Regs;
  const uint64_t Limit = Opts.MaxInstructions;
  uint32_t PC = S.PC;
  uint64_t Seq = S.Seq, Time = S.Time, Busy = 0, Executed = 0;

  auto save = [&] {
    S.PC = PC;
    S.Seq = Seq;
    S.Time = Time;
    St.Busy += Busy;
    St.Instructions += Executed;
    Busy = Executed = 0;
  };

  for (;;) {
    uint32_t NPC = Next[PC];
    Seq += NPC - PC;
    PC = NPC;
    if (PC >= N) { // fell off the end: like ret
      save();
      S.St = Stream::State::Done;
      return;
    }
    const Inst &I = Insts[PC];
    if (isControlOp(I.Kind)) {
      ++Executed;
      Busy += I.Cost;
      Time += I.Cost;
      ++Seq;
      uint32_t NextPC = PC + 1;
      uint32_t a = static_cast<uint32_t>(R[I.Ra]),
               b = static_cast<uint32_t>(R[I.Rb]);
      switch (I.Kind) {
      case Op::Add: R[I.Rd] = int32_t(a + b); break;
      case Op::Sub: R[I.Rd] = int32_t(a - b); break;
      case Op::Mul: R[I.Rd] = int32_t(a * b); break;
      case Op::DivS:
      case Op::RemS:
        if (b == 0) {
          save();
          fail(SimResult::Status::RuntimeError, I, "division by zero");
          return;
        }
        if (int32_t(a) == INT32_MIN && int32_t(b) == -1)
          R[I.Rd] = I.Kind == Op::DivS ? INT32_MIN : 0;
        else
          R[I.Rd] = I.Kind == Op::DivS ? int32_t(a) / int32_t(b)
                                       : int32_t(a) % int32_t(b);
        break;
      case Op::DivU:
      case Op::RemU:
        if (b == 0) {
          save();
          fail(SimResult::Status::RuntimeError, I, "division by zero");
          return;
        }
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
        save();
        S.St = Stream::State::Done;
        return;
      default:
        break;
      }
      if (NextPC <= PC && Seq > Limit) {
        save();
        fail(SimResult::Status::InstructionLimit, I,
             "instruction limit reached (--max-instructions=" + Twine(Limit) +
                 "): the kernel does not terminate?");
        return;
      }
      PC = NextPC;
      continue;
    }

    if (Opts.Ideal && !I.isData()) {
      // Synchronization is ignored in ideal mode, at no cost.
      ++Executed;
      ++St.SyncInstructions;
      ++PC;
      ++Seq;
      continue;
    }

    // An instruction that interacts with other agents: process it in global
    // order (time, or program order in ideal mode).
    uint64_t Key = Opts.Ideal ? Seq : Time;
    if (!Opts.Ideal && Time > Now) {
      if (!mayRunAt(Time)) {
        save();
        push(Time, EvKind::Stream, A);
        return;
      }
      Now = Time;
    } else if (Opts.Ideal && !mayRunAt(Key)) {
      save();
      push(Key, EvKind::Stream, A);
      return;
    }
    save();
    bool Continue = I.isData() ? data(A, S, I) : sync(A, S, I);
    if (!Continue || Failed)
      return;
    PC = S.PC;
    Seq = S.Seq;
    Time = S.Time;
  }
}

/// Executes data-path instruction I of stream A at S.Time (timed: == Now).
/// Advances S past it. Returns false if the stream must stop.
bool Simulator::Impl::data(unsigned A, Stream &S, const Inst &I) {
  AgentStats &St = Result.Agents[A];
  ResolvedTile T[3];
  std::string Err = resolveTiles(I, S.Regs, M, T);
  if (!Err.empty()) {
    fail(SimResult::Status::RuntimeError, I, Err);
    return false;
  }
  uint32_t InstIdx = static_cast<uint32_t>(&I - P.Insts.data());
  uint64_t Cost = jitter(I.Cost);
  ++St.Instructions;
  St.Busy += Cost;

  if (I.isDMA()) {
    // SP triggers; queue I.Queue moves the data.
    Queue &Q = Queues[I.Queue];
    if (Opts.Ideal && TrackConflicts) {
      // A queue cannot wait: whatever synchronizes a transfer holds SP
      // before the trigger. So does the dataflow limit, or it would be a
      // bound no synchronization of this machine can reach.
      uint64_t D = dependencesDone(NumStreams + I.Queue, S.Seq, Q.Epoch + 1,
                                   InstIdx, I, T);
      if (D > S.Time) {
        St.Stalled += D - S.Time;
        S.Time = D;
      }
    }
    Transfer Tr;
    Tr.InstIdx = InstIdx;
    Tr.Seq = S.Seq;
    Tr.ReadyAt = S.Time + Cost;
    Tr.Tiles[0] = T[0];
    Tr.Tiles[1] = T[1];
    if (CheckHB)
      Tr.VC = S.VC;
    if (TrackPrecision)
      Tr.Guards = Precision.take(A);
    trace(A, I, S.Time, Cost, "dma-trigger");
    Q.FIFO.push_back(std::move(Tr));
    if (!Q.Scheduled) {
      Q.Scheduled = true;
      const Transfer &F = Q.FIFO.front();
      push(Opts.Ideal ? F.Seq : std::max(F.ReadyAt, Q.FreeAt), EvKind::Queue,
           I.Queue);
    }
    S.Time += Cost;
  } else {
    uint64_t Start = S.Time;
    uint32_t Epoch = ++S.Epoch;
    if (CheckHB)
      S.VC.C[A] = Epoch;
    uint64_t Lat = Opts.Ideal ? 0 : semLatency();
    BlockedList Guards;
    if (TrackPrecision)
      Guards = Precision.take(A);
    if (TrackConflicts) {
      if (Opts.Ideal) {
        // Dataflow limit: start when every earlier conflict completed.
        uint64_t D = dependencesDone(A, S.Seq, Epoch, InstIdx, I, T);
        if (D > Start) {
          St.Stalled += D - Start;
          Start = D;
        }
      }
      Checker->begin(A, S.Seq, Epoch, InstIdx, Start + Cost + Lat,
                     CheckHB ? &S.VC : nullptr);
      recordAccesses(I, T);
      uint64_t D = Checker->end();
      if (TrackPrecision)
        Precision.consumer(Guards, D);
    }
    executeDataPath(I, T, M);
    trace(A, I, Start, Cost, "data");
    S.Time = Start + Cost;
    if (I.Sem >= 0 && !Opts.Ideal) {
      ++PendingSemEvents;
      push(S.Time + Lat, EvKind::SemInc, A, I.Sem, 1,
           CheckHB ? saveClock(S.VC) : ~0u);
    }
  }
  ++S.PC;
  ++S.Seq;
  return true;
}

/// Executes synchronization instruction I of stream A at Now.
bool Simulator::Impl::sync(unsigned A, Stream &S, const Inst &I) {
  AgentStats &St = Result.Agents[A];
  if (Opts.Ideal) {
    // Ignored: the dataflow limit needs no synchronization.
    ++St.Instructions;
    ++St.SyncInstructions;
    ++S.PC;
    ++S.Seq;
    return true;
  }
  switch (I.Kind) {
  case Op::Wait:
  case Op::WaitR: {
    int32_t Thr = I.Kind == Op::Wait
                      ? I.Imm
                      : int32_t(uint32_t(S.Regs[I.Ra]) + uint32_t(I.Imm));
    if (int32_t(uint32_t(Sems[I.Sem]) - uint32_t(Thr)) >= 0) {
      ++St.Instructions;
      ++St.SyncInstructions;
      St.Busy += I.Cost;
      S.Time += I.Cost;
      ++S.PC;
      ++S.Seq;
      if (CheckHB) {
        S.VC.join(SemClocks.acquire(I.Sem, Thr));
        pruneAfterAcquire(I.Sem);
      }
      return true;
    }
    S.St = Stream::State::Waiting;
    S.Threshold = Thr;
    S.BlockStart = Now;
    Waiters[I.Sem].push_back(static_cast<uint8_t>(A));
    return false;
  }
  case Op::Inc:
  case Op::SemSet: {
    ++St.Instructions;
    ++St.SyncInstructions;
    St.Busy += I.Cost;
    S.Time += I.Cost;
    ++PendingSemEvents;
    push(S.Time + semLatency(),
         I.Kind == Op::Inc ? EvKind::SemInc : EvKind::SemSet,
         static_cast<uint8_t>(A), I.Sem, I.Kind == Op::Inc ? 1 : I.Imm,
         CheckHB ? saveClock(S.VC) : ~0u);
    ++S.PC;
    ++S.Seq;
    return true;
  }
  case Op::Barrier:
    S.St = Stream::State::AtBarrier;
    S.BlockStart = Now;
    BarrierInst = S.PC;
    ++AtBarrier;
    return false;
  default:
    fail(SimResult::Status::RuntimeError, I, "unexpected instruction");
    return false;
  }
}

//===----------------------------------------------------------------------===//
// Semaphores, queues, barrier
//===----------------------------------------------------------------------===//

void Simulator::Impl::semUpdate(const Event &E) {
  --PendingSemEvents;
  if (E.Kind == EvKind::SemInc) {
    Sems[E.Sem] = int32_t(uint32_t(Sems[E.Sem]) + 1);
    if (CheckHB) {
      SemClocks.increment(E.Sem, ClockPool[E.Clock]);
      size_t Kept = SemClocks.size(E.Sem);
      Result.MaxSemaphoreHistory =
          std::max<uint64_t>(Result.MaxSemaphoreHistory, Kept);
      if (Kept >= NextPrune[E.Sem])
        pruneSemClocks(E.Sem);
    }
  } else {
    Sems[E.Sem] = E.Value;
    if (CheckHB)
      SemClocks.set(E.Sem, E.Value, ClockPool[E.Clock]);
  }
  if (E.Clock != ~0u)
    FreeClocks.push_back(E.Clock);
  if (!Waiters[E.Sem].empty())
    wake(E.Sem);
}

void Simulator::Impl::wake(unsigned Sem) {
  SmallVector<uint8_t, 2> &W = Waiters[Sem];
  for (size_t K = 0; K < W.size();) {
    unsigned A = W[K];
    Stream &S = Streams[A];
    if (int32_t(uint32_t(Sems[Sem]) - uint32_t(S.Threshold)) < 0) {
      ++K;
      continue;
    }
    W.erase(W.begin() + K);
    const Inst &I = P.Insts[S.PC];
    AgentStats &St = Result.Agents[A];
    if (CheckHB) {
      S.VC.join(SemClocks.acquire(Sem, S.Threshold));
      // Once past the wait: the stream may not wait on Sem again.
      ++S.PC;
      pruneAfterAcquire(Sem);
      --S.PC;
    }
    St.Stalled += Now - S.BlockStart;
    if (TrackPrecision)
      Precision.blocked(A, S.PC, S.BlockStart, Now);
    if (Opts.Trace)
      Opts.Trace->complete(A, "blocked: " + P.name(I).str(), S.BlockStart,
                           Now - S.BlockStart, I.Line, "sync");
    ++St.Instructions;
    ++St.SyncInstructions;
    St.Busy += I.Cost;
    S.Time = Now + I.Cost;
    S.St = Stream::State::Running;
    ++S.PC;
    ++S.Seq;
    push(S.Time, EvKind::Stream, static_cast<uint8_t>(A));
  }
}

void Simulator::Impl::recordAccesses(const Inst &I, const ResolvedTile *T) {
  for (unsigned K = 0; K != I.NumTiles; ++K) {
    const TileOperand &TO = I.Tiles[K];
    if (TO.Space == NeuronISA::MemSpace::HBM)
      Checker->accessHBM(T[K].Buf, T[K].Addr, TO.Partitions, TO.FreeElems,
                         TO.RowStride, TO.Reads, TO.Writes);
    else
      Checker->accessOnChip(T[K].Reg, T[K].Addr, TO.PartStart, TO.Partitions,
                            TO.FreeElems, TO.Reads, TO.Writes);
  }
}

uint64_t Simulator::Impl::dependencesDone(unsigned A, uint64_t Seq,
                                          uint32_t Epoch, uint32_t InstIdx,
                                          const Inst &I,
                                          const ResolvedTile *T) {
  Checker->begin(A, Seq, Epoch, InstIdx, 0, nullptr);
  Checker->setProbe(true);
  recordAccesses(I, T);
  uint64_t D = Checker->end();
  Checker->setProbe(false);
  return D;
}

void Simulator::Impl::startTransfer(unsigned QIdx) {
  Queue &Q = Queues[QIdx];
  Transfer Tr = std::move(Q.FIFO.front());
  Q.FIFO.pop_front();
  unsigned A = NumStreams + QIdx;
  AgentStats &St = Result.Agents[A];
  St.Used = true;
  const Inst &I = P.Insts[Tr.InstIdx];
  uint64_t Start = Opts.Ideal ? std::max(Q.FreeAt, Tr.ReadyAt) : Now;
  uint64_t Cost = jitter(I.DMACycles);
  uint64_t Lat = Opts.Ideal ? 0 : semLatency();
  uint32_t Epoch = ++Q.Epoch;
  if (CheckHB) {
    Q.VC.join(Tr.VC);
    Q.VC.C[A] = Epoch;
  }
  if (TrackConflicts) {
    if (Opts.Ideal) {
      uint64_t D = dependencesDone(A, Tr.Seq, Epoch, Tr.InstIdx, I, Tr.Tiles);
      if (D > Start) {
        St.Stalled += D - Start;
        Start = D;
      }
    }
    Checker->begin(A, Tr.Seq, Epoch, Tr.InstIdx, Start + Cost + Lat,
                   CheckHB ? &Q.VC : nullptr);
    recordAccesses(I, Tr.Tiles);
    uint64_t D = Checker->end();
    if (TrackPrecision)
      Precision.consumer(Tr.Guards, D);
  }
  executeDataPath(I, Tr.Tiles, M);
  trace(A, I, Start, Cost, "dma");
  ++St.Instructions;
  St.Busy += Cost;
  Q.FreeAt = Start + Cost;
  if (I.Sem >= 0 && !Opts.Ideal) {
    ++PendingSemEvents;
    push(Q.FreeAt + Lat, EvKind::SemInc, static_cast<uint8_t>(A), I.Sem, 1,
         CheckHB ? saveClock(Q.VC) : ~0u);
  }
  if (Q.FIFO.empty()) {
    Q.Scheduled = false;
  } else {
    const Transfer &F = Q.FIFO.front();
    push(Opts.Ideal ? F.Seq : std::max(F.ReadyAt, Q.FreeAt), EvKind::Queue,
         static_cast<uint8_t>(QIdx));
  }
}

void Simulator::Impl::maybeScheduleBarrier() {
  // Drain: every queue empty, every semaphore update applied.
  if (PendingSemEvents)
    return;
  uint64_t Drained = Now;
  for (const Queue &Q : Queues) {
    if (!Q.FIFO.empty())
      return;
    Drained = std::max(Drained, Q.FreeAt);
  }
  BarrierScheduled = true;
  push(Drained + P.Insts[BarrierInst].Cost, EvKind::Barrier, 0);
}

void Simulator::Impl::releaseBarrier() {
  VectorClock Joined;
  if (CheckHB) {
    for (const Stream &S : Streams)
      Joined.join(S.VC);
    for (const Queue &Q : Queues)
      Joined.join(Q.VC);
    for (Stream &S : Streams)
      S.VC = Joined;
    for (Queue &Q : Queues)
      Q.VC = Joined;
  }
  for (unsigned K = 0; K != Sems.size(); ++K) {
    Sems[K] = 0;
    if (CheckHB)
      SemClocks.set(K, 0, Joined);
  }
  for (unsigned A = 0; A != NumStreams; ++A) {
    Stream &S = Streams[A];
    AgentStats &St = Result.Agents[A];
    const Inst &I = P.Insts[S.PC];
    St.Stalled += Now - S.BlockStart;
    if (TrackPrecision)
      Precision.blocked(A, S.PC, S.BlockStart, Now);
    if (Opts.Trace)
      Opts.Trace->complete(A, "barrier", S.BlockStart, Now - S.BlockStart,
                           I.Line, "sync");
    ++St.Instructions;
    ++St.SyncInstructions;
    S.Time = Now;
    S.St = Stream::State::Running;
    ++S.PC;
    ++S.Seq;
    push(Now, EvKind::Stream, static_cast<uint8_t>(A));
  }
  AtBarrier = 0;
  BarrierScheduled = false;
}

void Simulator::Impl::reportDeadlock() {
  Result.St = SimResult::Status::Deadlock;
  ErrOS << "error: deadlock at cycle " << Now
        << ": no engine can make progress\n";
  for (unsigned A = 0; A != NumStreams; ++A) {
    const Stream &S = Streams[A];
    ErrOS << "  " << NeuronISA::agentName(A) << ": ";
    switch (S.St) {
    case Stream::State::Done:
    case Stream::State::Running:
      ErrOS << "finished\n";
      break;
    case Stream::State::AtBarrier:
      ErrOS << "at barrier (line " << P.Insts[S.PC].Line << ") since cycle "
            << S.BlockStart << "\n";
      break;
    case Stream::State::Waiting: {
      const Inst &I = P.Insts[S.PC];
      ErrOS << "waiting at " << P.describe(I) << " since cycle "
            << S.BlockStart << ": s" << I.Sem << " = " << Sems[I.Sem]
            << ", needs >= " << S.Threshold << "\n";
      break;
    }
    }
  }
  ErrOS << "  semaphores:";
  bool Any = false;
  for (unsigned K = 0; K != Sems.size(); ++K)
    if (Sems[K]) {
      ErrOS << " s" << K << "=" << Sems[K];
      Any = true;
    }
  ErrOS << (Any ? "\n" : " all zero\n");
}

//===----------------------------------------------------------------------===//

Simulator::Simulator(const Program &P, const NeuronISA::MachineParams &MP,
                     Memory &M, const SimOptions &Opts, raw_ostream &ErrOS)
    : PImpl(std::make_unique<Impl>(P, MP, M, Opts, ErrOS)) {}
Simulator::~Simulator() = default;
SimResult Simulator::run(ArrayRef<int32_t> Args) { return PImpl->run(Args); }
