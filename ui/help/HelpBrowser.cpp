#include "ui/help/HelpBrowser.h"

#include <QDialogButtonBox>
#include <QHBoxLayout>
#include <QImage>
#include <QPushButton>
#include <QResizeEvent>
#include <QScrollBar>
#include <QStyle>
#include <QTextBrowser>
#include <QVBoxLayout>

#include <algorithm>
#include <cstdlib>

// resources.qrc (with docs/) is compiled into the static tracklab_ui library
static void initHelpResources() {
    Q_INIT_RESOURCE(resources);
}

namespace tl::ui {

namespace {

// The guide's page: its screenshots (taken at 1280 px) scaled down to the page's width, never wider than
// the window (no cut-off picture, no horizontal scroll bar); a width change lays the page out again.
class GuidePage : public QTextBrowser {
public:
    using QTextBrowser::QTextBrowser;

    QVariant loadResource(int type, const QUrl& name) override {
        QVariant r = QTextBrowser::loadResource(type, name);
        if (type != QTextDocument::ImageResource) return r;
        QImage img = r.value<QImage>();
        if (img.isNull()) img.loadFromData(r.toByteArray());
        const int room = pageWidth();
        if (img.isNull() || img.width() <= room) return r;
        return img.scaledToWidth(room, Qt::SmoothTransformation);
    }

    int pageWidth() const {
        // (room for the vertical scroll bar even before a long page shows it)
        const int bar =
            verticalScrollBar()->isVisible() ? 0 : style()->pixelMetric(QStyle::PM_ScrollBarExtent);
        return std::max(200, viewport()->width() - bar - 2 * int(document()->documentMargin()) - 8);
    }

protected:
    void resizeEvent(QResizeEvent* e) override {
        QTextBrowser::resizeEvent(e);
        if (std::abs(pageWidth() - m_laidOutAt) < 8 || source().isEmpty()) return;
        m_laidOutAt = pageWidth();
        const int scroll = verticalScrollBar()->value();
        reload(); // (the images again, at the new width)
        verticalScrollBar()->setValue(scroll);
    }

private:
    int m_laidOutAt = 0;
};

} // namespace

HelpBrowser::HelpBrowser(QWidget* parent) : QDialog(parent) {
    initHelpResources();
    setWindowTitle(tr("TrackLab User Guide"));
    setObjectName("helpBrowser");
    resize(820, 760);
    auto* layout = new QVBoxLayout(this);
    auto* bar = new QHBoxLayout;
    auto* back = new QPushButton(style()->standardIcon(QStyle::SP_ArrowBack), tr("Back"), this);
    auto* home = new QPushButton(style()->standardIcon(QStyle::SP_DirHomeIcon), tr("Contents"), this);
    back->setToolTip(tr("Back (Alt+Left)"));
    home->setToolTip(tr("The guide's first page"));
    bar->addWidget(back);
    bar->addWidget(home);
    bar->addStretch(1);
    layout->addLayout(bar);
    m_browser = new GuidePage(this);
    m_browser->setObjectName("helpText");
    m_browser->setOpenExternalLinks(true);
    m_browser->setSearchPaths({QStringLiteral(":/docs")});
    layout->addWidget(m_browser, 1);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::close);
    connect(back, &QPushButton::clicked, m_browser, &QTextBrowser::backward);
    connect(home, &QPushButton::clicked, this, [this] { showPage(guideUrl()); });
    connect(m_browser, &QTextBrowser::backwardAvailable, back, &QWidget::setEnabled);
    back->setEnabled(false);
    showPage(guideUrl());
}

QUrl HelpBrowser::guideUrl() {
    return QUrl(QStringLiteral("qrc:/docs/user-guide.md"));
}

void HelpBrowser::showPage(const QUrl& url) {
    // .md pages are read as Markdown (images and links relative to the page)
    m_browser->setSource(url, url.path().endsWith(".md") ? QTextDocument::MarkdownResource
                                                         : QTextDocument::UnknownResource);
}

} // namespace tl::ui
