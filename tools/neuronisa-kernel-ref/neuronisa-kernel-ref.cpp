//===-- neuronisa-kernel-ref.cpp - Reference results of the kernel suite -===//
//
// For a kernel of kernels/ and its sizes, writes deterministic inputs and the
// expected outputs as .npy files, and the kernel's argument list for
// neuronisa-sim (scalars, in:FILE, out:SHAPE:FILE:expect=REF), in the order of
// the kernel's parameters:
//
//   neuronisa-kernel-ref softmax n=3 -o DIR     # writes DIR/*.npy, DIR/args
//   neuronisa-sim softmax.s $(cat DIR/args)
//
// The references (Kernels.cpp) follow each kernel's instruction sequence
// operation by operation with the simulator's scalar semantics and summation
// orders (TileOps.h), so simulated and expected outputs agree bit for bit;
// the simulator's default tolerance only absorbs libm differences between
// builds.
//
//===----------------------------------------------------------------------===//

#include "Kernels.h"
#include "NpyIO.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace llvm::kernel_ref;

static cl::OptionCategory RefCat("neuronisa-kernel-ref options");
static cl::opt<std::string> KernelName(cl::Positional, cl::desc("<kernel>"),
                                       cl::cat(RefCat));
static cl::list<std::string> SizeArgs(cl::Positional,
                                      cl::desc("[NAME=VALUE...]"),
                                      cl::cat(RefCat));
static cl::opt<std::string> OutDir("o", cl::desc("Output directory"),
                                   cl::value_desc("DIR"), cl::cat(RefCat));
static cl::opt<bool> List("list", cl::desc("Print the kernels' names and exit"),
                          cl::cat(RefCat));

static int fail(const Twine &Msg) {
  WithColor::error(errs(), "neuronisa-kernel-ref") << Msg << "\n";
  return 1;
}

/// The --help text: what is written, and every kernel with its sizes.
static std::string overview() {
  std::string S;
  raw_string_ostream OS(S);
  OS << "reference inputs and outputs of the NeuronISA kernel suite\n\n"
        "  neuronisa-kernel-ref KERNEL [NAME=VALUE...] -o DIR\n\n"
        "Writes DIR/<param>.npy for every input, DIR/<param>.expected.npy\n"
        "for every output, and DIR/args: the kernel's arguments for\n"
        "neuronisa-sim (also printed on stdout). A size is at most 2^20 and\n"
        "a buffer at most 2^28 elements (what neuronisa-sim allocates);\n"
        "larger ones are an error. Kernels:\n";
  for (const Kernel &K : kernels()) {
    OS << format("  %-11s ", K.Name) << K.Help << "; sizes:";
    for (const auto &[N, V] : K.Defaults) {
      OS << " " << N << "=" << V;
      if (K.Maxima.count(N))
        OS << " (at most " << K.Maxima.at(N) << ")";
    }
    OS << "\n";
  }
  return S;
}

/// Sizes of K: its defaults, overridden by NAME=VALUE arguments.
static Expected<Sizes> parseSizes(const Kernel &K) {
  Sizes S = K.Defaults;
  for (StringRef A : SizeArgs) {
    auto [Name, Value] = A.split('=');
    if (Value.size() == A.size() || !S.count(Name.str()))
      return createStringError(A + ": expected NAME=VALUE with a size of "
                                   "kernel " +
                               K.Name);
    int64_t V;
    if (Value.getAsInteger(0, V) || V < 0 || V > (1 << 20))
      return createStringError(A + ": bad value (0 to 2^20)");
    auto Max = K.Maxima.find(Name.str());
    if (Max != K.Maxima.end() && V > Max->second)
      return createStringError(A + ": " + Name + " of kernel " + K.Name +
                               " is at most " + Twine(Max->second) +
                               " (the kernel's fixed shapes hold no more)");
    S[Name.str()] = V;
  }
  return S;
}

static std::string shapeText(ArrayRef<uint64_t> Shape) {
  std::string S;
  for (uint64_t X : Shape)
    S += (S.empty() ? "" : "x") + std::to_string(X);
  return S;
}

int main(int argc, char **argv) {
  InitLLVM X(argc, argv);
  cl::HideUnrelatedOptions(RefCat);
  std::string Overview = overview();
  cl::ParseCommandLineOptions(argc, argv, Overview);

  if (List) {
    for (const Kernel &K : kernels())
      outs() << K.Name << "\n";
    return 0;
  }
  if (KernelName.empty())
    return fail("no kernel given (see --help)");
  const Kernel *K = nullptr;
  for (const Kernel &C : kernels())
    if (KernelName == C.Name)
      K = &C;
  if (!K)
    return fail("unknown kernel '" + KernelName + "' (see --list)");
  Expected<Sizes> S = parseSizes(*K);
  if (!S)
    return fail(toString(S.takeError()));
  if (OutDir.empty())
    return fail("missing -o DIR");
  if (std::error_code EC = sys::fs::create_directories(OutDir))
    return fail("cannot create '" + OutDir + "': " + EC.message());

  Expected<KernelData> Data = KernelData::create(*K, *S);
  if (!Data)
    return fail(toString(Data.takeError()));
  K->Compute(*Data);

  std::vector<std::string> Args;
  for (const Param &P : K->Params) {
    if (P.K == Param::Scalar) {
      Args.push_back(std::to_string(S->at(P.Name)));
      continue;
    }
    const neuronisa_sim::FloatArray &A = Data->buffers().at(P.Name);
    std::string File = OutDir + "/" + P.Name + ".npy";
    std::string Expected = OutDir + "/" + P.Name + ".expected.npy";
    if (Error E = neuronisa_sim::writeFloatFile(
            P.K == Param::In ? File : Expected, A.Data, A.Shape))
      return fail(toString(std::move(E)));
    if (P.K == Param::In)
      Args.push_back("in:" + File);
    else
      Args.push_back("out:" + shapeText(A.Shape) + ":" + File +
                     ":expect=" + Expected);
  }
  std::string Line = join(Args, " ");
  std::error_code EC;
  raw_fd_ostream OS(OutDir + "/args", EC, sys::fs::OF_Text);
  if (EC)
    return fail("cannot write '" + OutDir + "/args': " + EC.message());
  OS << Line << "\n";
  OS.close();
  if (OS.has_error())
    return fail("cannot write '" + OutDir + "/args'");
  outs() << Line << "\n";
  return 0;
}
