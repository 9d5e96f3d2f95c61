#include "Command.h"

#include <QCoreApplication>

#include <iostream>

namespace tl::cli {
std::map<std::string, Command>& commandRegistry() {
    static std::map<std::string, Command> registry;
    return registry;
}
std::optional<int> parseOrExit(QCommandLineParser& parser, const QStringList& args, const std::string& name) {
    if (!parser.parse(args)) {
        std::cerr << "tracklab-cli " << name << ": " << parser.errorText().toStdString() << "\n";
        return BadInput;
    }
    if (parser.isSet("help")) {
        QString help = parser.helpText();
        help.replace(QCoreApplication::arguments().constFirst(),
                     QString::fromStdString("tracklab-cli " + name));
        std::cout << help.toStdString();
        return Ok;
    }
    return std::nullopt;
}

} // namespace tl::cli
