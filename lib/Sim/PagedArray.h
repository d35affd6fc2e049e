//===-- PagedArray.h - Sparse array allocated a page at a time -*- C++ -*-===//
//
// The checkers' state per 4-byte granule of every memory (ShadowMemory) is
// tens of bytes. A kernel touches a few tiles of a 24 MiB SBUF and maybe a
// few rows of a 1 GiB output buffer, so the state is kept in pages that are
// allocated (as default-constructed elements) on the first write into them:
// the memory used follows the bytes a kernel touches, not the sizes of the
// memories and buffers it could touch.
//
//===----------------------------------------------------------------------===//

#ifndef NEURONISA_SIM_PAGEDARRAY_H
#define NEURONISA_SIM_PAGEDARRAY_H

#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>
#include <vector>

namespace llvm {
namespace neuronisa_sim {

template <typename T, unsigned PageBits = 10> class PagedArray {
public:
  static constexpr uint64_t PageSize = uint64_t(1) << PageBits;
  using Page = std::array<T, PageSize>;

  PagedArray() = default;
  explicit PagedArray(uint64_t Size) { resize(Size); }
  PagedArray(const PagedArray &O) : Size(O.Size), Pages(O.Pages.size()) {
    for (size_t K = 0; K != Pages.size(); ++K)
      if (O.Pages[K])
        Pages[K] = std::make_unique<Page>(*O.Pages[K]);
  }
  PagedArray(PagedArray &&) = default;
  PagedArray &operator=(PagedArray &&) = default;
  PagedArray &operator=(const PagedArray &O) {
    if (this != &O)
      *this = PagedArray(O);
    return *this;
  }

  /// Sets the size; elements are default-constructed when their page is.
  void resize(uint64_t N) {
    Size = N;
    Pages.resize((N + PageSize - 1) >> PageBits);
  }
  uint64_t size() const { return Size; }
  bool empty() const { return Size == 0; }

  /// Element I; a default element if its page was never written.
  const T &get(uint64_t I) const {
    const Page *P = Pages[I >> PageBits].get();
    return P ? (*P)[I & (PageSize - 1)] : defaultValue();
  }
  /// Element I for writing (allocates its page).
  T &at(uint64_t I) { return pageOf(I)[I & (PageSize - 1)]; }

  /// The elements [I, min(End, end of I's page)) for writing: loops over a
  /// range take one page lookup per page, not per element.
  T *span(uint64_t I, uint64_t End, uint64_t &SpanEnd) {
    SpanEnd = std::min(End, (I | (PageSize - 1)) + 1);
    return &pageOf(I)[I & (PageSize - 1)];
  }
  /// The same for reading; nullptr if the page was never written.
  const T *spanIfPresent(uint64_t I, uint64_t End, uint64_t &SpanEnd) const {
    SpanEnd = std::min(End, (I | (PageSize - 1)) + 1);
    const Page *P = Pages[I >> PageBits].get();
    return P ? &(*P)[I & (PageSize - 1)] : nullptr;
  }

  /// Pages allocated so far (for tests of the memory use).
  size_t numPages() const {
    size_t N = 0;
    for (const std::unique_ptr<Page> &P : Pages)
      N += P != nullptr;
    return N;
  }

private:
  Page &pageOf(uint64_t I) {
    std::unique_ptr<Page> &P = Pages[I >> PageBits];
    if (!P)
      P = std::make_unique<Page>();
    return *P;
  }
  static const T &defaultValue() {
    static const T D{};
    return D;
  }

  uint64_t Size = 0;
  std::vector<std::unique_ptr<Page>> Pages;
};

} // namespace neuronisa_sim
} // namespace llvm

#endif
