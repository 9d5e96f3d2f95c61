// The fuzz corpus in the regular suite (docs/layout-format.md, "Limits"): every checked-in seed
// (tests/fuzz/corpus/<parser>/) and every input that once crashed, hung or exhausted memory
// (tests/fuzz/crashes/<parser>/) goes through the fuzz entry points (FuzzTargets.h) built with the normal
// compiler. Each must be accepted or rejected with a LayoutError; any other exception fails the test naming
// the input file.
#include "FuzzTargets.h"

#include <QDir>
#include <QtTest>

#include <functional>

namespace {
using Target = std::function<void(const std::uint8_t*, std::size_t)>;
}

class TstFuzzCorpus : public QObject {
    Q_OBJECT
private slots:
    void replay_data();
    void replay();
};

void TstFuzzCorpus::replay_data() {
    QTest::addColumn<QString>("parser");
    QTest::addColumn<QString>("file");
    int seeds = 0, crashes = 0;
    for (const char* parser : {"layout", "trains", "vehicles", "step"})
        for (const char* kind : {"corpus", "crashes"}) {
            const QDir dir(QStringLiteral(TRACKLAB_SOURCE_DIR "/tests/fuzz/%1/%2").arg(kind, parser));
            for (const QString& f : dir.entryList(QDir::Files, QDir::Name)) {
                QTest::addRow("%s/%s/%s", kind, parser, qPrintable(f)) << QString(parser) << dir.filePath(f);
                (QString(kind) == "corpus" ? seeds : crashes)++;
            }
        }
    qInfo() << seeds << "seeds and" << crashes << "past crash inputs";
    QVERIFY(seeds >= 30);
    QVERIFY(crashes >= 5);
}

void TstFuzzCorpus::replay() {
    QFETCH(QString, parser);
    QFETCH(QString, file);
    QFile f(file);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray bytes = f.readAll();
    const Target run = parser == "layout"     ? Target(tl::fuzz::layout)
                       : parser == "trains"   ? Target(tl::fuzz::trains)
                       : parser == "vehicles" ? Target(tl::fuzz::vehicles)
                                              : Target(tl::fuzz::step);
    try {
        run(reinterpret_cast<const std::uint8_t*>(bytes.constData()), std::size_t(bytes.size()));
    } catch (const std::exception& e) {
        QFAIL(qPrintable(file + ": escaped the parser: " + e.what()));
    }
}

QTEST_GUILESS_MAIN(TstFuzzCorpus)
#include "tst_fuzz_corpus.moc"
