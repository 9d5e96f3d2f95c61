// CachePrefetch's queue (physics/CachePrefetch.h) and the lines a step reads of each train object
// (physics/StepLines.h): ranges merge when they share or adjoin a line, and each object's queued lines are
// the ones the step reads -- fewer than the whole object, with the parts the step reads among them.
#include "physics/CachePrefetch.h"
#include "physics/StepLines.h"
#include "physics/Train.h"

#include <btBulletDynamicsCommon.h>

#include <QtTest>

#include <cstdint>
#include <memory>

namespace {

constexpr std::size_t kLine = tl::CachePrefetch::kLine;

std::size_t linesOf(const void* p, std::size_t bytes) {
    const auto a = reinterpret_cast<std::uintptr_t>(p);
    return (a + bytes - 1) / kLine - a / kLine + 1;
}

} // namespace

class TstStepLines : public QObject {
    Q_OBJECT
private slots:
    void rangesMerge();
    void bodyLines();
    void bogieAndCarLines();
};

void TstStepLines::rangesMerge() {
    alignas(64) static char buf[64 * 16];
    tl::CachePrefetch q;
    q.add(buf + 10, 100); // lines 0, 1
    QCOMPARE(q.lines(), std::size_t(2));
    q.add(buf + 120, 20); // line 1 again, line 2: one more
    QCOMPARE(q.lines(), std::size_t(3));
    q.add(buf + 192, 64); // line 3 adjoins: extends
    QCOMPARE(q.lines(), std::size_t(4));
    q.add(buf + 64 * 10, 1); // line 10: a new range
    QCOMPARE(q.lines(), std::size_t(5));
    q.add(buf + 64 * 2, 8); // behind the last range: queued again (the queue keeps no set)
    QCOMPARE(q.lines(), std::size_t(6));
    q.add(buf, 0); // nothing
    QCOMPARE(q.lines(), std::size_t(6));
}

void TstStepLines::bodyLines() {
    btBoxShape shape(btVector3(1, 1, 1));
    btRigidBody::btRigidBodyConstructionInfo ci(10.0, nullptr, &shape, btVector3(1, 1, 1));
    auto body = std::make_unique<btRigidBody>(ci);
    tl::CachePrefetch q;
    tl::queueStepLines(q, *body);
    const std::size_t whole = linesOf(body.get(), sizeof(btRigidBody));
    // Debian's Bullet 3.24 in double precision has the layout StepLines knows: 9 ranges, at most 16 lines
    // (some share a line, depending on the body's place), of its 21 or 22
    QVERIFY2(q.lines() >= 13 && q.lines() <= 16,
             qPrintable(QString("%1 of %2 lines queued").arg(q.lines()).arg(whole)));
    QCOMPARE(whole >= 21, true);
}

void TstStepLines::bogieAndCarLines() {
    auto b = std::make_unique<tl::Bogie>();
    tl::CachePrefetch q;
    tl::queueStepLines(q, *b);
    const std::size_t bogieWhole = linesOf(b.get(), sizeof(tl::Bogie));
    // the state before the means (7-8 lines), two means' sums and two bins each (2-4 lines), the tail
    QVERIFY2(q.lines() >= 10 && q.lines() <= 15 && q.lines() < bogieWhole,
             qPrintable(QString("bogie: %1 of %2 lines queued").arg(q.lines()).arg(bogieWhole)));
    auto c = std::make_unique<tl::Car>();
    tl::CachePrefetch r;
    tl::queueStepLines(r, *c);
    const std::size_t carWhole = linesOf(c.get(), sizeof(tl::Car));
    // the filter's two rings are 10 lines: 2-4 of them queued
    QVERIFY2(r.lines() + 5 <= carWhole,
             qPrintable(QString("car: %1 of %2 lines queued").arg(r.lines()).arg(carWhole)));
}

QTEST_GUILESS_MAIN(TstStepLines)
#include "tst_step_lines.moc"
