#include "core/layout/LayoutFile.h"

#include "core/io/InputFile.h"
#include "core/io/JsonMerge.h"
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

std::string layoutSpecTextLike(const LayoutSpec& spec, std::string_view original) {
    if (original.empty()) return layoutSpecText(spec);
    try {
        const Json base = layoutSpecToJson(parseLayoutSpec(original));
        return mergeJsonText(original, base, layoutSpecToJson(spec));
    } catch (const std::exception&) { // not a layout any more (recovery text, hand edits): write fresh
        return layoutSpecText(spec);
    }
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
