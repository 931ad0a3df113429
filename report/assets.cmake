# The report's page template, styles and scripts (report/assets/) are embedded into the binary
# at build time, so `arena report` works from any folder and the page needs no other file.
# The chart library for the viewer's evaluation graph is dygraphs from Debian's libjs-dygraphs
# (scripts/install-deps); without it the page says that the graph is unavailable.
find_file(ARENA_CHARTLIB_JS dygraph.min.js PATHS /usr/share/javascript/dygraphs NO_DEFAULT_PATH)
find_file(ARENA_CHARTLIB_CSS dygraph.min.css PATHS /usr/share/javascript/dygraphs NO_DEFAULT_PATH)
if(NOT ARENA_CHARTLIB_JS)
  message(WARNING "libjs-dygraphs not found: report pages will have no evaluation graph")
  set(ARENA_CHARTLIB_JS "")
  set(ARENA_CHARTLIB_CSS "")
endif()
set(_report_assets ${CMAKE_SOURCE_DIR}/report/assets/page.html
                   ${CMAKE_SOURCE_DIR}/report/assets/report.css
                   ${CMAKE_SOURCE_DIR}/report/assets/viewer.js)
set(_report_generated ${CMAKE_BINARY_DIR}/generated/report/assets.cpp)
add_custom_command(
  OUTPUT ${_report_generated}
  COMMAND ${CMAKE_COMMAND} -DOUT=${_report_generated} -DASSET_DIR=${CMAKE_SOURCE_DIR}/report/assets
          -DCHARTLIB=${ARENA_CHARTLIB_JS} -DCHARTLIB_CSS=${ARENA_CHARTLIB_CSS}
          -P ${CMAKE_SOURCE_DIR}/report/embed_assets.cmake
  DEPENDS ${_report_assets} ${ARENA_CHARTLIB_JS} ${CMAKE_SOURCE_DIR}/report/embed_assets.cmake
  COMMENT "Embedding the report's page assets"
  VERBATIM)
target_sources(arena_report PRIVATE ${_report_generated})
