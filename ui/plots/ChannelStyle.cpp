#include "ui/plots/ChannelStyle.h"

#include <iterator>

namespace tl::ui {

QColor channelColour(Channel c) {
    // a categorical palette (Tableau 10 and a few more) in channel order; no two alike, none grey
    static const QColor colours[] = {
        QColor(31, 119, 180),  // speed
        QColor(255, 127, 14),  // e1
        QColor(44, 160, 44),   // e2
        QColor(148, 103, 189), // e3
        QColor(140, 86, 75),   // e4
        QColor(23, 190, 207),  // e5
        QColor(214, 39, 40),   // f1
        QColor(0, 0, 0),       // f2
        QColor(227, 119, 194), // f3
        QColor(188, 189, 34),  // f4
        QColor(57, 59, 121),   // f5
        QColor(99, 121, 57),   // f6
        QColor(220, 0, 220),   // Y/Q
        QColor(0, 0, 200),     // Nadal limit
        QColor(0, 128, 128),   // roll margin
        QColor(255, 150, 150), // wheel unloading
        QColor(255, 0, 100),   // Y/Q 2 m mean
        QColor(200, 100, 255), // ΔQ/Q 2 m mean
        QColor(128, 0, 0),     // rider vertical
        QColor(0, 200, 100),   // rider lateral
        QColor(255, 200, 0),   // rider longitudinal
        QColor(100, 160, 255), // rider jerk
        QColor(160, 60, 0),    // rider roll rate
        QColor(90, 0, 160),    // cant deficiency
    };
    const int i = int(c);
    return i >= 0 && i < int(std::size(colours)) ? colours[i] : QColor::fromHsv((i * 67) % 360, 200, 180);
}

QColor wreckColour() {
    return QColor(175, 175, 175);
}

QString channelUnit(Channel c) {
    const QString name = channelName(c);
    const qsizetype open = name.lastIndexOf('['), close = name.lastIndexOf(']');
    if (open < 0 || close <= open) return QStringLiteral("ratio");
    return name.mid(open + 1, close - open - 1);
}

QString axisTitle(Channel c) {
    const QString unit = channelUnit(c);
    return unit == QLatin1String("ratio") ? QStringLiteral("ratio [-]") : QStringLiteral("[%1]").arg(unit);
}

} // namespace tl::ui
