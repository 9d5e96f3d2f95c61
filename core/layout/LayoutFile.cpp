#include "core/layout/LayoutFile.h"

#include "core/io/InputFile.h"
#include "core/io/SaveFile.h"
#include "core/layout/LayoutError.h"
#include "core/layout/LayoutJson.h"

namespace tl {

LayoutSpec parseLayoutSpec(std::string_view text, const std::string& file) {
    return layoutSpecFromJson(parseJsonText<Json>(text, file), file);
}

LayoutSpec loadLayoutSpec(const std::filesystem::path& path) {
    return parseLayoutSpec(readInputFile(path), path.string());
}

std::string layoutSpecText(const LayoutSpec& spec) {
    return layoutSpecToJson(spec).dump(2) + "\n";
}

void saveLayoutSpec(const LayoutSpec& spec, const std::filesystem::path& path) {
    const std::string text = layoutSpecText(spec); // serialize first: nothing touches the disk on error
    try {
        saveFile(path, text);
    } catch (const SaveError& e) {
        throw LayoutError(e.file(), "", std::string(e.what()).substr(e.file().size() + 2));
    }
}

} // namespace tl
