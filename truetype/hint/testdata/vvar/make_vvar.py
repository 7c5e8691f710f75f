#!/usr/bin/python3
"""Builds the VVAR test fonts of truetype/hint's TestVVAR* tests.

Run from this folder with fontTools 4.38 (/usr/bin/python3):
    /usr/bin/python3 make_vvar.py /work/shared/fonts/variable
It reads TestCVARGVAROne.ttf (SIL OFL 1.1, see OFL.txt) and
TestGVAR-Composite-0.ttf (CC0) from unicode-org/text-rendering-tests and
writes, next to this script:

  vvar-map.ttf        hinted; vhea/vmtx (3 long metrics for 5 glyphs), a VVAR
                      with an advance map (fontTools trims its repeated
                      tail, so the last glyphs take the last entry), y deltas
                      on pp3 and pp4 in gvar, glyph programs of uni0068 and
                      uni006E that read pp3/pp4 (MD, GC) and move points by
                      what they read; uni006F without a program
  vvar-direct.ttf     as vvar-map without the advance map: glyph index =
                      inner index in subtable 0, which has 4 items for 5
                      glyphs (FreeType's Invalid_Argument for glyph 4: the
                      vmtx advance stays)
  vvar-large.ttf      large deltas (up to +-30000; some advances wrap
                      through FT_UShort) in two subtables, with a map
  vvar-badversion.ttf vvar-map with VVAR major version 2 (FreeType ignores
                      the table: pp4 takes the gvar deltas)
  vvar-composite.ttf  TestGVAR-Composite-0 (composites, USE_MY_METRICS)
                      with vhea/vmtx, a mapped VVAR and pp3/pp4 gvar deltas
"""
import os
import struct
import sys

from fontTools.ttLib import TTFont, newTable
from fontTools.ttLib.tables import otTables as ot
from fontTools.ttLib.tables import ttProgram
from fontTools.varLib import builder


def add_vmetrics(font, n_long):
    """vhea and vmtx: advance = yMax - yMin + 200 + 37*gid, tsb = 80 + 7*gid."""
    glyf = font["glyf"]
    order = font.getGlyphOrder()
    metrics = {}
    for i, name in enumerate(order):
        g = glyf[name]
        h = (g.yMax - g.yMin) if hasattr(g, "yMax") else 0
        adv, tsb = h + 200 + 37 * i, 80 + 7 * i
        if i >= n_long:
            adv = metrics[order[n_long - 1]][0]
        metrics[name] = (adv, tsb)
    vmtx = newTable("vmtx")
    vmtx.metrics = metrics
    font["vmtx"] = vmtx
    vhea = newTable("vhea")
    vhea.tableVersion = 0x00011000
    vhea.ascent, vhea.descent, vhea.lineGap = 500, -500, 0
    vhea.advanceHeightMax = max(a for a, _ in metrics.values())
    vhea.minTopSideBearing = vhea.minBottomSideBearing = vhea.yMaxExtent = 0
    vhea.caretSlopeRise, vhea.caretSlopeRun, vhea.caretOffset = 0, 1, 0
    vhea.reserved1 = vhea.reserved2 = vhea.reserved3 = vhea.reserved4 = 0
    vhea.metricDataFormat = 0
    vhea.numberOfVMetrics = n_long
    font["vhea"] = vhea


def phantom_deltas(font):
    """Gives every gvar tuple y deltas on pp3 and pp4 (distinct per tuple
    and glyph), so that a pp4 taking the gvar delta instead of VVAR's
    shows in the vertical advance."""
    for gi, (name, tvs) in enumerate(sorted(font["gvar"].variations.items())):
        for ti, tv in enumerate(tvs):
            c = tv.coordinates
            c[-2] = (0, 11 + 3 * gi + 5 * ti)
            c[-1] = (0, -(23 + 7 * gi + 2 * ti))


def region_list(axes):
    """Regions: each axis' peak at its min and max, and one two-axis and
    one intermediate region."""
    sup = []
    for a in axes:
        sup.append({a: (-1.0, -1.0, 0.0)})
        sup.append({a: (0.0, 1.0, 1.0)})
    if len(axes) > 1:
        sup.append({axes[0]: (0.0, 1.0, 1.0), axes[1]: (-1.0, -1.0, 0.0)})
    sup.append({axes[0]: (0.0, 0.5, 1.0)})
    return builder.buildVarRegionList(sup, axes), len(sup)


def build_vvar(font, mapped, scale=1, items0=None, version=1, two=False):
    axes = [a.axisTag for a in font["fvar"].axes]
    regions, nr = region_list(axes)
    order = font.getGlyphOrder()
    n = len(order) if items0 is None else items0
    rows = [[((7 * g + 13 * r) % 41 - 20) * scale for r in range(nr)] for g in range(n)]
    datas = [builder.buildVarData(list(range(nr)), rows, optimize=False)]
    if two:
        rows2 = [[(30000 if (g + r) % 2 else -30000) for r in range(nr)] for g in range(3)]
        datas.append(builder.buildVarData(list(range(nr)), rows2, optimize=False))
    store = builder.buildVarStore(regions, datas)
    t = ot.VVAR()
    t.Version = 0x00010000
    t.VarStore = store
    t.AdvHeightMap = t.TsbMap = t.BsbMap = t.VOrgMap = None
    if mapped:
        idx = []
        for g in range(len(order)):
            if two and g % 2 == 1:
                idx.append((1 << 16) | (g // 2 % 3))
            else:
                idx.append(min(g, 2))  # repeated tail: fontTools trims it
        t.AdvHeightMap = builder.buildVarIdxMap(idx, order)
    tab = newTable("VVAR")
    tab.table = t
    font["VVAR"] = tab
    if version != 1:
        font._vvar_version = version


# SVTCA[y]; p MDAP[0]; p pp4 pp3 MD[cur] 8.0 DIV SHPIX; q MDAP[0];
# q pp3 GC[cur] 16.0 DIV SHPIX; SVTCA[x]
def pp_reader(n, p, q):
    b = [0x00, 0xB0, p, 0x2E]
    b += [0xB0, p, 0xB0, n + 3, 0xB0, n + 2, 0x49, 0xB8, 0x02, 0x00, 0x62, 0x38]
    b += [0xB0, q, 0x2E]
    b += [0xB0, q, 0xB0, n + 2, 0x46, 0xB8, 0x04, 0x00, 0x62, 0x38]
    b += [0x01]
    return bytes(b)


def add_pp_readers(font):
    glyf = font["glyf"]
    for name, p, q in (("uni0068", 4, 9), ("uni006E", 2, 7)):
        g = glyf[name]
        n = len(g.coordinates)
        code = pp_reader(n, p, q) + g.program.getBytecode()
        g.program = ttProgram.Program()
        g.program.fromBytecode(code)
    o = glyf["uni006F"]
    o.program = ttProgram.Program()
    o.program.fromBytecode(b"")


def save(font, path):
    font.save(path)
    v = getattr(font, "_vvar_version", 1)
    if v != 1:
        data = bytearray(open(path, "rb").read())
        num = struct.unpack(">H", data[4:6])[0]
        for i in range(num):
            rec = 12 + 16 * i
            if data[rec:rec + 4] == b"VVAR":
                off = struct.unpack(">I", data[rec + 8:rec + 12])[0]
                data[off:off + 2] = struct.pack(">H", v)
        open(path, "wb").write(bytes(data))


def main():
    src = sys.argv[1]
    out = os.path.dirname(os.path.abspath(__file__))
    one = os.path.join(src, "TestCVARGVAROne.ttf")
    comp = os.path.join(src, "TestGVAR-Composite-0.ttf")

    def base():
        f = TTFont(one, recalcTimestamp=False)
        add_vmetrics(f, 3)
        phantom_deltas(f)
        add_pp_readers(f)
        return f

    f = base()
    build_vvar(f, True)
    save(f, os.path.join(out, "vvar-map.ttf"))
    f = base()
    build_vvar(f, False, items0=4)
    save(f, os.path.join(out, "vvar-direct.ttf"))
    f = base()
    build_vvar(f, True, scale=700, two=True)
    save(f, os.path.join(out, "vvar-large.ttf"))
    f = base()
    build_vvar(f, True, version=2)
    save(f, os.path.join(out, "vvar-badversion.ttf"))
    f = TTFont(comp, recalcTimestamp=False)
    add_vmetrics(f, len(f.getGlyphOrder()))
    phantom_deltas(f)
    build_vvar(f, True)
    save(f, os.path.join(out, "vvar-composite.ttf"))


if __name__ == "__main__":
    main()
