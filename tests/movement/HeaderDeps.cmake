# Fails when a public movement header pulls in the collision model: movement sees the world only
# through Trace.h-level types (collision/Trace.h, stepcorrect/Correction.h). Run by ctest as
#   cmake -DCXX=compiler -DENGINE=engine-dir -P HeaderDeps.cmake
set(headers Movement.h Settings.h Simulation.h Soak.h WalkScript.h)
set(forbidden "collision/Model.h" "collision/PatchCollide.h" "collision/TraceLayout.h"
              "stepcorrect/StepCorrect.h" "planeshift/PlaneShiftTree.h")
foreach(header IN LISTS headers)
  execute_process(COMMAND ${CXX} -std=c++20 -I${ENGINE} -M -x c++ ${ENGINE}/movement/${header}
                  OUTPUT_VARIABLE deps ERROR_VARIABLE errors RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "movement/${header}: the dependency scan failed: ${errors}")
  endif()
  if(NOT deps MATCHES "collision/Trace.h")
    message(FATAL_ERROR "movement/${header}: no collision/Trace.h in its dependencies; the scan saw nothing")
  endif()
  foreach(f IN LISTS forbidden)
    string(FIND "${deps}" "${f}" at)
    if(NOT at EQUAL -1)
      message(FATAL_ERROR "movement/${header} includes ${f}: movement's public headers take Trace.h-level types only")
    endif()
  endforeach()
endforeach()
message(STATUS "movement headers: ${headers} reach no model types")
