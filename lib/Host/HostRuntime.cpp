//===-- HostRuntime.cpp - The builtins of a kernel run natively -----------===//

#include "HostRuntime.h"
#include "DataPath.h"
#include "Memory.h"
#include "MCTargetDesc/NeuronISABaseInfo.h"
#include "MCTargetDesc/NeuronISAMCTargetDesc.h"
#include "MCTargetDesc/NeuronISAOperandCheck.h"
#include "MCTargetDesc/NeuronISASemantics.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/MC/MCInstrInfo.h"
#include "llvm/Support/raw_ostream.h"
#include <cstdlib>

using namespace llvm;
using namespace llvm::NeuronISA;
using namespace llvm::neuronisa_host;

/// What the runtime knows about one builtin.
struct HostRuntime::BuiltinDesc {
  unsigned Opcode = 0;
  const MCInstrDesc *Desc = nullptr;
  TileFormat Fmt = TileFormat::None;
  BuiltinSignature Sig;
  SmallVector<StringRef, 8> ArgNames;
  std::string CName; // neuronisa_dve_tt_add
};

/// A call's operands as the instruction's check reads them, which argument
/// gives each, and where each tile operand (by the format's order) points.
struct HostRuntime::CallOperands {
  SmallVector<OperandValue, 16> Ops;
  SmallVector<unsigned, 16> ArgOf;
  TilePlace Places[3];
  uint32_t HBMAddrs[3] = {};
  void set(unsigned Op, OperandValue V, unsigned Arg) {
    Ops[Op] = V;
    ArgOf[Op] = Arg;
  }
};

static thread_local HostRuntime *Active = nullptr;
HostRuntime *HostRuntime::active() { return Active; }
void HostRuntime::setActive(HostRuntime *R) { Active = R; }

void HostRuntime::dispatch(unsigned Opcode, ArrayRef<HostArg> Args,
                           const void *ReturnAddress) {
  if (!Active) {
    errs() << "error: a NeuronISA builtin was called with no host runtime "
              "(run the kernel with neuronisa-host-run)\n";
    std::_Exit(1);
  }
  Active->call(Opcode, Args, ReturnAddress);
}

HostRuntime::HostRuntime(const MachineParams &MP, const MCInstrInfo &MII,
                         TileTable Tiles, neuronisa_sim::Memory &HBM,
                         const HBMArena &Arena, ErrorHandler OnError)
    : MP(MP), MII(MII), Tiles(std::move(Tiles)), HBM(HBM), Arena(Arena),
      OnError(std::move(OnError)) {}

HostRuntime::~HostRuntime() = default;

const HostRuntime::BuiltinDesc &HostRuntime::builtin(unsigned Opcode) {
  std::unique_ptr<BuiltinDesc> &B = Builtins[Opcode];
  if (B)
    return *B;
  B = std::make_unique<BuiltinDesc>();
  B->Opcode = Opcode;
  B->Desc = &MII.get(Opcode);
  B->Fmt = getTileFormat(*B->Desc);
  B->Sig = getBuiltinSignature(Opcode, MII);
  for (const BuiltinInfo &I : getBuiltins())
    if (I.BuiltinOpcode == Opcode) {
      B->ArgNames = getBuiltinArgNames(I);
      B->CName = "neuronisa_" + std::string(I.BuiltinName);
      llvm::replace(B->CName, '.', '_');
    }
  return *B;
}

void HostRuntime::call(unsigned Opcode, ArrayRef<HostArg> Args,
                       const void *ReturnAddress) {
  std::string Err = run(Opcode, Args);
  if (!Err.empty())
    OnError(ReturnAddress, Err);
}

std::string HostRuntime::run(unsigned Opcode, ArrayRef<HostArg> Args) {
  ++Calls;
  return runBuiltin(builtin(Opcode), Args);
}

/// "the pointer does not point into a tile", with what it points to.
static std::string notATile(const HBMArena &Arena, const void *P) {
  if (Arena.address(P))
    return "the pointer is an HBM pointer, not a tile";
  return "the pointer does not point into a tile (a float[P][F] array with "
         "static storage)";
}

static std::string notHBM(const TileTable &Tiles, const void *P) {
  std::string S = "the pointer is not an HBM pointer (a kernel argument)";
  if (std::optional<TilePlace> T = Tiles.locate(P))
    S += ": it points into tile " + T->Tile->describe();
  return S;
}

/// "argument 3 (p) of 'neuronisa_dve_copy': Why"
static std::string badArg(const HostRuntime::BuiltinDesc &B, unsigned I,
                          const Twine &Why) {
  StringRef Name = I < B.ArgNames.size() ? B.ArgNames[I] : StringRef("?");
  return ("argument " + Twine(I + 1) + " (" + Name + ") of '" + B.CName +
          "': " + Why)
      .str();
}

/// "'neuronisa_dve_copy' src: Why"
static std::string badTile(const HostRuntime::BuiltinDesc &B,
                           const TileOperandSpec &S, const Twine &Why) {
  return ("'" + B.CName + "' " + S.Role + ": " + Why).str();
}

std::string HostRuntime::collectOperands(const BuiltinDesc &B,
                                         ArrayRef<HostArg> Args,
                                         CallOperands &C) const {
  ArrayRef<TileOperandSpec> Specs = getTileOperandSpecs(B.Fmt);
  C.Ops.resize(B.Desc->getNumOperands());
  C.ArgOf.assign(B.Desc->getNumOperands(), ~0u);
  for (auto [I, A] : enumerate(B.Sig.Args)) {
    const HostArg &V = Args[I];
    HostArg::KindTy Want = A.Kind == BuiltinArg::Tile  ? HostArg::Pointer
                           : A.Kind == BuiltinArg::F32 ? HostArg::Float
                                                       : HostArg::Int;
    if (V.Kind != Want)
      return badArg(B, I, "is not a " +
                              Twine(Want == HostArg::Pointer ? "pointer"
                                    : Want == HostArg::Float ? "float"
                                                             : "int"));
    switch (A.Kind) {
    case BuiltinArg::Tile: {
      // Register r0 plus offset 0: the place is the pointer's.
      const TileOperandSpec &S = *A.Spec;
      unsigned K = &S - Specs.data();
      C.set(S.baseOp(), OperandValue::reg(NeuronISA::R0), I);
      C.set(S.offsetOp(), OperandValue::imm(0), I);
      if (S.Space == MemSpace::HBM) {
        std::optional<uint32_t> Addr = Arena.address(V.P);
        if (!Addr)
          return badTile(B, S, notHBM(Tiles, V.P));
        C.HBMAddrs[K] = *Addr;
        break;
      }
      std::optional<TilePlace> Place = Tiles.locate(V.P);
      if (!Place)
        return badTile(B, S, notATile(Arena, V.P));
      C.Places[K] = *Place;
      C.set(S.partStartOp(), OperandValue::imm(Place->Partition), I);
      break;
    }
    case BuiltinArg::Reg: // a register on the machine (a wait's threshold)
      C.set(A.MIOp, OperandValue::virtualReg(), I);
      break;
    case BuiltinArg::Imm:
      C.set(A.MIOp, OperandValue::imm(V.I), I);
      break;
    case BuiltinArg::Sem:
      // Only s0-s255 exist as registers (the machine may have fewer).
      if (V.I < 0 || V.I > 255)
        return badArg(B, I, "semaphore " + Twine(V.I) + " out of range 0-255");
      C.set(A.MIOp, OperandValue::reg(getSemaphoreReg(V.I)), I);
      break;
    case BuiltinArg::F32:
      C.set(A.MIOp, OperandValue::imm(f32ToBits(V.F)), I);
      break;
    }
  }
  // The completion semaphore is the host's variadic tail: never read.
  if (B.Sig.OptionalSem)
    C.Ops[DataOperands::semaphore(*B.Desc)] = OperandValue::reg(NeuronISA::SNONE);
  return "";
}

std::string HostRuntime::execute(const BuiltinDesc &B,
                                 const CallOperands &C) {
  int32_t Raw[16] = {};
  for (unsigned K = 0; K != C.Ops.size() && K != std::size(Raw); ++K)
    if (C.Ops[K].Kind == OperandValue::Imm)
      Raw[K] = static_cast<int32_t>(C.Ops[K].Value);
  auto Imm = [&](unsigned Idx) -> int64_t { return C.Ops[Idx].Value; };
  neuronisa_sim::DataPathOp Op;
  Op.Opcode = B.Opcode;
  Op.Fmt = B.Fmt;
  Op.SubOp = static_cast<uint8_t>(getSubOp(B.Desc->TSFlags));
  Op.Ops = Raw;
  // Each tile operand's rows, inside its tile or buffer.
  neuronisa_sim::RowView Rows[3];
  for (auto [K, S] : enumerate(getTileOperandSpecs(B.Fmt))) {
    TileShape T = getTileShape(S, Imm);
    Op.Tiles[K] = {T.Partitions, T.FreeElems};
    if (S.Space == MemSpace::OnChip) {
      std::string Err =
          checkTileAccess(C.Places[K], T.Partitions, T.FreeElems);
      if (!Err.empty())
        return badTile(B, S, Err);
      Rows[K] = neuronisa_sim::RowView(C.Places[K].first(),
                                       C.Places[K].Tile->Columns);
      continue;
    }
    unsigned Buf = 0;
    uint32_t Addr = C.HBMAddrs[K];
    if (neuronisa_sim::MemoryFault F = HBM.checkHBM(
            Addr, T.Partitions, T.FreeElems, T.RowStride, Buf);
        F != neuronisa_sim::MemoryFault::None)
      return badTile(B, S, HBM.describe(F, Addr, 0, T.Partitions, T.FreeElems,
                                        T.RowStride));
    Rows[K] = neuronisa_sim::RowView(HBM.hbmAt(Buf, Addr), T.RowStride / 4);
  }
  neuronisa_sim::computeDataPath(Op, Rows);
  return "";
}

/// "an SBUF tile", "a PSUM tile", from getTileAddrSpaces' bits.
static StringRef memoryName(unsigned Spaces) {
  return Spaces == 1u << NeuronISAAS::PSUM ? "a PSUM tile" : "an SBUF tile";
}

std::string HostRuntime::checkMemories(const BuiltinDesc &B,
                                       const CallOperands &C) {
  // Each tile lives in one memory, which the host cannot see; every use
  // that accepts only one memory says which, and all must agree.
  for (auto [K, S] : enumerate(getTileOperandSpecs(B.Fmt))) {
    if (S.Space != MemSpace::OnChip)
      continue;
    unsigned Spaces = getTileAddrSpaces(B.Fmt, S);
    MemoryUse &U = Memories[C.Places[K].Tile];
    if (U.Spaces && !(U.Spaces & Spaces))
      return badTile(B, S,
                     "tile " + C.Places[K].Tile->describe() + " must be " +
                         memoryName(Spaces) + " here, but " + U.By +
                         " used it as " + memoryName(U.Spaces));
    if (!U.Spaces || (U.Spaces & ~Spaces)) {
      U.Spaces = U.Spaces ? U.Spaces & Spaces : Spaces;
      U.By = "'" + B.CName + "' " + S.Role;
    }
  }
  return "";
}

std::string HostRuntime::runBuiltin(const BuiltinDesc &B,
                                    ArrayRef<HostArg> Args) {
  if (Args.size() != B.Sig.Args.size())
    return "'" + B.CName + "' was called with " + std::to_string(Args.size()) +
           " arguments instead of " + std::to_string(B.Sig.Args.size());
  CallOperands C;
  if (std::string Err = collectOperands(B, Args, C); !Err.empty())
    return Err;
  // Every operand in range and the shape rules: the instruction's check.
  if (std::optional<OperandError> E = checkOperands(
          MP, *B.Desc, [&](unsigned Idx) { return C.Ops[Idx]; })) {
    if (E->OpIdx < C.ArgOf.size() && C.ArgOf[E->OpIdx] != ~0u)
      return badArg(B, C.ArgOf[E->OpIdx], E->Msg);
    return "'" + B.CName + "': " + E->Msg;
  }
  if (B.Fmt == TileFormat::None)
    return ""; // synchronization: nothing to do in program order
  std::string Err = checkMemories(B, C);
  if (!Err.empty())
    return Err;
  return execute(B, C);
}
