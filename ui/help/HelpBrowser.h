#pragma once
// Help > User Guide: the guide (docs/*.md, compiled into the program as Qt resources) rendered from
// Markdown in a QTextBrowser, with its images; links between the guide's pages work, Back/Home too.
#include <QDialog>
#include <QUrl>

class QTextBrowser;

namespace tl::ui {

class HelpBrowser : public QDialog {
    Q_OBJECT
public:
    explicit HelpBrowser(QWidget* parent = nullptr);
    static QUrl guideUrl(); // qrc:/docs/user-guide.md
    QTextBrowser* browser() const { return m_browser; }
    void showPage(const QUrl& url);

private:
    QTextBrowser* m_browser;
};

} // namespace tl::ui
