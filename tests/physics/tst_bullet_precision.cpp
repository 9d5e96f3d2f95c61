// Bullet must be the double-precision build in headers AND library (docs/architecture.md, "Stack pitfalls":
// compiling with BT_USE_DOUBLE_PRECISION but linking the float library links cleanly and gives silent
// garbage).
#include "physics/world/BulletInfo.h"

#include <btBulletDynamicsCommon.h>

#include <QtTest>

class TstBulletPrecision : public QObject {
    Q_OBJECT
private slots:
    void scalarIsDouble() {
        QCOMPARE(int(sizeof(btScalar)), 8);
        QCOMPARE(tl::bulletScalarBytes(), 8);
    }
    void libraryIsFloat64Build() {
        const std::string lib = tl::bulletLibraryPath();
        qInfo() << "LinearMath loaded from" << lib.c_str();
        QVERIFY2(lib.find("float64") != std::string::npos, lib.c_str());
        const auto problem = tl::bulletPrecisionProblem();
        QVERIFY2(!problem, problem ? problem->c_str() : "");
    }
    void inverseMassRoundTrip_data() {
        QTest::addColumn<double>("mass");
        QTest::newRow("1 kg") << 1.0;
        QTest::newRow("3 kg (1/3 not representable)") << 3.0;
        QTest::newRow("80 t locomotive") << 80000.0;
    }
    void inverseMassRoundTrip() {
        QFETCH(double, mass);
        btBoxShape shape(btVector3(1, 0.5, 0.25));
        btVector3 inertia;
        shape.calculateLocalInertia(mass, inertia);
        btRigidBody body(btRigidBody::btRigidBodyConstructionInfo(mass, nullptr, &shape, inertia));
        // double: 1/m is correctly rounded, so m * (1/m) is within one ulp of 1 (float would be ~6e-8)
        QVERIFY(std::abs(body.getInvMass() * mass - 1.0) < 4e-16);
        // box inertia Ixx = m (b^2 + c^2) / 12 with half extents 1, 0.5, 0.25 -> full 2, 1, 0.5
        QVERIFY(std::abs(1.0 / body.getInvInertiaDiagLocal().x() - mass * (1.0 + 0.25) / 12.0) <
                1e-12 * mass);
    }
    void doubleResolutionFarFromOrigin() {
        // 10 km from the origin, 1 um steps must survive (float resolves ~1 mm there)
        btVector3 p(10000.0, 0, 0);
        p += btVector3(1e-6, 0, 0);
        QVERIFY(std::abs((p.x() - 10000.0) - 1e-6) < 1e-11);
    }
};

QTEST_APPLESS_MAIN(TstBulletPrecision)
#include "tst_bullet_precision.moc"
