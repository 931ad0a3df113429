# Writes DST from SRC with the source tree's git revision (git describe --always --dirty --tags)
# and PROJECT_VERSION. Run at every build (the arena_version target), so a binary built
# incrementally after a commit records that commit; configure_file rewrites DST only when its
# text changes, so an unchanged revision recompiles nothing.
execute_process(COMMAND git describe --always --dirty --tags
                WORKING_DIRECTORY ${SOURCE_DIR}
                OUTPUT_VARIABLE ARENA_GIT_REVISION OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
if(NOT ARENA_GIT_REVISION)
  set(ARENA_GIT_REVISION "unknown")
endif()
configure_file(${SRC} ${DST} @ONLY)
