//===-- SyncProgram.cpp - The validator's record of a kernel --------------===//
//
// Decodes the kernel (SyncDecode.cpp), finds its blocks and footprints
// (SyncFootprint.cpp), numbers its sites and agents, builds the conflict
// groups (SyncGroups.cpp) and writes the record neuronisa-sync-check reads.
//
//===----------------------------------------------------------------------===//

#include "SyncGroups.h"
#include "SyncProgram.h"
#include "MCTargetDesc/NeuronISABaseInfo.h"
#include "llvm/Support/raw_ostream.h"
#include <map>

using namespace llvm;
using namespace llvm::NeuronISA;

static std::string quote(StringRef S) {
  std::string Out = "\"";
  for (char C : S) {
    if (C == '"' || C == '\\')
      Out += '\\';
    if (C == '\t' || C == '\n')
      Out += ' ';
    else if (uint8_t(C) >= 0x20)
      Out += C;
  }
  return Out + "\"";
}

static std::string errorRecord(const CodeKernel &K, StringRef Msg) {
  return "{\"function\":" + quote(K.Name) +
         ",\"mode\":\"object\",\"error\":" + quote(Msg) + "}";
}

namespace {
/// Sync agents: one per (hardware unit, completion semaphore).
struct AgentTable {
  std::map<std::pair<unsigned, int>, unsigned> Ids;
  std::vector<std::pair<unsigned, int>> Keys;
  unsigned get(unsigned HW, int Sem) {
    auto [It, New] = Ids.try_emplace({HW, Sem}, Keys.size());
    if (New)
      Keys.push_back({HW, Sem});
    return It->second;
  }
  std::string name(unsigned A) const {
    auto [HW, Sem] = Keys[A];
    unsigned Same = count_if(Keys, [&](auto &K) { return K.first == HW; });
    std::string N = agentName(HW);
    return Same > 1 ? N + "/s" + (Sem < 0 ? "none" : std::to_string(Sem)) : N;
  }
};
} // namespace

static std::vector<SiteInfo> numberSites(const std::vector<Decoded> &Code,
                                         const std::vector<CodeBlock> &Blocks,
                                         AgentTable &Agents) {
  // A site without a semaphore belongs to its unit's (first) agent that has
  // one, if any: nothing can wait for it either way.
  std::map<unsigned, int> FirstSem;
  for (const CodeBlock &B : Blocks)
    for (unsigned I = B.Begin; B.Reachable && I != B.End; ++I)
      if (Code[I].K == DKind::Site && Code[I].Sem >= 0)
        FirstSem.try_emplace(Code[I].HWAgent, Code[I].Sem);
  std::vector<SiteInfo> Sites;
  for (unsigned BI = 0; BI != Blocks.size(); ++BI)
    for (unsigned I = Blocks[BI].Begin; Blocks[BI].Reachable &&
                                        I != Blocks[BI].End; ++I) {
      const Decoded &D = Code[I];
      if (D.K != DKind::Site)
        continue;
      int Sem = D.Sem;
      if (Sem < 0 && FirstSem.count(D.HWAgent))
        Sem = FirstSem[D.HWAgent];
      Sites.push_back({I, BI, Agents.get(D.HWAgent, Sem), D.HWAgent});
    }
  return Sites;
}

static std::string instJSON(const Decoded &D, int SiteId) {
  auto N = [](int64_t V) { return std::to_string(V); };
  switch (D.K) {
  case DKind::Site:
    return "{\"op\":\"site\",\"site\":" + N(SiteId) + "}";
  case DKind::Wait:
    return "{\"op\":\"wait\",\"engine\":" + N(D.Engine) + ",\"sem\":" +
           N(D.Sem) + ",\"reg\":" + N(D.Rd) + ",\"imm\":" + N(D.Imm) + "}";
  case DKind::Li:
    return "{\"op\":\"li\",\"dst\":" + N(D.Rd) + ",\"imm\":" + N(D.Imm) + "}";
  case DKind::AddI:
    return "{\"op\":\"addi\",\"dst\":" + N(D.Rd) + ",\"src\":" + N(D.Ra) +
           ",\"imm\":" + N(D.Imm) + "}";
  case DKind::Add:
  case DKind::Sub:
  case DKind::Sel:
  case DKind::ShlI:
  case DKind::MulI:
  case DKind::AndI:
  case DKind::XorI:
  case DKind::SetLess:
  case DKind::SraI:
  case DKind::SrlI:
  case DKind::Def:
    return "{\"op\":\"def\",\"reg\":" + N(D.Rd) + "}";
  case DKind::Other:
    return "{\"op\":\"sync\",\"kind\":\"other\",\"engine\":" + N(D.Engine) +
           "}";
  default:
    return "";
  }
}

/// [chip, reads, writes, pb, pe, arg, known, lo, hi, mod, slo, shi, smod]:
/// Footprint.v's fp.
static std::string footJSON(const Footprint &F) {
  std::string S = "[";
  for (int64_t V : {int64_t(F.OnChip), int64_t(F.Reads), int64_t(F.Writes),
                    int64_t(F.PartBegin), int64_t(F.PartEnd), int64_t(F.Arg),
                    int64_t(F.RangeKnown), F.Lo, F.Hi, int64_t(F.Mod), F.SLo,
                    F.SHi, int64_t(F.SMod)})
    S += (S.size() > 1 ? "," : "") + std::to_string(V);
  return S + "]";
}

template <typename T, typename F>
static std::string list(const T &Items, F Fn) {
  std::string S = "[";
  for (const auto &X : Items) {
    std::string E = Fn(X);
    if (E.empty())
      continue;
    if (S.size() > 1)
      S += ",";
    S += E;
  }
  return S + "]";
}

std::string NeuronISA::buildSyncRecord(const CodeKernel &K,
                                       const MCInstrInfo &MII) {
  std::vector<Decoded> Code(K.Insts.size());
  for (unsigned I = 0; I != K.Insts.size(); ++I) {
    std::string Err = decodeForSync(K.Insts[I], MII, Code[I]);
    if (!Err.empty())
      return errorRecord(K, K.Insts[I].Text + ": " + Err);
  }
  std::vector<CodeBlock> Blocks;
  std::string Err = buildBlocks(Code, Blocks);
  if (!Err.empty())
    return errorRecord(K, Err);
  computeFootprints(K, Blocks, Code);
  AgentTable Agents;
  std::vector<SiteInfo> Sites = numberSites(Code, Blocks, Agents);
  std::vector<int> SiteOf(Code.size(), -1);
  for (unsigned S = 0; S != Sites.size(); ++S)
    SiteOf[Sites[S].Inst] = S;
  std::vector<SyncGroup> Groups = buildGroups(Sites, Code, Blocks,
                                              K.NoAliasArgs);
  auto N = [](int64_t V) { return std::to_string(V); };
  std::vector<unsigned> Reachable;
  for (unsigned B = 0; B != Blocks.size(); ++B)
    if (Blocks[B].Reachable)
      Reachable.push_back(B);
  std::string R = "{\"function\":" + quote(K.Name) +
                  ",\"mode\":\"object\",\"fallbacks\":[],\"entry\":0";
  std::vector<unsigned> AgentIds(Agents.Keys.size());
  for (unsigned A = 0; A != AgentIds.size(); ++A)
    AgentIds[A] = A;
  R += ",\"agents\":" +
       list(AgentIds, [&](unsigned A) { return quote(Agents.name(A)); });
  std::vector<unsigned> NoAlias;
  for (unsigned A = 0; A != 8; ++A)
    if ((K.NoAliasArgs >> A) & 1)
      NoAlias.push_back(A);
  R += ",\"noalias\":" + list(NoAlias, N);
  R += ",\"engines\":[\"control\",\"pe\",\"act\",\"dve\",\"pool\",\"sp\"]";
  R += ",\"blocks\":" + list(Reachable, [&](unsigned B) {
         const CodeBlock &CB = Blocks[B];
         std::vector<unsigned> Idx;
         for (unsigned I = CB.Begin; I != CB.End; ++I)
           Idx.push_back(I);
         return "{\"id\":" + N(B) + ",\"name\":" +
                quote(K.Insts[CB.Begin].Text.substr(
                    0, K.Insts[CB.Begin].Text.find(':'))) +
                ",\"succs\":" + list(CB.Succs, N) + ",\"insts\":" +
                list(Idx, [&](unsigned I) {
                  return instJSON(Code[I], SiteOf[I]);
                }) +
                "}";
       });
  std::vector<unsigned> SiteIds(Sites.size());
  for (unsigned S = 0; S != Sites.size(); ++S)
    SiteIds[S] = S;
  R += ",\"sites\":" + list(SiteIds, [&](unsigned S) {
         const Decoded &D = Code[Sites[S].Inst];
         return "{\"id\":" + N(S) + ",\"agent\":" + N(Sites[S].Agent) +
                ",\"engine\":" + N(D.Engine) + ",\"sem\":" +
                (D.Sem < 0 ? std::string("null") : N(D.Sem)) +
                ",\"block\":" + N(Sites[S].Block) +
                ",\"unit\":" + N(Sites[S].HWAgent) +
                ",\"foot\":" + list(D.Foot, footJSON) +
                ",\"text\":" + quote(K.Insts[Sites[S].Inst].Text) + "}";
       });
  R += ",\"groups\":" + list(Groups, [&](const SyncGroup &G) {
         return "{\"agent\":" + N(G.Agent) + ",\"producers\":" +
                list(G.Producers, N) + ",\"consumers\":" +
                list(G.Consumers, N) + "}";
       });
  return R + "}";
}
