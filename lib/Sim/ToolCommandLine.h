//===-- ToolCommandLine.h - Command lines whose errors say error: -*- C++ -*-===//
//
// cl::ParseCommandLineOptions reports a bad option value as "TOOL: for the
// --x option: 'y' value invalid for ulong argument!" and exits; the project's
// tools report every bad input as "TOOL: error: ..." (as WithColor::error
// prints it), so that users and scripts find one form. These parsers and
// parseToolCommandLine give cl's errors that form; the tool then validates
// value ranges itself after parsing.
//
//===----------------------------------------------------------------------===//

#ifndef NEURONISA_SIM_TOOLCOMMANDLINE_H
#define NEURONISA_SIM_TOOLCOMMANDLINE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Error.h"
#include <cstdint>

namespace llvm {
namespace neuronisa_sim {

/// Prints "TOOL: error: Msg" (TOOL as set by parseToolCommandLine) and
/// returns true, as cl parsers do on an error.
bool commandLineError(const Twine &Msg);

/// An unsigned integer (decimal, 0x hex or 0 octal) of up to 64 bits, for
/// cl::opt<unsigned long long> (cl's parser<unsigned long>, uint64_t's on
/// Linux, is final).
class UIntParser : public cl::parser<unsigned long long> {
public:
  using cl::parser<unsigned long long>::parser;
  bool parse(cl::Option &O, StringRef ArgName, StringRef Arg,
             unsigned long long &V);
};

/// A number as strtod reads it (range checks are the tool's).
class DoubleParser : public cl::parser<double> {
public:
  using cl::parser<double>::parser;
  bool parse(cl::Option &O, StringRef ArgName, StringRef Arg, double &V);
};

/// true/false/1/0 (no value: true).
class BoolParser : public cl::parser<bool> {
public:
  using cl::parser<bool>::parser;
  bool parse(cl::Option &O, StringRef ArgName, StringRef Arg, bool &V);
};

/// cl::ParseCommandLineOptions, with every error it finds (an unknown
/// option, an option that needs a value given none, a bad value of an option
/// using the parsers above) printed as a "TOOL: error:" line. Returns false
/// on an error; the tool then exits with a non-zero status.
bool parseToolCommandLine(int Argc, const char *const *Argv,
                          StringRef Overview);

/// The range of --rtol and --atol: finite and not negative.
Error checkTolerances(double RTol, double ATol);

} // namespace neuronisa_sim
} // namespace llvm

#endif
