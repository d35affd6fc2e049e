"""max_rss.py LIMIT_KB COMMAND...: runs COMMAND; fails if it fails or if its
peak resident set size exceeded LIMIT_KB kilobytes. Prints the peak."""
import resource
import subprocess
import sys

limit = int(sys.argv[1])
rc = subprocess.call(sys.argv[2:])
peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
print(f"peak RSS: {peak} KB (limit {limit} KB)")
if rc != 0:
    sys.exit(f"command failed with status {rc}")
if peak > limit:
    sys.exit(f"peak RSS {peak} KB is above the limit of {limit} KB")
