# -*- Python -*-
# The NeuronISA lit suite. `llc` in RUN lines is the stock llc-22 with the
# NeuronISA plugin loaded, so tests read like upstream target tests.
import os
import sys
import lit.formats

config.name = "NeuronISA"
config.test_format = lit.formats.ShTest(not lit.util.which("bash") is None)
config.suffixes = [".ll", ".mir", ".s", ".test", ".c"]
config.excludes = ["Inputs", "CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.neuronisa_obj_root, "test")

# LLVM's FileCheck, not, count, llvm-mc first on PATH; then the project's
# tools.
path = [config.llvm_tools_dir,
        os.path.join(config.neuronisa_obj_root, "bin")]
# utils/sim_regression.py puts a shim first that runs two builds of
# neuronisa-sim on every invocation and compares them.
if lit_config.params.get("sim_wrapper_dir"):
    path.insert(0, lit_config.params["sim_wrapper_dir"])
config.environment["PATH"] = os.pathsep.join(
    path + [config.environment.get("PATH", os.environ.get("PATH", ""))])

llc = "%s --load=%s" % (config.llc, config.neuronisa_plugin)
# lit -Din_tree_llc=PATH: `llc` is an llc built in tree with the overlay
# (utils/check-overlay.sh --full), NeuronISA built in and no plugin loaded;
# its validator is the project's neuronisa-sync-check. Tests that name the
# plugin (%neuronisa_plugin) still load it into the stock llc.
in_tree_llc = lit_config.params.get("in_tree_llc")
if in_tree_llc:
    if not os.access(in_tree_llc, os.X_OK):
        lit_config.fatal("in_tree_llc: not an executable: " + in_tree_llc)
    llc = "%s -neuronisa-verify-sync-tool=%s" % (
        in_tree_llc,
        os.path.join(config.neuronisa_obj_root, "bin", "neuronisa-sync-check"))
    config.available_features.add("in-tree-llc")
# Every precise-mode compile of the suite checks the code it emits with the
# translation validator (-neuronisa-verify-sync, docs/Validator.md): llc and
# neuronisa-clang in RUN lines, and the scripts that compile (the random C
# kernels, the NKI front end) through NEURONISA_VERIFY_SYNC. lit
# -Dverify_sync=0 turns it off (e.g. to time the suite without it).
verify_sync = lit_config.params.get("verify_sync", "1") not in ("0", "")
if verify_sync:
    llc += " -neuronisa-verify-sync"
    config.environment["NEURONISA_VERIFY_SYNC"] = "1"
    config.available_features.add("verify-sync")
# A sanitizer build: the stock llc is not instrumented, so the instrumented
# plugin needs the sanitizer runtime loaded before everything else. The
# project's own tools carry their runtime. Every report aborts.
if config.neuronisa_sanitize:
    for s in config.neuronisa_sanitize.split(";"):
        config.available_features.add(s + "-sanitizer")
    llc = "env LD_PRELOAD=%s %s" % (config.neuronisa_sanitizer_runtime, llc)
    for var in ["ASAN_OPTIONS", "UBSAN_OPTIONS"]:
        config.environment[var] = os.environ.get(var, "print_stacktrace=1")
# Word-bounded, so that names like "neuronisa-llc" or "-llc-x" are untouched.
config.substitutions.append((r"(?<![\w/.-])llc\b", llc))
# neuronisa-clang's compiles are checked as well (the C twins, the C
# route's tests); a path to it (copies in prefixes) is not.
if verify_sync:
    config.substitutions.append(
        (r"(?<![\w/.-])neuronisa-clang\b(?![\w.-])",
         "neuronisa-clang -mllvm -neuronisa-verify-sync"))
config.substitutions.append(("%neuronisa_plugin", config.neuronisa_plugin))
config.substitutions.append(
    ("%neuronisa_clang",
     os.path.join(config.neuronisa_obj_root, "bin", "neuronisa-clang")))
config.substitutions.append(
    ("%neuronisa_header",
     os.path.join(config.neuronisa_obj_root, "include", "neuronisa.h")))
config.substitutions.append(
    ("%neuronisa_builtins_json",
     os.path.join(config.neuronisa_obj_root, "neuronisa-builtins.json")))
# The kernel generators of utils/kernelgen read the builtin declarations
# from the table (their --builtins option; this is its default).
config.environment["NEURONISA_BUILTINS_JSON"] = os.path.join(
    config.neuronisa_obj_root, "neuronisa-builtins.json")
config.substitutions.append(("%src_root", config.neuronisa_src_root))
config.substitutions.append(("%llvm_include_dir", config.llvm_include_dir))
# The Python that runs lit (Debian's, with numpy) runs the tests' scripts.
config.substitutions.append(("%python", sys.executable))
config.substitutions.append(
    ("%neuronisa_bin", os.path.join(config.neuronisa_obj_root, "bin")))

# The libFuzzer harnesses (fuzz/), built by a nested clang build.
fuzzers = ["neuronisa-asm-fuzzer", "neuronisa-npy-fuzzer"]
if all(os.path.exists(os.path.join(config.neuronisa_fuzzer_dir, f))
       for f in fuzzers):
    config.available_features.add("neuronisa-fuzzers")
    config.environment["PATH"] = os.pathsep.join(
        [config.neuronisa_fuzzer_dir, config.environment["PATH"]])

# The host oracle (test/host): the host's C compilers build kernels against
# the host neuronisa.h, as shared objects with DWARF for neuronisa-host-run.
config.substitutions.append(
    ("%host_cflags", "-g -shared -fPIC -I " +
     os.path.join(config.neuronisa_obj_root, "include", "host")))
host_cc = lit.util.which("cc")
if host_cc:
    config.available_features.add("host-cc")
    config.substitutions.append(("%host_cc", host_cc))
host_clang = os.path.join(config.llvm_tools_dir, "clang")
if os.path.exists(host_clang):
    config.available_features.add("host-clang")
    config.substitutions.append(("%host_clang", host_clang))

# Tools built by the project.
for tool in ["neuronisa-sim", "neuronisa-asm", "neuronisa-objdump",
             "neuronisa-sync-check", "neuronisa-clang", "neuronisa-host-run"]:
    exe = os.path.join(config.neuronisa_obj_root, "bin", tool)
    if os.path.exists(exe):
        config.available_features.add(tool)

# The validator is part of every build (utils/setup.sh installs Coq and
# OCaml; CI runs setup): a missing one is an error, never a silent skip of
# the tests that REQUIRE it. A machine without Coq opts out explicitly.
if ("neuronisa-sync-check" not in config.available_features and
        not os.environ.get("NEURONISA_ALLOW_NO_VALIDATOR")):
    lit_config.fatal("neuronisa-sync-check is not built (utils/setup.sh "
                     "installs coq, ocaml-nox and ocaml-findlib); set "
                     "NEURONISA_ALLOW_NO_VALIDATOR=1 to run the suite "
                     "without its tests")

# The NKI front end (python/neuronisa_nki, utils/neuronisa-nki) finds llc and
# the build through these.
config.environment["NEURONISA_BUILD"] = config.neuronisa_obj_root
config.environment["NEURONISA_LLC"] = config.llc
config.substitutions.append(
    ("%neuronisa_nki", "%s %s" % (sys.executable, os.path.join(
        config.neuronisa_src_root, "utils", "neuronisa-nki"))))
