//===-- DMAStage.cpp - DMA triggers and transfers -------------------------===//

#include "DMAStage.h"
#include "DataPath.h"
#include "DataflowStage.h"
#include "SemaphoreStage.h"

using namespace llvm;
using namespace llvm::neuronisa_sim;

template <class OrderT>
void DMAStage<OrderT>::trigger(unsigned A, EngineStream &SP, const Inst &I,
                               uint32_t InstIdx, const ResolvedTile *T,
                               uint64_t Cost) {
  DMAQueue &Q = Queues[I.Queue];
  Order.holdTrigger(SP, I, InstIdx, T, Q, Ctx.Result.Agents[A]);
  PendingTransfer Tr{InstIdx, SP.Seq, SP.Time + Cost, {T[0], T[1]}};
  DMATriggerEvent E{static_cast<uint8_t>(A), InstIdx, I, I.Queue, SP.Time,
                    Cost};
  Ctx.notify(OnDMATrigger, &SimListener::onDMATrigger, E);
  Q.FIFO.push_back(Tr);
  if (!Q.Scheduled) {
    Q.Scheduled = true;
    schedule(I.Queue);
  }
  SP.Time += Cost;
}

template <class OrderT> void DMAStage<OrderT>::startTransfer(unsigned QIdx) {
  DMAQueue &Q = Queues[QIdx];
  PendingTransfer Tr = Q.FIFO.front();
  Q.FIFO.pop_front();
  uint8_t A = static_cast<uint8_t>(NeuronISA::agentOfDMAQueue(QIdx));
  AgentStats &St = Ctx.Result.Agents[A];
  St.Used = true;
  const Inst &I = Ctx.P.Insts[Tr.InstIdx];
  uint64_t Start = std::max(Order.transferStart(Q, Tr), enginesFree(QIdx));
  uint64_t Cost = Ctx.jitter(I.DMACycles);
  uint64_t Lat = Order.latency();
  uint32_t Epoch = ++Q.Epoch;
  Start = Order.start(A, Tr.Seq, Epoch, Tr.InstIdx, I, Tr.Tiles, Start, Cost,
                      St);
  DataPathEvent E{A,     Tr.InstIdx, I,    Tr.Seq,  Epoch,
                  Start, Cost,       Start + Cost + Lat, Tr.Tiles};
  Ctx.notify(OnDataPath, &SimListener::onDataPath, E);
  executeDataPath(I, Tr.Tiles, Ctx.M);
  ++St.Instructions;
  St.Busy += Cost;
  Q.FreeAt = Start + Cost;
  occupyEngines(QIdx, Q.FreeAt);
  Order.complete(A, I.Sem, Q.FreeAt + Lat, I);
  if (Q.FIFO.empty())
    Q.Scheduled = false;
  else
    schedule(QIdx);
}

template <class OrderT>
uint64_t DMAStage<OrderT>::enginesFree(unsigned Q) const {
  const NeuronISA::MachineParams &MP = Ctx.MP;
  uint64_t Free = 0;
  for (unsigned K = 0; K != MP.DMAEnginesPerTransfer; ++K)
    Free = std::max(
        Free, EngineFreeAt[(Q * MP.DMAEnginesPerTransfer + K) %
                           MP.NumDMAEngines]);
  return Free;
}

template <class OrderT>
void DMAStage<OrderT>::occupyEngines(unsigned Q, uint64_t Until) {
  const NeuronISA::MachineParams &MP = Ctx.MP;
  for (unsigned K = 0; K != MP.DMAEnginesPerTransfer; ++K)
    EngineFreeAt[(Q * MP.DMAEnginesPerTransfer + K) % MP.NumDMAEngines] =
        Until;
}

template class llvm::neuronisa_sim::DMAStage<SemaphoreStage>;
template class llvm::neuronisa_sim::DMAStage<DataflowStage>;
