//===-- NpyIO.cpp - fp32 arrays in .npy and raw .bin files ----------------===//

#include "NpyIO.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"
#include <cstring>

using namespace llvm;
using namespace llvm::neuronisa_sim;

static Error npyError(StringRef Name, const Twine &Msg) {
  return createStringError(Name + ": " + Msg);
}

/// The value of 'Key' in the header dict, as raw text.
static StringRef dictValue(StringRef Header, StringRef Key) {
  size_t K = Header.find(("'" + Key + "'").str());
  if (K == StringRef::npos)
    return "";
  StringRef Rest = Header.drop_front(K + Key.size() + 2).ltrim();
  if (!Rest.consume_front(":"))
    return "";
  Rest = Rest.ltrim();
  if (Rest.starts_with("(")) {
    size_t E = Rest.find(')');
    return E == StringRef::npos ? "" : Rest.take_front(E + 1);
  }
  return Rest.take_until([](char C) { return C == ',' || C == '}'; }).trim();
}

Expected<FloatArray> neuronisa_sim::parseNpy(StringRef Bytes, StringRef Name) {
  if (Bytes.size() < 10 || !Bytes.starts_with("\x93NUMPY"))
    return npyError(Name, "not a .npy file (bad magic)");
  uint8_t Major = Bytes[6];
  size_t HeaderLen, HeaderStart;
  if (Major == 1) {
    HeaderLen = support::endian::read16le(Bytes.data() + 8);
    HeaderStart = 10;
  } else if (Major == 2 || Major == 3) {
    if (Bytes.size() < 12)
      return npyError(Name, "truncated .npy header");
    HeaderLen = support::endian::read32le(Bytes.data() + 8);
    HeaderStart = 12;
  } else {
    return npyError(Name, "unsupported .npy version " + Twine(Major));
  }
  if (HeaderStart + HeaderLen > Bytes.size())
    return npyError(Name, "truncated .npy header");
  StringRef Header = Bytes.substr(HeaderStart, HeaderLen);
  StringRef Descr = dictValue(Header, "descr").trim("'\" ");
  if (Descr != "<f4" && Descr != "=f4" && Descr != "f4")
    return npyError(Name, "dtype '" + Descr +
                              "' is not float32 (expected '<f4')");
  StringRef Shape = dictValue(Header, "shape");
  if (!Shape.consume_front("(") || !Shape.consume_back(")"))
    return npyError(Name, "cannot parse the shape in the .npy header");
  FloatArray A;
  uint64_t Count = 1;
  SmallVector<StringRef, 4> Dims;
  Shape.split(Dims, ',', -1, /*KeepEmpty=*/false);
  for (StringRef D : Dims) {
    D = D.trim();
    if (D.empty())
      continue;
    uint64_t V;
    if (D.getAsInteger(10, V))
      return npyError(Name, "bad dimension '" + D + "' in the .npy shape");
    A.Shape.push_back(V);
    Count *= V;
  }
  if (dictValue(Header, "fortran_order") == "True" && A.Shape.size() > 1)
    return npyError(Name, "Fortran-order arrays are not supported");
  StringRef Data = Bytes.drop_front(HeaderStart + HeaderLen);
  if (Data.size() != Count * 4)
    return npyError(Name, "data holds " + Twine(Data.size()) +
                              " bytes but the shape needs " +
                              Twine(Count * 4));
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
  std::string Dict = "{'descr': '<f4', 'fortran_order': False, 'shape': (";
  for (size_t K = 0; K != Shape.size(); ++K)
    Dict += (K ? ", " : "") + std::to_string(Shape[K]);
  if (Shape.size() == 1)
    Dict += ",";
  Dict += ")";
  Dict += ", }";
  size_t Total = 10 + Dict.size() + 1;
  Dict.append((64 - Total % 64) % 64, ' ');
  Dict += '\n';
  std::string Out = "\x93NUMPY";
  Out += '\x01';
  Out += '\x00';
  Out += char(Dict.size() & 0xff);
  Out += char(Dict.size() >> 8);
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
  return Error::success();
}
