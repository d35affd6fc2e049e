//===-- NeuronISAMachinePresets.cpp - Machines by CPU name ----------------===//
//
// The machine presets -mcpu selects. "generic" is the member initializers of
// MachineParams (one 1.4 GHz clock, one DMA engine per queue); "trn1" and
// "trn2" are NeuronCore-v2 and -v3 as the Neuron documentation publishes
// them. docs/MachineModel.md gives every value's source, or says it is
// chosen or fitted, and to which published figure.
//
//===----------------------------------------------------------------------===//

#include "NeuronISAMachineModel.h"

using namespace llvm;
using namespace llvm::NeuronISA;

/// What trn1 and trn2 share: 16 DMA engines per core over which the
/// compiler spreads every transfer, the fitted DMA buffer overhead and
/// barrier cost (as times: the cycle counts scale with the SP clock).
static MachineParams neuronCore(uint32_t CoreMHz) {
  MachineParams MP;
  MP.SPClockMHz = MP.ACTClockMHz = MP.POOLClockMHz = CoreMHz;
  MP.NumDMAEngines = 16;
  MP.DMAEnginesPerTransfer = 16;
  // Fitted on trn1 (docs/MachineModel.md, bench/dynamic_loop.py): 74 ns
  // per DMA buffer to the 7.5 us unrolled iteration, a 6.81 us drain,
  // barrier and semaphore reset to the 17.9 us dynamic-loop iteration.
  MP.DMABufferOverhead = CoreMHz * 74 / 1000;
  MP.BarrierLatency = CoreMHz * 6810 / 1000;
  return MP;
}

static MachineParams trn1() {
  MachineParams MP = neuronCore(1400);
  MP.TickMHz = 5600; // 2 x 2800 = 5 x 1120 = 4 x 1400
  MP.PEClockMHz = 2800;
  MP.DVEClockMHz = 1120;
  MP.DMABytesPerKCycle = 20709;  // 27 GiB/s per engine at 1.4 GHz
  MP.HBMBytesPerKCycle = 292857; // 820 GB/s per device, 2 cores
  MP.DMAFixedLatency = 840;      // 600 ns (the v3 DGE figure; chosen)
  return MP;
}

static MachineParams trn2() {
  MachineParams MP = neuronCore(1200);
  MP.TickMHz = 4800; // 2 x 2400 = 5 x 960 = 4 x 1200
  MP.PEClockMHz = 2400;
  MP.DVEClockMHz = 960;
  MP.SBUFBytesPerPartition = 224 * 1024;
  MP.DMABytesPerKCycle = 22786;  // 3.5 TB/s DMA per device, 128 engines
  MP.HBMBytesPerKCycle = 302083; // 2.9 TB/s per device, 8 cores
  MP.DMAFixedLatency = 720;      // 600 ns per DGE DMA instruction
  return MP;
}

namespace {
struct Preset {
  StringRef Name;
  MachineParams MP;
};
} // namespace

static ArrayRef<Preset> presets() {
  // The index is the CPU number of the object's e_flags.
  static const Preset Table[] = {
      {"generic", MachineParams()}, {"trn1", trn1()}, {"trn2", trn2()}};
  return Table;
}

const MachineParams *NeuronISA::getMachineParams(StringRef CPU) {
  if (CPU.empty())
    CPU = "generic";
  for (const Preset &P : presets())
    if (P.Name == CPU)
      return &P.MP;
  return nullptr;
}

const MachineParams &NeuronISA::getMachineParamsOrGeneric(StringRef CPU) {
  const MachineParams *MP = getMachineParams(CPU);
  return MP ? *MP : presets().front().MP;
}

ArrayRef<StringRef> NeuronISA::getCPUNames() {
  static const SmallVector<StringRef, 4> Names = [] {
    SmallVector<StringRef, 4> N;
    for (const Preset &P : presets())
      N.push_back(P.Name);
    return N;
  }();
  return Names;
}

std::optional<unsigned> NeuronISA::getCPUNumber(StringRef CPU) {
  if (CPU.empty())
    return 0;
  ArrayRef<StringRef> Names = getCPUNames();
  for (unsigned K = 0; K != Names.size(); ++K)
    if (Names[K] == CPU)
      return K;
  return std::nullopt;
}

StringRef NeuronISA::getCPUName(unsigned Number) {
  ArrayRef<StringRef> Names = getCPUNames();
  return Number < Names.size() ? Names[Number] : StringRef();
}
