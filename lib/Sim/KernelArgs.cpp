//===-- KernelArgs.cpp - Kernel arguments and HBM buffers -----------------===//

#include "KernelArgs.h"
#include "NpyIO.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/bit.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/MathExtras.h"
#include <cmath>

using namespace llvm;
using namespace llvm::neuronisa_sim;

static Error argError(StringRef Text, const Twine &Msg) {
  return createStringError("argument '" + Text + "': " + Msg);
}

Expected<KernelArg> neuronisa_sim::parseKernelArg(StringRef Text) {
  KernelArg A;
  A.Text = Text.str();
  SmallVector<StringRef, 4> Parts;
  Text.split(Parts, ':');
  if (Parts[0] == "in" || Parts[0] == "out") {
    A.K = Parts[0] == "in" ? KernelArg::Kind::In : KernelArg::Kind::Out;
    size_t K = 1;
    if (A.K == KernelArg::Kind::In) {
      if (Parts.size() < 2 || Parts[1].empty())
        return argError(Text, "expected in:FILE");
      A.File = Parts[1].str();
      K = 2;
    } else {
      if (Parts.size() < 2 || Parts[1].empty())
        return argError(Text, "expected out:SHAPE[:FILE]");
      SmallVector<StringRef, 4> Dims;
      Parts[1].split(Dims, 'x');
      for (StringRef D : Dims) {
        uint64_t V;
        if (D.getAsInteger(0, V) || V == 0)
          return argError(Text, "bad shape '" + Parts[1] +
                                    "' (expected N or NxM..., each > 0)");
        A.Shape.push_back(V);
      }
      K = 2;
    }
    for (; K < Parts.size(); ++K) {
      if (Parts[K].empty() && A.K == KernelArg::Kind::Out && A.File.empty())
        continue; // out:SHAPE::expect=REF (no output file)
      if (Parts[K].starts_with("expect=")) {
        A.Expect = Parts[K].drop_front(7).str();
        if (A.Expect.empty())
          return argError(Text, "expect= needs a file");
      } else if (A.K == KernelArg::Kind::Out && A.File.empty() &&
                 !Parts[K].empty()) {
        A.File = Parts[K].str();
      } else {
        return argError(Text, "unexpected '" + Parts[K] + "'");
      }
    }
    return A;
  }
  int64_t V;
  if (Text.getAsInteger(0, V) || V < INT32_MIN || V > UINT32_MAX)
    return argError(Text, "expected an i32 integer, in:FILE or out:SHAPE");
  A.Value = static_cast<int32_t>(static_cast<uint32_t>(V));
  return A;
}

Error neuronisa_sim::setUpArgs(std::vector<KernelArg> &Args, Memory &M) {
  if (Args.size() > 8)
    return createStringError("at most 8 kernel arguments (r1..r8), got " +
                             Twine(Args.size()));
  // First every buffer's size (inputs are read, outputs only counted), laid
  // out as Memory::addBuffer will place them, so that no output is allocated
  // before all of them are known to fit in the 32-bit HBM address space.
  std::vector<std::vector<float>> Inputs(Args.size());
  std::vector<uint64_t> Elems(Args.size(), 0);
  uint64_t Base = HBMFirstBase;
  if (!M.buffers().empty()) {
    const HBMBuffer &Last = M.buffers().back();
    Base = alignTo(Last.Base + Last.sizeBytes() + HBMGuard, HBMAlign);
  }
  for (unsigned K = 0; K != Args.size(); ++K) {
    KernelArg &A = Args[K];
    if (A.K == KernelArg::Kind::Scalar)
      continue;
    if (A.K == KernelArg::Kind::In) {
      Expected<FloatArray> Arr = readFloatFile(A.File);
      if (!Arr)
        return Arr.takeError();
      if (Arr->Data.empty())
        return createStringError("input '" + A.File + "' is empty");
      Inputs[K] = std::move(Arr->Data);
      A.Shape = Arr->Shape;
      Elems[K] = Inputs[K].size();
    } else {
      uint64_t N = 1;
      bool Overflow = false;
      for (uint64_t D : A.Shape)
        N = SaturatingMultiply(N, D, &Overflow);
      if (Overflow || N > MaxOutputElems)
        return argError(A.Text, "buffer too large (at most " +
                                    Twine(MaxOutputElems) + " elements)");
      Elems[K] = N;
    }
    uint64_t End = Base + 4 * Elems[K];
    if (End > (uint64_t(1) << 32))
      return argError(A.Text, "the HBM buffers do not fit in the 32-bit HBM "
                              "address space (" +
                                  Twine(Elems[K]) + " elements at " +
                                  Twine::utohexstr(Base) + ")");
    Base = alignTo(End + HBMGuard, HBMAlign);
  }
  for (unsigned K = 0; K != Args.size(); ++K) {
    KernelArg &A = Args[K];
    if (A.K == KernelArg::Kind::Scalar)
      continue;
    A.BufIdx = M.buffers().size();
    std::string Name = "arg" + std::to_string(K + 1);
    uint32_t Addr = A.K == KernelArg::Kind::Out
                        ? M.addZeroBuffer(Elems[K], std::move(Name))
                        : M.addBuffer(Inputs[K], std::move(Name));
    std::vector<float>().swap(Inputs[K]); // copied into the buffer
    A.Value = static_cast<int32_t>(Addr);
  }
  return Error::success();
}

/// A value in a mismatch message; with its bits when they are compared.
static std::string describeValue(float V, bool Bitwise) {
  if (!Bitwise)
    return std::to_string(V);
  std::string S;
  raw_string_ostream(S) << format("%.9g (0x%08x)", V, bit_cast<uint32_t>(V));
  return S;
}

Error neuronisa_sim::finishArgs(const std::vector<KernelArg> &Args, Memory &M,
                                double RTol, double ATol,
                                std::vector<Comparison> &Results,
                                bool Bitwise) {
  for (unsigned K = 0; K != Args.size(); ++K) {
    const KernelArg &A = Args[K];
    if (A.BufIdx < 0)
      continue;
    ArrayRef<float> Got = M.buffers()[A.BufIdx].Data;
    if (A.K == KernelArg::Kind::Out && !A.File.empty())
      if (Error E = writeFloatFile(A.File, Got, A.Shape))
        return E;
    if (A.Expect.empty())
      continue;
    Expected<FloatArray> Want = readFloatFile(A.Expect);
    if (!Want)
      return Want.takeError();
    Comparison C{K, true, 0, 0.0, ""};
    if (Want->Data.size() != Got.size()) {
      C.Ok = false;
      C.Message = "expected " + std::to_string(Want->Data.size()) +
                  " elements in '" + A.Expect + "', buffer has " +
                  std::to_string(Got.size());
      Results.push_back(C);
      continue;
    }
    for (size_t I = 0; I != Got.size(); ++I) {
      double G = Got[I], W = Want->Data[I];
      bool Same = Bitwise ? bit_cast<uint32_t>(Got[I]) ==
                                bit_cast<uint32_t>(Want->Data[I])
                          : (std::isnan(G) && std::isnan(W)) || G == W;
      double Err = std::fabs(G - W);
      if (!Same && (Bitwise || !(Err <= ATol + RTol * std::fabs(W)))) {
        if (!C.Mismatches)
          C.Message = "element " + std::to_string(I) + ": got " +
                      describeValue(Got[I], Bitwise) + ", expected " +
                      describeValue(Want->Data[I], Bitwise);
        ++C.Mismatches;
        C.Ok = false;
      }
      if (!Same && !std::isnan(Err))
        C.MaxAbsErr = std::max(C.MaxAbsErr, Err);
    }
    if (C.Mismatches)
      C.Message = std::to_string(C.Mismatches) +
                  " element(s) differ; first: " + C.Message;
    Results.push_back(C);
  }
  return Error::success();
}
