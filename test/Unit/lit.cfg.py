# -*- Python -*-
# The GoogleTest unit tests (unittests/), run by lit's GoogleTest format: one
# lit test per GoogleTest test of every *Tests binary of the build.
import os
import lit.formats

config.name = "NeuronISA-Unit"
config.suffixes = []
config.test_source_root = os.path.join(config.neuronisa_obj_root, "bin")
config.test_exec_root = config.test_source_root
config.test_format = lit.formats.GoogleTest(".", "Tests")
