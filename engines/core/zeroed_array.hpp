// ZeroedArray<T>: a fixed-size array of T that starts as all-zero bytes, in
// pages of its own (an anonymous mmap) that the kernel supplies, zeroed, only
// when each is first touched.
//
// Why: a search's transposition table is large (16 MiB by default) and a
// shallow search touches a few hundred of its entries. Made as a std::vector,
// the table is written whole when it is made, about 8 ms, once per seat and
// game: a hundred times the search itself. Made here it costs one system call
// and a page fault for each page the search touches. (calloc would do the
// same for its first large block only: glibc then raises its mmap threshold
// and serves the next ones from the heap, cleared by a full memset.)
//
// Contract: T is trivially copyable and all-zero bytes are a valid T (the
// caller's "empty" value). Copies copy the contents; a moved-from array is
// empty. Throws std::bad_alloc when the pages cannot be mapped.
#pragma once

#include <sys/mman.h>

#include <cstddef>
#include <cstring>
#include <new>
#include <type_traits>
#include <utility>

namespace arena {

template <class T>
class ZeroedArray {
  static_assert(std::is_trivially_copyable_v<T>);

 public:
  ZeroedArray() = default;
  explicit ZeroedArray(size_t size) : size_(size) {
    if (size == 0) return;
    void* pages =
        mmap(nullptr, bytes(), PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (pages == MAP_FAILED) throw std::bad_alloc();
    madvise(pages, bytes(), MADV_HUGEPAGE);
    data_ = static_cast<T*>(pages);
  }
  ZeroedArray(const ZeroedArray& other) : ZeroedArray(other.size_) {
    if (size_ != 0) std::memcpy(data_, other.data_, bytes());
  }
  ZeroedArray(ZeroedArray&& other) noexcept
      : data_(std::exchange(other.data_, nullptr)), size_(std::exchange(other.size_, 0)) {}
  ZeroedArray& operator=(ZeroedArray other) noexcept {
    std::swap(data_, other.data_);
    std::swap(size_, other.size_);
    return *this;
  }
  ~ZeroedArray() {
    if (data_ != nullptr) munmap(data_, bytes());
  }

  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  T& operator[](size_t i) { return data_[i]; }
  const T& operator[](size_t i) const { return data_[i]; }
  // Every element back to all-zero bytes (touches every page).
  void clear() {
    if (size_ != 0) std::memset(static_cast<void*>(data_), 0, bytes());
  }

 private:
  size_t bytes() const { return size_ * sizeof(T); }

  T* data_ = nullptr;
  size_t size_ = 0;
};

}  // namespace arena
