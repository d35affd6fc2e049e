#!/bin/sh
# A host "compiler" for the negative control of random-c.test: it builds a
# kernel whose last store (every generated kernel ends with the store of a
# tile into slot 3 of out1) goes to slot 2 instead, so the reference differs
# from every correct build.
for a; do case $a in *.c) src=$a ;; esac; done
moved=${src%.c}.moved.c
sed 's/out1 + 3 \* TILE/out1 + 2 * TILE/' "$src" > "$moved" || exit 1
for a; do
  case $a in *.c) set -- "$@" "$moved" ;; *) set -- "$@" "$a" ;; esac
  shift
done
exec cc "$@"
