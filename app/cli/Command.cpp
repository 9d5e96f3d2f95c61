#include "Command.h"

#include "core/layout/LayoutError.h"

#include <QCoreApplication>

#include <iostream>

namespace tl::cli {
std::map<std::string, Command>& commandRegistry() {
    static std::map<std::string, Command> registry;
    return registry;
}
int reportFailure(const std::string& name, const std::string& file) {
    try {
        throw;
    } catch (const LayoutError& e) {
        std::cerr << "tracklab-cli " << name << ": " << e.what() << "\n";
    } catch (const std::exception& e) {
        std::cerr << "tracklab-cli " << name << ": " << file << ": " << e.what() << "\n";
    }
    return BadInput;
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
