#pragma once
// A FIFO of values in one ring of storage: push at the back, drop from the front or the back, read by index
// (0 = the oldest) and with random-access iterators, like a std::vector that also drops from the front in
// O(1). Telemetry keeps the samples of its window in one (docs/trains-format.md, "Scale benchmark"): a vector
// trimmed by erase() moved the whole window once per window -- at 4 000 bogies ~300 MB a second, a 30-60 ms
// stall of the step -- while the ring moves nothing and, once grown to the window, allocates nothing. It
// grows as a vector does (capacity doubled, the values moved in order), so a ring that is never trimmed is a
// vector.
#include <cstddef>
#include <iterator>
#include <utility>
#include <vector>

namespace tl {

template <class T> class RingBuffer {
public:
    class const_iterator {
    public:
        using iterator_category = std::random_access_iterator_tag;
        using value_type = T;
        using difference_type = std::ptrdiff_t;
        using pointer = const T*;
        using reference = const T&;

        const_iterator() = default;
        const_iterator(const RingBuffer* r, std::size_t i) : r_(r), i_(i) {}
        reference operator*() const { return (*r_)[i_]; }
        pointer operator->() const { return &(*r_)[i_]; }
        reference operator[](difference_type n) const { return (*r_)[std::size_t(difference_type(i_) + n)]; }
        const_iterator& operator++() { return ++i_, *this; }
        const_iterator operator++(int) { return {r_, i_++}; }
        const_iterator& operator--() { return --i_, *this; }
        const_iterator operator--(int) { return {r_, i_--}; }
        const_iterator& operator+=(difference_type n) {
            return i_ = std::size_t(difference_type(i_) + n), *this;
        }
        const_iterator& operator-=(difference_type n) { return *this += -n; }
        friend const_iterator operator+(const_iterator a, difference_type n) { return a += n; }
        friend const_iterator operator+(difference_type n, const_iterator a) { return a += n; }
        friend const_iterator operator-(const_iterator a, difference_type n) { return a -= n; }
        friend difference_type operator-(const const_iterator& a, const const_iterator& b) {
            return difference_type(a.i_) - difference_type(b.i_);
        }
        friend bool operator==(const const_iterator& a, const const_iterator& b) { return a.i_ == b.i_; }
        friend auto operator<=>(const const_iterator& a, const const_iterator& b) { return a.i_ <=> b.i_; }

    private:
        const RingBuffer* r_ = nullptr;
        std::size_t i_ = 0; // index from the front
    };

    std::size_t size() const { return size_; }
    bool empty() const { return size_ == 0; }
    std::size_t capacity() const { return slots_.size(); }
    const T& operator[](std::size_t i) const { return slots_[slot(i)]; }
    const T& front() const { return slots_[head_]; }
    const T& back() const { return slots_[slot(size_ - 1)]; }
    const_iterator begin() const { return {this, 0}; }
    const_iterator end() const { return {this, size_}; }

    void push_back(const T& v) {
        if (size_ == slots_.size()) grow();
        slots_[slot(size_)] = v;
        ++size_;
    }
    void pop_front(std::size_t n = 1) { // n <= size()
        head_ = slot(n);
        size_ -= n;
        if (size_ == 0) head_ = 0;
    }
    void pop_back() { --size_; } // !empty()
    void clear() {
        head_ = 0;
        size_ = 0;
    }

private:
    std::size_t slot(std::size_t i) const { // i < capacity
        const std::size_t s = head_ + i;
        return s < slots_.size() ? s : s - slots_.size();
    }
    void grow() {
        std::vector<T> next(slots_.empty() ? 16 : 2 * slots_.size());
        for (std::size_t i = 0; i < size_; ++i)
            next[i] = std::move(slots_[slot(i)]);
        slots_ = std::move(next);
        head_ = 0;
    }

    std::vector<T> slots_; // the ring: size_ values from head_, wrapping at the end
    std::size_t head_ = 0; // slot of the oldest value
    std::size_t size_ = 0;
};

} // namespace tl
