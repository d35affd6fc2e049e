//===-- NeuronISALineTable.cpp - Source lines of a NeuronISA object -------===//

#include "NeuronISALineTable.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/DebugInfo/DWARF/DWARFContext.h"
#include "llvm/DebugInfo/DWARF/DWARFDebugLine.h"
#include "llvm/Object/ObjectFile.h"

using namespace llvm;
using namespace llvm::neuronisa_obj;

std::string SourceLines::format(const SourceLoc &Loc) const {
  if (!Loc.valid())
    return "";
  std::string S = Files[Loc.File] + ":" + std::to_string(Loc.Line);
  if (Loc.Column)
    S += ":" + std::to_string(Loc.Column);
  return S;
}

static bool isLineTable(const object::SectionRef &Sec) {
  Expected<StringRef> Name = Sec.getName();
  if (!Name) {
    consumeError(Name.takeError());
    return false;
  }
  return *Name == ".debug_line";
}

/// Gives each address of Addresses that has none yet the position LT has
/// for it.
static void lookUp(const DWARFDebugLine::LineTable &LT,
                   const std::vector<uint32_t> &Addresses,
                   StringMap<int> &FileIndex, SourceLines &Result) {
  for (auto [I, Addr] : enumerate(Addresses)) {
    DILineInfo Info;
    // .text is at address 0, so a .text offset is the address the table
    // holds (no relocations: docs/ObjectFormat.md). Paths are as the
    // compiler was given them, like its own diagnostics'.
    if (Result.Locs[I].valid() ||
        !LT.getFileLineInfoForAddress(
            {Addr, object::SectionedAddress::UndefSection},
            /*Approximate=*/false, /*CompDir=*/nullptr,
            DILineInfoSpecifier::FileLineInfoKind::RelativeFilePath, Info) ||
        Info.Line == 0) // line 0: code of no source line
      continue;
    auto [It, New] = FileIndex.try_emplace(Info.FileName, Result.Files.size());
    if (New)
      Result.Files.push_back(Info.FileName);
    Result.Locs[I] = {It->second, Info.Line, Info.Column};
  }
}

Expected<SourceLines>
neuronisa_obj::readSourceLines(MemoryBufferRef Buffer,
                               const std::vector<uint32_t> &Addresses) {
  SourceLines Result;
  Result.Locs.resize(Addresses.size());
  Expected<std::unique_ptr<object::ObjectFile>> ObjOr =
      object::ObjectFile::createObjectFile(Buffer);
  if (!ObjOr)
    return ObjOr.takeError();
  if (none_of((*ObjOr)->sections(), isLineTable))
    return Result; // compiled without -g

  // The DWARF library reports what it cannot read and goes on; any such
  // report makes the whole table untrustworthy.
  std::string Problems;
  auto Collect = [&](Error E) {
    Problems += (Problems.empty() ? "" : "; ") + toString(std::move(E));
  };
  std::unique_ptr<DWARFContext> Ctx = DWARFContext::create(
      **ObjOr, DWARFContext::ProcessDebugRelocations::Process, nullptr, "",
      Collect, Collect);
  // Every table of .debug_line, whether a compile unit names it or not
  // (-gline-directives-only, hand-written .loc directives).
  const DWARFObject &DObj = Ctx->getDWARFObj();
  DWARFDataExtractor Data(DObj, DObj.getLineSection(), DObj.isLittleEndian(),
                          /*AddressSize=*/0);
  DWARFDebugLine::SectionParser Parser(Data, *Ctx, Ctx->normal_units());
  StringMap<int> FileIndex;
  while (!Parser.done())
    lookUp(Parser.parseNext(Collect, Collect), Addresses, FileIndex, Result);
  if (!Problems.empty())
    return createStringError("malformed debug information: " + Problems);
  return Result;
}
