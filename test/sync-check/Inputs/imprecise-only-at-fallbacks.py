#!/usr/bin/env python3
"""Checks neuronisa-sync-check's report: in every function, the consumers
reported imprecise are no more than the consumers the pass announced a
register fallback for (its remark "... (N consumers) ...")."""
import re
import sys

text = open(sys.argv[1]).read()
bad = 0
functions = 0
for record in re.split(r'\n(?=\S)', text):
    functions += 1
    imprecise = set(re.findall(r'site (\d+) \(.*: imprecise', record))
    announced = sum(int(n) for n in re.findall(r'\((\d+) consumers\)', record))
    if len(imprecise) > announced:
        bad += 1
        print('error: %d imprecise consumers, %d announced:\n%s'
              % (len(imprecise), announced, record))
print('%d records, %d with unannounced imprecision' % (functions, bad))
sys.exit(1 if bad else 0)
