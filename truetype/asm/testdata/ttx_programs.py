"""fontvm reference helper: fontTools' view of TrueType programs.

Run by truetype/asm/reference_test.go (build tag `reference`) with Debian's
/usr/bin/python3 and python3-fonttools.

  ttx_programs.py dump FONT      JSON on stdout: fontTools version and, for
                                 every non-empty program (fpgm, prep, each
                                 glyph's, named "glyph:GID"), its bytes (hex),
                                 fontTools' disassembly as ttx writes it inside
                                 <assembly> (null when fontTools fails), and
                                 whether fontTools reassembles its own text to
                                 the same bytes.
  ttx_programs.py disasm         JSON object {name: hex} on stdin; the same
                                 output as dump for those programs.
  ttx_programs.py assemble       JSON object {name: assembly text} on stdin;
                                 JSON object {name: hex or {"error": msg}} on
                                 stdout: fontTools' assembly of each text.
"""
import io
import json
import logging
import sys

import fontTools
from fontTools.misc.xmlWriter import XMLWriter
from fontTools.ttLib import TTFont
from fontTools.ttLib.tables import ttProgram


class _Font:
    """Stands in for a TTFont in Program.toXML: disassemble."""
    disassembleInstructions = True


def ttx_text(program):
    """Returns the lines ttx writes inside <assembly>, less the element's
    own indentation, or None when fontTools falls back to <bytecode>."""
    buf = io.BytesIO()
    w = XMLWriter(buf, newlinestr="\n")
    program.toXML(w, _Font())
    lines = buf.getvalue().decode("utf-8").split("\n")
    try:
        a = lines.index("<assembly>")
        b = lines.index("</assembly>")
    except ValueError:
        return None
    iw = w.indentwhite
    if isinstance(iw, bytes):
        iw = iw.decode("ascii")
    out = []
    for line in lines[a + 1:b]:
        if not line.startswith(iw):
            raise ValueError("unexpected ttx line %r" % line)
        out.append(line[len(iw):])
    return "\n".join(out) + "\n"


def entry(name, code):
    p = ttProgram.Program()
    p.fromBytecode(code)
    text = None
    roundtrip = False
    err = None
    try:
        text = ttx_text(p)
    except Exception as e:  # toXML itself failed
        err = "%s: %s" % (type(e).__name__, e)
    if text is None and err is None:
        err = "fontTools fell back to <bytecode> (disassembly failed)"
    if text is not None:
        try:
            q = ttProgram.Program()
            q.fromAssembly(text)
            roundtrip = q.getBytecode() == bytes(code)
        except Exception as e:
            err = "reassembly failed: %s: %s" % (type(e).__name__, e)
    return {"name": name, "hex": bytes(code).hex(), "asm": text,
            "roundtrip": roundtrip, "error": err}


def dump(path):
    logging.disable(logging.CRITICAL)
    font = TTFont(path, lazy=False)
    progs = []
    for tag in ("fpgm", "prep"):
        if tag in font:
            code = font[tag].program.getBytecode()
            if code:
                progs.append(entry(tag, code))
    if "glyf" in font:
        glyf = font["glyf"]
        for gid, gname in enumerate(font.getGlyphOrder()):
            g = glyf[gname]
            prog = getattr(g, "program", None)
            if prog is None:
                continue
            code = prog.getBytecode()
            if code:
                progs.append(entry("glyph:%d" % gid, code))
    json.dump({"fonttools": fontTools.version, "programs": progs}, sys.stdout)


def disasm():
    logging.disable(logging.CRITICAL)
    codes = json.load(sys.stdin)
    progs = [entry(name, bytes.fromhex(h)) for name, h in sorted(codes.items())]
    json.dump({"fonttools": fontTools.version, "programs": progs}, sys.stdout)


def assemble():
    logging.disable(logging.CRITICAL)
    texts = json.load(sys.stdin)
    out = {}
    for name, text in texts.items():
        try:
            p = ttProgram.Program()
            p.fromAssembly(text)
            out[name] = p.getBytecode().hex()
        except Exception as e:
            out[name] = {"error": "%s: %s" % (type(e).__name__, e)}
    json.dump(out, sys.stdout)


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "dump":
        dump(sys.argv[2])
    elif len(sys.argv) == 2 and sys.argv[1] == "disasm":
        disasm()
    elif len(sys.argv) == 2 and sys.argv[1] == "assemble":
        assemble()
    else:
        sys.exit("usage: ttx_programs.py dump FONT | disasm | assemble")
