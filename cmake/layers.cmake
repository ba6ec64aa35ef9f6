# One static library per layer (docs/architecture.md). Each layer is a directory of sources
# (src/<layer>/) and public headers (include/tilesplit/<layer>/). The layers form a graph, declared
# once below (TILESPLIT_LAYER_GRAPH): each layer names the layers it uses. From that one declaration
# come both its link edges (the library links exactly the layers it uses) and its include check (a
# check run before it compiles fails the build on an include of a layer it does not use:
# cmake/check_layering.cmake). Uses are not transitive for includes: a layer that includes another
# names it, even when a layer it uses uses that one too. A layer may only use layers declared before
# it, so the graph has no cycle.
#
# On top: the CLI (tools/), the Python bindings (python/bindings/), the benchmarks and tests, whose
# uses are declared here too (TILESPLIT_CONSUMER_USES_<name>).

set(TILESPLIT_LAYERING_SCRIPT ${CMAKE_SOURCE_DIR}/cmake/check_layering.cmake)

# The graph: "layer: the layers it uses". Keep docs/architecture.md's table and drawing in step.
set(TILESPLIT_LAYER_GRAPH
    "ir:"
    "runtime: ir"
    "ops: ir"
    "semantics: ir runtime ops"
    "dsl: ir ops"
    "analysis: ir ops"
    "pass: ir dsl"
    "transforms: ir ops analysis pass"
    "target: ir ops analysis pass transforms"
    "sim: ir runtime ops semantics analysis pass transforms target"
    "fuzz: ir runtime ops semantics dsl analysis pass transforms target sim")
# The consumers' uses. The bindings expose the layers up to the simulator; the fuzzer is the CLI's
# alone.
set(TILESPLIT_CONSUMER_USES_cli ir runtime ops semantics dsl analysis pass transforms target sim
    fuzz)
set(TILESPLIT_CONSUMER_USES_bindings ir runtime ops semantics dsl analysis pass transforms target
    sim)

# Passes and verifiers register themselves through static registrar objects that nothing else
# references (include/tilesplit/pass/pass.h): a plain static link would drop them, so the layers
# that hold them (the passes, and the split program's verifiers in target; not the framework) are
# linked whole, by every consumer alike (CMake refuses one library linked with and without the
# feature in the same link).
set(TILESPLIT_WHOLE_ARCHIVE_LAYERS transforms target)

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

# tilesplit_add_layer(NAME USES...): the library tilesplit_NAME from src/NAME, linking the layers
# it uses; TILESPLIT_ALLOWED_NAME (itself and its uses) is what its sources may include.
function(tilesplit_add_layer NAME)
  set(uses ${ARGN})
  foreach(used ${uses})
    if(NOT TARGET tilesplit_${used})
      message(FATAL_ERROR "layer '${NAME}' uses '${used}', which is not a layer declared before it "
                          "(cmake/layers.cmake: TILESPLIT_LAYER_GRAPH)")
    endif()
  endforeach()
  file(GLOB_RECURSE sources CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/src/${NAME}/*.cpp)
  add_library(tilesplit_${NAME} STATIC ${sources})
  target_include_directories(tilesplit_${NAME} PUBLIC ${CMAKE_SOURCE_DIR}/include)
  set_target_properties(tilesplit_${NAME} PROPERTIES POSITION_INDEPENDENT_CODE ON)
  foreach(used ${uses})
    # A layer linked whole (below) is linked once, by each consumer (TILESPLIT_CORE_LINK), not by
    # the layers that use it: CMake repeats a static library for link order, and a whole archive
    # named twice in one link defines its symbols twice. Its objects are all loaded, so the layers
    # after it in the link find their symbols.
    if(NOT used IN_LIST TILESPLIT_WHOLE_ARCHIVE_LAYERS)
      target_link_libraries(tilesplit_${NAME} PUBLIC ${TILESPLIT_LINK_${used}})
    endif()
  endforeach()
  set(allowed ${NAME} ${uses})
  tilesplit_check_layering(tilesplit_${NAME} ${NAME} "${allowed}" ${CMAKE_SOURCE_DIR}/src/${NAME}
                           ${CMAKE_SOURCE_DIR}/include/tilesplit/${NAME})
  set(TILESPLIT_ALLOWED_${NAME} ${allowed} PARENT_SCOPE)
  # How the consumers link this one: whole for the layers in TILESPLIT_WHOLE_ARCHIVE_LAYERS.
  if(NAME IN_LIST TILESPLIT_WHOLE_ARCHIVE_LAYERS)
    set(TILESPLIT_LINK_${NAME} "$<LINK_LIBRARY:WHOLE_ARCHIVE,tilesplit_${NAME}>" PARENT_SCOPE)
  else()
    set(TILESPLIT_LINK_${NAME} tilesplit_${NAME} PARENT_SCOPE)
  endif()
endfunction()

set(TILESPLIT_LAYERS "")
foreach(entry ${TILESPLIT_LAYER_GRAPH})
  string(REGEX MATCH "^([a-z_]+):(.*)$" _ "${entry}")
  set(layer ${CMAKE_MATCH_1})
  string(STRIP "${CMAKE_MATCH_2}" uses)
  separate_arguments(uses UNIX_COMMAND "${uses}")
  tilesplit_add_layer(${layer} ${uses})
  list(APPEND TILESPLIT_LAYERS ${layer})
endforeach()

# Everything a top-level consumer (CLI, bindings, benchmarks, tests) links: every layer.
set(TILESPLIT_CORE_LINK "")
foreach(layer ${TILESPLIT_LAYERS})
  list(APPEND TILESPLIT_CORE_LINK ${TILESPLIT_LINK_${layer}})
endforeach()
