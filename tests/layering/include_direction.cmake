# The include-direction check (ctest `include_direction`): fails when a source file includes a
# header of a module it may not see. The layering it enforces is the README's ("Layering"),
# bottom to top:
#
#   engine/core < analysis < records < selfplay < protocol < tune < report
#     < engine/<game>/bind < engine/registry < loop < cli
#
# A module includes its own headers and those of lower generic modules. So records/, the
# persisted data (logs, round records, openings files, record formats), includes only
# engine/core and analysis: never selfplay, protocol, tune, report, loop or cli. A game's rules,
# engine/<game>/ (without bind/), include only engine/core and themselves; the game's bindings,
# engine/<game>/bind/, include their game and the generic modules up to report; a game's
# headers (rules or bindings) are included by nobody outside its folder but the registry.
# tests/ and bench/ are not checked: they test games directly.
#
# Usage: cmake -DROOT=<source dir> -P include_direction.cmake
if(NOT ROOT)
  message(FATAL_ERROR "include_direction.cmake: pass -DROOT=<source dir>")
endif()

set(_generic engine/core analysis records selfplay protocol tune report BIND engine/registry loop cli)

file(GLOB _engine_dirs LIST_DIRECTORIES true RELATIVE ${ROOT}/engine ${ROOT}/engine/*)
set(_games "")
foreach(_d IN LISTS _engine_dirs)
  if(IS_DIRECTORY ${ROOT}/engine/${_d} AND NOT _d STREQUAL "core" AND NOT _d STREQUAL "registry")
    list(APPEND _games ${_d})
  endif()
endforeach()

# module_of(<path> <out_module> <out_rank> <out_game>): the module a repository path belongs
# to, its rank in _generic (BIND's for a binding, -1 for a game's rules) and its game ("" for
# generic modules). An out_module of "" means the path is in no checked module.
function(module_of path out_module out_rank out_game)
  set(_m "")
  set(_r "")
  set(_g "")
  foreach(g IN LISTS _games)
    if(path MATCHES "^engine/${g}/bind/")
      set(_m "engine/${g}/bind")
      list(FIND _generic BIND _r)
      set(_g ${g})
    elseif(path MATCHES "^engine/${g}/")
      set(_m "engine/${g}")
      set(_r -1)
      set(_g ${g})
    endif()
  endforeach()
  if(NOT _m)
    foreach(m IN LISTS _generic)
      if(NOT m STREQUAL "BIND" AND path MATCHES "^${m}/")
        set(_m ${m})
        list(FIND _generic ${m} _r)
      endif()
    endforeach()
  endif()
  set(${out_module} "${_m}" PARENT_SCOPE)
  set(${out_rank} "${_r}" PARENT_SCOPE)
  set(${out_game} "${_g}" PARENT_SCOPE)
endfunction()

list(FIND _generic engine/core _core_rank)
list(FIND _generic report _report_rank)
list(FIND _generic engine/registry _registry_rank)

set(_violations "")
file(GLOB_RECURSE _files RELATIVE ${ROOT}
     ${ROOT}/engine/*.hpp ${ROOT}/engine/*.cpp ${ROOT}/analysis/*.hpp ${ROOT}/analysis/*.cpp
     ${ROOT}/selfplay/*.hpp ${ROOT}/selfplay/*.cpp ${ROOT}/records/*.hpp ${ROOT}/records/*.cpp
     ${ROOT}/protocol/*.hpp ${ROOT}/protocol/*.cpp ${ROOT}/tune/*.hpp ${ROOT}/tune/*.cpp
     ${ROOT}/report/*.hpp ${ROOT}/report/*.cpp ${ROOT}/loop/*.hpp ${ROOT}/loop/*.cpp
     ${ROOT}/cli/*.hpp ${ROOT}/cli/*.cpp)
foreach(file IN LISTS _files)
  module_of(${file} from from_rank from_game)
  if(NOT from)
    continue()
  endif()
  file(STRINGS ${ROOT}/${file} _includes REGEX "^[ \t]*#[ \t]*include[ \t]*\"")
  foreach(line IN LISTS _includes)
    string(REGEX REPLACE "^[ \t]*#[ \t]*include[ \t]*\"([^\"]+)\".*" "\\1" inc "${line}")
    module_of(${inc} to to_rank to_game)
    if(NOT to OR to STREQUAL from)
      continue()
    endif()
    set(_ok FALSE)
    if(to_game)
      # A game's headers: its own folder (bindings see their rules, not the reverse) and the
      # registry only.
      if(from STREQUAL "engine/registry")
        set(_ok TRUE)
      elseif(from_game STREQUAL to_game AND to_rank EQUAL -1)
        set(_ok TRUE)
      endif()
    elseif(from_rank EQUAL -1)
      # A game's rules see the core only.
      if(to_rank EQUAL _core_rank)
        set(_ok TRUE)
      endif()
    elseif(from_game)
      # A game's bindings see the generic modules up to report.
      if(to_rank LESS_EQUAL _report_rank)
        set(_ok TRUE)
      endif()
    elseif(to_rank LESS from_rank)
      set(_ok TRUE)
    endif()
    if(NOT _ok)
      list(APPEND _violations "${file}: includes \"${inc}\" (${from} may not include ${to})")
    endif()
  endforeach()
endforeach()

if(_violations)
  list(LENGTH _violations _n)
  list(JOIN _violations "\n  " _text)
  message(FATAL_ERROR "include direction: ${_n} include(s) against the layering "
                      "(README, \"Layering\"):\n  ${_text}")
endif()
message(STATUS "include direction: ${ROOT}: every include follows the layering")
