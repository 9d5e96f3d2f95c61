#include "ui/help/HelpBrowser.h"

#include <QDialogButtonBox>
#include <QHBoxLayout>
#include <QPushButton>
#include <QStyle>
#include <QTextBrowser>
#include <QVBoxLayout>

// resources.qrc (with docs/) is compiled into the static tracklab_ui library
static void initHelpResources() {
    Q_INIT_RESOURCE(resources);
}

namespace tl::ui {

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
    m_browser = new QTextBrowser(this);
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
