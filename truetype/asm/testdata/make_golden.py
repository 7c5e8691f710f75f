"""Regenerates testdata/golden from fontTools (Debian's /usr/bin/python3).

  make_golden.py DIR      DIR holds GoRegular.ttf and GoMono.ttf (the Go
                          fonts of golang.org/x/image/font/gofont).

For each chosen program it writes NAME.bin (the bytes) and NAME.ttx
(fontTools' disassembly as ttx writes it inside <assembly>, after a
header comment recording the fontTools version).
"""
import json
import os
import subprocess
import sys

here = os.path.dirname(os.path.abspath(__file__))
for font in ["GoRegular", "GoMono"]:
    out = subprocess.check_output([sys.executable, os.path.join(here, "ttx_programs.py"),
                                   "dump", os.path.join(sys.argv[1], font + ".ttf")])
    d = json.loads(out)
    progs = {p["name"]: p for p in d["programs"]}
    names = ["fpgm", "prep"] if font == "GoRegular" else ["prep"]
    glyphs = [p for p in d["programs"] if p["name"].startswith("glyph:")]
    names.append(glyphs[0]["name"])                                    # the first glyph program
    names.append(max(glyphs, key=lambda p: len(p["hex"]))["name"])    # the longest
    for n in names:
        p = progs[n]
        assert p["asm"] is not None and p["roundtrip"], n
        base = os.path.join(here, "golden", "%s.%s" % (font, n.replace(":", "-")))
        with open(base + ".bin", "wb") as f:
            f.write(bytes.fromhex(p["hex"]))
        with open(base + ".ttx", "w") as f:
            f.write("/* fontTools %s ttx disassembly (Program.toXML, inside <assembly>) of %s %s */\n"
                    % (d["fonttools"], font, n) + p["asm"])
