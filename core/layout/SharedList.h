#pragma once
// A list whose items are shared between copies and copied on write: copying the list copies one pointer
// per item, and an item is copied only when it is changed through a list that shares it. A layout spec
// keeps its tracks in one, so the editor's change of one track (a drag step) copies that track, not the
// layout, while the compiled layout and the runs made from it keep the spec they were built from
// (docs/architecture.md, "Document changes").
//
// Reading is std::vector's: size, [], at, front/back, const iteration. Writing through a non-const
// reference (operator[], at, front, back, a non-const iterator) first makes the item this list's own --
// and so does reading through one, since C++ cannot tell a read from a write there: read a list you do not
// mean to change through a const reference (std::as_const), as Document does.
#include <atomic>
#include <cstddef>
#include <initializer_list>
#include <iterator>
#include <memory>
#include <utility>
#include <vector>

namespace tl {

// Items copied because a shared one was written (all SharedLists): what a benchmark counts.
inline std::atomic<long long>& sharedListItemCopies() {
    static std::atomic<long long> n{0};
    return n;
}

template <class T> class SharedList {
    using Ptr = std::shared_ptr<T>; // never handed out as non-const while shared

public:
    using value_type = T;
    using size_type = std::size_t;
    using difference_type = std::ptrdiff_t;
    using reference = T&;
    using const_reference = const T&;

    class const_iterator {
    public:
        using iterator_category = std::random_access_iterator_tag;
        using value_type = T;
        using difference_type = std::ptrdiff_t;
        using pointer = const T*;
        using reference = const T&;
        const_iterator() = default;
        explicit const_iterator(typename std::vector<Ptr>::const_iterator i) : i_(i) {}
        const T& operator*() const { return **i_; }
        const T* operator->() const { return i_->get(); }
        const T& operator[](difference_type n) const { return *i_[n]; }
        const_iterator& operator++() { return ++i_, *this; }
        const_iterator operator++(int) { return const_iterator(i_++); }
        const_iterator& operator--() { return --i_, *this; }
        const_iterator operator--(int) { return const_iterator(i_--); }
        const_iterator& operator+=(difference_type n) { return i_ += n, *this; }
        const_iterator& operator-=(difference_type n) { return i_ -= n, *this; }
        friend const_iterator operator+(const_iterator a, difference_type n) { return a += n; }
        friend const_iterator operator+(difference_type n, const_iterator a) { return a += n; }
        friend const_iterator operator-(const_iterator a, difference_type n) { return a -= n; }
        friend difference_type operator-(const const_iterator& a, const const_iterator& b) {
            return a.i_ - b.i_;
        }
        friend bool operator==(const const_iterator& a, const const_iterator& b) { return a.i_ == b.i_; }
        friend auto operator<=>(const const_iterator& a, const const_iterator& b) { return a.i_ <=> b.i_; }
        typename std::vector<Ptr>::const_iterator base() const { return i_; }

    private:
        typename std::vector<Ptr>::const_iterator i_;
    };

    // Dereferencing makes the item the list's own (a copy when it is shared).
    class iterator {
    public:
        using iterator_category = std::random_access_iterator_tag;
        using value_type = T;
        using difference_type = std::ptrdiff_t;
        using pointer = T*;
        using reference = T&;
        iterator() = default;
        explicit iterator(typename std::vector<Ptr>::iterator i) : i_(i) {}
        T& operator*() const { return own(*i_); }
        T* operator->() const { return &own(*i_); }
        T& operator[](difference_type n) const { return own(i_[n]); }
        iterator& operator++() { return ++i_, *this; }
        iterator operator++(int) { return iterator(i_++); }
        iterator& operator--() { return --i_, *this; }
        iterator operator--(int) { return iterator(i_--); }
        iterator& operator+=(difference_type n) { return i_ += n, *this; }
        iterator& operator-=(difference_type n) { return i_ -= n, *this; }
        friend iterator operator+(iterator a, difference_type n) { return a += n; }
        friend iterator operator+(difference_type n, iterator a) { return a += n; }
        friend iterator operator-(iterator a, difference_type n) { return a -= n; }
        friend difference_type operator-(const iterator& a, const iterator& b) { return a.i_ - b.i_; }
        friend bool operator==(const iterator& a, const iterator& b) { return a.i_ == b.i_; }
        friend auto operator<=>(const iterator& a, const iterator& b) { return a.i_ <=> b.i_; }
        operator const_iterator() const { return const_iterator(i_); }
        typename std::vector<Ptr>::iterator base() const { return i_; }

    private:
        typename std::vector<Ptr>::iterator i_;
    };

    SharedList() = default;
    SharedList(std::initializer_list<T> items) {
        for (const T& t : items)
            push_back(t);
    }
    template <class It> SharedList(It first, It last) {
        for (; first != last; ++first)
            push_back(*first);
    }

    size_type size() const { return items_.size(); }
    bool empty() const { return items_.empty(); }
    void reserve(size_type n) { items_.reserve(n); }
    void clear() { items_.clear(); }

    const T& operator[](size_type i) const { return *items_[i]; }
    T& operator[](size_type i) { return own(items_[i]); }
    const T& at(size_type i) const { return *items_.at(i); }
    T& at(size_type i) { return own(items_.at(i)); }
    const T& front() const { return *items_.front(); }
    T& front() { return own(items_.front()); }
    const T& back() const { return *items_.back(); }
    T& back() { return own(items_.back()); }

    const_iterator begin() const { return const_iterator(items_.begin()); }
    const_iterator end() const { return const_iterator(items_.end()); }
    const_iterator cbegin() const { return begin(); }
    const_iterator cend() const { return end(); }
    iterator begin() { return iterator(items_.begin()); }
    iterator end() { return iterator(items_.end()); }

    // Put t in place of item i (no copy of the item it replaces).
    void set(size_type i, T t) { items_.at(i) = std::make_shared<T>(std::move(t)); }

    void push_back(T t) { items_.push_back(std::make_shared<T>(std::move(t))); }
    template <class... A> T& emplace_back(A&&... a) {
        items_.push_back(std::make_shared<T>(std::forward<A>(a)...));
        return own(items_.back());
    }
    void pop_back() { items_.pop_back(); }
    void resize(size_type n) {
        while (items_.size() > n)
            items_.pop_back();
        while (items_.size() < n)
            items_.push_back(std::make_shared<T>());
    }
    iterator insert(const_iterator at, T t) {
        return iterator(items_.insert(toMutable(at), std::make_shared<T>(std::move(t))));
    }
    template <class It> iterator insert(const_iterator at, It first, It last) {
        std::vector<Ptr> add;
        for (; first != last; ++first)
            add.push_back(std::make_shared<T>(*first));
        return iterator(items_.insert(toMutable(at), add.begin(), add.end()));
    }
    iterator erase(const_iterator at) { return iterator(items_.erase(toMutable(at))); }
    iterator erase(const_iterator first, const_iterator last) {
        return iterator(items_.erase(toMutable(first), toMutable(last)));
    }

    // Whether item i is the same object in both lists (then it is equal without comparing).
    bool sharesItem(size_type i, const SharedList& other, size_type j) const {
        return items_[i] == other.items_[j];
    }

    friend bool operator==(const SharedList& a, const SharedList& b) {
        if (a.items_.size() != b.items_.size()) return false;
        for (size_type i = 0; i < a.items_.size(); ++i)
            if (a.items_[i] != b.items_[i] && !(*a.items_[i] == *b.items_[i])) return false;
        return true;
    }

private:
    static T& own(Ptr& p) {
        if (p.use_count() > 1) {
            p = std::make_shared<T>(std::as_const(*p));
            ++sharedListItemCopies();
        }
        return *p; // sole owner: nobody else sees the change
    }
    typename std::vector<Ptr>::iterator toMutable(const_iterator at) {
        return items_.begin() + (at.base() - items_.cbegin());
    }

    std::vector<Ptr> items_;
};

} // namespace tl
