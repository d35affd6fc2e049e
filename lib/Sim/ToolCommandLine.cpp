//===-- ToolCommandLine.cpp - Command lines whose errors say error: -------===//

#include "ToolCommandLine.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"
#include <cmath>
#include <string>

using namespace llvm;
using namespace llvm::neuronisa_sim;

static std::string ToolName;

bool neuronisa_sim::commandLineError(const Twine &Msg) {
  WithColor::error(errs(), ToolName) << Msg << "\n";
  return true;
}

static std::string optionName(const cl::Option &O, StringRef ArgName) {
  return "--" + (ArgName.empty() ? O.ArgStr : ArgName).str();
}

bool UIntParser::parse(cl::Option &O, StringRef ArgName, StringRef Arg,
                       unsigned long long &V) {
  if (Arg.empty())
    return commandLineError(optionName(O, ArgName) + " requires a value");
  if (Arg.getAsInteger(0, V))
    return commandLineError(optionName(O, ArgName) + ": '" + Arg +
                            "' is not an unsigned integer (at most " +
                            Twine(UINT64_MAX) + ")");
  return false;
}

bool DoubleParser::parse(cl::Option &O, StringRef ArgName, StringRef Arg,
                         double &V) {
  if (Arg.empty())
    return commandLineError(optionName(O, ArgName) + " requires a value");
  if (!to_float(Arg, V))
    return commandLineError(optionName(O, ArgName) + ": '" + Arg +
                            "' is not a number");
  return false;
}

bool BoolParser::parse(cl::Option &O, StringRef ArgName, StringRef Arg,
                       bool &V) {
  if (Arg.empty() || Arg == "true" || Arg == "TRUE" || Arg == "True" ||
      Arg == "1") {
    V = true;
    return false;
  }
  if (Arg == "false" || Arg == "FALSE" || Arg == "False" || Arg == "0") {
    V = false;
    return false;
  }
  return commandLineError(optionName(O, ArgName) + ": '" + Arg +
                          "' is not true or false");
}

/// An option as the last argument, without '=VALUE', that requires a value:
/// cl would print its own text for it. Returns the option's name, or "".
static StringRef lastOptionMissingValue(int Argc, const char *const *Argv) {
  for (int K = 1; K < Argc; ++K)
    if (StringRef(Argv[K]) == "--")
      return "";
  if (Argc < 2)
    return "";
  StringRef Last = Argv[Argc - 1];
  if (!Last.consume_front("-") || Last.contains('='))
    return "";
  Last.consume_front("-");
  auto Opts = cl::getRegisteredOptions();
  auto It = Opts.find(Last);
  if (It == Opts.end() ||
      It->second->getValueExpectedFlag() != cl::ValueRequired)
    return "";
  return It->first;
}

bool neuronisa_sim::parseToolCommandLine(int Argc, const char *const *Argv,
                                         StringRef Overview) {
  ToolName = sys::path::filename(Argv[0]).str();
  if (StringRef Name = lastOptionMissingValue(Argc, Argv); !Name.empty())
    return !commandLineError("--" + Name + " requires a value");
  // Errors cl writes to this stream (unknown options, positional argument
  // counts) come as "TOOL: Message" lines; a line after the first is a hint
  // ("Did you mean '--x'?").
  std::string Text;
  raw_string_ostream Errs(Text);
  if (cl::ParseCommandLineOptions(Argc, Argv, Overview, &Errs))
    return true;
  SmallVector<StringRef, 4> Lines;
  StringRef(Text).split(Lines, '\n', -1, /*KeepEmpty=*/false);
  bool First = true;
  for (StringRef L : Lines) {
    L.consume_front(ToolName + ": ");
    // "Unknown command line argument '--x'.  Try: 'PATH --help'"
    L = L.split(".  Try: ").first.trim();
    std::string Msg = L.str();
    if (!Msg.empty())
      Msg[0] = toLower(Msg[0]);
    if (First)
      commandLineError(Msg);
    else
      WithColor::note(errs(), ToolName) << Msg << "\n";
    First = false;
  }
  return false; // (no lines: a value error the parsers above printed)
}

Error neuronisa_sim::checkTolerances(double RTol, double ATol) {
  for (auto [Name, V] : {std::pair{"--rtol", RTol}, std::pair{"--atol", ATol}})
    if (!std::isfinite(V) || V < 0)
      return createStringError(Twine(Name) + " must be a finite number >= 0");
  return Error::success();
}
