#include "ui/tools/PieceIcons.h"

#include <QPainter>
#include <QPainterPath>
#include <QPixmap>

#include <cmath>

namespace tl::ui {

QIcon pieceIcon(const QString& name) {
    QPixmap pm(32, 32);
    pm.fill(Qt::transparent);
    QPainter p(&pm);
    p.setRenderHint(QPainter::Antialiasing);
    QPen rail(QColor(40, 60, 90), 3, Qt::SolidLine, Qt::RoundCap);
    QPen accent(QColor(210, 110, 20), 3, Qt::SolidLine, Qt::RoundCap);
    p.setPen(rail);
    QPainterPath path;
    if (name == "straight") {
        path.moveTo(4, 26);
        path.lineTo(28, 6);
    } else if (name == "arc-left" || name == "arc-right") {
        const bool left = name == "arc-left";
        path.moveTo(6, 28);
        path.quadTo(left ? 6 : 26, 6, left ? 28 : 4, 6);
        if (!left) path = path.toReversed();
    } else if (name == "transition") {
        path.moveTo(3, 28);
        path.cubicTo(14, 28, 24, 22, 28, 4);
    } else if (name == "slope") {
        path.moveTo(2, 26);
        path.lineTo(10, 26);
        path.cubicTo(16, 26, 16, 10, 22, 10);
        path.lineTo(30, 10);
    } else if (name == "helix") {
        for (int k = 0; k < 3; ++k)
            path.addEllipse(QRectF(5, 4 + 8 * k, 22, 8));
    } else if (name == "spline") {
        path.moveTo(3, 24);
        path.cubicTo(10, 2, 20, 30, 29, 8);
        p.setBrush(QColor(210, 110, 20));
        for (QPointF q : {QPointF(3, 24), QPointF(16, 16), QPointF(29, 8)})
            p.drawEllipse(q, 2.5, 2.5);
        p.setBrush(Qt::NoBrush);
    } else if (name == "force") { // a pull-up with its force arrow
        path.moveTo(2, 28);
        path.lineTo(10, 28);
        path.cubicTo(22, 28, 28, 20, 28, 6);
        p.setPen(accent);
        p.drawLine(QPointF(16, 26), QPointF(10, 12));
        p.drawLine(QPointF(10, 12), QPointF(9, 18));
        p.drawLine(QPointF(10, 12), QPointF(15, 15));
        p.setPen(rail);
    } else if (name == "first") {
        path.moveTo(6, 26);
        path.lineTo(26, 10);
        p.setPen(accent);
        p.drawLine(QPointF(6, 20), QPointF(6, 32));
        p.drawLine(QPointF(0, 26), QPointF(12, 26));
        p.setPen(rail);
    } else if (name == "join") {
        path.moveTo(2, 26);
        path.lineTo(9, 26);
        path.moveTo(23, 6);
        path.lineTo(30, 6);
        p.setPen(QPen(QColor(210, 110, 20), 2, Qt::DashLine));
        QPainterPath j;
        j.moveTo(9, 26);
        j.cubicTo(18, 26, 14, 6, 23, 6);
        p.drawPath(j);
        p.setPen(rail);
    } else if (name == "split") {
        path.moveTo(3, 16);
        path.lineTo(13, 16);
        path.moveTo(19, 16);
        path.lineTo(29, 16);
        p.setPen(accent);
        p.drawLine(QPointF(16, 6), QPointF(16, 26));
        p.setPen(rail);
    } else if (name == "delete") {
        path.moveTo(3, 16);
        path.lineTo(29, 16);
        p.drawPath(path);
        path = QPainterPath();
        p.setPen(QPen(QColor(200, 30, 30), 3, Qt::SolidLine, Qt::RoundCap));
        p.drawLine(QPointF(9, 7), QPointF(23, 25));
        p.drawLine(QPointF(23, 7), QPointF(9, 25));
    } else if (name == "switch") {
        path.moveTo(3, 26);
        path.lineTo(29, 26);
        path.moveTo(10, 26);
        path.quadTo(20, 26, 28, 8);
    } else if (name == "buffer-stop" || name == "buffer-stop-delete") {
        path.moveTo(2, 20); // the rails up to the stop, its frame and its beam
        path.lineTo(20, 20);
        p.drawPath(path);
        path = QPainterPath();
        p.setPen(accent);
        p.drawLine(QPointF(21, 10), QPointF(21, 24));
        p.drawLine(QPointF(21, 24), QPointF(29, 24));
        p.drawLine(QPointF(21, 12), QPointF(29, 24));
        if (name == "buffer-stop-delete") {
            p.setPen(QPen(QColor(200, 30, 30), 3, Qt::SolidLine, Qt::RoundCap));
            p.drawLine(QPointF(4, 4), QPointF(16, 14));
            p.drawLine(QPointF(16, 4), QPointF(4, 14));
        }
        p.setPen(rail);
    } else if (name == "signal") { // a signal beside the rails: its post and its head with a red lamp
        path.moveTo(2, 28);
        path.lineTo(30, 28);
        p.drawLine(QPointF(20, 24), QPointF(20, 14));
        p.setPen(Qt::NoPen);
        p.setBrush(QColor(30, 30, 30));
        p.drawRoundedRect(QRectF(14.5, 2, 11, 13), 3, 3);
        p.setBrush(QColor(220, 40, 30));
        p.drawEllipse(QPointF(20, 8.5), 3.2, 3.2);
        p.setBrush(Qt::NoBrush);
        p.setPen(rail);
    } else if (name == "rename") {
        p.setFont(QFont("Sans", 13, QFont::Bold));
        p.drawText(QRectF(0, 0, 32, 32), Qt::AlignCenter, "ab");
    } else if (name == "type") {
        path.moveTo(3, 24);
        path.lineTo(14, 24);
        path.quadTo(24, 24, 29, 8);
        p.setPen(accent);
        p.drawLine(QPointF(14, 20), QPointF(14, 28));
        p.setPen(rail);
    }
    p.drawPath(path);
    p.end();
    return QIcon(pm);
}

} // namespace tl::ui
