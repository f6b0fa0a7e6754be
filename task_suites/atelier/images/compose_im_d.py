"""Compose batch-d IM targets: interfaces, diagrams, charts, portraits and panel strips.

Deterministic: interfaces and charts are HTML/SVG written here and rendered by headless Chromium,
diagrams by Graphviz, 3D scenes (scenes/*.pov, written for this suite) by POV-Ray, panel strips
and portraits from openclipart drawings laid out with Pillow.
Nothing is downloaded or random; the same packages give the same bytes. Each target's parts,
authors and licences are recorded in images/attribution/im_d.yaml. Run from anywhere:

    python task_suites/atelier/images/compose_im_d.py [OUT_DIR] [im_NNN ...]

Needs (Debian): chromium, graphviz, povray, openclipart-png, fonts-liberation.
"""

from __future__ import annotations

import html
import subprocess
import sys
import tempfile
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

HERE = Path(__file__).resolve().parent
OC = Path("/usr/share/openclipart/png")
FONT_FILES = {
    "Sans": "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf",
    "SansBold": "/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf",
    "Mono": "/usr/share/fonts/truetype/liberation/LiberationMono-Regular.ttf",
    "MonoBold": "/usr/share/fonts/truetype/liberation/LiberationMono-Bold.ttf",
}
FONT_FACES = "".join(f"@font-face{{font-family:{name};src:url('file://{path}')}}" for name, path in FONT_FILES.items())


def font(name: str, size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(FONT_FILES[name], size)


def chromium(page: str, width: int, height: int) -> Image.Image:
    """Render an HTML page (fonts pinned to the files above) at width x height CSS pixels."""
    with tempfile.TemporaryDirectory() as tmp:
        src, out = Path(tmp) / "page.html", Path(tmp) / "shot.png"
        src.write_text(f"<!doctype html><html><head><meta charset='utf-8'><style>{FONT_FACES}"
                       f"html,body{{margin:0;width:{width}px;height:{height}px;overflow:hidden}}</style></head>"
                       f"<body>{page}</body></html>", encoding="utf-8")
        subprocess.run(["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                        "--force-device-scale-factor=1", "--font-render-hinting=none", f"--window-size={width},{height}",
                        f"--screenshot={out}", src.as_uri()], check=True, capture_output=True)
        return Image.open(out).convert("RGB")


def graphviz(dot: str, engine: str = "dot") -> Image.Image:
    """Lay out and render a Graphviz graph (``engine``: dot for layered graphs, neato for fixed positions)."""
    png = subprocess.run([engine, "-Tpng", "-Gdpi=96"], input=dot.encode(), check=True, capture_output=True).stdout
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "g.png"
        path.write_bytes(png)
        return Image.open(path).convert("RGB")


def clip(rel: str, height: int | None = None, width: int | None = None, flip: bool = False) -> Image.Image:
    im = Image.open(OC / rel).convert("RGBA")
    im = im.crop(im.getbbox())
    if flip:
        im = im.transpose(Image.FLIP_LEFT_RIGHT)
    if height:
        im = im.resize((max(1, round(im.width * height / im.height)), height), Image.LANCZOS)
    elif width:
        im = im.resize((width, max(1, round(im.height * width / im.width))), Image.LANCZOS)
    return im


def esc(s: str) -> str:
    return html.escape(s, quote=True)


# --- interfaces -----------------------------------------------------------------------------

def sales_dashboard() -> Image.Image:
    months = [("Apr", 58), ("May", 64), ("Jun", 61), ("Jul", 72), ("Aug", 79), ("Sep", 91)]
    bars = "".join(
        f"<rect x='{30 + i * 58}' y='{190 - v * 1.8:.0f}' width='34' height='{v * 1.8:.0f}' rx='4' "
        f"fill='{'#f08c2e' if m == 'Sep' else '#2f9e8f'}'/>"
        f"<text x='{47 + i * 58}' y='212' font-size='12' text-anchor='middle' fill='#5b6475'>{m}</text>"
        for i, (m, v) in enumerate(months))
    kpis = [("Revenue", "$482K", "+12%", "#1c8c5e"), ("Orders", "1,284", "+8%", "#1c8c5e"), ("Refunds", "37", "-4%", "#d92b2b")]
    cards = "".join(
        f"<div style='flex:1;background:#fff;border-radius:10px;padding:14px 16px;box-shadow:0 1px 3px #0002'>"
        f"<div style='font-size:13px;color:#5b6475'>{k}</div><div style='font:26px SansBold;color:#1f2a44;margin-top:6px'>{v}</div>"
        f"<div style='display:inline-block;font-size:13px;color:#fff;background:{c};border-radius:11px;padding:3px 10px;margin-top:6px'>"
        f"{d} vs Q2</div></div>" for k, v, d, c in kpis)
    regions = [("North", 42), ("West", 31), ("South", 27)]
    rows = "".join(
        f"<div style='margin:10px 0 4px;font-size:13px;color:#1f2a44'>{r}<span style='float:right'>{p}%</span></div>"
        f"<div style='height:8px;background:#e3e7ee;border-radius:4px'><div style='width:{p * 2}%;height:8px;background:#2f9e8f;border-radius:4px'></div></div>"
        for r, p in regions)
    nav = "".join(
        f"<div style='padding:9px 18px;margin:2px 10px;border-radius:6px;{'background:#2f9e8f;color:#fff' if i == 0 else 'color:#b9c2d3'}'>{n}</div>"
        for i, n in enumerate(["Overview", "Orders", "Customers", "Reports", "Settings"]))
    page = f"""
<div style="display:flex;width:768px;height:480px;font-family:Sans;background:#f1f3f7">
 <div style="width:150px;background:#1c2866;padding-top:18px;font-size:14px">
  <div style="font:20px SansBold;color:#fff;padding:0 20px 18px">Harbor</div>{nav}</div>
 <div style="flex:1;padding:16px 20px">
  <div style="display:flex;align-items:center">
   <div style="font:21px SansBold;color:#1f2a44;flex:1">Q3 Sales Overview</div>
   <div style="width:160px;height:30px;border-radius:15px;background:#fff;border:1px solid #d5dae3;color:#9aa3b2;font-size:13px;line-height:30px;padding-left:14px">Search</div>
   <div style="width:34px;height:34px;border-radius:17px;background:#f08c2e;color:#fff;font:14px SansBold;line-height:34px;text-align:center;margin-left:12px">JL</div>
  </div>
  <div style="display:flex;gap:14px;margin-top:16px">{cards}</div>
  <div style="display:flex;gap:14px;margin-top:14px">
   <div style="flex:1.6;background:#fff;border-radius:10px;padding:12px 14px;box-shadow:0 1px 3px #0002">
    <div style="font:15px SansBold;color:#1f2a44">Monthly revenue ($K)</div>
    <svg width="370" height="220">{bars}<line x1="20" y1="190" x2="370" y2="190" stroke="#c9cfd9"/></svg></div>
   <div style="flex:1;background:#fff;border-radius:10px;padding:12px 14px;box-shadow:0 1px 3px #0002">
    <div style="font:15px SansBold;color:#1f2a44">Top regions</div>{rows}</div>
  </div>
 </div>
</div>"""
    return chromium(page, 768, 480)


def starship_hud() -> Image.Image:
    cyan, pink = "#27e6f5", "#ff3fa4"
    rings = "".join(f"<circle cx='384' cy='235' r='{r}' fill='none' stroke='{cyan}' stroke-opacity='{o}' stroke-width='1.5'/>"
                    for r, o in ((150, 0.9), (105, 0.5), (60, 0.5)))
    blips = (f"<circle cx='330' cy='180' r='6' fill='{cyan}'/><circle cx='452' cy='262' r='6' fill='{cyan}'/>"
             f"<circle cx='420' cy='150' r='8' fill='{pink}'/>")
    sweep = f"<path d='M384 235 L384 85 A150 150 0 0 1 490 129 Z' fill='{cyan}' fill-opacity='0.18'/>"
    cross = f"<line x1='234' y1='235' x2='534' y2='235' stroke='{cyan}' stroke-opacity='.4'/><line x1='384' y1='85' x2='384' y2='385' stroke='{cyan}' stroke-opacity='.4'/>"

    def gauge(label: str, pct: int, colour: str) -> str:
        cells = "".join(f"<div style='width:13px;height:16px;margin-right:3px;background:{colour if i < pct // 10 else '#1b2a3a'}'></div>" for i in range(10))
        return (f"<div style='margin-bottom:16px'><div style='display:flex;justify-content:space-between;color:{colour}'>"
                f"<span>{label}</span><span>{pct}%</span></div><div style='display:flex;margin-top:6px'>{cells}</div></div>")

    page = f"""
<div style="position:relative;width:768px;height:480px;background:#060b16;font-family:Mono;font-size:14px;color:{cyan}">
 <div style="position:absolute;left:24px;top:18px;font:22px MonoBold;letter-spacing:3px">NAV-7 // TACTICAL</div>
 <div style="position:absolute;right:24px;top:22px;color:{pink}">SECTOR 9-KAPPA</div>
 <div style="position:absolute;left:24px;top:80px;width:170px;border:1px solid {cyan};padding:14px">
  {gauge('SHIELDS', 87, cyan)}{gauge('HULL', 64, cyan)}{gauge('FUEL', 32, pink)}</div>
 <svg style="position:absolute;left:0;top:0" width="768" height="480">{rings}{sweep}{cross}{blips}</svg>
 <div style="position:absolute;right:24px;top:80px;width:170px;border:1px solid {cyan};padding:14px;line-height:1.9">
  <div style="color:{pink}">CONTACT</div><div>RANGE 4.2 AU</div><div>BEARING 037</div><div>SPEED 0.31 c</div></div>
 <div style="position:absolute;left:0;right:0;bottom:26px;text-align:center">
  <span style="border:1px solid {pink};color:{pink};padding:8px 22px;letter-spacing:2px">DOCKING SEQUENCE ENGAGED</span></div>
</div>"""
    return chromium(page, 768, 480)


def video_call() -> Image.Image:
    people = [("people/head12.png", "Ana Ruiz", "#cfe3f5"), ("people/head3.png", "Tom Berg", "#f5e3c8"),
              ("people/head11.png", "Lena Wolf", "#d9efd6"), ("people/head1.png", "Raj Patel", "#eadcf3")]
    W, H = 768, 480
    c = Image.new("RGBA", (W, H), (32, 34, 40, 255))
    d = ImageDraw.Draw(c)
    tw, th, gap = 360, 188, 12
    for i, (rel, name, bg) in enumerate(people):
        x, y = 18 + (i % 2) * (tw + gap), 16 + (i // 2) * (th + gap)
        d.rounded_rectangle((x, y, x + tw, y + th), 10, fill=bg)
        face = clip(rel, height=th - 22)
        c.alpha_composite(face, (x + (tw - face.width) // 2, y + th - face.height - 4))
        d.rounded_rectangle((x + 8, y + th - 30, x + 16 + font("Sans", 14).getlength(name) + 8, y + th - 8), 5, fill=(0, 0, 0, 150))
        d.text((x + 16, y + th - 19), name, font=font("Sans", 14), fill="white", anchor="lm")
        if i == 0:
            d.rounded_rectangle((x, y, x + tw, y + th), 10, outline=(46, 204, 113), width=4)
    bar_y = 420
    d.rounded_rectangle((234, bar_y, 534, bar_y + 46), 23, fill=(52, 55, 64))
    for j, colour in enumerate(((90, 94, 105), (90, 94, 105), (90, 94, 105))):
        cx = 280 + j * 56
        d.ellipse((cx - 17, bar_y + 6, cx + 17, bar_y + 40), fill=colour)
    d.rounded_rectangle((280 - 7, bar_y + 13, 280 + 7, bar_y + 29), 7, fill="white")  # microphone
    d.rectangle((336 - 11, bar_y + 16, 336 + 5, bar_y + 30), fill="white")  # camera
    d.polygon([(336 + 5, bar_y + 23), (336 + 13, bar_y + 17), (336 + 13, bar_y + 29)], fill="white")
    d.rectangle((392 - 10, bar_y + 15, 392 + 10, bar_y + 29), outline="white", width=2)  # share screen
    d.rounded_rectangle((440, bar_y + 8, 516, bar_y + 38), 15, fill=(229, 57, 53))
    d.text((478, bar_y + 23), "Leave", font=font("SansBold", 14), fill="white", anchor="mm")
    d.text((20, bar_y + 23), "Weekly sync  ·  24:17", font=font("Sans", 14), fill=(200, 204, 212), anchor="lm")
    return c.convert("RGB")


# --- diagrams and charts ----------------------------------------------------------------------

def order_flowchart() -> Image.Image:
    ff = "Liberation Sans"  # fontconfig name of FONT_FILES["Sans"]
    dot = f"""digraph G {{
  graph [rankdir=TB, bgcolor="#ffffff", pad="0.3", nodesep="0.6", ranksep="0.38", fontname="{ff}"];
  node [fontname="{ff}", fontsize=13, style=filled, color="#1c2866", fontcolor="#1c2866", penwidth=1.8];
  edge [fontname="{ff}", fontsize=12, color="#1c2866", fontcolor="#1c2866", penwidth=1.8, arrowsize=0.8];
  start [label="Start", shape=ellipse, fillcolor="#7bc67e", width=1.1];
  recv [label="Order received", shape=box, style="rounded,filled", fillcolor="#cfe2ff", width=1.8];
  stock [label="In stock?", shape=diamond, fillcolor="#f7962f", width=1.6, height=0.9];
  reorder [label="Reorder from supplier", shape=box, style="rounded,filled", fillcolor="#cfe2ff", width=2.2];
  pack [label="Pack items", shape=box, style="rounded,filled", fillcolor="#cfe2ff", width=1.8];
  ship [label="Ship parcel", shape=box, style="rounded,filled", fillcolor="#cfe2ff", width=1.8];
  end [label="End", shape=ellipse, fillcolor="#e05545", width=1.1];
  start -> recv -> stock;
  stock -> pack [label="  yes"];
  stock -> reorder [label="no"];
  {{rank=same; stock; reorder}}
  reorder -> pack;
  pack -> ship -> end;
}}"""
    img = graphviz(dot)
    canvas = Image.new("RGB", (768, 640), "white")
    img.thumbnail((748, 620), Image.LANCZOS)
    canvas.paste(img, ((768 - img.width) // 2, (640 - img.height) // 2))
    return canvas


def org_chart() -> Image.Image:
    people = [("people/head3.png", "Marek Kowalski", "Chief Executive", "#1d3557"),
              ("people/head12.png", "Priya Shah", "Engineering", "#2a9d8f"),
              ("people/head1.png", "Ben Okafor", "Finance", "#e9c46a"),
              ("people/head11.png", "Sofia Lind", "Marketing", "#e76f51")]
    W, H = 768, 520
    c = Image.new("RGBA", (W, H), (247, 248, 250, 255))
    d = ImageDraw.Draw(c)
    d.text((W // 2, 34), "Leadership Team", font=font("SansBold", 28), fill=(29, 53, 87), anchor="mm")
    cw, ch = 200, 150
    spots = [(W // 2, 80)] + [(134 + i * 250, 320) for i in range(3)]
    d.line((W // 2, 80 + ch, W // 2, 285), fill=(120, 130, 145), width=3)
    d.line((134, 285, 634, 285), fill=(120, 130, 145), width=3)
    for x, _ in spots[1:]:
        d.line((x, 285, x, 320), fill=(120, 130, 145), width=3)
    for (rel, name, role, colour), (x, y) in zip(people, spots):
        d.rounded_rectangle((x - cw // 2, y, x + cw // 2, y + ch), 12, fill="white", outline=(210, 214, 222), width=2)
        d.rounded_rectangle((x - cw // 2, y, x + cw // 2, y + 12), 6, fill=colour)
        d.rectangle((x - cw // 2, y + 6, x + cw // 2, y + 12), fill=colour)
        face = clip(rel, height=78)
        c.alpha_composite(face, (x - face.width // 2, y + 20))
        d.text((x, y + 112), name, font=font("SansBold", 16), fill=(29, 53, 87), anchor="mm")
        d.text((x, y + 134), role, font=font("Sans", 14), fill=(95, 105, 120), anchor="mm")
    return c.convert("RGB")


def visitors_chart() -> Image.Image:
    months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    mobile = [32, 35, 38, 41, 47, 52, 61, 66, 58, 54, 60, 71]
    desktop = [40, 41, 39, 42, 40, 37, 33, 31, 36, 39, 38, 35]
    x0, y0, w, h = 70, 70, 640, 300

    def pts(vals: list[int]) -> str:
        return " ".join(f"{x0 + i * w / 11:.1f},{y0 + h - v * h / 80:.1f}" for i, v in enumerate(vals))

    grid = "".join(f"<line x1='{x0}' x2='{x0 + w}' y1='{y0 + h - v * h / 80:.1f}' y2='{y0 + h - v * h / 80:.1f}' stroke='#e2e6ec'/>"
                   f"<text x='{x0 - 10}' y='{y0 + h - v * h / 80 + 4:.1f}' font-size='12' text-anchor='end' fill='#6b7280'>{v}k</text>"
                   for v in range(0, 81, 20))
    labels = "".join(f"<text x='{x0 + i * w / 11:.1f}' y='{y0 + h + 22}' font-size='12' text-anchor='middle' fill='#6b7280'>{m}</text>"
                     for i, m in enumerate(months))
    dots = "".join(f"<circle cx='{x0 + i * w / 11:.1f}' cy='{y0 + h - v * h / 80:.1f}' r='4' fill='#7b2cbf'/>" for i, v in enumerate(mobile))
    page = f"""
<svg width="768" height="440" style="font-family:Sans;background:#fff">
 <rect width="768" height="440" fill="#ffffff"/>
 <text x="{x0}" y="38" font-size="22" font-family="SansBold" fill="#111827">Website visitors, 2025</text>
 <rect x="520" y="24" width="14" height="14" fill="#7b2cbf"/><text x="540" y="36" font-size="13" fill="#374151">Mobile</text>
 <rect x="610" y="24" width="14" height="14" fill="#9ca3af"/><text x="630" y="36" font-size="13" fill="#374151">Desktop</text>
 {grid}{labels}
 <polyline points="{pts(desktop)}" fill="none" stroke="#9ca3af" stroke-width="3" stroke-dasharray="8 6"/>
 <polyline points="{pts(mobile)}" fill="none" stroke="#7b2cbf" stroke-width="3.5"/>{dots}
 <text x="{x0 + 11 * w / 11 - 8:.1f}" y="{y0 + h - 71 * h / 80 - 14:.1f}" font-size="13" font-family="SansBold" text-anchor="end" fill="#7b2cbf">Peak: 71k</text>
</svg>"""
    return chromium(page, 768, 440)


def energy_donut() -> Image.Image:
    parts = [("Solar", 40, "#f4c430"), ("Wind", 30, "#2a9d8f"), ("Hydro", 20, "#2f6fd6"), ("Gas", 10, "#9aa0a6")]
    import math
    cx, cy, r, t = 250, 250, 150, 60
    arcs, start = [], -90.0
    for _, pct, colour in parts:
        end = start + pct * 3.6
        a0, a1 = math.radians(start), math.radians(end)
        big = 1 if pct > 50 else 0
        x0, y0, x1, y1 = cx + r * math.cos(a0), cy + r * math.sin(a0), cx + r * math.cos(a1), cy + r * math.sin(a1)
        ri = r - t
        xi1, yi1, xi0, yi0 = cx + ri * math.cos(a1), cy + ri * math.sin(a1), cx + ri * math.cos(a0), cy + ri * math.sin(a0)
        arcs.append(f"<path d='M{x0:.2f} {y0:.2f} A{r} {r} 0 {big} 1 {x1:.2f} {y1:.2f} L{xi1:.2f} {yi1:.2f} "
                    f"A{ri} {ri} 0 {big} 0 {xi0:.2f} {yi0:.2f} Z' fill='{colour}' stroke='#fff' stroke-width='3'/>")
        start = end
    legend = "".join(f"<rect x='470' y='{150 + i * 52}' width='26' height='26' rx='5' fill='{c}'/>"
                     f"<text x='510' y='{169 + i * 52}' font-size='20' fill='#1f2937'>{n}</text>"
                     f"<text x='690' y='{169 + i * 52}' font-size='20' font-family='SansBold' text-anchor='end' fill='#1f2937'>{p}%</text>"
                     for i, (n, p, c) in enumerate(parts))
    page = f"""
<svg width="768" height="500" style="font-family:Sans">
 <rect width="768" height="500" fill="#f6f8f5"/>
 <text x="384" y="52" font-size="26" font-family="SansBold" text-anchor="middle" fill="#1f2937">Where our power comes from</text>
 <g transform="translate(0,30)">{''.join(arcs)}
 <text x="{cx}" y="{cy - 4}" font-size="34" font-family="SansBold" text-anchor="middle" fill="#1f2937">90%</text>
 <text x="{cx}" y="{cy + 24}" font-size="16" text-anchor="middle" fill="#4b5563">renewable</text>
 {legend}</g>
</svg>"""
    return chromium(page, 768, 500)


def titled(diagram: Image.Image, size: tuple[int, int], bg, title: str, f: ImageFont.FreeTypeFont, colour) -> Image.Image:
    """A diagram scaled into the space under a title at the top left of a ``size`` canvas."""
    canvas = Image.new("RGB", size, bg)
    ImageDraw.Draw(canvas).text((24, 18), title, font=f, fill=colour)
    diagram.thumbnail((size[0] - 28, size[1] - 60), Image.LANCZOS)
    canvas.paste(diagram, ((size[0] - diagram.width) // 2, 52 + (size[1] - 60 - diagram.height) // 2))
    return canvas


def office_network() -> Image.Image:
    ff = "Liberation Sans"
    dot = f"""graph G {{
  graph [rankdir=TB, bgcolor="#ffffff", pad="0.35", nodesep="0.45", ranksep="0.55"];
  node [fontname="{ff}", fontsize=13, style="rounded,filled", shape=box, color="#334155", fontcolor="#0f172a", penwidth=1.5, height=0.5];
  edge [color="#64748b", penwidth=2];
  internet [label="Internet", shape=ellipse, style=filled, fillcolor="#e0f2fe", width=1.5];
  firewall [label="Firewall", fillcolor="#f87171", width=1.5];
  router [label="Router", fillcolor="#fcd34d", width=1.5];
  switch [label="Switch", fillcolor="#86efac", width=1.5];
  server [label="File server", fillcolor="#c084fc"];
  pc1 [label="PC 1", fillcolor="#e2e8f0"]; pc2 [label="PC 2", fillcolor="#e2e8f0"]; pc3 [label="PC 3", fillcolor="#e2e8f0"];
  printer [label="Printer", fillcolor="#e2e8f0"];
  internet -- firewall -- router -- switch;
  switch -- server; switch -- pc1; switch -- pc2; switch -- pc3; switch -- printer;
  {{rank=same; server; pc1; pc2; pc3; printer}}
}}"""
    return titled(graphviz(dot), (768, 480), "white", "Office network", font("SansBold", 22), (15, 23, 42))


def reactor_schematic() -> Image.Image:
    ff = "Liberation Mono"
    dot = f"""digraph G {{
  graph [rankdir=LR, bgcolor="#070b14", pad="0.4", nodesep="0.5", ranksep="0.7"];
  node [fontname="{ff}", fontsize=13, shape=box, style="filled", fillcolor="#0b1a2a", color="#27e6f5", fontcolor="#27e6f5", penwidth=1.6, height=0.55];
  edge [color="#27e6f5", penwidth=1.6, arrowsize=0.8, fontname="{ff}", fontsize=11, fontcolor="#9fb3c8"];
  core [label="FUSION CORE", color="#ff3fa4", fontcolor="#ff3fa4", penwidth=2.4, width=1.8, height=0.9];
  coolant [label="COOLANT LOOP"];
  plasma [label="PLASMA INJECTOR"];
  grid [label="POWER GRID"];
  shields [label="SHIELDS"]; engines [label="ENGINES"]; lifesup [label="LIFE SUPPORT"];
  plasma -> core [label="feed"];
  coolant -> core [dir=both];
  core -> grid [label="4.2 GW", color="#ff3fa4", fontcolor="#ff3fa4", penwidth=2.4];
  grid -> shields; grid -> engines; grid -> lifesup;
}}"""
    return titled(graphviz(dot), (768, 432), (7, 11, 20), "DECK 3 // REACTOR POWER FLOW", font("MonoBold", 20), (39, 230, 245))


def roadmap_timeline() -> Image.Image:
    rows = [("Research", 0, 2, "#3b82f6"), ("Design", 1, 4, "#9333ea"), ("Build", 3, 8, "#10b981"), ("Test", 7, 10, "#f59e0b"),
            ("Launch", 10, 11, "#ef4444")]
    months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    x0, cw, y0, rh = 130, 52, 110, 52
    head = "".join(f"<div style='position:absolute;left:{x0 + i * cw}px;top:72px;width:{cw}px;text-align:center;font-size:13px;color:#64748b'>{m}</div>"
                   f"<div style='position:absolute;left:{x0 + i * cw}px;top:98px;width:1px;height:{len(rows) * rh + 8}px;background:#e2e8f0'></div>"
                   for i, m in enumerate(months))
    bars = "".join(f"<div style='position:absolute;left:24px;top:{y0 + i * rh + 12}px;font:15px SansBold;color:#0f172a'>{name}</div>"
                   f"<div style='position:absolute;left:{x0 + a * cw + 3}px;top:{y0 + i * rh + 6}px;width:{(b - a) * cw - 6}px;height:30px;"
                   f"border-radius:15px;background:{colour}'></div>" for i, (name, a, b, colour) in enumerate(rows))
    page = f"""
<div style="position:relative;width:768px;height:420px;background:#ffffff;font-family:Sans">
 <div style="position:absolute;left:24px;top:22px;font:24px SansBold;color:#0f172a">Product roadmap 2026</div>
 {head}{bars}
 <div style="position:absolute;left:{x0 + 5 * cw}px;top:98px;width:3px;height:{len(rows) * rh + 8}px;background:#0f172a"></div>
 <div style="position:absolute;left:{x0 + 5 * cw - 30}px;top:{y0 + len(rows) * rh + 14}px;font:13px SansBold;color:#0f172a">Today</div>
</div>"""
    return chromium(page, 768, 420)


def thermostat_app() -> Image.Image:
    import math
    temps = [19.5, 19.0, 18.5, 20.5, 21.5, 22.0, 21.0]
    days = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    bars = "".join(f"<rect x='{14 + i * 44}' y='{120 - (t - 16) * 16:.0f}' width='26' height='{(t - 16) * 16:.0f}' rx='5' fill='{'#f97316' if d == 'Sat' else '#fdba74'}'/>"
                   f"<text x='{27 + i * 44}' y='140' font-size='12' text-anchor='middle' fill='#6b7280'>{d}</text>" for i, (t, d) in enumerate(zip(temps, days)))
    a0, a1 = math.radians(135), math.radians(135 + 270 * 0.62)
    cx, cy, r = 180, 210, 110
    arc = (f"<path d='M{cx + r * math.cos(a0):.1f} {cy + r * math.sin(a0):.1f} A{r} {r} 0 1 1 {cx + r * math.cos(math.radians(45)):.1f} "
           f"{cy + r * math.sin(math.radians(45)):.1f}' fill='none' stroke='#e5e7eb' stroke-width='18' stroke-linecap='round'/>"
           f"<path d='M{cx + r * math.cos(a0):.1f} {cy + r * math.sin(a0):.1f} A{r} {r} 0 1 1 {cx + r * math.cos(a1):.1f} "
           f"{cy + r * math.sin(a1):.1f}' fill='none' stroke='#f97316' stroke-width='18' stroke-linecap='round'/>"
           f"<circle cx='{cx + r * math.cos(a1):.1f}' cy='{cy + r * math.sin(a1):.1f}' r='14' fill='#fff' stroke='#f97316' stroke-width='5'/>")
    page = f"""
<div style="width:360px;height:720px;background:#ffffff;font-family:Sans;position:relative;color:#111827">
 <div style="position:absolute;left:20px;top:14px;font:15px SansBold">9:41</div>
 <div style="position:absolute;left:20px;top:48px;font:26px SansBold">Living room</div>
 <div style="position:absolute;left:20px;top:84px;font-size:15px;color:#6b7280">Heating · Eco mode</div>
 <svg style="position:absolute;left:0;top:100px" width="360" height="340">{arc}
  <text x="180" y="222" font-size="64" font-family="SansBold" text-anchor="middle" fill="#111827">21.5°</text>
  <text x="180" y="256" font-size="16" text-anchor="middle" fill="#6b7280">Now 19.8°</text></svg>
 <div style="position:absolute;left:64px;top:410px;width:52px;height:52px;border-radius:50%;border:2px solid #d1d5db;font:30px Sans;line-height:48px;text-align:center">&#8722;</div>
 <div style="position:absolute;right:64px;top:410px;width:52px;height:52px;border-radius:50%;background:#f97316;color:#fff;font:30px Sans;line-height:50px;text-align:center">+</div>
 <div style="position:absolute;left:20px;top:500px;font:16px SansBold">This week</div>
 <svg style="position:absolute;left:20px;top:530px" width="320" height="150">{bars}</svg>
</div>"""
    return chromium(page, 360, 720)


def terminal_login() -> Image.Image:
    green = "#39ff88"
    page = f"""
<div style="width:768px;height:480px;background:#030806;font-family:Mono;color:{green};position:relative">
 <div style="position:absolute;left:28px;top:24px;font-size:14px;line-height:1.7;color:#1f9d55">
  ORBITAL STATION KESTREL // NODE 04<br>BOOT SEQUENCE ... OK<br>UPLINK ........ OK</div>
 <div style="position:absolute;left:184px;top:140px;width:400px;height:230px;border:2px solid {green};box-shadow:0 0 16px {green}">
  <div style="background:{green};color:#030806;font:16px MonoBold;padding:6px 14px">ACCESS TERMINAL</div>
  <div style="margin:22px 24px 0;font-size:14px">OPERATOR ID</div>
  <div style="margin:6px 24px 0;border:1px solid {green};padding:7px 10px;font-size:16px">VEGA-7</div>
  <div style="margin:14px 24px 0;font-size:14px">PASSCODE</div>
  <div style="margin:6px 24px 0;border:1px solid {green};padding:7px 10px;font-size:16px;letter-spacing:4px">******<span style="background:{green}">&nbsp;</span></div>
 </div>
 <div style="position:absolute;left:0;right:0;top:400px;text-align:center;font:15px MonoBold;color:#ff4d4d">2 ATTEMPTS REMAINING</div>
</div>"""
    return chromium(page, 768, 480)


def team_page() -> Image.Image:
    people = [("people/head12.png", "Ana Ruiz", "Head of Design"), ("people/head3.png", "Tom Berg", "Product Designer"),
              ("people/head11.png", "Lena Wolf", "Engineer"), ("people/head1.png", "Raj Patel", "Engineer"),
              ("people/man_face_darek_adamkiewi_01.png", "Piotr Nowak", "Sales"), ("people/head14.png", "Mei Chen", "Support")]
    cards = "".join(
        f"<div style='width:200px;text-align:center'><div style='width:120px;height:120px;margin:0 auto;border-radius:50%;overflow:hidden;"
        f"background:{bg}'><img src='{(OC / rel).as_uri()}' style='width:120px;height:120px;object-fit:contain;margin-top:8px'></div>"
        f"<div style='font:17px SansBold;color:#0f172a;margin-top:10px'>{name}</div><div style='font-size:14px;color:#64748b;margin-top:3px'>{role}</div></div>"
        for (rel, name, role), bg in zip(people, ["#fde2e4", "#e2ece9", "#fff1c1", "#dbeafe", "#ede9fe", "#dcfce7"]))
    page = f"""
<div style="width:768px;height:560px;background:#ffffff;font-family:Sans;position:relative">
 <div style="height:56px;border-bottom:1px solid #e2e8f0;display:flex;align-items:center;padding:0 28px">
  <div style="font:20px SansBold;color:#0f172a;flex:1">Brightline</div>
  <div style="font-size:14px;color:#475569;margin-left:26px">Product</div><div style="font-size:14px;color:#475569;margin-left:26px">Pricing</div>
  <div style="font:14px SansBold;color:#2563eb;margin-left:26px;border-bottom:2px solid #2563eb;padding-bottom:3px">Team</div></div>
 <div style="text-align:center;font:28px SansBold;color:#0f172a;margin-top:26px">Meet the team</div>
 <div style="display:flex;flex-wrap:wrap;justify-content:center;gap:26px 34px;margin-top:26px;padding:0 40px">{cards}</div>
</div>"""
    return chromium(page, 768, 560)


def venn_skills() -> Image.Image:
    page = """
<svg width="640" height="560" style="font-family:Sans">
 <rect width="640" height="560" fill="#ffffff"/>
 <text x="320" y="46" font-size="26" font-family="SansBold" text-anchor="middle" fill="#1f2937">What makes a data scientist?</text>
 <g style="mix-blend-mode:multiply">
  <circle cx="240" cy="240" r="150" fill="#2563eb" fill-opacity="0.8"/>
  <circle cx="400" cy="240" r="150" fill="#ef4444" fill-opacity="0.8"/>
  <circle cx="320" cy="380" r="150" fill="#facc15" fill-opacity="0.9"/>
 </g>
 <text x="190" y="205" font-size="22" font-family="SansBold" text-anchor="middle" fill="#ffffff">Statistics</text>
 <text x="450" y="205" font-size="22" font-family="SansBold" text-anchor="middle" fill="#ffffff">Coding</text>
 <text x="320" y="470" font-size="22" font-family="SansBold" text-anchor="middle" fill="#713f12">Domain</text>
 <text x="320" y="300" font-size="18" font-family="SansBold" text-anchor="middle" fill="#ffffff">Data</text>
 <text x="320" y="322" font-size="18" font-family="SansBold" text-anchor="middle" fill="#ffffff">science</text>
</svg>"""
    return chromium(page, 640, 560)


def traffic_states() -> Image.Image:
    ff = "Liberation Sans"
    dot = f"""digraph G {{
  graph [rankdir=LR, bgcolor="#ffffff", pad="0.4", nodesep="0.8", ranksep="1.1"];
  node [fontname="{ff}", fontsize=15, shape=circle, style=filled, width=1.3, fixedsize=true, penwidth=2, color="#1f2937"];
  edge [fontname="{ff}", fontsize=12, color="#1f2937", penwidth=1.6, arrowsize=0.9];
  red [label="STOP", fillcolor="#ef4444", fontcolor="white"];
  green [label="GO", fillcolor="#22c55e", fontcolor="white"];
  amber [label="SLOW", fillcolor="#f59e0b", fontcolor="#1f2937"];
  red -> green [label="30 s"];
  green -> amber [label="25 s"];
  amber -> red [label="5 s"];
}}"""
    return titled(graphviz(dot), (768, 400), "white", "Traffic light cycle", font("SansBold", 22), (31, 41, 55))


def launch_mind_map() -> Image.Image:
    ff = "Liberation Sans"
    dot = f"""graph G {{
  graph [layout=neato, bgcolor="#fffdf7", pad="0.3", overlap=false, splines=true];
  node [fontname="{ff}", fontsize=13, style="filled", penwidth=0];
  edge [penwidth=3];
  hub [label="Product\\nlaunch", shape=ellipse, fillcolor="#1e3a8a", fontcolor="white", fontsize=17, width=1.8, height=1.1, pos="0,0!"];
  m [label="Marketing", shape=box, style="rounded,filled", fillcolor="#f472b6", pos="-3,1.6!"];
  s [label="Sales", shape=box, style="rounded,filled", fillcolor="#fbbf24", pos="3,1.6!"];
  e [label="Engineering", shape=box, style="rounded,filled", fillcolor="#34d399", pos="-3,-1.6!"];
  p [label="Support", shape=box, style="rounded,filled", fillcolor="#60a5fa", pos="3,-1.6!"];
  m1 [label="Ads", shape=plaintext, style="", pos="-5,2.6!"]; m2 [label="Press", shape=plaintext, style="", pos="-4.8,0.9!"];
  s1 [label="Pricing", shape=plaintext, style="", pos="5,2.6!"]; s2 [label="Partners", shape=plaintext, style="", pos="5.1,0.9!"];
  e1 [label="Beta", shape=plaintext, style="", pos="-5,-0.9!"]; e2 [label="Release", shape=plaintext, style="", pos="-4.9,-2.6!"];
  p1 [label="FAQ", shape=plaintext, style="", pos="5,-0.9!"]; p2 [label="Training", shape=plaintext, style="", pos="5.1,-2.6!"];
  hub -- m [color="#f472b6"]; hub -- s [color="#fbbf24"]; hub -- e [color="#34d399"]; hub -- p [color="#60a5fa"];
  m -- m1 [color="#f472b6", penwidth=1.5]; m -- m2 [color="#f472b6", penwidth=1.5];
  s -- s1 [color="#fbbf24", penwidth=1.5]; s -- s2 [color="#fbbf24", penwidth=1.5];
  e -- e1 [color="#34d399", penwidth=1.5]; e -- e2 [color="#34d399", penwidth=1.5];
  p -- p1 [color="#60a5fa", penwidth=1.5]; p -- p2 [color="#60a5fa", penwidth=1.5];
}}"""
    return titled(graphviz(dot, "neato"), (768, 480), (255, 253, 247), "Launch plan", font("SansBold", 22), (30, 58, 138))


def star_routes() -> Image.Image:
    ff = "Liberation Mono"
    dot = f"""graph G {{
  graph [layout=neato, bgcolor="#05060f", pad="0.4", overlap=false];
  node [fontname="{ff}", fontsize=15, shape=circle, style=filled, fontcolor="#e5e7eb", label="", penwidth=0];
  edge [color="#ffcc33", penwidth=3.2, fontname="{ff}", fontsize=14, fontcolor="#ffcc33"];
  sol [xlabel="SOL", fillcolor="#ffd54f", width=0.8, pos="0,0!"];
  vega [xlabel="VEGA", fillcolor="#90caf9", width=0.608, pos="7.14,3.06!"];
  tau [xlabel="TAU CETI", fillcolor="#ffab91", width=0.512, pos="-6.72,2.38!"];
  rigel [xlabel="RIGEL", fillcolor="#80deea", width=0.72, pos="10.92,-2.72!"];
  kepler [xlabel="KEPLER-22", fillcolor="#a5d6a7", width=0.544, pos="-3.36,-3.74!"];
  sol -- vega [label="25 LY"]; sol -- tau [label="12 LY"]; vega -- rigel [label="840 LY", style=dashed, penwidth=5, color="#ff4d9d", fontcolor="#ff4d9d"];
  sol -- kepler [label="600 LY"];
}}"""
    return titled(graphviz(dot, "neato"), (768, 480), (5, 6, 15), "JUMP ROUTES // OUTER ARM", font("MonoBold", 20), (255, 204, 51))


# --- panel strips -------------------------------------------------------------------------------

INK = (25, 25, 30, 255)


def bubble(d: ImageDraw.ImageDraw, xy: tuple[int, int], said: str, tail: tuple[int, int], size: int = 17) -> None:
    """A white speech bubble centred at xy with its tail pointing to ``tail``."""
    f = font("SansBold", size)
    w, h = f.getlength(said) + 28, size + 22
    x, y = xy
    box = (x - w / 2, y - h / 2, x + w / 2, y + h / 2)
    d.polygon([(x - 10, y + h / 2 - 2), (x + 10, y + h / 2 - 2), tail], fill="white", outline=INK)
    d.rounded_rectangle(box, 14, fill="white", outline=INK, width=2)
    d.rectangle((x - 9, y + h / 2 - 3, x + 9, y + h / 2 + 1), fill="white")
    d.text((x, y), said, font=f, fill=INK, anchor="mm")


def strip(panels: list[Image.Image], gap: int = 12, margin: int = 12, bg=(255, 255, 255, 255)) -> Image.Image:
    w, h = panels[0].size
    out = Image.new("RGBA", (margin * 2 + len(panels) * w + (len(panels) - 1) * gap, margin * 2 + h), bg)
    for i, p in enumerate(panels):
        x = margin + i * (w + gap)
        out.alpha_composite(p, (x, margin))
        ImageDraw.Draw(out).rectangle((x, margin, x + w - 1, margin + h - 1), outline=INK, width=3)
    return out.convert("RGB")


def panel(w: int, h: int, sky, ground, horizon: float = 0.78) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    p = Image.new("RGBA", (w, h), sky)
    d = ImageDraw.Draw(p)
    d.rectangle((0, round(h * horizon), w, h), fill=ground)
    return p, d


def stand(p: Image.Image, part: Image.Image, x: int, foot: int) -> None:
    p.alpha_composite(part, (x - part.width // 2, foot - part.height))


def office_strip() -> Image.Image:
    W, H = 240, 300
    wall, floor = (226, 236, 244, 255), (176, 190, 204, 255)
    boss = clip("people/bussiness_woman_donna_i_01.png", height=190)
    clerk = clip("people/man_01.png", height=170)
    p1, d1 = panel(W, H, wall, floor)
    stand(p1, boss, 70, 280)
    stand(p1, clerk, 175, 280)
    bubble(d1, (110, 40), "Report by 5?", (80, 84))
    p2, d2 = panel(W, H, wall, floor)
    d2.ellipse((150, 30, 220, 100), fill="white", outline=INK, width=3)  # wall clock at 4
    d2.line((185, 65, 185, 40), fill=INK, width=3)
    d2.line((185, 65, 205, 77), fill=INK, width=4)
    stand(p2, clerk, 90, 280)
    bubble(d2, (100, 40), "On it!", (95, 100))
    p3, d3 = panel(W, H, (255, 236, 179, 255), floor)
    stand(p3, boss, 70, 280)
    stand(p3, clerk, 175, 280)
    bubble(d3, (120, 40), "Great work!", (80, 84))
    return strip([p1, p2, p3])


def space_strip() -> Image.Image:
    W, H = 240, 300
    night, rock = (22, 18, 58, 255), (150, 82, 170, 255)
    stars = [(20, 30), (60, 120), (110, 20), (200, 50), (170, 140), (225, 110), (35, 180), (130, 90)]

    def sky() -> tuple[Image.Image, ImageDraw.ImageDraw]:
        p, d = panel(W, H, night, rock, 0.8)
        for x, y in stars:
            d.ellipse((x - 2, y - 2, x + 2, y + 2), fill=(255, 255, 220, 255))
        return p, d

    rocket = clip("transportation/vehicles/rocket.png", width=120).rotate(-35, expand=True, resample=Image.BICUBIC)
    robot = clip("recreation/toys/robot_ganson.png", height=150)
    mech = clip("electronics/saku_robot__anton_yu_01.png", height=150, flip=True)
    p1, d1 = sky()
    p1.alpha_composite(rocket, (60, 60))
    d1.rectangle((0, 0, W, 34), fill=(255, 210, 60, 255))
    d1.text((W // 2, 17), "DAY 1: LANDING", font=font("SansBold", 16), fill=INK, anchor="mm")
    p2, d2 = sky()
    stand(p2, robot, 120, 285)
    bubble(d2, (120, 60), "HELLO?", (120, 120))
    p3, d3 = sky()
    stand(p3, robot, 70, 285)
    stand(p3, mech, 168, 285)
    bubble(d3, (150, 50), "WELCOME!", (170, 110))
    return strip([p1, p2, p3], bg=(12, 10, 30, 255))


def troll_strip() -> Image.Image:
    W, H = 240, 300
    sky, grass = (170, 214, 240, 255), (96, 168, 76, 255)
    troll = clip("animals/fantasy/troll_daniel_steele_r.png", height=170)
    fairy = clip("people/fata_fatina_architetto_f_01.png", height=130)
    coins = clip("signs_and_symbols/money/gold_coins_in_a_stack_jo_01.png", height=50)
    tree = clip("recreation/cartoon_tree_01.png", height=150)

    def meadow() -> tuple[Image.Image, ImageDraw.ImageDraw]:
        p, d = panel(W, H, sky, grass, 0.72)
        p.alpha_composite(tree, (W - tree.width + 10, round(H * 0.72) - tree.height + 8))
        return p, d

    p1, d1 = meadow()
    stand(p1, troll, 95, 285)
    bubble(d1, (120, 36), "TOLL: 3 GOLD!", (110, 110), size=16)
    p2, d2 = meadow()
    p2.alpha_composite(fairy, (30, 90))
    for x, y in ((150, 110), (175, 150), (160, 190)):
        d2.polygon([(x, y - 9), (x + 3, y - 3), (x + 9, y), (x + 3, y + 3), (x, y + 9), (x - 3, y + 3), (x - 9, y), (x - 3, y - 3)],
                   fill=(255, 215, 0, 255))
    bubble(d2, (130, 36), "Here you go!", (95, 90), size=16)
    p3, d3 = meadow()
    stand(p3, troll, 95, 285)
    p3.alpha_composite(coins, (150, 285 - coins.height))
    bubble(d3, (120, 36), "Pass, friend.", (105, 110), size=16)
    return strip([p1, p2, p3])


def helpdesk_strip() -> Image.Image:
    W, H = 240, 300
    wall, floor = (236, 240, 245, 255), (148, 163, 184, 255)
    robot = clip("recreation/toys/robot_ganson.png", height=150)
    user = clip("people/man_02.png", height=175)
    laptop = clip("computer/etiquette_laptop_01.png", width=70)
    p1, d1 = panel(W, H, wall, floor)
    stand(p1, user, 90, 282)
    p1.alpha_composite(laptop, (150, 282 - laptop.height))
    bubble(d1, (120, 36), "It froze again!", (95, 95), size=16)
    p2, d2 = panel(W, H, wall, floor)
    stand(p2, robot, 120, 285)
    bubble(d2, (120, 36), "Restart it?", (120, 128), size=16)
    p3, d3 = panel(W, H, (134, 239, 172, 255), floor)
    stand(p3, user, 70, 282)
    stand(p3, robot, 178, 285)
    bubble(d3, (120, 36), "Fixed. Thanks!", (75, 95), size=16)
    return strip([p1, p2, p3])


def closeup_panel(rel: str, bg, said: str, flip: bool = False, size: int = 280) -> Image.Image:
    """A square panel filled by one face, with a speech bubble above it."""
    p = Image.new("RGBA", (size, size), bg)
    face = clip(rel, height=round(size * 0.74), flip=flip)
    p.alpha_composite(face, ((size - face.width) // 2, size - face.height + 6))
    bubble(ImageDraw.Draw(p), (size // 2, 34), said, (size // 2, 74), size=17)
    return p


def news_strip() -> Image.Image:
    return strip([closeup_panel("people/head11.png", (255, 214, 102, 255), "Did you hear?"),
                  closeup_panel("people/head12.png", (144, 202, 249, 255), "No, what?"),
                  closeup_panel("people/head11.png", (129, 199, 132, 255), "We won the contract!")], gap=10)


def royal_strip() -> Image.Image:
    return strip([closeup_panel("people/card_figure_king_nicu_r.png", (168, 85, 247, 255), "Where is my crown?"),
                  closeup_panel("people/card_figure_queen_nic_r.png", (255, 204, 128, 255), "On your head, dear."),
                  closeup_panel("people/card_figure_king_nicu_r.png", (168, 85, 247, 255), "Ah. So it is.")], gap=10)


def king_troll_strip() -> Image.Image:
    troll = Image.new("RGBA", (280, 280), (120, 190, 110, 255))
    figure = clip("animals/fantasy/troll_daniel_steele_r.png", height=196)
    troll.alpha_composite(figure, ((280 - figure.width) // 2, 280 - figure.height - 6))
    bubble(ImageDraw.Draw(troll), (140, 34), "You called?", (140, 74), size=17)
    return strip([closeup_panel("people/card_figure_king_nicu_r.png", (168, 85, 247, 255), "Bring me the troll!"), troll,
                  closeup_panel("people/card_figure_king_nicu_r.png", (168, 85, 247, 255), "...Never mind.")], gap=10)


def coffee_strip() -> Image.Image:
    return strip([closeup_panel("people/head1.png", (236, 64, 122, 255), "Coffee?"),
                  closeup_panel("people/head3.png", (255, 167, 38, 255), "Always.", flip=True),
                  closeup_panel("people/head1.png", (236, 64, 122, 255), "Meeting?"),
                  closeup_panel("people/head3.png", (255, 167, 38, 255), "Never.", flip=True)], gap=10)


def alien_strip() -> Image.Image:
    space = (20, 16, 60, 255)
    robot = Image.new("RGBA", (280, 280), space)
    figure = clip("recreation/toys/robot_ganson.png", height=190)
    robot.alpha_composite(figure, ((280 - figure.width) // 2, 280 - figure.height - 4))
    bubble(ImageDraw.Draw(robot), (140, 34), "That's me.", (140, 76), size=17)
    return strip([closeup_panel("people/alien_peterm_01.png", space, "Take me to your leader."), robot,
                  closeup_panel("people/alien_peterm_01.png", space, "Oh.")], gap=10, bg=(8, 6, 24, 255))



def figure_panel(rel: str, bg, said: str, height: int = 220, size: int = 280) -> Image.Image:
    """A square panel with one whole figure standing at the bottom and a speech bubble above it."""
    p = Image.new("RGBA", (size, size), bg)
    part = clip(rel, height=height)
    p.alpha_composite(part, ((size - part.width) // 2, size - part.height - 4))
    bubble(ImageDraw.Draw(p), (size // 2, 30), said, (size // 2, 68), size=17)
    return p


def wish_strip() -> Image.Image:
    snow = closeup_panel("people/card_figure_queen_nic_r.png", (59, 125, 216, 255), "Oh. It's cold.")
    d = ImageDraw.Draw(snow)
    for k in range(40):
        x, y = (k * 67) % 270 + 5, (k * 41) % 200 + 70
        d.ellipse((x - 4, y - 4, x + 4, y + 4), fill="white")
    fairy = figure_panel("people/fata_fatina_architetto_f_01.png", (255, 236, 179, 255), "Granted!", height=200)
    return strip([closeup_panel("people/card_figure_queen_nic_r.png", (255, 204, 128, 255), "I wish for snow."), fairy, snow], gap=10)


def password_strip() -> Image.Image:
    blue, sand = (96, 165, 250, 255), (253, 186, 116, 255)
    return strip([closeup_panel("people/head12.png", blue, "I forgot my password."),
                  closeup_panel("people/man_face_darek_adamkiewi_01.png", sand, "Which one?"),
                  closeup_panel("people/head12.png", blue, "All of them.")], gap=10)


def dragon_strip() -> Image.Image:
    violet, sky = (168, 85, 247, 255), (134, 239, 172, 255)
    return strip([closeup_panel("people/card_figure_king_nicu_r.png", violet, "A dragon!"),
                  closeup_panel("animals/dragon_head_nicu_buculei_01.png", sky, "Just visiting."),
                  closeup_panel("people/card_figure_king_nicu_r.png", violet, "...Tea?")], gap=10)


def review_strip() -> Image.Image:
    boss, teal = "people/bussiness_woman_donna_i_01.png", (178, 223, 219, 255)
    return strip([figure_panel(boss, teal, "Numbers are up!"), closeup_panel("people/head1.png", (250, 204, 21, 255), "By how much?"),
                  figure_panel(boss, teal, "Two percent."), closeup_panel("people/head1.png", (250, 204, 21, 255), "...Yay.")], gap=10)


# --- portraits and figures ------------------------------------------------------------------------

def employee_of_month() -> Image.Image:
    W, H = 600, 760
    c = Image.new("RGBA", (W, H), (16, 42, 84, 255))
    d = ImageDraw.Draw(c)
    d.rectangle((0, 0, W, 110), fill=(242, 181, 33, 255))
    d.text((W // 2, 56), "EMPLOYEE OF THE MONTH", font=font("SansBold", 36), fill=(16, 42, 84), anchor="mm")
    d.ellipse((110, 150, 490, 530), fill=(242, 181, 33, 255))
    d.ellipse((124, 164, 476, 516), fill=(226, 238, 250, 255))
    face = clip("people/head12.png", height=300)
    c.alpha_composite(face, (W // 2 - face.width // 2, 190))
    d.text((W // 2, 600), "Ana Ruiz", font=font("SansBold", 48), fill="white", anchor="mm")
    d.text((W // 2, 655), "Customer Support  ·  March 2026", font=font("Sans", 24), fill=(190, 205, 225), anchor="mm")
    for x in (70, 530):  # two five-point stars
        pts = []
        import math
        for k in range(10):
            r = 34 if k % 2 == 0 else 14
            a = math.radians(-90 + k * 36)
            pts.append((x + r * math.cos(a), 340 + r * math.sin(a)))
        d.polygon(pts, fill=(242, 181, 33, 255))
    return c.convert("RGB")


def contact_card_app() -> Image.Image:
    page = """
<div style="width:360px;height:720px;background:#ffffff;font-family:Sans;position:relative">
 <div style="height:300px;background:#e8f1fb;position:relative">
  <div style="position:absolute;left:16px;top:14px;font:15px SansBold;color:#1e3a5f">9:41</div>
  <div style="position:absolute;left:16px;top:48px;font:18px SansBold;color:#1d4ed8">&#8249; Contacts</div>
  <div style="position:absolute;right:16px;top:48px;font:18px SansBold;color:#1d4ed8">Edit</div>
  <div style="position:absolute;left:60px;top:80px;width:240px;height:240px;border-radius:50%;background:#f8d7a8;overflow:hidden;border:6px solid #fff;box-shadow:0 2px 6px #0003">
   <img src="PORTRAIT" style="position:absolute;left:6px;top:12px;height:236px"></div>
 </div>
 <div style="text-align:center;margin-top:40px;font:30px SansBold;color:#111827">Tom Berg</div>
 <div style="text-align:center;margin-top:6px;font-size:16px;color:#6b7280">Product Designer</div>
 <div style="display:flex;justify-content:center;gap:26px;margin-top:26px">
  BUTTONS
 </div>
 <div style="margin:30px 20px 0;border-top:1px solid #e5e7eb;padding-top:14px;font-size:13px;color:#6b7280">mobile</div>
 <div style="margin:2px 20px;font-size:18px;color:#2563eb">+44 20 7946 0321</div>
 <div style="margin:16px 20px 0;border-top:1px solid #e5e7eb;padding-top:14px;font-size:13px;color:#6b7280">email</div>
 <div style="margin:2px 20px;font-size:18px;color:#2563eb">tom.berg@example.com</div>
</div>"""
    buttons = "".join(
        f"<div style='text-align:center'><div style='width:56px;height:56px;border-radius:50%;background:{bg}'></div>"
        f"<div style='font-size:13px;color:#374151;margin-top:6px'>{label}</div></div>"
        for label, bg in (("Call", "#22c55e"), ("Message", "#3b82f6"), ("Video", "#9333ea")))
    portrait = (OC / "people/head3.png").as_uri()
    return chromium(page.replace("PORTRAIT", portrait).replace("BUTTONS", buttons), 360, 720)


def pilot_select() -> Image.Image:
    pilots = [("people/manga_girl_dirk_struve_01.png", "KIRA", "SPEED 9"), ("people/blue_girl_dirk_struve_.png", "NOVA", "SHIELD 7"),
              ("people/head14.png", "REN", "AIM 8")]
    cyan, pink = "#27e6f5", "#ff3fa4"
    cards = "".join(
        f"<div style='width:200px;height:300px;border:2px solid {pink if i == 1 else cyan};position:relative;background:#0d1630;"
        f"{'box-shadow:0 0 18px ' + pink if i == 1 else ''}'>"
        f"<img src='{(OC / rel).as_uri()}' style='position:absolute;left:20px;top:24px;width:160px;height:190px;object-fit:contain'>"
        f"<div style='position:absolute;left:0;right:0;top:228px;text-align:center;font:24px MonoBold;color:{pink if i == 1 else cyan}'>{name}</div>"
        f"<div style='position:absolute;left:0;right:0;top:262px;text-align:center;font:15px Mono;color:#9fb3c8'>{stat}</div></div>"
        for i, (rel, name, stat) in enumerate(pilots))
    page = f"""
<div style="width:768px;height:480px;background:linear-gradient(#050914,#101c3a);font-family:Mono;position:relative">
 <div style="position:absolute;top:30px;left:0;right:0;text-align:center;font:30px MonoBold;color:{cyan};letter-spacing:4px">SELECT YOUR PILOT</div>
 <div style="position:absolute;top:92px;left:0;right:0;display:flex;justify-content:center;gap:34px">{cards}</div>
 <div style="position:absolute;bottom:22px;left:0;right:0;text-align:center;font:16px Mono;color:{pink}">PRESS START</div>
</div>"""
    return chromium(page, 768, 480)


# --- renders ---------------------------------------------------------------------------------


def scene(name: str) -> str:
    """A POV-Ray scene written for this suite (``scenes/NAME.pov``; none reads an include file)."""
    return (HERE / "scenes" / f"{name}.pov").read_text(encoding="utf-8")


def povray(text: str, width: int, height: int) -> Image.Image:
    """Render a POV-Ray scene (no include files) with fixed, non-jittered antialiasing."""
    with tempfile.TemporaryDirectory() as tmp:
        src, out = Path(tmp) / "scene.pov", Path(tmp) / "render.png"
        src.write_text(text, encoding="utf-8")
        subprocess.run(["povray", f"+I{src}", f"+O{out}", f"+W{width}", f"+H{height}", "+A0.3", "+AM1", "-J", "-D", "+FN"],
                       check=True, capture_output=True, cwd=tmp)
        return Image.open(out).convert("RGB")


def robot(left_hand: str = "<-1.7, 2.0, 0>", right_hand: str = "<1.9, 4.3, 0>", width: int = 768, height: int = 480,
          angle: int = 42) -> Image.Image:
    """The toy robot of scenes/robot.pov with its hands at the given points (a raised hand waves), seen
    through a lens of ``angle`` degrees."""
    pose = f"#declare LeftHand = {left_hand};\n#declare RightHand = {right_hand};\n"
    return povray(scene("robot").replace("#version 3.7;\n", "#version 3.7;\n" + pose).replace("angle 42", f"angle {angle}"), width, height)


def waving_robot() -> Image.Image:
    return robot()


def robot_strip() -> Image.Image:
    """Three frames of the robot: arms down, one arm waving, both arms up."""
    poses = [("<-1.6, 1.9, 0>", "<1.6, 1.9, 0>"), ("<-1.6, 1.9, 0>", "<1.9, 4.3, 0>"), ("<-1.9, 4.3, 0>", "<1.9, 4.3, 0>")]
    return strip([robot(a, b, 320, 400, angle=30).convert("RGBA") for a, b in poses], bg=(12, 14, 30, 255))


def isometric_bars() -> Image.Image:
    return povray(scene("bars"), 768, 480)


def robot_portrait() -> Image.Image:
    return povray(scene("robot_head"), 600, 600)


def exploded_pie() -> Image.Image:
    return povray(scene("pie"), 768, 480)


def server_racks() -> Image.Image:
    return povray(scene("servers"), 768, 480)


def alien_portrait() -> Image.Image:
    return povray(scene("alien"), 600, 600)


def wizard() -> Image.Image:
    return povray(scene("wizard"), 768, 480)


def desk_knolling() -> Image.Image:
    return povray(scene("knolling"), 768, 480)


def layer_stack() -> Image.Image:
    return povray(scene("layers"), 768, 480)


def astronaut_portrait() -> Image.Image:
    return povray(scene("astronaut"), 600, 600)


def robot_dog() -> Image.Image:
    return povray(scene("robot_dog"), 768, 480)


def knight_portrait() -> Image.Image:
    return povray(scene("knight"), 600, 600)


DESIGNS = {
    "im_108": sales_dashboard,
    "im_116": starship_hud,
    "im_009": video_call,
    "im_104": order_flowchart,
    "im_101": org_chart,
    "im_107": visitors_chart,
    "im_106": energy_donut,
    "im_090": office_strip,
    "im_091": space_strip,
    "im_013": employee_of_month,
    "im_016": contact_card_app,
    "im_026": pilot_select,
    "im_030": office_network,
    "im_018": reactor_schematic,
    "im_006": roadmap_timeline,
    "im_084": troll_strip,
    "im_088": helpdesk_strip,
    "im_113": thermostat_app,
    "im_111": terminal_login,
    "im_119": team_page,
    "im_120": venn_skills,
    "im_092": news_strip,
    "im_098": royal_strip,
    "im_058": waving_robot,
    "im_057": robot_strip,
    "im_002": king_troll_strip,
    "im_038": coffee_strip,
    "im_015": alien_strip,
    "im_061": isometric_bars,
    "im_073": robot_portrait,
    "im_072": exploded_pie,
    "im_054": server_racks,
    "im_076": alien_portrait,
    "im_077": wizard,
    "im_078": desk_knolling,
    "im_060": layer_stack,
    "im_064": astronaut_portrait,
    "im_065": robot_dog,
    "im_066": knight_portrait,
    "im_024": wish_strip,
    "im_029": review_strip,
    "im_041": dragon_strip,
    "im_036": password_strip,
    "im_007": traffic_states,
    "im_014": launch_mind_map,
    "im_019": star_routes,
}


def main(argv: list[str]) -> None:
    out = Path(argv[0]) if argv else HERE
    for tid in argv[1:] or sorted(DESIGNS):
        img = DESIGNS[tid]()
        img.save(out / f"{tid}.png", optimize=False)
        print(tid, img.size)


if __name__ == "__main__":
    main(sys.argv[1:])
