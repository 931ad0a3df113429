// The text a person playing Blokus Duo in the terminal asks for with `help`: how a move is
// written (the GPCC 4-character code), every piece's letter and shape, and the orientation rule;
// `help <letter>` draws one piece in its 8 orientations. Shapes come from pieces.hpp, so the
// legend is the contest's drawing (gpcc-move-code.md), not a copy of it.
#pragma once

#include <string>
#include <string_view>

namespace arena::blokus_duo {

/// The help text: topic "" = the move code, the 21-piece legend (orientation 0, reference cell
/// drawn '@') and the orientation rule; a piece letter a-u = that piece in orientations 0-7.
/// An unknown topic returns the general text.
[[nodiscard]] std::string play_help(std::string_view topic);

}  // namespace arena::blokus_duo
