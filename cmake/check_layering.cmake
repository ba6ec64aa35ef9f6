# The layering check (docs/architecture.md): fails when a source of one layer includes a public
# header of a layer it does not use (ALLOWED: itself and its uses in the graph, cmake/layers.cmake).
# Run by the build before each layer library is compiled, so such an include stops the build, and by
# ctest over every layer.
#
#   cmake -DLAYER=NAME -DALLOWED="ir;ops" -DDIRS="dir1;dir2" [-DSTAMP=file] -P check_layering.cmake
#
# Only includes of the form "tilesplit/<layer>/..." name a layer; system and same-directory
# includes are the layer's own business.
if(NOT DEFINED LAYER OR NOT DEFINED DIRS)
  message(FATAL_ERROR "check_layering.cmake: LAYER and DIRS are required")
endif()
string(REPLACE "," ";" ALLOWED "${ALLOWED}")
string(REPLACE "," ";" DIRS "${DIRS}")

set(violations "")
foreach(dir ${DIRS})
  file(GLOB_RECURSE files ${dir}/*.h ${dir}/*.cpp)
  foreach(f ${files})
    file(STRINGS ${f} lines REGEX "^[ \t]*#[ \t]*include[ \t]*[\"<]tilesplit/")
    foreach(line ${lines})
      string(REGEX MATCH "tilesplit/([A-Za-z_0-9]+)/" _ "${line}")
      set(used "${CMAKE_MATCH_1}")
      if(used STREQUAL "")
        continue()
      endif()
      list(FIND ALLOWED "${used}" at)
      if(at EQUAL -1)
        string(STRIP "${line}" shown)
        string(APPEND violations "  ${f}: ${shown} (layer '${LAYER}' may use: ${ALLOWED})\n")
      endif()
    endforeach()
  endforeach()
endforeach()

if(NOT violations STREQUAL "")
  message(FATAL_ERROR "layering: an include of a layer the includer does not use "
                      "(the layer graph: cmake/layers.cmake, docs/architecture.md):\n${violations}")
endif()
if(DEFINED STAMP)
  file(TOUCH ${STAMP})
endif()
