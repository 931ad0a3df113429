// The page template, styles and scripts of the report, embedded into the binary at build time
// (report/assets.cmake runs report/embed_assets.cmake over report/assets/), so that `arena
// report` needs no file beside the executable and the page needs no network.
#pragma once

#include <string>
#include <string_view>

namespace arena::report {

/// The embedded asset `name`: "page.html" (the template, with @@NAME@@ slots), "report.css",
/// "viewer.js", "chartlib.js" and "chartlib.css" (dygraphs, from Debian's libjs-dygraphs; empty
/// when the build machine did not have it). Unknown names give "".
[[nodiscard]] std::string asset(std::string_view name);

}  // namespace arena::report
