# Generates the glad 2 OpenGL 3.3 core loader at build time, offline, and builds it as the static
# library cliplab_glad. The generator (Debian python3-glad) reads gl.xml from its working directory
# (else it would download it), so the build directory gets a link to khronos-api's copy; it also
# skips downloading khrplatform.h when the output tree already holds one.
set(CLIPLAB_GL_XML /usr/share/khronos-api/gl.xml CACHE FILEPATH "Khronos gl.xml (package khronos-api)")
set(CLIPLAB_KHRPLATFORM_H /usr/include/KHR/khrplatform.h CACHE FILEPATH "KHR/khrplatform.h")
# Debian's python3-glad lives in the system interpreter; a python3 earlier on PATH (pyenv, venv)
# would not see it, so that one is tried first.
find_program(CLIPLAB_GLAD_PYTHON NAMES python3 PATHS /usr/bin NO_DEFAULT_PATH)
if(NOT CLIPLAB_GLAD_PYTHON)
  find_program(CLIPLAB_GLAD_PYTHON NAMES python3 REQUIRED)
endif()
execute_process(COMMAND ${CLIPLAB_GLAD_PYTHON} -c "import glad" RESULT_VARIABLE glad_missing OUTPUT_QUIET ERROR_QUIET)
if(glad_missing)
  message(FATAL_ERROR "${CLIPLAB_GLAD_PYTHON} cannot import glad (install python3-glad, or set CLIPLAB_GLAD_PYTHON)")
endif()
foreach(f ${CLIPLAB_GL_XML} ${CLIPLAB_KHRPLATFORM_H})
  if(NOT EXISTS ${f})
    message(FATAL_ERROR "glad generation needs ${f} (scripts/deps.sh build installs it)")
  endif()
endforeach()

set(glad_work ${CMAKE_BINARY_DIR}/glad)
set(glad_out ${glad_work}/out)
add_custom_command(
  OUTPUT ${glad_out}/src/gl.c ${glad_out}/include/glad/gl.h
  COMMAND ${CMAKE_COMMAND} -E make_directory ${glad_out}/include/KHR
  COMMAND ${CMAKE_COMMAND} -E copy ${CLIPLAB_KHRPLATFORM_H} ${glad_out}/include/KHR/khrplatform.h
  COMMAND ${CMAKE_COMMAND} -E create_symlink ${CLIPLAB_GL_XML} ${glad_work}/gl.xml
  COMMAND ${CLIPLAB_GLAD_PYTHON} -m glad --api gl:core=3.3 --extensions= --out-path ${glad_out} --reproducible c
  WORKING_DIRECTORY ${glad_work}
  DEPENDS ${CLIPLAB_GL_XML}
  COMMENT "Generating glad (OpenGL 3.3 core loader)"
  VERBATIM)
file(MAKE_DIRECTORY ${glad_out}/include)

add_library(cliplab_glad STATIC ${glad_out}/src/gl.c)
target_include_directories(cliplab_glad SYSTEM PUBLIC ${glad_out}/include)
target_link_libraries(cliplab_glad PUBLIC ${CMAKE_DL_LIBS})
set_target_properties(cliplab_glad PROPERTIES POSITION_INDEPENDENT_CODE ON)
