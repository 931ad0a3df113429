// Plots drawn by gnuplot: the rating list with its 95% intervals as error bars, and an SPRT's
// LLR after each pair between its bounds. Script generation is separate from running gnuplot,
// so scripts are testable without it; the data goes inline (gnuplot 5 data blocks).
#pragma once

#include <string>
#include <vector>

#include "analysis/rating_list.hpp"
#include "analysis/sprt.hpp"

namespace arena::analysis {

/// The output format by the file's extension: "svg" or "png"; throws InputError naming
/// `option` for any other extension.
[[nodiscard]] std::string plot_format(const std::string& path, const std::string& option = "--plot");

/// A gnuplot script drawing the fitted engines of `list` (best first) with error bars to
/// `path` (.svg or .png). Engines without a finite rating are left out and named in the title.
[[nodiscard]] std::string rating_plot_script(const RatingList& list, const std::string& path);

/// A gnuplot script drawing `llr` (value after each completed pair) with the bounds of
/// `result` as horizontal lines, titled with the model, unit and hypotheses.
[[nodiscard]] std::string llr_plot_script(const std::vector<double>& llr, const SprtResult& result,
                                          const std::string& title, const std::string& path);

/// Draws `script` (one of the scripts above, or any script writing its plot to `path`) with
/// gnuplot (analysis/gnuplot.hpp). Throws InputError naming `option` when gnuplot is not on
/// PATH, fails (with its message) or leaves no output file at `path`.
void draw_plot(const std::string& script, const std::string& path, const std::string& option = "--plot");

}  // namespace arena::analysis
