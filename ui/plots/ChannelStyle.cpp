#include "ui/plots/ChannelStyle.h"

#include "ui/Units.h"

namespace tl::ui {

QColor channelColour(Channel c) {
    return QColor::fromRgb(QRgb(channelInfo(c).colour)); // the channel list's (TelemetryChannels.h)
}

QColor wreckColour() {
    return QColor(175, 175, 175);
}

QString channelUnit(Channel c) {
    if (c == Channel::Speed) return Units::instance().speedSuffix();
    const char* unit = channelInfo(c).unit;
    return *unit ? QString::fromUtf8(unit) : QStringLiteral("ratio");
}

QString axisTitle(Channel c) {
    const QString unit = channelUnit(c);
    return unit == QLatin1String("ratio") ? QStringLiteral("ratio [-]") : QStringLiteral("[%1]").arg(unit);
}

} // namespace tl::ui
