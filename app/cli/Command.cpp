#include "Command.h"

namespace tl::cli {
std::map<std::string, Command>& commandRegistry() {
    static std::map<std::string, Command> registry;
    return registry;
}
} // namespace tl::cli
