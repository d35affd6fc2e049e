//===-- NpyIO.cpp - fp32 arrays in .npy and raw .bin files ----------------===//

#include "NpyIO.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"
#include <cstring>

using namespace llvm;
using namespace llvm::neuronisa_sim;

static Error npyError(StringRef Name, const Twine &Msg) {
  return createStringError(Name + ": " + Msg);
}

namespace {
/// The three keys of a .npy header dict.
struct NpyHeader {
  std::string Descr;
  bool FortranOrder = false;
  std::vector<uint64_t> Shape;
};

/// A parser of the header dict, a Python literal such as
///   {'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }
/// Only what NumPy writes is accepted: exactly the three keys, string,
/// boolean and tuple-of-integers values. Every malformed header is an error,
/// never a guess.
class NpyHeaderParser {
public:
  NpyHeaderParser(StringRef Text, StringRef Name) : Rest(Text), Name(Name) {}

  Error parse(NpyHeader &H) {
    bool HaveDescr = false, HaveOrder = false, HaveShape = false;
    if (!consume('{'))
      return error("the .npy header is not a dict");
    while (!consume('}')) {
      std::string Key;
      if (Error E = parseString(Key))
        return E;
      if (!consume(':'))
        return error("expected ':' after '" + Key + "' in the .npy header");
      if (Key == "descr" && !HaveDescr) {
        HaveDescr = true;
        if (Error E = parseString(H.Descr))
          return E;
      } else if (Key == "fortran_order" && !HaveOrder) {
        HaveOrder = true;
        if (Error E = parseBool(H.FortranOrder))
          return E;
      } else if (Key == "shape" && !HaveShape) {
        HaveShape = true;
        if (Error E = parseShape(H.Shape))
          return E;
      } else {
        return error("unexpected or repeated key '" + Key +
                     "' in the .npy header");
      }
      if (!consume(',') && !peek('}'))
        return error("expected ',' or '}' in the .npy header");
    }
    if (!Rest.trim().empty())
      return error("unexpected text after the .npy header dict");
    if (!HaveDescr || !HaveOrder || !HaveShape)
      return error("the .npy header lacks '" +
                   Twine(!HaveDescr ? "descr"
                                    : !HaveOrder ? "fortran_order" : "shape") +
                   "'");
    return Error::success();
  }

private:
  StringRef Rest;
  StringRef Name;

  Error error(const Twine &Msg) { return npyError(Name, Msg); }
  bool peek(char C) {
    Rest = Rest.ltrim();
    return Rest.starts_with(StringRef(&C, 1));
  }
  bool consume(char C) {
    if (!peek(C))
      return false;
    Rest = Rest.drop_front();
    return true;
  }
  Error parseString(std::string &Out) {
    Rest = Rest.ltrim();
    if (Rest.empty() || (Rest[0] != '\'' && Rest[0] != '"'))
      return error("expected a quoted string in the .npy header");
    char Quote = Rest[0];
    size_t End = Rest.find(Quote, 1);
    if (End == StringRef::npos)
      return error("unterminated string in the .npy header");
    Out = Rest.slice(1, End).str();
    Rest = Rest.drop_front(End + 1);
    return Error::success();
  }
  Error parseBool(bool &Out) {
    Rest = Rest.ltrim();
    if (Rest.consume_front("True"))
      Out = true;
    else if (Rest.consume_front("False"))
      Out = false;
    else
      return error("'fortran_order' is not True or False");
    return Error::success();
  }
  Error parseShape(std::vector<uint64_t> &Out) {
    if (!consume('('))
      return error("the .npy shape is not a tuple");
    while (!consume(')')) {
      Rest = Rest.ltrim();
      StringRef Digits = Rest.take_while(isDigit);
      uint64_t V;
      if (Digits.empty())
        return error("bad dimension '" +
                     Rest.take_until([](char C) {
                           return C == ',' || C == ')';
                         }).trim() +
                     "' in the .npy shape");
      if (Digits.getAsInteger(10, V))
        return error("dimension " + Digits +
                     " in the .npy shape does not fit in 64 bits");
      Rest = Rest.drop_front(Digits.size());
      Out.push_back(V);
      if (!consume(',') && !peek(')'))
        return error("expected ',' or ')' in the .npy shape");
    }
    return Error::success();
  }
};
} // namespace

/// "(4611686018427387904,)", as NumPy prints a shape.
static std::string shapeText(ArrayRef<uint64_t> Shape) {
  std::string S = "(";
  for (size_t K = 0; K != Shape.size(); ++K)
    S += (K ? ", " : "") + std::to_string(Shape[K]);
  return S + (Shape.size() == 1 ? ",)" : ")");
}

Expected<FloatArray> neuronisa_sim::parseNpy(StringRef Bytes, StringRef Name) {
  if (Bytes.size() < 10 || !Bytes.starts_with("\x93NUMPY"))
    return npyError(Name, "not a .npy file (bad magic)");
  uint8_t Major = Bytes[6];
  uint64_t HeaderLen, HeaderStart;
  if (Major == 1) {
    HeaderLen = support::endian::read16le(Bytes.data() + 8);
    HeaderStart = 10;
  } else if (Major == 2 || Major == 3) {
    if (Bytes.size() < 12)
      return npyError(Name, "truncated .npy header");
    HeaderLen = support::endian::read32le(Bytes.data() + 8);
    HeaderStart = 12;
  } else {
    return npyError(Name, "unsupported .npy version " + Twine(unsigned(Major)));
  }
  if (HeaderLen > Bytes.size() - HeaderStart)
    return npyError(Name, "truncated .npy header");
  NpyHeader H;
  if (Error E =
          NpyHeaderParser(Bytes.substr(HeaderStart, HeaderLen), Name).parse(H))
    return E;
  StringRef Descr = H.Descr;
  if (Descr != "<f4" && Descr != "=f4" && Descr != "f4")
    return npyError(Name, "dtype '" + Descr +
                              "' is not float32 (expected '<f4')");
  // Fortran order is the same layout as C order when at most one dimension
  // is larger than 1.
  if (H.FortranOrder &&
      llvm::count_if(H.Shape, [](uint64_t D) { return D > 1; }) > 1)
    return npyError(Name, "Fortran-order arrays are not supported");
  // The element count, overflow-checked: the data must hold exactly
  // 4 * count bytes, so the file's size bounds every allocation below.
  uint64_t Count = 1;
  bool Overflow = false;
  for (uint64_t D : H.Shape)
    Count = SaturatingMultiply(Count, D, &Overflow);
  uint64_t Needed = SaturatingMultiply(Count, uint64_t(4), &Overflow);
  StringRef Data = Bytes.drop_front(HeaderStart + HeaderLen);
  if (Overflow)
    return npyError(Name, "shape " + shapeText(H.Shape) +
                              " needs more than 2^64 bytes");
  if (Data.size() != Needed)
    return npyError(Name, "data holds " + Twine(Data.size()) +
                              " bytes but the shape needs " + Twine(Needed));
  FloatArray A;
  A.Shape = std::move(H.Shape);
  A.Data.resize(Count);
  for (uint64_t K = 0; K != Count; ++K) {
    uint32_t Bits = support::endian::read32le(Data.data() + 4 * K);
    std::memcpy(&A.Data[K], &Bits, 4);
  }
  return A;
}

Expected<FloatArray> neuronisa_sim::readFloatFile(StringRef Path) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buf =
      MemoryBuffer::getFile(Path, /*IsText=*/false,
                            /*RequiresNullTerminator=*/false);
  if (!Buf)
    return createStringError("cannot read '" + Path +
                             "': " + Buf.getError().message());
  StringRef Bytes = (*Buf)->getBuffer();
  if (Path.ends_with(".npy"))
    return parseNpy(Bytes, Path);
  if (Bytes.size() % 4)
    return npyError(Path, "size " + Twine(Bytes.size()) +
                              " bytes is not a multiple of 4 (raw fp32)");
  FloatArray A;
  A.Data.resize(Bytes.size() / 4);
  for (size_t K = 0; K != A.Data.size(); ++K) {
    uint32_t Bits = support::endian::read32le(Bytes.data() + 4 * K);
    std::memcpy(&A.Data[K], &Bits, 4);
  }
  A.Shape.push_back(A.Data.size());
  return A;
}

std::string neuronisa_sim::makeNpy(ArrayRef<float> Data,
                                   ArrayRef<uint64_t> Shape) {
  std::string Dict = "{'descr': '<f4', 'fortran_order': False, 'shape': " +
                     shapeText(Shape) + ", }";
  size_t Total = 10 + Dict.size() + 1;
  Dict.append((64 - Total % 64) % 64, ' ');
  Dict += '\n';
  // Version 1 stores the header length in 16 bits; version 2 in 32.
  bool Long = Dict.size() > 0xffff;
  if (Long)
    Dict.insert(Dict.size() - 1, std::string(62, ' ')); // keep 64-alignment
  std::string Out = "\x93NUMPY";
  Out += Long ? '\x02' : '\x01';
  Out += '\x00';
  char Len[4];
  support::endian::write32le(Len, Dict.size());
  Out.append(Len, Long ? 4 : 2);
  Out += Dict;
  for (float F : Data) {
    uint32_t Bits;
    std::memcpy(&Bits, &F, 4);
    char B[4];
    support::endian::write32le(B, Bits);
    Out.append(B, 4);
  }
  return Out;
}

Error neuronisa_sim::writeFloatFile(StringRef Path, ArrayRef<float> Data,
                                    ArrayRef<uint64_t> Shape) {
  std::error_code EC;
  raw_fd_ostream OS(Path, EC, sys::fs::OF_None);
  if (EC)
    return createStringError("cannot write '" + Path + "': " + EC.message());
  if (Path.ends_with(".npy")) {
    OS << makeNpy(Data, Shape);
  } else {
    for (float F : Data) {
      uint32_t Bits;
      std::memcpy(&Bits, &F, 4);
      char B[4];
      support::endian::write32le(B, Bits);
      OS.write(B, 4);
    }
  }
  // A write error (a full disk) is the caller's error, not the fatal "IO
  // failure" of a stream destroyed with one.
  OS.close();
  if (OS.has_error()) {
    EC = OS.error();
    OS.clear_error();
    return createStringError("cannot write '" + Path + "': " + EC.message());
  }
  return Error::success();
}
