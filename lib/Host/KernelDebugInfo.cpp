//===-- KernelDebugInfo.cpp - A host-built kernel, from its DWARF ---------===//

#include "KernelDebugInfo.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/BinaryFormat/Dwarf.h"
#include "llvm/DebugInfo/DWARF/DWARFContext.h"
#include "llvm/DebugInfo/DWARF/DWARFDie.h"
#include "llvm/DebugInfo/DWARF/DWARFFormValue.h"
#include "llvm/DebugInfo/DWARF/DWARFUnit.h"
#include "llvm/Object/Binary.h"
#include "llvm/Object/ELFObjectFile.h"
#include "llvm/Object/ObjectFile.h"
#include "llvm/Support/DataExtractor.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace llvm::dwarf;
using namespace llvm::neuronisa_host;

/// T without typedefs and qualifiers.
static DWARFDie underlyingType(DWARFDie T) {
  while (T && (T.getTag() == DW_TAG_typedef || T.getTag() == DW_TAG_const_type ||
               T.getTag() == DW_TAG_volatile_type ||
               T.getTag() == DW_TAG_restrict_type ||
               T.getTag() == DW_TAG_atomic_type))
    T = T.getAttributeValueAsReferencedDie(DW_AT_type);
  return T;
}

/// The type of D (through its abstract origin or specification).
static DWARFDie typeOf(DWARFDie D) {
  if (std::optional<DWARFFormValue> V = D.findRecursively(DW_AT_type))
    return D.getAttributeValueAsReferencedDie(*V);
  return DWARFDie();
}

/// The address of a variable with static storage: a location that is one
/// DW_OP_addr, DW_OP_addrx or DW_OP_GNU_addr_index.
static std::optional<uint64_t> staticAddress(DWARFDie D) {
  std::optional<DWARFFormValue> L = D.find(DW_AT_location);
  std::optional<ArrayRef<uint8_t>> Block = L ? L->getAsBlock() : std::nullopt;
  if (!Block || Block->empty())
    return std::nullopt;
  DWARFUnit *U = D.getDwarfUnit();
  DataExtractor E(toStringRef(*Block), U->isLittleEndian(),
                  U->getAddressByteSize());
  uint64_t Offset = 0;
  uint8_t Op = E.getU8(&Offset);
  std::optional<uint64_t> Addr;
  if (Op == DW_OP_addr) {
    Addr = E.getAddress(&Offset);
  } else if (Op == DW_OP_addrx || Op == DW_OP_GNU_addr_index) {
    if (std::optional<object::SectionedAddress> A =
            U->getAddrOffsetSectionItem(E.getULEB128(&Offset)))
      Addr = A->Address;
  }
  // 0 and ~0: a variable a linker removed (its DWARF left behind).
  if (Offset != Block->size() || !Addr || *Addr == 0 ||
      *Addr == (U->getAddressByteSize() == 4 ? UINT32_MAX : UINT64_MAX))
    return std::nullopt;
  return Addr;
}

/// Whether T is float[P][F] (through typedefs, also of the rows).
static bool isFloatMatrix(DWARFDie T, uint32_t &P, uint32_t &F) {
  SmallVector<uint64_t, 2> Dims;
  for (T = underlyingType(T); T && T.getTag() == DW_TAG_array_type;
       T = underlyingType(T.getAttributeValueAsReferencedDie(DW_AT_type))) {
    for (DWARFDie S : T.children()) {
      if (S.getTag() != DW_TAG_subrange_type)
        continue;
      if (toUnsigned(S.find(DW_AT_lower_bound)).value_or(0) != 0)
        return false;
      std::optional<uint64_t> N = toUnsigned(S.find(DW_AT_count));
      if (!N)
        if (std::optional<uint64_t> UB = toUnsigned(S.find(DW_AT_upper_bound)))
          N = *UB + 1;
      if (!N || *N == 0 || *N > UINT32_MAX)
        return false;
      Dims.push_back(*N);
    }
  }
  if (!T || T.getTag() != DW_TAG_base_type ||
      toUnsigned(T.find(DW_AT_encoding)) != uint64_t(DW_ATE_float) ||
      toUnsigned(T.find(DW_AT_byte_size)) != uint64_t(4) || Dims.size() != 2)
    return false;
  P = static_cast<uint32_t>(Dims[0]);
  F = static_cast<uint32_t>(Dims[1]);
  return true;
}

static std::string typeName(DWARFDie T) {
  if (!T)
    return "void";
  std::string S;
  raw_string_ostream OS(S);
  dumpTypeQualifiedName(T, OS);
  return S;
}

/// What a value of type Declared is to the runner.
static KernelParam classify(DWARFDie Declared) {
  KernelParam P;
  P.TypeName = typeName(Declared);
  DWARFDie T = underlyingType(Declared);
  if (!T)
    return P;
  uint64_t Size = toUnsigned(T.find(DW_AT_byte_size)).value_or(0);
  if (T.getTag() == DW_TAG_pointer_type) {
    P.Kind = KernelParam::Pointer;
  } else if (T.getTag() == DW_TAG_enumeration_type && Size == 4) {
    P.Kind = KernelParam::Int;
  } else if (T.getTag() == DW_TAG_base_type && Size == 4) {
    uint64_t Enc = toUnsigned(T.find(DW_AT_encoding)).value_or(0);
    if (Enc == DW_ATE_signed || Enc == DW_ATE_unsigned) {
      P.Kind = KernelParam::Int;
      P.Signed = Enc == DW_ATE_signed;
    }
  }
  return P;
}

static KernelParam paramOf(DWARFDie D) {
  KernelParam P = classify(typeOf(D));
  if (const char *N = D.getShortName())
    P.Name = N;
  return P;
}

namespace llvm {
namespace neuronisa_host {
/// Walks every DIE of every compile unit.
class DebugInfoReader {
public:
  explicit DebugInfoReader(KernelDebugInfo &Out) : Out(Out) {}

  void visit(DWARFDie D) {
    if (D.getTag() == DW_TAG_variable)
      addTile(D);
    else if (D.getTag() == DW_TAG_subprogram)
      addFunction(D);
    for (DWARFDie C : D.children())
      visit(C);
  }

private:
  void addTile(DWARFDie D) {
    std::optional<uint64_t> Addr = staticAddress(D);
    StaticTile T;
    if (!Addr || !isFloatMatrix(typeOf(D), T.Partitions, T.Columns) ||
        !TileAddresses.insert(*Addr).second)
      return;
    T.Address = *Addr;
    if (const char *N = D.getShortName())
      T.Name = N;
    Out.Tiles.push_back(std::move(T));
  }

  void addFunction(DWARFDie D) {
    // A definition, with external linkage (said by the declaration).
    if (!D.find(DW_AT_low_pc) && !D.find(DW_AT_ranges))
      return;
    std::optional<DWARFFormValue> Ext = D.findRecursively(DW_AT_external);
    if (!Ext || !Ext->getAsUnsignedConstant().value_or(1))
      return;
    // The parameters are listed by the abstract instance, if any.
    DWARFDie Decl = D;
    while (DWARFDie O = Decl.getAttributeValueAsReferencedDie(
               DW_AT_abstract_origin))
      Decl = O;
    KernelFunction F;
    if (const char *N = D.getShortName())
      F.Name = N;
    if (F.Name.empty() || !Names.insert(F.Name).second)
      return;
    for (DWARFDie C : Decl.children()) {
      if (C.getTag() == DW_TAG_formal_parameter)
        F.Params.push_back(paramOf(C));
      else if (C.getTag() == DW_TAG_unspecified_parameters)
        F.Variadic = true;
    }
    if (DWARFDie R = typeOf(Decl)) {
      F.ReturnsValue = true;
      F.ReturnOK = classify(R).Kind == KernelParam::Int;
    }
    F.File = Decl.getDeclFile(
        DILineInfoSpecifier::FileLineInfoKind::RelativeFilePath);
    F.Line = static_cast<unsigned>(Decl.getDeclLine());
    Out.Functions.push_back(std::move(F));
  }

  KernelDebugInfo &Out;
  DenseSet<uint64_t> TileAddresses;
  StringSet<> Names;
};
} // namespace neuronisa_host
} // namespace llvm

/// "" if Obj is a shared object (what dlopen loads), else what it is.
static std::string notASharedObject(const object::ObjectFile &Obj) {
  const auto *ELF = dyn_cast<object::ELFObjectFileBase>(&Obj);
  if (!ELF)
    return "is not an ELF file";
  if (ELF->getEType() == ELF::ET_REL)
    return "is a relocatable object";
  if (ELF->getEType() == ELF::ET_EXEC)
    return "is an executable";
  if (ELF->getEType() != ELF::ET_DYN)
    return "is not a shared object";
  // A position-independent executable is ET_DYN too, with an interpreter.
  if (const auto *E64 = dyn_cast<object::ELF64LEObjectFile>(ELF))
    if (auto Phdrs = E64->getELFFile().program_headers())
      for (const auto &P : *Phdrs)
        if (P.p_type == ELF::PT_INTERP)
          return "is an executable";
  return "";
}

KernelDebugInfo::KernelDebugInfo() = default;
KernelDebugInfo::~KernelDebugInfo() = default;

Expected<std::unique_ptr<KernelDebugInfo>>
KernelDebugInfo::read(StringRef Path) {
  Expected<object::OwningBinary<object::Binary>> B =
      object::createBinary(Path);
  if (!B)
    return createStringError("cannot read '" + Path +
                             "': " + toString(B.takeError()));
  auto [Bin, Buf] = B->takeBinary();
  auto *Obj = dyn_cast<object::ObjectFile>(Bin.get());
  if (!Obj)
    return createStringError("'" + Path + "' is not an object file");
  std::string Kind = notASharedObject(*Obj);
  if (!Kind.empty())
    return createStringError("'" + Path + "' " + Kind +
                             ": build the kernel as a shared object (cc -g "
                             "-shared -fPIC)");
  std::unique_ptr<KernelDebugInfo> Info(new KernelDebugInfo());
  std::string Problems;
  auto Collect = [&](Error E) {
    if (Problems.empty())
      Problems = toString(std::move(E));
    else
      consumeError(std::move(E));
  };
  Info->Context = DWARFContext::create(
      *Obj, DWARFContext::ProcessDebugRelocations::Ignore, nullptr, "",
      Collect, [](Error E) { consumeError(std::move(E)); });
  Bin.release();
  Info->Binary = std::make_unique<object::OwningBinary<object::ObjectFile>>(
      std::unique_ptr<object::ObjectFile>(Obj), std::move(Buf));
  if (Info->Context->getNumCompileUnits() == 0)
    return createStringError("'" + Path +
                             "' has no DWARF debug information: build the "
                             "kernel with -g");
  DebugInfoReader Reader(*Info);
  for (const std::unique_ptr<DWARFUnit> &U : Info->Context->compile_units())
    Reader.visit(U->getUnitDIE(/*ExtractUnitDIEOnly=*/false));
  if (!Problems.empty())
    return createStringError("malformed DWARF in '" + Path + "': " + Problems);
  llvm::stable_sort(Info->Functions,
                    [](const KernelFunction &A, const KernelFunction &B) {
                      return std::tie(A.File, A.Line) < std::tie(B.File, B.Line);
                    });
  return Info;
}

std::string KernelDebugInfo::sourceLocation(uint64_t Address) const {
  DILineInfoSpecifier Spec(
      DILineInfoSpecifier::FileLineInfoKind::RelativeFilePath,
      DINameKind::None);
  std::optional<DILineInfo> L = Context->getLineInfoForAddress(
      {Address, object::SectionedAddress::UndefSection}, Spec);
  if (!L || !L->Line || L->FileName == DILineInfo::BadString)
    return "";
  std::string S = L->FileName + ":" + std::to_string(L->Line);
  if (L->Column)
    S += ":" + std::to_string(L->Column);
  return S;
}
