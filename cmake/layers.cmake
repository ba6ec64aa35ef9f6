# One static library per layer (docs/architecture.md). Each layer is a directory of sources
# (src/<layer>/) and public headers (include/tilesplit/<layer>/); its library links the layers
# below it and nothing above, and a check run before it compiles fails the build on an include of a
# layer it may not use (cmake/check_layering.cmake). The order is the dependency order:
#
#   ir -> runtime -> ops -> dsl -> analysis -> transforms -> sim -> fuzz
#
# and on top the CLI (tools/), the Python bindings (python/bindings/), the benchmarks and tests.

set(TILESPLIT_LAYERING_SCRIPT ${CMAKE_SOURCE_DIR}/cmake/check_layering.cmake)
set(TILESPLIT_LAYERS_SO_FAR "")

# Runs the layering check over DIRS before TARGET builds; ALLOWED are the layers it may include.
function(tilesplit_check_layering TARGET LAYER ALLOWED)
  set(dirs ${ARGN})
  set(watched "")
  foreach(dir ${dirs})
    file(GLOB_RECURSE found CONFIGURE_DEPENDS ${dir}/*.h ${dir}/*.cpp)
    list(APPEND watched ${found})
  endforeach()
  string(REPLACE ";" "," allowed_arg "${ALLOWED}")
  string(REPLACE ";" "," dirs_arg "${dirs}")
  set(stamp ${CMAKE_BINARY_DIR}/layering/${LAYER}.ok)
  add_custom_command(
    OUTPUT ${stamp}
    COMMAND ${CMAKE_COMMAND} -DLAYER=${LAYER} -DALLOWED=${allowed_arg} -DDIRS=${dirs_arg}
            -DSTAMP=${stamp} -P ${TILESPLIT_LAYERING_SCRIPT}
    DEPENDS ${watched} ${TILESPLIT_LAYERING_SCRIPT}
    COMMENT "Checking the includes of layer ${LAYER}"
    VERBATIM)
  add_custom_target(tilesplit_layering_${LAYER} DEPENDS ${stamp})
  add_dependencies(${TARGET} tilesplit_layering_${LAYER})
  # The same check as a test, so that `ctest` names the layer that broke.
  add_test(NAME layering.${LAYER}
    COMMAND ${CMAKE_COMMAND} -DLAYER=${LAYER} -DALLOWED=${allowed_arg} -DDIRS=${dirs_arg}
            -P ${TILESPLIT_LAYERING_SCRIPT})
endfunction()

# tilesplit_add_layer(NAME): the library tilesplit_NAME from src/NAME, on every layer added before.
function(tilesplit_add_layer NAME)
  file(GLOB_RECURSE sources CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/src/${NAME}/*.cpp)
  add_library(tilesplit_${NAME} STATIC ${sources})
  target_include_directories(tilesplit_${NAME} PUBLIC ${CMAKE_SOURCE_DIR}/include)
  set_target_properties(tilesplit_${NAME} PROPERTIES POSITION_INDEPENDENT_CODE ON)
  list(LENGTH TILESPLIT_LAYERS_SO_FAR n)
  if(n GREATER 0)
    list(GET TILESPLIT_LAYERS_SO_FAR -1 below)
    target_link_libraries(tilesplit_${NAME} PUBLIC ${TILESPLIT_LINK_${below}})
  endif()
  set(allowed ${TILESPLIT_LAYERS_SO_FAR} ${NAME})
  tilesplit_check_layering(tilesplit_${NAME} ${NAME} "${allowed}" ${CMAKE_SOURCE_DIR}/src/${NAME}
                           ${CMAKE_SOURCE_DIR}/include/tilesplit/${NAME})
  # How the layers above link this one. Passes and verifiers register themselves through static
  # registrar objects that nothing else references (include/tilesplit/transforms/pass.h): a plain
  # static link would drop them, so transforms is always linked whole, by every user alike (CMake
  # refuses one library linked with and without the feature in the same link).
  if(NAME STREQUAL "transforms")
    set(TILESPLIT_LINK_${NAME} "$<LINK_LIBRARY:WHOLE_ARCHIVE,tilesplit_${NAME}>" PARENT_SCOPE)
  else()
    set(TILESPLIT_LINK_${NAME} tilesplit_${NAME} PARENT_SCOPE)
  endif()
  set(TILESPLIT_LAYERS_SO_FAR ${allowed} PARENT_SCOPE)
endfunction()

foreach(layer ir runtime ops dsl analysis transforms sim fuzz)
  tilesplit_add_layer(${layer})
endforeach()

# Everything a top-level consumer (CLI, bindings, benchmarks, tests) links: the top layer, which
# brings every layer below it.
set(TILESPLIT_CORE_LINK ${TILESPLIT_LINK_fuzz})
