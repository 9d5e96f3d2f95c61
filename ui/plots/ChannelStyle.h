#pragma once
// How a telemetry channel is drawn: its colour (from the channel list, TelemetryChannels.h: well apart from
// each other and from the grey of post-derailment samples) and its unit, which decides the value axis it is
// drawn against (a plot never puts two units on one axis).
#include "ui/sim/TelemetryHistory.h"

#include <QColor>
#include <QString>

namespace tl::ui {

QColor channelColour(Channel c);
QColor wreckColour();           // samples after the source left the rails
QString channelUnit(Channel c); // "kN", "km/h", "mm", ...; "ratio" for Y/Q, its limit and margins
QString axisTitle(Channel c);   // what the channel's value axis says, e.g. "[kN]" or "ratio [-]"

} // namespace tl::ui
