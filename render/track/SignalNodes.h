#pragma once
// The layout's signals (core/layout/Signal.h) drawn beside their tracks, with lamps the ui sets live. Each
// signal stands on the right of the direction it governs, 3 m from the track's centre line (where the speed
// signs stand, ui/checks/ChecksPanel.cpp), its head facing the trains it governs. A stop signal (block or
// home) is a black head with one lamp on a 3.5 m post; a distant signal a yellow disc with a black rim and a
// black centre round its lamp on a 2.5 m post. The lamp is lit red (stop), yellow (caution) or green (clear);
// unlit it is grey (no run shown). Close up the lamp is its real size; far off it keeps a few pixels, so the
// signals' aspects read as dots along the line. Built in world coordinates (signals stand on ground tracks
// only). Each signal is one child node named "signal ID", its matrix x toward the trains it governs
// (horizontal), z up, at the foot of its post. The signal selected in the editor (ui/tools/SignalTool.h)
// carries a yellow marker above its head, a few pixels big at any distance.
#include "core/layout/Layout.h"

#include <osg/Group>
#include <osg/Material>
#include <osg/Vec4>

#include <cstddef>
#include <string>
#include <vector>

namespace tl::render {

// What a signal's lamp shows. LayoutScene::setSignalAspects takes these values as ints (the ui converts the
// simulation's aspects; render does not see physics).
enum class SignalLamp : int { Unlit = -1, Stop = 0, Caution = 1, Clear = 2 };

class SignalNodes {
public:
    SignalNodes();
    osg::Group* root() const { return m_root.get(); }

    // One child per signal of the layout (Layout::signalList() order), every lamp unlit.
    void build(const Layout& layout);
    void clear(); // no signals

    // Lamp k shows lamps[k] (SignalLamp's values: 0 stop, 1 caution, 2 clear); any other value, and every
    // lamp beyond the vector, is unlit. Only a lamp whose aspect changed gets its new colour: cheap to call
    // every frame.
    void setLamps(const std::vector<int>& lamps);

    // The signal with this id carries the selection marker ("": none); kept across build() by the id.
    void setSelected(const std::string& id);
    const std::string& selected() const { return m_selected; }
    bool markerShown(std::size_t k) const; // (tests)

    std::size_t count() const { return m_lamps.size(); }
    SignalLamp lamp(std::size_t k) const { return m_lamps.at(k).shown; }
    // The colour lamp k glows with now (its material's emission; black when unlit).
    osg::Vec4 lampColour(std::size_t k) const;

private:
    struct Lamp {
        osg::ref_ptr<osg::Material> material; // on the lamp alone
        SignalLamp shown = SignalLamp::Unlit;
    };
    static void show(Lamp& lamp, SignalLamp what);

    osg::ref_ptr<osg::Group> m_root;
    std::vector<Lamp> m_lamps;                    // per Layout::signalList()
    std::vector<std::string> m_ids;               // per Layout::signalList()
    std::vector<osg::ref_ptr<osg::Node>> m_marks; // the selection markers, per Layout::signalList()
    std::string m_selected;                       // setSelected
};

} // namespace tl::render
