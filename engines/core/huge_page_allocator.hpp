// An allocator for large working arrays that asks Linux to back them with
// transparent huge pages.
//
// Contract: a std::allocator for T; an allocation of at least
// kHugePageThreshold bytes is rounded up to whole 2 MiB pages, aligned to
// one, and advised MADV_HUGEPAGE (where the kernel's transparent huge pages
// are "always" or "madvise", as on Debian); smaller ones, and every one off
// Linux, go through std::allocator. The memory is the same either way: only
// the page size changes.
//
// Why: first touching fresh memory costs a page fault per 4 KiB page, and in
// a virtual machine a fault is expensive. The exact rooks solver on a
// 1000 x 1000 board fills some 10 MB of fresh arrays; their faults took about
// 40% of its time (RooksExact1000: 51 ms, 27 ms with huge pages).
#pragma once

#include <cstddef>
#include <cstdlib>
#include <memory>
#include <new>
#include <vector>

#ifdef __linux__
#include <sys/mman.h>
#endif

namespace arena {

constexpr size_t kHugePageSize = size_t{2} << 20;
constexpr size_t kHugePageThreshold = size_t{256} << 10;

template <class T>
struct HugePageAllocator {
  using value_type = T;

  HugePageAllocator() = default;
  // Implicit, as containers rebind allocators by conversion.
  template <class U>
  HugePageAllocator(const HugePageAllocator<U>& /*other*/) {}  // NOLINT

  T* allocate(size_t n) {
#ifdef __linux__
    if (n <= static_cast<size_t>(-1) / sizeof(T) && n * sizeof(T) >= kHugePageThreshold) {
      const size_t bytes = n * sizeof(T);
      const size_t rounded = (bytes + kHugePageSize - 1) / kHugePageSize * kHugePageSize;
      void* p = std::aligned_alloc(kHugePageSize, rounded);
      if (!p) throw std::bad_alloc();
      madvise(p, rounded, MADV_HUGEPAGE);  // advice only: failing leaves small pages
      return static_cast<T*>(p);
    }
#endif
    return std::allocator<T>().allocate(n);  // throws for sizes past what it can hold
  }

  void deallocate(T* p, size_t n) {
#ifdef __linux__
    if (n * sizeof(T) >= kHugePageThreshold) {
      std::free(p);
      return;
    }
#endif
    std::allocator<T>().deallocate(p, n);
  }

  template <class U>
  bool operator==(const HugePageAllocator<U>& /*other*/) const {
    return true;
  }
};

// A vector whose large buffers live on huge pages.
template <class T>
using HugePageVector = std::vector<T, HugePageAllocator<T>>;

}  // namespace arena
