"""Generated kernels for testing NeuronISA's synchronization.

  common            what the modules share: builtin declarations, .npy
                    files, kernel inputs, command lines, seed ranges;
  random_kernels    random structured kernels (LLVM IR) from a seed;
  differential      the random-program differential test (llc in every
                    synchronization mode, neuronisa-sim on every result);
  reduce            shrinks a failing kernel to a small reproducer;
  trace_check       the sequential-trace check of the inserted waits;
  compile_time      kernels of a given size for the sync pass's
                    compile-time benchmark.

The command-line tools are the thin scripts utils/random_kernels.py,
utils/differential_test.py, utils/reduce_kernel.py,
utils/sync_trace_check.py and utils/gen_sync_kernel.py.
"""
