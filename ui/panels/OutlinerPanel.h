#pragma once
// The outliner: tracks (with curve type and length), switches and bodies of the document.
#include <QTreeWidget>

namespace tl::ui {

class Document;

class OutlinerPanel : public QTreeWidget {
    Q_OBJECT
public:
    explicit OutlinerPanel(Document* doc, QWidget* parent = nullptr);
    void setSelectedTrack(int track); // reflect the 3D selection

signals:
    void trackActivated(int track); // the user picked a track in the list

private:
    void rebuild();
    Document* m_doc;
    QTreeWidgetItem* m_tracks = nullptr;
    bool m_updating = false;
};

} // namespace tl::ui
