#pragma once
// A combo box listing the layout's trains by id (the Checks dock's critical-speed and risk choices): refilled
// from the spec, keeping the train chosen if it is still there. True if it is.
#include "core/layout/LayoutSpec.h"

#include <QComboBox>
#include <QSignalBlocker>

namespace tl::ui {

inline bool fillTrainBox(QComboBox* box, const LayoutSpec& spec) {
    const QString current = box->currentText();
    const QSignalBlocker block(box);
    box->clear();
    if (spec.trains.is_array())
        for (const auto& t : spec.trains)
            if (t.is_object() && t.contains("id") && t["id"].is_string())
                box->addItem(QString::fromStdString(t["id"].get<std::string>()));
    const int i = box->findText(current);
    if (i >= 0) box->setCurrentIndex(i);
    return i >= 0;
}

} // namespace tl::ui
