# Sanitizer and fuzzer builds of the project's own code.
#
# NEURONISA_SANITIZE="address;undefined" instruments everything the project
# builds (the plugin, the tools, the simulator, the unit tests) with
# AddressSanitizer and UndefinedBehaviorSanitizer; any report aborts the
# process. The stock llc and libLLVM stay uninstrumented: the plugin needs
# the sanitizer runtime loaded first, so lit runs llc with
# NEURONISA_SANITIZER_RUNTIME in LD_PRELOAD (test/lit.cfg.py).
#
# NEURONISA_FUZZERS (AUTO, ON, OFF) builds the libFuzzer harnesses of fuzz/
# in a nested build (build/fuzz) with clang, libFuzzer's coverage, ASan and
# UBSan, whatever compiler builds the rest. AUTO: when clang and its
# libFuzzer runtime are installed.

set(NEURONISA_SANITIZE "" CACHE STRING
    "Sanitizers for the project's own code: a list of address, undefined")
set(NEURONISA_FUZZERS AUTO CACHE STRING
    "Build the libFuzzer harnesses with clang (AUTO, ON, OFF)")
# Set by the nested fuzzer build only: build just what the harnesses need.
option(NEURONISA_FUZZ_BUILD "Internal: the nested build of fuzz/" OFF)
mark_as_advanced(NEURONISA_FUZZ_BUILD)

if(NEURONISA_FUZZ_BUILD)
  # Coverage for libFuzzer in everything the harnesses link.
  add_compile_options(-fsanitize=fuzzer-no-link)
endif()

set(NEURONISA_SANITIZER_RUNTIME "")
if(NEURONISA_SANITIZE)
  foreach(S IN LISTS NEURONISA_SANITIZE)
    if(NOT S MATCHES "^(address|undefined)$")
      message(FATAL_ERROR
        "NEURONISA_SANITIZE: '${S}' is not one of address, undefined")
    endif()
  endforeach()
  list(JOIN NEURONISA_SANITIZE "," NEURONISA_SANITIZE_FLAGS)
  add_compile_options(-fsanitize=${NEURONISA_SANITIZE_FLAGS}
    -fno-sanitize-recover=all -fno-omit-frame-pointer -g1)
  add_link_options(-fsanitize=${NEURONISA_SANITIZE_FLAGS})
  if("undefined" IN_LIST NEURONISA_SANITIZE AND NOT LLVM_ENABLE_RTTI)
    # The vptr check needs RTTI, which libLLVM is built without.
    add_compile_options(-fno-sanitize=vptr)
  endif()
  # The runtime to preload into the stock llc. Clang's ASan runtime also
  # holds the UBSan handlers; GCC's plugin needs libubsan too, but only
  # libasan must come first.
  if("address" IN_LIST NEURONISA_SANITIZE)
    if(CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
      set(NEURONISA_RUNTIME_NAME
          "libclang_rt.asan-${CMAKE_SYSTEM_PROCESSOR}.so")
    else()
      set(NEURONISA_RUNTIME_NAME "libasan.so")
    endif()
  elseif(CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    set(NEURONISA_RUNTIME_NAME
        "libclang_rt.ubsan_standalone-${CMAKE_SYSTEM_PROCESSOR}.so")
  else()
    set(NEURONISA_RUNTIME_NAME "libubsan.so")
  endif()
  execute_process(
    COMMAND ${CMAKE_CXX_COMPILER} -print-file-name=${NEURONISA_RUNTIME_NAME}
    OUTPUT_VARIABLE NEURONISA_SANITIZER_RUNTIME
    OUTPUT_STRIP_TRAILING_WHITESPACE)
  if(NOT EXISTS "${NEURONISA_SANITIZER_RUNTIME}")
    message(FATAL_ERROR "NEURONISA_SANITIZE: cannot find "
      "${NEURONISA_RUNTIME_NAME} of ${CMAKE_CXX_COMPILER}")
  endif()
  message(STATUS "Sanitizers: ${NEURONISA_SANITIZE_FLAGS} "
                 "(llc preloads ${NEURONISA_SANITIZER_RUNTIME})")
endif()

# The clang that builds the fuzzers, and whether its libFuzzer is installed.
set(NEURONISA_FUZZ_CXX "")
if(NOT NEURONISA_FUZZ_BUILD AND NOT NEURONISA_FUZZERS STREQUAL "OFF")
  if(CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    set(NEURONISA_FUZZ_CXX "${CMAKE_CXX_COMPILER}")
  else()
    find_program(NEURONISA_FUZZ_CLANGXX
      NAMES clang++-${LLVM_VERSION_MAJOR} clang++
      HINTS ${LLVM_TOOLS_BINARY_DIR})
    if(NEURONISA_FUZZ_CLANGXX)
      set(NEURONISA_FUZZ_CXX "${NEURONISA_FUZZ_CLANGXX}")
    endif()
  endif()
  if(NEURONISA_FUZZ_CXX)
    execute_process(
      COMMAND ${NEURONISA_FUZZ_CXX}
              -print-file-name=libclang_rt.fuzzer-${CMAKE_SYSTEM_PROCESSOR}.a
      OUTPUT_VARIABLE NEURONISA_FUZZ_RUNTIME
      OUTPUT_STRIP_TRAILING_WHITESPACE)
    if(NOT EXISTS "${NEURONISA_FUZZ_RUNTIME}")
      set(NEURONISA_FUZZ_CXX "")
    endif()
  endif()
  if(NOT NEURONISA_FUZZ_CXX)
    if(NEURONISA_FUZZERS STREQUAL "ON")
      message(FATAL_ERROR "NEURONISA_FUZZERS=ON: no clang with libFuzzer "
        "(Debian: apt-get install clang-${LLVM_VERSION_MAJOR} "
        "libclang-rt-${LLVM_VERSION_MAJOR}-dev)")
    endif()
    message(STATUS "Fuzzers: not built (no clang with libFuzzer)")
  endif()
endif()
