#!/usr/bin/env python3
"""Writes malformed .npy files, one per header field, into DIR.

  bad_npy.py DIR

Each file is a valid .npy except for the one field its name says.
"""
import os
import struct
import sys


def npy(header, data=b"", version=1):
    header += " " * ((64 - (10 + len(header) + 1) % 64) % 64) + "\n"
    size = struct.pack("<H" if version == 1 else "<I", len(header))
    return b"\x93NUMPY" + bytes([version, 0]) + size + header.encode() + data


def main():
    d = sys.argv[1]
    four = struct.pack("<4f", 1, 2, 3, 4)
    files = {
        # 2^62 elements: 4 * 2^62 bytes wraps to 0 in 64 bits.
        "huge.npy": npy("{'descr': '<f4', 'fortran_order': False, "
                        "'shape': (4611686018427387904,), }"),
        # The product of the dimensions overflows.
        "product.npy": npy("{'descr': '<f4', 'fortran_order': False, "
                           "'shape': (4294967296, 4294967296), }", four),
        "bigdim.npy": npy("{'descr': '<f4', 'fortran_order': False, "
                          "'shape': (99999999999999999999999,), }", four),
        "negdim.npy": npy("{'descr': '<f4', 'fortran_order': False, "
                          "'shape': (-4,), }", four),
        "f8.npy": npy("{'descr': '<f8', 'fortran_order': False, "
                      "'shape': (2,), }", four),
        "bigendian.npy": npy("{'descr': '>f4', 'fortran_order': False, "
                             "'shape': (4,), }", four),
        "fortran.npy": npy("{'descr': '<f4', 'fortran_order': True, "
                           "'shape': (2, 2), }", four),
        "fortran-vector.npy": npy("{'descr': '<f4', 'fortran_order': True, "
                                  "'shape': (1, 4), }", four),
        "order.npy": npy("{'descr': '<f4', 'fortran_order': 0, "
                         "'shape': (4,), }", four),
        "noshape.npy": npy("{'descr': '<f4', 'fortran_order': False, }",
                           four),
        "extrakey.npy": npy("{'descr': '<f4', 'fortran_order': False, "
                            "'shape': (4,), 'x': 1, }", four),
        "notdict.npy": npy("['descr', '<f4']", four),
        "unterminated.npy": npy("{'descr': '<f4, 'fortran_order': False",
                                four),
        "short.npy": npy("{'descr': '<f4', 'fortran_order': False, "
                         "'shape': (5,), }", four),
        "long.npy": npy("{'descr': '<f4', 'fortran_order': False, "
                        "'shape': (3,), }", four),
        "version9.npy": npy("{'descr': '<f4', 'fortran_order': False, "
                            "'shape': (4,), }", four)[:6] + b"\x09" +
                        npy("{}")[7:],
        "headerlen.npy": b"\x93NUMPY\x02\x00\xff\xff\xff\xff{}",
        "v2.npy": npy("{'shape': (2, 2), 'fortran_order': False, "
                      "'descr': '<f4'}", four, version=2),
    }
    for name, data in files.items():
        with open(os.path.join(d, name), "wb") as f:
            f.write(data)


main()
