# cliplab_module(NAME SOURCES ... DEPENDS ...)
# Declares the static library cliplab_NAME for engine/NAME. Headers are included as
# "NAME/Header.h" from the engine/ folder.
function(cliplab_module name)
  cmake_parse_arguments(ARG "" "" "SOURCES;DEPENDS;PRIVATE_DEPENDS" ${ARGN})
  add_library(cliplab_${name} STATIC ${ARG_SOURCES})
  add_library(cliplab::${name} ALIAS cliplab_${name})
  target_include_directories(cliplab_${name} PUBLIC ${PROJECT_SOURCE_DIR}/engine)
  target_link_libraries(cliplab_${name} PUBLIC ${ARG_DEPENDS} PRIVATE cliplab_warnings ${ARG_PRIVATE_DEPENDS})
  if(CLIPLAB_FUZZ)
    # Coverage for libFuzzer's guidance (the fuzz targets link these very libraries).
    target_compile_options(cliplab_${name} PRIVATE -fsanitize=fuzzer-no-link)
  endif()
endfunction()
