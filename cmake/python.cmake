# The Python package (docs/python.md): the extension tilesplit._core built from
# python/bindings/*.cpp, placed in ${CMAKE_BINARY_DIR}/python/tilesplit/ next to symlinks to the
# pure-Python modules in python/tilesplit/, so `PYTHONPATH=build/python /usr/bin/python3` imports
# the package straight from the build tree.
#
# The interpreter is Debian's /usr/bin/python3 (where python3-pytest and python3-numpy live), not
# whatever `python3` comes first on PATH: an extension built against another interpreter's
# headers and ABI tag would not import there. Override with -DPython_EXECUTABLE=...

if(NOT DEFINED Python_EXECUTABLE AND EXISTS /usr/bin/python3)
  set(Python_EXECUTABLE /usr/bin/python3 CACHE FILEPATH "Interpreter the Python package targets")
endif()
find_package(Python QUIET COMPONENTS Interpreter Development.Module)
if(Python_FOUND)
  find_package(pybind11 CONFIG QUIET)
endif()
set(TILESPLIT_PYTHON_DEFAULT OFF)
# Not under the sanitizers by default: an ASan-instrumented extension cannot be loaded into the
# uninstrumented interpreter (the ASan runtime must come first in the process).
if(Python_FOUND AND pybind11_FOUND AND NOT TILESPLIT_SANITIZE)
  set(TILESPLIT_PYTHON_DEFAULT ON)
endif()
option(TILESPLIT_PYTHON "Build the Python package (needs pybind11-dev and python3-dev)"
       ${TILESPLIT_PYTHON_DEFAULT})

if(TILESPLIT_PYTHON)
  if(NOT Python_FOUND OR NOT pybind11_FOUND)
    message(FATAL_ERROR "TILESPLIT_PYTHON is ON but Python development files or pybind11 were "
                        "not found (install python3-dev and pybind11-dev: scripts/bootstrap.sh)")
  endif()

  set(TILESPLIT_PYTHON_DIR ${CMAKE_BINARY_DIR}/python)
  file(GLOB TILESPLIT_BINDING_SOURCES CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/python/bindings/*.cpp)
  # NO_EXTRAS: no LTO or stripping; the extension is built like the rest of the tree.
  pybind11_add_module(tilesplit_python MODULE NO_EXTRAS ${TILESPLIT_BINDING_SOURCES})
  target_link_libraries(tilesplit_python PRIVATE ${TILESPLIT_CORE_LINK})
  target_compile_definitions(tilesplit_python PRIVATE TILESPLIT_VERSION="${PROJECT_VERSION}")
  tilesplit_check_layering(tilesplit_python bindings "${TILESPLIT_CONSUMER_USES_bindings}"
                           ${CMAKE_SOURCE_DIR}/python/bindings)
  set_target_properties(tilesplit_python PROPERTIES
    OUTPUT_NAME _core
    LIBRARY_OUTPUT_DIRECTORY ${TILESPLIT_PYTHON_DIR}/tilesplit)

  # Symlinks rather than copies: an edit to a .py file is live without a rebuild. The glob is
  # re-checked by every build, so a new module gets its link too.
  file(GLOB TILESPLIT_PY_SOURCES CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/python/tilesplit/*.py)
  file(MAKE_DIRECTORY ${TILESPLIT_PYTHON_DIR}/tilesplit)
  foreach(src ${TILESPLIT_PY_SOURCES})
    get_filename_component(name ${src} NAME)
    file(CREATE_LINK ${src} ${TILESPLIT_PYTHON_DIR}/tilesplit/${name} SYMBOLIC)
  endforeach()

  # The `pypto` compatibility package (docs/python.md): pure Python over the same extension,
  # linked file by file (its subpackages too) so that __pycache__ stays in the build tree.
  file(GLOB_RECURSE TILESPLIT_PYPTO_SOURCES CONFIGURE_DEPENDS RELATIVE ${CMAKE_SOURCE_DIR}/python
       ${CMAKE_SOURCE_DIR}/python/pypto/*.py)
  foreach(rel ${TILESPLIT_PYPTO_SOURCES})
    get_filename_component(dir ${TILESPLIT_PYTHON_DIR}/${rel} DIRECTORY)
    file(MAKE_DIRECTORY ${dir})
    file(CREATE_LINK ${CMAKE_SOURCE_DIR}/python/${rel} ${TILESPLIT_PYTHON_DIR}/${rel} SYMBOLIC)
  endforeach()

  add_test(NAME python
    COMMAND ${CMAKE_COMMAND} -E env PYTHONPATH=${TILESPLIT_PYTHON_DIR} PYTHONDONTWRITEBYTECODE=1
            ${Python_EXECUTABLE} -m pytest -q -p no:cacheprovider ${CMAKE_SOURCE_DIR}/python/tests)
  # PyPTO's own programs end to end (tests/e2e; they are read from ../shared/peer/pypto-programs
  # and skipped with a message when that folder is absent).
  add_test(NAME e2e
    COMMAND ${CMAKE_COMMAND} -E env PYTHONPATH=${TILESPLIT_PYTHON_DIR} PYTHONDONTWRITEBYTECODE=1
            ${Python_EXECUTABLE} -m pytest -q -rs -p no:cacheprovider ${CMAKE_SOURCE_DIR}/tests/e2e)
endif()
